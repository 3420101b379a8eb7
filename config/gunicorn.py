"""gunicorn settings of the web processes (docs/operations.md): `gunicorn config.wsgi -c config/gunicorn.py`.

WEB_CONCURRENCY (gunicorn reads it) sets the worker processes, by default 2 per core plus 1; GUNICORN_BIND the
address. The access log is off: the app writes one JSON line per request with its request id (apps.core.logs).
"""

import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", 2 * multiprocessing.cpu_count() + 1))
timeout = 30  # a request that runs longer is cut, its worker replaced
graceful_timeout = 30  # on SIGTERM, requests in flight get this long to finish
keepalive = 5  # behind a load balancer that keeps connections open
max_requests, max_requests_jitter = 5000, 500  # workers are renewed now and then, never all at once
accesslog = None
errorlog = "-"
