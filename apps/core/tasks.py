"""How the apps declare their Celery tasks: each kind of work has its queue, its time limits and bounded retries.

- `money_task`: moves money or an order's status (settlement, the pickup and payment windows, chain deposits): queue
  "money", served by workers that nothing slow can hold up.
- `bulk_task`: long sweeps that move no money (carriers' tracking, credit recovery, broadcasts): queue "bulk", longer
  limits.
- `task`: the rest (one-time codes by mail or SMS): queue "default".

A task is retried (at most 3 times, within 2, 4 then 8 seconds, jittered) when the database connection fails; a task
that talks to an outside service adds that service's errors to `autoretry_for`. Every task is acknowledged late
(config.settings CELERY_TASK_ACKS_LATE), so it must be idempotent: the services' row locks and state checks make a
second run a no-op.

A side effect that must happen (a refund through the payment provider, a mail, a one-time code, a broadcast) is not
sent with `.delay()` after the commit, where a broker that is down loses it: `apps.core.outbox.enqueue(task, **kwargs)`
records it in the cause's transaction, and `outbox_run` runs it (on the task's queue, with its limits) until done,
the sweep sending it again while it is not; those tasks' retries are the outbox's.
"""

from collections.abc import Callable
from typing import Any

from celery import shared_task
from django.db import InterfaceError, OperationalError

RETRY: dict[str, Any] = {
    "autoretry_for": (OperationalError, InterfaceError),
    "retry_backoff": 2,
    "retry_backoff_max": 60,
    "retry_jitter": True,
    "max_retries": 3,
}
LIMITS = {"soft_time_limit": 240, "time_limit": 300}
BULK_LIMITS = {"soft_time_limit": 1740, "time_limit": 1800}


def _declare(queue: str, limits: dict[str, int], options: dict[str, Any]) -> Callable[[Callable], Any]:
    errors = tuple(options.pop("autoretry_for", ())) + RETRY["autoretry_for"]
    return shared_task(queue=queue, **{**RETRY, **limits, **options, "autoretry_for": errors})


def money_task(**options: Any) -> Callable[[Callable], Any]:
    return _declare("money", LIMITS, options)


def bulk_task(**options: Any) -> Callable[[Callable], Any]:
    return _declare("bulk", BULK_LIMITS, options)


def task(**options: Any) -> Callable[[Callable], Any]:
    return _declare("default", LIMITS, options)


@task()
def outbox_run(entry_id: int, attempt: int) -> bool:
    """Runs one recorded side effect (apps.core.outbox.run); sent on the queue of the task it runs."""
    from . import outbox

    return outbox.run(entry_id, attempt)


@money_task()
def outbox_sweep() -> int:
    """Sends again the side effects not done whose lease or wait has passed (beat, every minute)."""
    from . import outbox

    return outbox.sweep()
