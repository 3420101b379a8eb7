"""A merchant's second factor (two-step sign-in): an authenticator app's code (TOTP, RFC 6238), a one-time
recovery code, or one of the merchant's passkeys (services.passkeys).

`second_factor_enabled` says whether the account has one; `second_factor_check` is the one check every caller uses
(signing in on a new device, the payment-security actions, a payout destination confirmed at once). Its tries are
counted on the merchant row like the payment password's (passwords._guarded).
"""

import base64
from typing import Any

from django.contrib.auth.hashers import check_password
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django_otp.oath import TOTP

from apps.core.errors import AppError, ErrorCode, field_error

from ..models import Merchant, Passkey, RecoveryCode
from ..webauthn import RelyingParty
from .passkeys import passkey_assertion_check
from .passwords import _Guard, _guarded

TOTP_STEP_SECONDS = 30
TOTP_DIGITS = 6
# Steps either side of now a code is still accepted for (a phone's clock a little off).
TOTP_TOLERANCE = 1

_FACTOR_GUARD = _Guard(
    "pay_password_failures",
    "pay_password_locked_until",
    gettext_noop("Too many wrong codes or passwords. Try again in %(minutes)d minutes."),
    ErrorCode.LOCKED,
)


def second_factor_enabled(merchant: Merchant) -> bool:
    """An authenticator app confirmed, or a passkey."""
    return merchant.totp_confirmed_at is not None or Passkey.objects.filter(merchant=merchant).exists()


def totp(key: str) -> TOTP:
    """The TOTP of a base32 key (django_otp.oath's RFC 6238 implementation)."""
    return TOTP(base64.b32decode(key), step=TOTP_STEP_SECONDS, digits=TOTP_DIGITS)


def _totp_accept(merchant: Merchant, code: str) -> bool:
    """The code of the merchant's confirmed authenticator, not older than the last accepted one (a code works once).
    Called under the guard's row lock, so two requests cannot both spend the same code."""
    if not merchant.totp_key or not code.isdigit() or len(code) != TOTP_DIGITS:
        return False
    last = Merchant.objects.filter(pk=merchant.pk).values_list("totp_last_step", flat=True).get()
    otp = totp(merchant.totp_key)
    if not otp.verify(int(code), tolerance=TOTP_TOLERANCE, min_t=None if last is None else last + 1):
        return False
    merchant.totp_last_step = otp.t()
    Merchant.objects.filter(pk=merchant.pk).update(totp_last_step=merchant.totp_last_step)
    return True


def _recovery_code_spend(merchant: Merchant, code: str) -> bool:
    typed = code.replace("-", "").replace(" ", "").lower()
    if not typed:
        return False
    for row in RecoveryCode.objects.filter(merchant=merchant, used_at__isnull=True):
        if check_password(typed, row.code_hash):
            return RecoveryCode.objects.filter(pk=row.pk, used_at__isnull=True).update(used_at=timezone.now()) == 1
    return False


def second_factor_check(
    *,
    merchant: Merchant,
    code: str = "",
    field: str = "code",
    passkey: Any = None,
    rp: RelyingParty | None = None,
) -> None:
    """An authenticator code or an unused recovery code of `merchant`, or instead `passkey`: the answer of one of
    their passkeys to passkeys.passkey_verify_options (checked for relying party `rp`). Refused on `field` when
    wrong, counted on the same lockout.

    Call it outside the operation's transaction (see passwords._guarded): a wrong try stays counted.
    """
    if not second_factor_enabled(merchant):
        raise AppError(_("Two-step sign-in is not on for this account."))
    code = (code or "").strip()

    def check() -> bool:
        if passkey is not None:
            return rp is not None and passkey_assertion_check(merchant=merchant, credential=passkey, rp=rp)
        return _totp_accept(merchant, code) or _recovery_code_spend(merchant, code)

    left = _guarded(merchant=merchant, guard=_FACTOR_GUARD, check=check)
    if left is not None:
        message = (
            _("The passkey could not be verified. %(left)d tries left.")
            if passkey is not None
            else _("The code is incorrect. %(left)d tries left.")
        )
        error = field_error(field, message % {"left": left})
        error.data["tries_left"] = left
        raise error
