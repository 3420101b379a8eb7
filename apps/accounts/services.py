"""Account services: they write; views call them (conventions.md)."""

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from .models import AuthToken, Merchant


@transaction.atomic
def session_create(*, merchant: Merchant, user_agent: str = "", ip: str | None = None) -> str:
    """Opens a session and returns the raw token (256 bits); only its hash is kept."""
    raw = secrets.token_urlsafe(32)
    now = timezone.now()
    AuthToken.objects.create(
        merchant=merchant,
        key_hash=AuthToken.hash(raw),
        last_used_at=now,
        expires_at=now + timedelta(days=settings.SESSION_TOKEN_TTL_DAYS),
        user_agent=user_agent[:255],
        ip=ip,
    )
    return raw


def session_revoke_all(*, merchant: Merchant) -> int:
    return AuthToken.objects.filter(merchant=merchant, revoked_at__isnull=True).update(revoked_at=timezone.now())
