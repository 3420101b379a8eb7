"""Order background work (scheduled in config.settings CELERY_BEAT_SCHEDULE): thin and idempotent. Each order is
moved by its own service call, which locks the order and checks again that the move is due, so a retry, a second
worker or a step the buyer or an operator took meanwhile makes it a no-op."""

import time

from apps.core.errors import AppError
from apps.core.tasks import bulk_task, money_task, task

from . import figures, selectors, services
from .tracking import tracking_provider

# After one batch of each kind, a run of orders_move_due starts no batch after this long, so that with its last batch
# (seconds) it ends within the minute beat waits between runs (settings BEAT_ORDERS_MOVE_DUE_SECONDS), far within the
# money queue's soft time limit (apps.core.tasks.LIMITS). The rest waits for the next run.
MOVE_DUE_SECONDS = 40.0


@money_task()
def orders_move_due() -> dict[str, int]:
    """Cancels unpaid, unpicked and unshipped orders past their window, marks shipped orders received on their date,
    and settles received orders past the settlement delay. Returns how many of each moved.

    In batches of selectors.DUE_BATCH, the kinds in turn: one batch of each, then more until none is due or the run
    has taken MOVE_DUE_SECONDS. So a backlog (a day's settlements coming due together, a worker that was down) is
    cleared at the worker's speed, not a batch a minute, and no kind waits for another's backlog. A kind whose batch
    moved nothing (each order no longer due by the time it was locked) is left to the next run."""
    moves = {
        "unpaid": services.order_expire_unpaid,
        "unpicked": services.order_expire_unpicked,
        "unshipped": services.order_expire_unshipped,
        "receive": services.order_receive_due,
        "settle": services.order_settle,
    }
    moved = dict.fromkeys(moves, 0)
    stop = time.monotonic() + MOVE_DUE_SECONDS
    pending, first_round = list(moves), True
    while pending:
        for name in list(pending):
            if not first_round and time.monotonic() >= stop:
                return moved
            order_ids = selectors.order_ids_due(name)
            count = sum(moves[name](order_id=pk) for pk in order_ids)
            moved[name] += count
            if len(order_ids) < selectors.DUE_BATCH or not count:
                pending.remove(name)
        first_round = False
    return moved


@task()
def orders_pickup_remind() -> int:
    """Tells each merchant, once per order, that a pickup deadline is PICKUP_REMINDER_LEAD away (beat, every 5
    minutes). Returns how many were told."""
    return sum(services.order_pickup_remind(order_id=pk) for pk in selectors.order_ids_pickup_remind())


@bulk_task()
def tracking_poll() -> int:
    """Records the steps the carrier integration reports for shipped orders. Returns how many orders it asked about."""
    provider = tracking_provider()
    order_ids = selectors.order_ids_shipped()
    for order in selectors.orders_by_ids(order_ids):
        for update in provider.updates(order):
            try:
                services.tracking_event_add(
                    order_id=order.pk,
                    occurred_at=update.occurred_at,
                    step=update.step,
                    note=update.note,
                    place=update.place,
                    source=provider.name,
                )
                if update.delivered:
                    services.order_mark_delivered(order_id=order.pk, operator=None, delivered_at=update.occurred_at)
            except AppError:
                continue  # the order moved on meanwhile (received, refunded) or the step is not valid
    return len(order_ids)


@bulk_task()
def credit_recovery() -> int:
    """Gives the published recovery points to every score below the start that has been unchanged long enough.
    Returns how many scores recovered."""
    return sum(figures.credit_recover(merchant_id=pk) is not None for pk in figures.credit_recovery_due())
