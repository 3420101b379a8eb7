"""Passkeys (models.Passkey; WebAuthn is py_webauthn's, through apps.accounts.webauthn): registered by the signed-in
merchant with the login password, then used to sign in without the password (a passkey with user verification is two
factors: the device is trusted) or as the second factor (factors.second_factor_check).

Each options call hands out a challenge (models.PasskeyChallenge) for one answer within PASSKEY_CHALLENGE_SECONDS:
the answer names it in its signed client data, and the row is deleted as the answer is checked, right or wrong, so
an answer cannot be replayed. A passkey's signature counter must go up (when the authenticator keeps one): the
library refuses a counter that does not (a cloned authenticator).
"""

import re
import secrets
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.core.errors import AppError, ErrorCode, text_for

from .. import webauthn
from ..models import Merchant, Passkey, PasskeyChallenge
from ..webauthn import PasskeyError, RelyingParty
from .devices import device_seen, device_trust
from .guard import login_password_check
from .security import security_notice
from .zones import merchant_time_zone_set, time_zone_names

PASSKEY_CHALLENGE_SECONDS = 300
PASSKEYS_MAX = 10

REGISTER, LOGIN, VERIFY = "register", "login", "verify"


def _refused() -> AppError:
    return AppError(_("The passkey could not be verified. Please try again."), ErrorCode.FORBIDDEN)


def _challenge_issue(*, purpose: str, merchant: Merchant | None = None, user_handle: str = "") -> str:
    now = timezone.now()
    PasskeyChallenge.objects.filter(expires_at__lte=now).delete()
    challenge = webauthn.new_challenge()
    PasskeyChallenge.objects.create(
        challenge=challenge,
        purpose=purpose,
        merchant=merchant,
        user_handle=user_handle,
        expires_at=now + timedelta(seconds=PASSKEY_CHALLENGE_SECONDS),
    )
    return challenge


def _challenge_spend(*, credential: Any, purpose: str, merchant: Merchant | None = None) -> PasskeyChallenge:
    """The challenge the answer signed, deleted now: of two uses of it (a replay, two requests at once) one only
    gets it. Refused when unknown, spent, expired, or handed out for another purpose or merchant."""
    try:
        challenge = webauthn.client_data_challenge(credential)
    except PasskeyError:
        raise _refused() from None
    row = PasskeyChallenge.objects.filter(challenge=challenge).first()
    if row is None or not PasskeyChallenge.objects.filter(pk=row.pk).delete()[0]:
        raise _refused()
    mine = merchant.pk if merchant is not None else None
    if row.purpose != purpose or row.merchant_id != mine or row.expires_at <= timezone.now():
        raise _refused()
    return row


def _descriptors(merchant: Merchant) -> list[tuple[str, list[str]]]:
    return list(Passkey.objects.filter(merchant=merchant).values_list("credential_id", "transports"))


# ---------- registration (signed in) ----------
def passkey_options(*, merchant: Merchant, password: str, rp: RelyingParty) -> dict[str, Any]:
    """The login password (counted), then the options of navigator.credentials.create."""
    login_password_check(
        merchant=merchant, raw=password, field="password", message=_("The login password is incorrect.")
    )
    if Passkey.objects.filter(merchant=merchant).count() >= PASSKEYS_MAX:
        raise AppError(_("You have %(max)d passkeys, the most an account can have.") % {"max": PASSKEYS_MAX})
    handle = Passkey.objects.filter(merchant=merchant).values_list("user_handle", flat=True).first()
    handle = handle or webauthn.b64url(secrets.token_bytes(32))
    challenge = _challenge_issue(purpose=REGISTER, merchant=merchant, user_handle=handle)
    account = merchant.email or merchant.phone
    return webauthn.creation_options(
        rp=rp,
        challenge=challenge,
        user_handle=handle,
        user_name=account,
        display_name=merchant.real_name or account,
        exclude=_descriptors(merchant),
    )


def passkey_add(*, merchant: Merchant, credential: Any, name: str, rp: RelyingParty, user_agent: str = "") -> Passkey:
    """Checks the answer to passkey_options and keeps the passkey; the merchant is told."""
    name = text_for(Passkey, "name", name) or device_label(user_agent)
    row = _challenge_spend(credential=credential, purpose=REGISTER, merchant=merchant)
    try:
        new = webauthn.verify_registration(credential=credential, challenge=row.challenge, rp=rp)
    except PasskeyError:
        raise _refused() from None
    try:
        with transaction.atomic():
            passkey = Passkey.objects.create(
                merchant=merchant,
                credential_id=new.credential_id,
                public_key=new.public_key,
                sign_count=new.sign_count,
                transports=new.transports,
                user_handle=row.user_handle,
                name=name,
            )
            security_notice(merchant=merchant, event="passkey_added", params={"name": name})
    except IntegrityError:
        raise AppError(_("This passkey is already registered."), ErrorCode.CONFLICT) from None
    return passkey


def passkey_remove(*, merchant: Merchant, passkey_id: int, password: str) -> None:
    """The login password (counted), then the merchant's passkey is deleted; the merchant is told. Another
    merchant's id answers like one that does not exist."""
    passkey = Passkey.objects.filter(merchant=merchant, pk=passkey_id).first()
    if passkey is None:
        raise AppError(_("This passkey does not exist."), ErrorCode.NOT_FOUND)
    login_password_check(
        merchant=merchant, raw=password, field="password", message=_("The login password is incorrect.")
    )
    with transaction.atomic():
        if Passkey.objects.filter(pk=passkey.pk).delete()[0]:
            security_notice(merchant=merchant, event="passkey_removed", params={"name": passkey.name})


_BROWSERS = (("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Safari/", "Safari"))
_SYSTEMS = (
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Android", "Android"),
    ("Windows", "Windows"),
    ("Mac OS X", "Mac"),
    ("CrOS", "ChromeOS"),
    ("Linux", "Linux"),
)


def device_label(user_agent: str) -> str:
    """A passkey's name when the merchant gives none: the browser and system of the sign-in ("Chrome, Android")."""
    browser = next((name for token, name in _BROWSERS if token in user_agent), "")
    system = next((name for token, name in _SYSTEMS if re.search(re.escape(token), user_agent)), "")
    return ", ".join(part for part in (browser, system) if part) or _("Passkey")


# ---------- signing in without password (public) ----------
def passkey_login_options(*, rp: RelyingParty) -> dict[str, Any]:
    """Options of navigator.credentials.get for any passkey of this site (the browser lists them)."""
    challenge = _challenge_issue(purpose=LOGIN)
    return webauthn.request_options(rp=rp, challenge=challenge, allow=[], user_verification="required")


def _assertion_accept(
    *, credential: Any, challenge: str, rp: RelyingParty, require_uv: bool, merchant: Merchant | None
) -> Passkey:
    """The merchant's passkey (any merchant's when `merchant` is None) that signed the answer, its counter moved on.
    Raises PasskeyError."""
    assertion = webauthn.read_assertion(credential)
    passkeys = Passkey.objects.select_related("merchant").filter(credential_id=webauthn.credential_id_of(assertion))
    if merchant is not None:
        passkeys = passkeys.filter(merchant=merchant)
    passkey = passkeys.first()
    if passkey is None:
        raise PasskeyError("unknown credential")
    handle = webauthn.user_handle_of(assertion)
    if handle and handle != passkey.user_handle:
        raise PasskeyError("user handle differs")
    count = webauthn.verify_assertion(
        assertion=assertion,
        challenge=challenge,
        rp=rp,
        public_key=bytes(passkey.public_key),
        sign_count=passkey.sign_count,
        require_uv=require_uv,
    )
    moved = Passkey.objects.filter(pk=passkey.pk, sign_count=passkey.sign_count).update(
        sign_count=count, last_used_at=timezone.now()
    )
    if not moved:  # another use of the same passkey moved the counter meanwhile
        raise PasskeyError("signature counter raced")
    return passkey


def passkey_login(
    *,
    credential: Any,
    rp: RelyingParty,
    time_zone: str = "",
    device: str = "",
    user_agent: str = "",
    ip: str | None = None,
) -> tuple[Merchant, str]:
    """A passkey's answer to passkey_login_options, with user verification -> (merchant, new session token) on the
    browser whose key is `device`, which is trusted: the passkey and the verification on it are two factors."""
    from .sessions import session_create  # sessions -> factors -> passkeys: imported when called

    row = _challenge_spend(credential=credential, purpose=LOGIN)
    try:
        with transaction.atomic():
            passkey = _assertion_accept(
                credential=credential, challenge=row.challenge, rp=rp, require_uv=True, merchant=None
            )
    except PasskeyError:
        raise _refused() from None
    merchant = passkey.merchant
    if time_zone and not merchant.time_zone and time_zone in time_zone_names():
        merchant_time_zone_set(merchant=merchant, time_zone=time_zone)
    seen, _new = device_seen(merchant=merchant, key=device, user_agent=user_agent, ip=ip)
    device_trust(device=seen)
    return merchant, session_create(merchant=merchant, user_agent=user_agent, ip=ip, device=seen)


# ---------- the second factor ----------
def passkey_verify_options(*, merchant: Merchant, rp: RelyingParty) -> dict[str, Any]:
    """Options of navigator.credentials.get for one of `merchant`'s passkeys (the second factor)."""
    if not Passkey.objects.filter(merchant=merchant).exists():
        raise AppError(_("This account has no passkey."))
    challenge = _challenge_issue(purpose=VERIFY, merchant=merchant)
    return webauthn.request_options(
        rp=rp, challenge=challenge, allow=_descriptors(merchant), user_verification="preferred"
    )


def passkey_assertion_check(*, merchant: Merchant, credential: Any, rp: RelyingParty) -> bool:
    """Whether `credential` is one of `merchant`'s passkeys answering a challenge of passkey_verify_options for
    them. The challenge is spent either way (factors.second_factor_check counts a wrong one)."""
    try:
        row = _challenge_spend(credential=credential, purpose=VERIFY, merchant=merchant)
        _assertion_accept(credential=credential, challenge=row.challenge, rp=rp, require_uv=False, merchant=merchant)
    except (AppError, PasskeyError):
        return False
    return True
