"""Passwords: the login password (changed, or reset with a one-time code) and the payment password."""

import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.hashers import check_password, make_password
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.core.errors import AppError, ErrorCode, field_error

from ..models import Merchant, OneTimeCode
from ..selectors import merchant_by_account
from ..sms import sms_send
from .sessions import session_revoke_all

ONE_TIME_CODE_MAX_FAILURES = 5


# ---------- passwords ----------
@transaction.atomic
def password_change(*, merchant: Merchant, old_password: str, password: str) -> None:
    """Signed in: the old password, then the new one. Every session ends."""
    if not merchant.check_password(old_password):
        raise field_error("old_password", _("The old password is incorrect."))
    _password_set(merchant=merchant, password=password)


def password_reset(*, account: str, code: str, password: str) -> None:
    """Forgotten password: the one-time code sent to the account. Every session ends.

    Not atomic as a whole on purpose: a wrong code must stay counted when the request is refused.
    """
    merchant = merchant_by_account(account=account)
    if merchant is None:
        raise field_error("code", _("The verification code is invalid or has expired."))
    one_time_code_use(merchant=merchant, code=code)
    with transaction.atomic():
        _password_set(merchant=merchant, password=password)


def _password_set(*, merchant: Merchant, password: str) -> None:
    merchant.set_password(password)
    merchant.save(update_fields=["password", "updated_at"])
    session_revoke_all(merchant=merchant)


def one_time_code_send(*, account: str) -> None:
    """Sends a 6-digit code (10 minutes, one use) to the account's email or phone, whichever was typed.

    Does nothing, silently, for an unknown account: the answer must not tell which accounts exist.
    """
    merchant = merchant_by_account(account=account)
    if merchant is None:
        return
    code = f"{secrets.randbelow(10**6):06d}"
    now = timezone.now()
    minutes = settings.ONE_TIME_CODE_TTL_MINUTES
    with transaction.atomic():
        OneTimeCode.objects.filter(merchant=merchant, used_at__isnull=True).update(used_at=now)
        OneTimeCode.objects.create(
            merchant=merchant, code_hash=make_password(code), expires_at=now + timedelta(minutes=minutes)
        )
    text = _("Your verification code is %(code)s. It is valid for %(minutes)d minutes.") % {
        "code": code,
        "minutes": minutes,
    }
    if "@" in account and merchant.email:
        send_mail(_("Your verification code"), text, None, [merchant.email])
    else:
        sms_send(phone=merchant.phone, text=text)


def one_time_code_use(*, merchant: Merchant, code: str) -> None:
    """Spends the merchant's current code. A wrong try is recorded (5 wrong tries spend the code)."""
    now = timezone.now()
    with transaction.atomic():
        otc = (
            OneTimeCode.objects.select_for_update()
            .filter(merchant=merchant, used_at__isnull=True, expires_at__gt=now)
            .order_by("-created_at")
            .first()
        )
        valid = otc is not None and check_password(code.strip(), otc.code_hash)
        if otc is not None:
            if valid:
                otc.used_at = now
                otc.save(update_fields=["used_at"])
            else:
                OneTimeCode.objects.filter(pk=otc.pk).update(failures=F("failures") + 1)
                OneTimeCode.objects.filter(pk=otc.pk, failures__gte=ONE_TIME_CODE_MAX_FAILURES).update(used_at=now)
    if not valid:
        raise field_error("code", _("The verification code is invalid or has expired."))


# ---------- payment password ----------
@transaction.atomic
def pay_password_set(*, merchant: Merchant, pay_password: str, old_pay_password: str = "", password: str = "") -> None:
    """Sets the 6-digit payment password; changing one needs the current one or the login password."""
    if merchant.pay_password:
        if password:
            if not merchant.check_password(password):
                raise field_error("password", _("The login password is incorrect."))
        elif old_pay_password:
            pay_password_check(merchant=merchant, raw=old_pay_password)
        else:
            raise field_error(
                "old_pay_password", _("Please enter your current payment password or your login password.")
            )
    merchant.pay_password = make_password(pay_password)
    merchant.pay_password_failures = 0
    merchant.pay_password_locked_until = None
    merchant.save(update_fields=["pay_password", "pay_password_failures", "pay_password_locked_until", "updated_at"])


def _pay_password_rehash(merchant: Merchant, raw: str) -> None:
    """Stores the payment password with the current hasher settings (as Django does for login passwords)."""
    merchant.pay_password = make_password(raw)
    Merchant.objects.filter(pk=merchant.pk).update(pay_password=merchant.pay_password)


def pay_password_check(*, merchant: Merchant, raw: str) -> None:
    """Checks the payment password on the server; every money-out operation calls this first.

    Five wrong tries lock it for 15 minutes (product.md section 3). Raises AppError; returns None when right.
    The failure counter is written in its own statement so a rejected operation still counts the try;
    call it before entering transaction.atomic, or the rollback of the refused operation undoes the count.
    """
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
    if check_password(raw, merchant.pay_password, setter=lambda _raw: _pay_password_rehash(merchant, raw)):
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
