"""Passwords: the login password (changed, or reset with a one-time code) and the payment password."""

import secrets
from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.hashers import check_password, make_password
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from apps.core import outbox
from apps.core.errors import AppError, ErrorCode, field_error

from ..constants import CodePurpose
from ..models import Merchant, OneTimeCode
from ..selectors import merchant_by_account
from ..sms import sms_send
from .factors import second_factor_check, second_factor_required
from .guard import guarded, login_password_check
from .security import security_notice
from .sessions import session_revoke_all

ONE_TIME_CODE_MAX_FAILURES = 5


# ---------- passwords ----------
def password_change(*, merchant: Merchant, old_password: str, password: str, code: str = "") -> None:
    """Signed in: the old password and, with two-step sign-in on, its `code` (each counted on the one lockout:
    five wrong tries lock them for 15 minutes), then the new one. Every session ends. The checks run before the
    transaction, so a wrong try stays counted."""
    factor = second_factor_required(merchant=merchant, code=code)
    login_password_check(
        merchant=merchant,
        raw=old_password,
        field="old_password",
        message=_("The old password is incorrect."),
        reset=not factor,
    )
    if password == old_password:  # it would change nothing but sign every device out
        raise field_error("password", _("The new password must be different from the old one."))
    if factor:
        second_factor_check(merchant=merchant, code=code)
    with transaction.atomic():
        _password_set(merchant=merchant, password=password)
        security_notice(merchant=merchant, event="password_changed")


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
        security_notice(merchant=merchant, event="password_reset")


def _password_set(*, merchant: Merchant, password: str) -> None:
    merchant.set_password(password)
    merchant.save(update_fields=["password", "updated_at"])
    session_revoke_all(merchant=merchant)


def one_time_code_send(*, account: str) -> None:
    """Asks for a 6-digit code (10 minutes, one use) for the account's email or phone, whichever was typed.

    The request does the same small work whether or not the account exists: it only records
    tasks.one_time_code_deliver (apps.core.outbox: one insert, sent after commit), which looks the account up, hashes
    and sends the code in the worker. So neither the answer nor its time tells which accounts exist.
    """
    from ..tasks import one_time_code_deliver  # the task calls back into this module

    language = translation.get_language() or settings.LANGUAGE_CODE
    outbox.enqueue(one_time_code_deliver, account=account, lang=language, requested_at=timezone.now().isoformat())


def one_time_code_deliver(*, account: str, lang: str, requested_at: datetime) -> bool:
    """The worker's half of one_time_code_send: a new code for the account, sent in the language it was asked in.

    Does nothing for an unknown account, or when a code issued since `requested_at` is still unused (this request
    was served already: a retried task sends no second code). If sending fails, the code is spent and the error
    raised, so a retry issues a fresh one. Returns whether a code was sent.
    """
    merchant = merchant_by_account(account=account)
    if merchant is None:
        return False

    def send(code: str, minutes: int) -> None:
        with translation.override(lang):
            text = _("Your verification code is %(code)s. It is valid for %(minutes)d minutes.") % {
                "code": code,
                "minutes": minutes,
            }
            if "@" in account and merchant.email:
                send_mail(_("Your verification code"), text, None, [merchant.email])
            else:
                sms_send(phone=merchant.phone, text=text)

    return one_time_code_issue(merchant=merchant, purpose=CodePurpose.PASSWORD, requested_at=requested_at, send=send)


def one_time_code_issue(
    *,
    merchant: Merchant,
    purpose: str,
    requested_at: datetime,
    send: Callable[[str, int], None],
    target: str = "",
) -> bool:
    """Issues a 6-digit code for `purpose` (and `target`) and sends it with `send(code, minutes)`; the merchant's
    earlier unused codes of that purpose are spent. Does nothing when a code of that purpose and target was issued
    since `requested_at` and is still unused (a retried task sends no second code). If sending fails, the code is
    spent and the error raised, so a retry issues a fresh one. Returns whether a code was sent."""
    codes = OneTimeCode.objects.filter(merchant=merchant, purpose=purpose, used_at__isnull=True)
    if codes.filter(target=target, created_at__gte=requested_at).exists():
        return False
    code = f"{secrets.randbelow(10**6):06d}"
    now = timezone.now()
    minutes = settings.ONE_TIME_CODE_TTL_MINUTES
    with transaction.atomic():
        codes.update(used_at=now)
        otc = OneTimeCode.objects.create(
            merchant=merchant,
            purpose=purpose,
            target=target,
            code_hash=make_password(code),
            expires_at=now + timedelta(minutes=minutes),
        )
    try:
        send(code, minutes)
    except Exception:
        OneTimeCode.objects.filter(pk=otc.pk).update(used_at=timezone.now())
        raise
    return True


def one_time_code_use(*, merchant: Merchant, code: str, purpose: str = CodePurpose.PASSWORD, target: str = "") -> None:
    """Spends the merchant's current code of `purpose` (and `target`). A wrong try is recorded (5 wrong tries spend
    the code)."""
    now = timezone.now()
    with transaction.atomic():
        otc = (
            OneTimeCode.objects.select_for_update()
            .filter(merchant=merchant, purpose=purpose, target=target, used_at__isnull=True, expires_at__gt=now)
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


# ---------- checks counted on the one lockout (services.guard) ----------
# ---------- payment password ----------
def pay_password_set(
    *, merchant: Merchant, pay_password: str, old_pay_password: str = "", password: str = "", code: str = ""
) -> None:
    """Sets the 6-digit payment password; changing one needs the current one or the login password, and with
    two-step sign-in on, setting or changing it needs its `code` too.

    Every check is counted on the one lockout (services.guard: five wrong tries, then 15 minutes) and runs before,
    outside, the transaction that saves the new one; the password is checked before the code, and only the last
    right check clears the count.
    """
    event = "pay_password_set"
    factor = second_factor_required(merchant=merchant, code=code)
    if merchant.pay_password:
        if password:
            login_password_check(
                merchant=merchant,
                raw=password,
                field="password",
                message=_("The login password is incorrect."),
                reset=not factor,
            )
            event = "pay_password_reset"
        elif old_pay_password:
            pay_password_check(merchant=merchant, raw=old_pay_password, reset=not factor)
            event = "pay_password_changed"
        else:
            raise field_error(
                "old_pay_password", _("Please enter your current payment password or your login password.")
            )
    if factor:
        second_factor_check(merchant=merchant, code=code)
    with transaction.atomic():
        merchant.pay_password = make_password(pay_password)
        merchant.save(update_fields=["pay_password", "updated_at"])
        security_notice(merchant=merchant, event=event)


def _pay_password_rehash(merchant: Merchant, raw: str) -> None:
    """Stores the payment password with the current hasher settings (as Django does for login passwords)."""
    merchant.pay_password = make_password(raw)
    Merchant.objects.filter(pk=merchant.pk).update(pay_password=merchant.pay_password)


def pay_password_check(*, merchant: Merchant, raw: str, reset: bool = True) -> None:
    """Checks the payment password on the server; every money-out operation calls this first.

    Five wrong tries lock it for 15 minutes (product.md section 3), also when they come at once; the count is the one
    lockout it shares with the login password typed while signed in and the second factor (services.guard).
    Raises AppError; returns None when right. A wrong try stays counted although the operation is refused:
    call it before entering transaction.atomic, or the rollback of the refused operation undoes the count.
    """
    if not raw:
        raise AppError(_("Please enter the payment password"), ErrorCode.PAY_PASSWORD)
    if not merchant.pay_password:
        raise AppError(_("Please set a payment password first."), ErrorCode.PAY_PASSWORD)
    stored = merchant.pay_password
    left = guarded(
        merchant=merchant,
        check=lambda: check_password(raw, stored, setter=lambda _raw: _pay_password_rehash(merchant, raw)),
        reset=reset,
    )
    if left is not None:
        raise AppError(
            _("Wrong payment password. %(left)d tries left.") % {"left": left},
            ErrorCode.PAY_PASSWORD,
            {"tries_left": left},
        )
