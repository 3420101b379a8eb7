"""Wallet background work: thin, idempotent, scheduled in config.settings (CELERY_BEAT_SCHEDULE)."""

from apps.core.faults import pause_point
from apps.core.tasks import money_task, task

from . import selectors, services


@money_task()
def verify_chain_deposits() -> int:
    """Checks every pending chain deposit with a hash on the chain; credits the proven ones. Returns how many."""
    credited = 0
    for pk in selectors.deposit_ids_to_verify():
        if services.deposit_verify_chain(deposit_id=pk):
            credited += 1
            pause_point("chain_deposit_credited")  # committed, not yet acknowledged: a rerun must credit nothing
    return credited


@task()
def withdrawals_overdue() -> int:
    """Tells each merchant once of a withdrawal past its review deadline (services.withdrawals_overdue_notify; the
    operators see it flagged in the admin). Returns how many were told."""
    return services.withdrawals_overdue_notify()
