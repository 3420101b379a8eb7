"""Account background work: thin and idempotent (conventions.md 7). The one-time code, and the note to an account
whose details someone registered with, are recorded with their request and run until done by apps.core.outbox, whose
retries (the mail or SMS gateway away) replace Celery's."""

from datetime import datetime

from apps.core.tasks import task

from . import services


@task(soft_time_limit=30, time_limit=60)
def one_time_code_deliver(account: str, lang: str, requested_at: str) -> bool:
    """Issues and sends the one-time code asked for at `requested_at` (ISO 8601); see services.one_time_code_send."""
    return services.one_time_code_deliver(account=account, lang=lang, requested_at=datetime.fromisoformat(requested_at))


@task(soft_time_limit=30, time_limit=60)
def registration_taken_notify(phone: str, email: str | None) -> int:
    """Tells the owners of the phone or email that someone registered with them; see services.merchant_register."""
    return services.registration_taken_notify(phone=phone, email=email)
