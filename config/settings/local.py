"""The embedded default used by `make run`: SQLite, files under media/, Celery on a SQLite broker (no server)."""

import sqlite3
from contextlib import closing
from pathlib import Path

from .base import *  # noqa: F403
from .base import BASE_DIR, SQLITE_BUSY_TIMEOUT, env, vapid_key_checked, vapid_key_file

DEBUG = env.bool("DJANGO_DEBUG", default=True)
SECRET_KEY = env("DJANGO_SECRET_KEY", default="local-development-only-not-secret")
ALLOWED_HOSTS = ["*"]
THIRD_PARTY_SECRET = env("THIRD_PARTY_SECRET", default="local-third-party-secret")
DEV_PAYMENT_SECRET = env("DEV_PAYMENT_SECRET", default="local-dev-payment-secret")

# What `make run` keeps besides the database: the broker's database and the beat's schedule (`make soak` points it at
# a temporary folder).
VAR_DIR = Path(env("VAR_DIR", default=str(BASE_DIR / "var")))
VAR_DIR.mkdir(parents=True, exist_ok=True)

# The broker: kombu's SQLAlchemy transport on a SQLite file. A message is a row, written in one transaction and taken
# by the worker in another (BEGIN IMMEDIATE), so it is never read half-written (kombu's filesystem transport reads a
# file its writer has not finished: the worker died of a JSONDecodeError under `make run`). WAL lets the web process
# write while the worker reads; a writer waits for the lock (the busy timeout) instead of failing; a "database is
# locked" that still escapes is a connection error to Celery, which reconnects and publishes again.
BROKER_DATABASE = VAR_DIR / "broker.sqlite3"
with closing(sqlite3.connect(BROKER_DATABASE, timeout=SQLITE_BUSY_TIMEOUT)) as _broker:
    _broker.execute("PRAGMA journal_mode=WAL")  # kept in the file
CELERY_BROKER_URL = env("CELERY_BROKER_URL", default=f"sqla+sqlite:///{BROKER_DATABASE}")
CELERY_BROKER_TRANSPORT_OPTIONS = {"connect_args": {"timeout": SQLITE_BUSY_TIMEOUT}}  # create_engine's, for sqlite3
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
SERVE_MEDIA = True
DEMO_DATA_ALLOWED = True
# Web Push: the key in var/ (made on first run) unless the environment gives one; pushes to a local endpoint allowed.
WEBPUSH_VAPID_PRIVATE_KEY = vapid_key_checked(
    env("WEBPUSH_VAPID_PRIVATE_KEY", default="") or vapid_key_file(VAR_DIR / "webpush-vapid.key")
)
WEBPUSH_ALLOW_LOCAL_ENDPOINTS = DEBUG
