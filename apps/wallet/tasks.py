"""Wallet background work: thin, idempotent, scheduled in config.settings (CELERY_BEAT_SCHEDULE)."""

from celery import shared_task

from . import selectors, services


@shared_task(soft_time_limit=240, time_limit=300)
def verify_chain_deposits() -> int:
    """Checks every pending chain deposit with a hash on the chain; credits the proven ones. Returns how many."""
    return sum(services.deposit_verify_chain(deposit_id=pk) for pk in selectors.deposit_ids_to_verify())
