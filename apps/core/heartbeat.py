"""Is the background work running? The beat sends `heartbeat` (below) to each queue every
settings.HEARTBEAT_SECONDS (config.settings CELERY_BEAT_SCHEDULE); the beat records when it sent one ("beat"), and the
worker that runs it records when, under its queue's name. The times are in the database, so every web process sees
what every worker and the beat wrote, under `make run` (SQLite, a cache per process) as in production.

The module is imported by CoreConfig.ready(), so the beat's process has the signal receiver. A time older than four
beats is stale: /readyz shows it (and still answers 200: a web process is not taken out of the
load balancer because a worker is down), and the admin's index warns the operators.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from celery.signals import after_task_publish
from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone

from .models import Heartbeat
from .tasks import task

BEAT = "beat"


def record(name: str) -> None:
    Heartbeat.objects.update_or_create(name=name, defaults={"at": timezone.now()})


@task()
def heartbeat(queue: str) -> None:
    """Run by a worker of `queue` (the beat sends it there): records the time for the queue."""
    record(queue)


@after_task_publish.connect(sender=heartbeat.name)
def _beat_sent(**kwargs: Any) -> None:
    """In the beat's process, once the broker took the heartbeat: the beat is alive and reaches the broker."""
    close_old_connections()  # the beat has no requests to close a broken or expired connection after
    record(BEAT)


@dataclass(frozen=True)
class Pulse:
    name: str  # "beat" or a queue
    at: datetime | None
    state: str  # "ok", "stale" (older than four beats) or "never" (nothing recorded yet)


def pulses() -> list[Pulse]:
    """The beat's, then each queue's worker's, in settings.TASK_QUEUES order."""
    times = dict(Heartbeat.objects.values_list("name", "at"))
    oldest = timezone.now() - timedelta(seconds=4 * settings.HEARTBEAT_SECONDS)
    return [_pulse(name, times.get(name), oldest) for name in (BEAT, *settings.TASK_QUEUES)]


def _pulse(name: str, at: datetime | None, oldest: datetime) -> Pulse:
    state = "never" if at is None else "ok" if at >= oldest else "stale"
    return Pulse(name, at, state)
