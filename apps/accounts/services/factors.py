"""A merchant's second factor (two-step sign-in): an authenticator app's code (TOTP, RFC 6238), a one-time
recovery code, or one of the merchant's passkeys (services.passkeys).

`second_factor_enabled` says whether the account has one; `second_factor_check` is the one check every caller uses
(signing in on a new device, the payment-security actions, a payout destination confirmed at once). Its tries count
on the merchant's one lockout with the payment password and the login password typed while signed in
(services.guard).

Turning it on: `totp_start` (the login password) keeps a new key, not yet on; `totp_confirm` (a code of that key)
turns it on and answers ten recovery codes, shown once; `recovery_codes_renew` replaces them; `totp_off` (the login
password and a code) turns it off. Each change is told to the merchant (security_notice).
"""

import base64
import io
import secrets
from typing import Any
from urllib.parse import quote, urlencode

import qrcode
import qrcode.image.svg
from django.conf import settings
from django.contrib.auth.hashers import check_password, make_password
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django_otp.oath import TOTP

from apps.core.errors import AppError, ErrorCode, field_error

from ..models import Device, Merchant, Passkey, RecoveryCode
from ..webauthn import RelyingParty
from .devices import device_trust
from .guard import guarded, login_password_check
from .passkeys import passkey_assertion_check
from .security import security_notice

TOTP_STEP_SECONDS = 30
TOTP_DIGITS = 6
# Steps either side of now a code is still accepted for (a phone's clock a little off).
TOTP_TOLERANCE = 1
TOTP_KEY_BYTES = 20  # 160 bits, RFC 4226's recommendation; 32 base32 characters
RECOVERY_CODE_COUNT = 10
# Recovery codes: 10 characters without look-alikes (no 0/o, 1/l/i), shown as "abcd-efgh-jk".
RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
RECOVERY_CODE_LENGTH = 10


def totp_enabled(merchant: Merchant) -> bool:
    """An authenticator app confirmed (its recovery codes come with it)."""
    return merchant.totp_confirmed_at is not None


def _has_passkey(merchant: Merchant) -> bool:
    return Passkey.objects.filter(merchant=merchant).exists()


def second_factor_enabled(merchant: Merchant) -> bool:
    """An authenticator app or a passkey: signing in on a new device asks for one of them."""
    return totp_enabled(merchant) or _has_passkey(merchant)


def second_factor_methods(merchant: Merchant) -> list[str]:
    """What the sign-in's second step may be passed with."""
    return (["totp", "recovery"] if totp_enabled(merchant) else []) + (["passkey"] if _has_passkey(merchant) else [])


def second_factor_required(*, merchant: Merchant, code: str, field: str = "code") -> bool:
    """For a payment-security action: whether the authenticator app is on, refused on `field` (nothing counted or
    changed) when it is on and no code came. The caller checks its password(s), then calls second_factor_check.
    These actions take the app's code only: a merchant with passkeys alone is not asked."""
    if not totp_enabled(merchant):
        return False
    if not (code or "").strip():
        raise field_error(field, _("Please enter the code from your authenticator app or a recovery code."))
    return True


def totp(key: str) -> TOTP:
    """The TOTP of a base32 key (django_otp.oath's RFC 6238 implementation)."""
    return TOTP(base64.b32decode(key), step=TOTP_STEP_SECONDS, digits=TOTP_DIGITS)


def _digits(code: str) -> int | None:
    code = code.replace(" ", "")
    return int(code) if code.isdigit() and len(code) == TOTP_DIGITS else None


def _totp_accept(merchant: Merchant, code: str) -> bool:
    """The code of the merchant's confirmed authenticator, not older than the last accepted one (a code works once).
    Called under the guard's row lock, so two requests cannot both spend the same code."""
    number = _digits(code)
    if number is None:
        return False
    key, last = Merchant.objects.filter(pk=merchant.pk).values_list("totp_key", "totp_last_step").get()
    if not key:
        return False
    otp = totp(key)
    if not otp.verify(number, tolerance=TOTP_TOLERANCE, min_t=None if last is None else last + 1):
        return False
    merchant.totp_last_step = otp.t()
    Merchant.objects.filter(pk=merchant.pk).update(totp_last_step=merchant.totp_last_step)
    return True


def _recovery_normal(code: str) -> str:
    return code.replace("-", "").replace(" ", "").lower()


def _recovery_code_spend(merchant: Merchant, code: str) -> bool:
    typed = _recovery_normal(code)
    if len(typed) != RECOVERY_CODE_LENGTH:  # not a recovery code: no hash compared
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
    missing or wrong, a wrong one counted on the one lockout (services.guard); a right one clears the count.

    Call it outside the operation's transaction (see guard.guarded): a wrong try stays counted.
    """
    if not second_factor_enabled(merchant):
        raise AppError(_("Two-step sign-in is not on for this account."))
    code = (code or "").strip()
    if not code and passkey is None:
        raise field_error(field, _("Please enter the code from your authenticator app or a recovery code."))

    def check() -> bool:
        if passkey is not None:
            return rp is not None and passkey_assertion_check(merchant=merchant, credential=passkey, rp=rp)
        return _totp_accept(merchant, code) or _recovery_code_spend(merchant, code)

    left = guarded(merchant=merchant, check=check)
    if left is not None:
        message = (
            _("The passkey could not be verified. %(left)d tries left.")
            if passkey is not None
            else _("The code is incorrect. %(left)d tries left.")
        )
        error = field_error(field, message % {"left": left})
        error.data["tries_left"] = left
        raise error


# ---------- turning it on and off ----------
def security_state(*, merchant: Merchant) -> dict[str, Any]:
    """merchant/security: whether a second factor is on, which, and how many recovery codes are left."""
    on = totp_enabled(merchant)
    left = RecoveryCode.objects.filter(merchant=merchant, used_at__isnull=True).count() if on else 0
    # The app's state, as /security shows it; passkeys are listed by merchant/passkeys.
    return {"second_factor": on, "totp": on, "recovery_codes_left": left}


def _already_on() -> AppError:
    return AppError(_("Two-step sign-in is already on."), ErrorCode.STATE)


def totp_uri(*, key: str, account: str) -> str:
    """The otpauth:// link authenticator apps read (Google's Key Uri Format)."""
    issuer = settings.OTP_TOTP_ISSUER
    label = quote(f"{issuer}:{account}", safe=":@")
    query = urlencode(
        {"secret": key, "issuer": issuer, "digits": TOTP_DIGITS, "period": TOTP_STEP_SECONDS}, quote_via=quote
    )
    return f"otpauth://totp/{label}?{query}"


def qr_data_url(text: str) -> str:
    """`text` as a QR code: an SVG image in a data: URL (the Content-Security-Policy allows data: images)."""
    image = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    out = io.BytesIO()
    image.save(out)
    return "data:image/svg+xml;base64," + base64.b64encode(out.getvalue()).decode()


def totp_start(*, merchant: Merchant, password: str) -> dict[str, str]:
    """The login password (counted), then a new authenticator key, kept but not on until totp_confirm: {key, uri,
    qr}. Starting again replaces a key not yet confirmed."""
    if totp_enabled(merchant):
        raise _already_on()
    login_password_check(
        merchant=merchant, raw=password, field="password", message=_("The login password is incorrect.")
    )
    key = base64.b32encode(secrets.token_bytes(TOTP_KEY_BYTES)).decode()
    updated = Merchant.objects.filter(pk=merchant.pk, totp_confirmed_at__isnull=True).update(
        totp_key=key, totp_last_step=None
    )
    if not updated:
        raise _already_on()
    merchant.totp_key, merchant.totp_last_step = key, None
    uri = totp_uri(key=key, account=merchant.email or merchant.phone)
    return {"key": key, "uri": uri, "qr": qr_data_url(uri)}


def _recovery_codes_make(merchant: Merchant) -> list[str]:
    """A new set of recovery codes (the old ones deleted): returns them as shown, keeps only their hashes."""
    RecoveryCode.objects.filter(merchant=merchant).delete()
    codes = ["".join(secrets.choice(RECOVERY_ALPHABET) for _i in range(RECOVERY_CODE_LENGTH)) for _n in range(10)]
    RecoveryCode.objects.bulk_create(RecoveryCode(merchant=merchant, code_hash=make_password(c)) for c in codes)
    return [f"{c[:4]}-{c[4:8]}-{c[8:]}" for c in codes]


def totp_confirm(*, merchant: Merchant, code: str, device: Device | None) -> list[str]:
    """A code of the key totp_start made turns two-step sign-in on; answers the recovery codes (shown once).

    The device it is turned on from is trusted; every other device of the merchant is not (it was never asked the
    code), so the next sign-in there asks it. The merchant is told.
    """
    number = _digits((code or "").strip())
    if number is None:
        raise field_error("code", _("Please enter the 6-digit code from your authenticator app."))
    with transaction.atomic():
        row = Merchant.objects.select_for_update(no_key=True).get(pk=merchant.pk)
        if row.totp_confirmed_at is not None:
            raise _already_on()
        if not row.totp_key:
            raise AppError(_("Please start again: scan the new QR code."), ErrorCode.STATE)
        otp = totp(row.totp_key)
        if not otp.verify(number, tolerance=TOTP_TOLERANCE):
            raise field_error("code", _("The code is incorrect. Check the time on your phone and try again."))
        now = timezone.now()
        merchant.totp_key, merchant.totp_confirmed_at, merchant.totp_last_step = row.totp_key, now, otp.t()
        Merchant.objects.filter(pk=merchant.pk).update(
            totp_confirmed_at=now, totp_last_step=merchant.totp_last_step, updated_at=now
        )
        codes = _recovery_codes_make(merchant)
        Device.objects.filter(merchant=merchant).update(trusted_at=None)
        if device is not None:
            device.trusted_at = None
            device_trust(device=device)
        security_notice(merchant=merchant, event="second_factor_on")
    return codes


def recovery_codes_renew(*, merchant: Merchant, code: str) -> list[str]:
    """A code (counted), then a new set of recovery codes replacing the old ones (shown once). The merchant is told."""
    second_factor_check(merchant=merchant, code=code)
    with transaction.atomic():
        Merchant.objects.select_for_update(no_key=True).filter(pk=merchant.pk).values_list("pk").get()
        codes = _recovery_codes_make(merchant)
        security_notice(merchant=merchant, event="recovery_codes_new")
    return codes


def totp_off(*, merchant: Merchant, password: str, code: str) -> None:
    """The login password and a code (both counted on the one lockout), then two-step sign-in is off: the key and
    the recovery codes are deleted and no device stays trusted. The merchant is told."""
    if not totp_enabled(merchant):
        raise AppError(_("Two-step sign-in is not on for this account."), ErrorCode.STATE)
    second_factor_required(merchant=merchant, code=code)
    login_password_check(
        merchant=merchant,
        raw=password,
        field="password",
        message=_("The login password is incorrect."),
        reset=False,
    )
    second_factor_check(merchant=merchant, code=code)
    with transaction.atomic():
        now = timezone.now()
        Merchant.objects.filter(pk=merchant.pk).update(
            totp_key="", totp_confirmed_at=None, totp_last_step=None, updated_at=now
        )
        merchant.totp_key, merchant.totp_confirmed_at, merchant.totp_last_step = "", None, None
        RecoveryCode.objects.filter(merchant=merchant).delete()
        Device.objects.filter(merchant=merchant).update(trusted_at=None)
        security_notice(merchant=merchant, event="second_factor_off")
