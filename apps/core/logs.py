"""Structured logs for production (LOG_FORMAT=json): one JSON object per line, and one line per request.

Every request gets an id: the `X-Request-ID` a proxy of ours set (NUM_PROXIES > 0; a client's own is never believed),
or a new one. It is sent back in the answer's `X-Request-ID` header and written on every line logged while the request
runs, so a merchant's report ("it failed at 12:03", with the id the app shows) finds its lines on any web machine. A
line logged inside a Celery task carries the task's id and name instead.
"""

import json
import logging
import re
import time
import uuid
from collections.abc import Callable
from contextvars import ContextVar
from datetime import UTC, datetime

from celery import current_task
from django.conf import settings
from django.http import HttpRequest, HttpResponse

from .throttles import client_ip

REQUEST_ID_HEADER = "X-Request-ID"
_REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{8,64}$")  # what a proxy's id may look like; anything else: a new one
_current_request_id: ContextVar[str] = ContextVar("request_id", default="")
access_log = logging.getLogger("apps.requests")

# LogRecord attributes every record has: the rest are the `extra` a caller passed, written as fields.
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime", "taskName"}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if request_id := _current_request_id.get():
            line["request_id"] = request_id
        task = current_task
        if task and task.request.id:
            line["task_id"], line["task"] = task.request.id, task.name
        line.update({key: value for key, value in vars(record).items() if key not in _STANDARD})
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str, ensure_ascii=False)


def request_id_of(request: HttpRequest) -> str:
    given = request.headers.get(REQUEST_ID_HEADER, "") if settings.NUM_PROXIES > 0 else ""
    return given if _REQUEST_ID.match(given) else uuid.uuid4().hex


class RequestLogMiddleware:
    """Gives the request its id and logs one line when it is answered: method, path, status, duration, client."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request_id = request_id_of(request)
        token = _current_request_id.set(request_id)
        started = time.perf_counter()
        try:
            response = self.get_response(request)
            response[REQUEST_ID_HEADER] = request_id
            access_log.info(
                "%s %s %s",
                request.method,
                request.path,
                response.status_code,
                extra={
                    "method": request.method,
                    "path": request.path,
                    "status": response.status_code,
                    "duration_ms": round((time.perf_counter() - started) * 1000, 1),
                    "client": client_ip(request),
                },
            )
            return response
        finally:
            _current_request_id.reset(token)
