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


def pay_password_check(*, merchant: Merchant, raw: str) -> None:
    """Checks the payment password on the server; every money-out operation calls this first.

    Five wrong tries lock it for 15 minutes (product.md section 3). Raises AppError; returns None when right.
    The failure counter is written in its own statement so a rejected operation still counts the try.
    """
    from django.contrib.auth.hashers import check_password
    from django.db.models import F
    from django.utils.translation import gettext as _

    from apps.core.errors import AppError, ErrorCode

    if not raw:
        raise AppError(_("Please enter the payment password"), ErrorCode.PAY_PASSWORD)
    if not merchant.pay_password:
        raise AppError(_("Please set a payment password first."), ErrorCode.PAY_PASSWORD)
    now = timezone.now()
    fresh = Merchant.objects.only("pay_password_failures", "pay_password_locked_until").get(pk=merchant.pk)
    if fresh.pay_password_locked_until and fresh.pay_password_locked_until > now:
        minutes = max(1, int((fresh.pay_password_locked_until - now).total_seconds() // 60) + 1)
        raise AppError(
            _("Too many wrong payment passwords. Try again in %(minutes)d minutes.") % {"minutes": minutes},
            ErrorCode.LOCKED,
        )
    if check_password(raw, merchant.pay_password):
        if fresh.pay_password_failures:
            Merchant.objects.filter(pk=merchant.pk).update(pay_password_failures=0, pay_password_locked_until=None)
        return
    Merchant.objects.filter(pk=merchant.pk).update(pay_password_failures=F("pay_password_failures") + 1)
    failures = Merchant.objects.values_list("pay_password_failures", flat=True).get(pk=merchant.pk)
    if failures >= settings.PAY_PASSWORD_MAX_TRIES:
        Merchant.objects.filter(pk=merchant.pk).update(
            pay_password_failures=0,
            pay_password_locked_until=now + timedelta(minutes=settings.PAY_PASSWORD_LOCK_MINUTES),
        )
        raise AppError(
            _("Too many wrong payment passwords. Try again in %(minutes)d minutes.")
            % {"minutes": settings.PAY_PASSWORD_LOCK_MINUTES},
            ErrorCode.LOCKED,
        )
    left = settings.PAY_PASSWORD_MAX_TRIES - failures
    raise AppError(
        _("Wrong payment password. %(left)d tries left.") % {"left": left}, ErrorCode.PAY_PASSWORD, {"tries_left": left}
    )
