"""Passwords: the login password (changed, or reset with a one-time code) and the payment password."""

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.hashers import check_password, make_password
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from apps.core import outbox
from apps.core.errors import AppError, ErrorCode, field_error

from ..constants import CodePurpose
from ..models import Merchant, OneTimeCode
from ..selectors import merchant_by_account
from ..sms import sms_send
from .security import money_unlock_and_hold, security_notice
from .sessions import session_revoke_all

ONE_TIME_CODE_MAX_FAILURES = 5


# ---------- passwords ----------
def password_change(*, merchant: Merchant, old_password: str, password: str) -> None:
    """Signed in: the old password (counted: five wrong tries lock it for 15 minutes), then the new one. Every
    session ends, and withdrawals wait the payout cooling-off (someone who knew the password cannot change it and
    withdraw at once). A money lock stays: only a reset with a one-time code ends it. The check runs before the
    transaction, so a wrong try stays counted."""
    login_password_check(
        merchant=merchant, raw=old_password, field="old_password", message=_("The old password is incorrect.")
    )
    if password == old_password:  # it would change nothing but sign every device out
        raise field_error("password", _("The new password must be different from the old one."))
    with transaction.atomic():
        _password_set(merchant=merchant, password=password)
        money_unlock_and_hold(merchant=merchant, unlock=False)
        security_notice(merchant=merchant, event="password_changed")


def password_reset(*, account: str, code: str, password: str) -> None:
    """Forgotten password: the one-time code sent to the account. Every session ends, the money lock of "This
    wasn't me" ends (the code proves the account's email or phone), and withdrawals wait the payout cooling-off.

    Not atomic as a whole on purpose: a wrong code must stay counted when the request is refused.
    """
    merchant = merchant_by_account(account=account)
    if merchant is None:
        raise field_error("code", _("The verification code is invalid or has expired."))
    one_time_code_use(merchant=merchant, code=code)
    with transaction.atomic():
        _password_set(merchant=merchant, password=password)
        money_unlock_and_hold(merchant=merchant, unlock=True)
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


# ---------- guarded checks: payment password, login password of a signed-in merchant ----------
@dataclass(frozen=True)
class _Guard:
    """A counter of wrong tries on the merchant row: its two columns and the refusal once locked."""

    failures: str
    locked_until: str
    locked: str  # message with %(minutes)d
    code: ErrorCode


_PAY_GUARD = _Guard(
    "pay_password_failures",
    "pay_password_locked_until",
    gettext_noop("Too many wrong payment passwords. Try again in %(minutes)d minutes."),
    ErrorCode.LOCKED,
)
# A signed-in merchant's login password (changing the payment password with it, changing the password): its own
# counter, so a locked payment password can still be replaced with the login password.
_LOGIN_GUARD = _Guard(
    "password_failures",
    "password_locked_until",
    gettext_noop("Too many wrong login passwords. Try again in %(minutes)d minutes."),
    ErrorCode.LOCKED,
)


def _locked(guard: _Guard, minutes: int) -> AppError:
    return AppError(_(guard.locked) % {"minutes": minutes}, guard.code)


def _guarded(*, merchant: Merchant, guard: _Guard, check: Callable[[], bool]) -> int | None:
    """Runs `check` (a password comparison) as one counted try: None when right, else the tries left (>= 1).

    Raises the guard's refusal when locked, or when this wrong try used the last one (then it locks for
    PAY_PASSWORD_LOCK_MINUTES). The try is counted under a lock on the merchant row, held while the password is
    compared, so concurrent tries are checked one after the other: of any number of wrong ones at most
    PAY_PASSWORD_MAX_TRIES are compared before the lock, and right ones are never refused for the others' sake.
    The count commits at once, so a wrong try stays counted although the surrounding operation is refused: call
    it outside the operation's transaction (an outer rollback would undo the count).
    """
    most, minutes = settings.PAY_PASSWORD_MAX_TRIES, settings.PAY_PASSWORD_LOCK_MINUTES
    rows = Merchant.objects.filter(pk=merchant.pk)
    refusal: AppError | None = None
    left: int | None = None
    with transaction.atomic():
        now = timezone.now()
        failures, until = rows.select_for_update(no_key=True).values_list(guard.failures, guard.locked_until).get()
        if until is not None and until > now:
            refusal = _locked(guard, max(1, int((until - now).total_seconds() // 60) + 1))
        elif check():
            if failures or until is not None:
                rows.update(**{guard.failures: 0, guard.locked_until: None})
        elif failures + 1 >= most:
            rows.update(**{guard.failures: 0, guard.locked_until: now + timedelta(minutes=minutes)})
            refusal = _locked(guard, minutes)
        else:
            rows.update(**{guard.failures: failures + 1})
            left = most - failures - 1
    if refusal is not None:  # raised after the commit, so the count stays
        raise refusal
    return left


def login_password_check(*, merchant: Merchant, raw: str, field: str, message: str) -> None:
    """A signed-in merchant's login password, counted (_LOGIN_GUARD); a wrong one is refused on `field`."""
    left = _guarded(merchant=merchant, guard=_LOGIN_GUARD, check=lambda: merchant.check_password(raw))
    if left is not None:
        error = field_error(field, message)
        error.data["tries_left"] = left
        raise error


# ---------- payment password ----------
def pay_password_set(*, merchant: Merchant, pay_password: str, old_pay_password: str = "", password: str = "") -> None:
    """Sets the 6-digit payment password; changing one needs the current one or the login password.

    Either check is counted (the current one on the payment password's lockout, the login password on its own
    counter, five tries then 15 minutes) and runs before, outside, the transaction that saves the new one.
    """
    event = "pay_password_set"
    if merchant.pay_password:
        if password:
            login_password_check(
                merchant=merchant, raw=password, field="password", message=_("The login password is incorrect.")
            )
            event = "pay_password_reset"
        elif old_pay_password:
            pay_password_check(merchant=merchant, raw=old_pay_password)
            event = "pay_password_changed"
        else:
            raise field_error(
                "old_pay_password", _("Please enter your current payment password or your login password.")
            )
    with transaction.atomic():
        merchant.pay_password = make_password(pay_password)
        merchant.pay_password_failures = 0
        merchant.pay_password_locked_until = None
        merchant.save(
            update_fields=["pay_password", "pay_password_failures", "pay_password_locked_until", "updated_at"]
        )
        security_notice(merchant=merchant, event=event)


def _pay_password_rehash(merchant: Merchant, raw: str) -> None:
    """Stores the payment password with the current hasher settings (as Django does for login passwords)."""
    merchant.pay_password = make_password(raw)
    Merchant.objects.filter(pk=merchant.pk).update(pay_password=merchant.pay_password)


def pay_password_check(*, merchant: Merchant, raw: str) -> None:
    """Checks the payment password on the server; every money-out operation calls this first.

    Five wrong tries lock it for 15 minutes (product.md section 3), also when they come at once (see _guarded).
    Raises AppError; returns None when right. A wrong try stays counted although the operation is refused:
    call it before entering transaction.atomic, or the rollback of the refused operation undoes the count.
    """
    if not raw:
        raise AppError(_("Please enter the payment password"), ErrorCode.PAY_PASSWORD)
    if not merchant.pay_password:
        raise AppError(_("Please set a payment password first."), ErrorCode.PAY_PASSWORD)
    stored = merchant.pay_password
    left = _guarded(
        merchant=merchant,
        guard=_PAY_GUARD,
        check=lambda: check_password(raw, stored, setter=lambda _raw: _pay_password_rehash(merchant, raw)),
    )
    if left is not None:
        raise AppError(
            _("Wrong payment password. %(left)d tries left.") % {"left": left},
            ErrorCode.PAY_PASSWORD,
            {"tries_left": left},
        )
