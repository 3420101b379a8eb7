"""Account background work: thin and idempotent (conventions.md 7). The one-time codes, the security notices, and the
note to an account whose details someone registered with, are recorded with their request and run until done by
apps.core.outbox, whose retries (the mail or SMS gateway away) replace Celery's. Approved account recoveries are
applied once due by the beat (config.settings CELERY_BEAT_SCHEDULE)."""

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


@task(soft_time_limit=30, time_limit=60)
def contact_code_deliver(merchant_id: int, kind: str, value: str, lang: str, requested_at: str) -> bool:
    """Issues and sends the code for a new email or phone (services.contact_code_send)."""
    return services.contact_code_deliver(
        merchant_id=merchant_id, kind=kind, value=value, lang=lang, requested_at=datetime.fromisoformat(requested_at)
    )


@task(soft_time_limit=30, time_limit=60)
def contact_verify_code_deliver(merchant_id: int, kind: str, value: str, requested_at: str) -> bool:
    """Issues and sends the code that verifies the current email or phone (services.contact_verify_code_send)."""
    return services.contact_verify_code_deliver(
        merchant_id=merchant_id, kind=kind, value=value, requested_at=datetime.fromisoformat(requested_at)
    )


@task(soft_time_limit=30, time_limit=60)
def security_notice_deliver(
    merchant_id: int, event: str, params: dict, to: list[str], notice_id: int | None = None
) -> int:
    """Mails or texts a security notice to the merchant's contacts (services.security_notice), with its "This wasn't
    me" link."""
    return services.security_notice_deliver(
        merchant_id=merchant_id, event=event, params=params, to=to, notice_id=notice_id
    )


@task()
def recoveries_apply_due() -> int:
    """Applies the approved account recoveries whose delay has passed (beat; services.recovery_apply_due)."""
    return services.recovery_apply_due()
