"""Side effects that must happen (a refund through the payment provider, a buyer's mail, a one-time code, a
broadcast): recorded in the same transaction as their cause, then run by a Celery task until done.

`enqueue(task, **kwargs)` writes an OutboxEntry (the task's registered name and its keyword arguments) in the caller's
transaction, so a rolled-back cause leaves nothing to do, and sends it once the transaction commits. A broker that
cannot be reached then is logged and costs nothing more: the entry waits for the sweep.

`run(entry_id, attempt)` (the task `core.outbox_run`, on the queue and with the time limits of the task it runs)
claims the entry with a conditional UPDATE: only while it is not done and still at the attempt the message was sent
for, and it moves `next_attempt_at` to the end of a lease longer than the task's hard time limit. Then it runs the
task's body in the worker and marks the entry done; a failure is recorded (`last_error`) and waits 1, 2, 4 ... 60
minutes. So a done entry, or a second message for the same attempt, does nothing.

`sweep()` (beat, every minute) sends again each entry not done whose lease or wait has passed: a message lost with
the broker, a worker that died mid-run, a provider that failed. It stops at the first send the broker refuses.

Exactly once where the task's own work is idempotent (the refund carries the ledger entry's reference as the
provider's idempotency key and moves the payment once; a broadcast adds only the missing messages; a one-time code is
issued once per request). A mail is sent at least once: a worker that dies after the mail left and before the entry
is marked done sends it again when the lease ends. No transaction is held open while a body runs (it may wait seconds
for a provider; on SQLite a transaction holds the write lock).
"""

import logging
from datetime import timedelta
from typing import Any

from celery import Task, current_app
from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from .models import OutboxEntry

logger = logging.getLogger(__name__)

LEASE_MARGIN = timedelta(seconds=60)  # beyond the task's hard time limit, after which the worker was killed
RETRY_FIRST = timedelta(minutes=1)
RETRY_MAX = timedelta(hours=1)
KEEP_DONE = timedelta(days=7)  # done entries are deleted by the sweep after this
SWEEP_BATCH = 500
ERROR_MAX = 2000


def _task(name: str) -> Task | None:
    return current_app.tasks.get(name)


def _lease(task: Task | None) -> timedelta:
    return timedelta(seconds=getattr(task, "time_limit", None) or settings.CELERY_TASK_TIME_LIMIT) + LEASE_MARGIN


def _backoff(attempts: int) -> timedelta:
    return min(RETRY_FIRST * 2 ** max(attempts - 1, 0), RETRY_MAX)


def _error(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"[:ERROR_MAX]


def enqueue(task: Task, **kwargs: Any) -> OutboxEntry:
    """Records `task(**kwargs)` (JSON arguments) in the caller's transaction, and sends it once that commits."""
    entry = OutboxEntry.objects.create(task=task.name, kwargs=kwargs, next_attempt_at=timezone.now() + _lease(task))
    transaction.on_commit(lambda: _send_first(entry.pk, task.name))
    return entry


def _send_first(entry_id: int, name: str) -> None:
    if error := send(entry_id, 0, name):  # the broker is down: the next sweep sends it, not the lease's end
        OutboxEntry.objects.filter(pk=entry_id, attempts=0).update(next_attempt_at=timezone.now(), last_error=error)


def send(entry_id: int, attempt: int, name: str) -> str:
    """Sends the task that runs the entry, on the queue and with the time limits of the task `name`. '' when the
    broker took it, else the error (logged, never raised: the request or the sweep goes on)."""
    from .tasks import outbox_run  # the task calls back into this module

    task = _task(name)
    options = {
        "queue": getattr(task, "queue", None),
        "time_limit": getattr(task, "time_limit", None),
        "soft_time_limit": getattr(task, "soft_time_limit", None),
    }
    try:
        outbox_run.apply_async((entry_id, attempt), **{key: value for key, value in options.items() if value})
    except Exception as exc:  # the brokers' errors (kombu, redis, amqp) have no common class
        logger.warning("side effect not sent", exc_info=True, extra={"outbox": entry_id, "side_effect": name})
        return _error(exc)
    return ""


def run(entry_id: int, attempt: int) -> bool:
    """Runs the entry's task once for `attempt`; whether it is done now. Nothing when it is done already or another
    run claimed it."""
    entry = OutboxEntry.objects.filter(pk=entry_id, attempts=attempt, done_at__isnull=True).first()
    if entry is None:
        return False
    task = _task(entry.task)
    claimed = OutboxEntry.objects.filter(pk=entry_id, attempts=attempt, done_at__isnull=True).update(
        attempts=F("attempts") + 1, next_attempt_at=timezone.now() + _lease(task)
    )
    if not claimed:
        return False
    try:
        if task is None:
            raise LookupError(f"no task {entry.task!r} is registered")
        task(**entry.kwargs)  # its body (a direct call: Celery's own retries raise the error here instead)
    except Exception as exc:
        logger.exception(
            "side effect failed; it will be tried again",
            extra={"outbox": entry_id, "side_effect": entry.task, "attempts": attempt + 1},
        )
        OutboxEntry.objects.filter(pk=entry_id, attempts=attempt + 1, done_at__isnull=True).update(
            last_error=_error(exc), next_attempt_at=timezone.now() + _backoff(attempt + 1)
        )
        return False
    OutboxEntry.objects.filter(pk=entry_id, done_at__isnull=True).update(done_at=timezone.now())
    return True


def sweep(*, batch: int = SWEEP_BATCH) -> int:
    """Sends again every entry not done whose lease or wait has passed (the oldest first, `batch` at most); deletes
    entries done more than KEEP_DONE ago. Returns how many it sent."""
    now = timezone.now()
    due = (
        OutboxEntry.objects.filter(done_at__isnull=True, next_attempt_at__lte=now)
        .order_by("next_attempt_at", "pk")
        .values_list("pk", "task", "attempts")[:batch]
    )
    sent = 0
    for pk, name, attempts in list(due):
        # Taken for one lease, unless a run or another sweep took it meanwhile (two beats send it once).
        taken = OutboxEntry.objects.filter(
            pk=pk, attempts=attempts, done_at__isnull=True, next_attempt_at__lte=now
        ).update(next_attempt_at=now + _lease(_task(name)))
        if not taken:
            continue
        if error := send(pk, attempts, name):
            OutboxEntry.objects.filter(pk=pk, attempts=attempts).update(next_attempt_at=now, last_error=error)
            break  # the broker is down: the next sweep tries again
        sent += 1
    OutboxEntry.objects.filter(done_at__lt=now - KEEP_DONE).delete()
    return sent
