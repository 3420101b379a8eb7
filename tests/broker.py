"""A broker that is down, for real: a Celery app pointed at a port nothing listens on, current (so every task is sent
through it) and not eager, while the block runs; the tests' eager app is back afterwards."""

from collections.abc import Iterator
from contextlib import contextmanager

from celery import Celery, current_app

UNREACHABLE = "amqp://guest:guest@127.0.0.1:1//"


@contextmanager
def broker_down() -> Iterator[Celery]:
    working = current_app._get_current_object()
    down = Celery("broker-down", set_as_current=False)
    down.config_from_object("django.conf:settings", namespace="CELERY")
    down.conf.update(broker_url=UNREACHABLE, task_always_eager=False)
    down.set_current()
    try:
        yield down
    finally:
        working.set_current()
        down.close()
