"""Sessions and sign-in: opaque tokens, account and password, a partner's signed link."""

import base64
import binascii
import json
import re
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.core import signing
from django.db import IntegrityError, transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from apps.core.errors import AppError, ErrorCode, field_error
from apps.core.notices import PushKind
from apps.core.signatures import signature_matches

from ..constants import ACTION_SESSIONS_REVOKED, THIRD_PARTY_LINK_MAX_SECONDS, THIRD_PARTY_REGISTRATION_SECONDS
from ..models import AuthToken, Device, Merchant, ThirdPartyIdentity, ThirdPartyNonce
from ..selectors import merchant_by_account
from ..webauthn import RelyingParty
from .devices import DEVICE_KEY, device_key_hash, device_seen, device_trust
from .factors import second_factor_check, second_factor_enabled, second_factor_methods
from .operator_actions import operator_action_record
from .passkeys import passkey_verify_options
from .zones import merchant_time_zone_set, time_zone_names


# ---------- sessions ----------
@transaction.atomic
def session_create(
    *, merchant: Merchant, user_agent: str = "", ip: str | None = None, device: Device | None = None
) -> str:
    """Opens a session (on `device` when known) and returns the raw token (256 bits); only its hash is kept."""
    raw = secrets.token_urlsafe(32)
    now = timezone.now()
    AuthToken.objects.create(
        merchant=merchant,
        key_hash=AuthToken.hash(raw),
        last_used_at=now,
        expires_at=now + timedelta(days=settings.SESSION_TOKEN_TTL_DAYS),
        user_agent=user_agent[:255],
        ip=ip,
        device=device,
    )
    return raw


def device_signout(*, merchant: Merchant, token_id: int | None, current_id: int) -> int:
    """The merchant ends one of their open sessions (`token_id`), or with None every open one but `current_id` (the
    request's own). Another merchant's session, or one already ended or expired, is answered as missing, nothing
    changed. Returns how many ended."""
    sessions = AuthToken.objects.filter(merchant=merchant, revoked_at__isnull=True, expires_at__gt=timezone.now())
    if token_id is None:
        return sessions.exclude(pk=current_id).update(revoked_at=timezone.now())
    ended = sessions.filter(pk=token_id).update(revoked_at=timezone.now())
    if not ended:
        raise AppError(_("This device is not signed in to your account."), ErrorCode.NOT_FOUND)
    return ended


def session_revoke_all(*, merchant: Merchant) -> int:
    return AuthToken.objects.filter(merchant=merchant, revoked_at__isnull=True).update(revoked_at=timezone.now())


def session_revoke(*, token_ids: list[int]) -> int:
    """Ends the given sessions (logout). Returns how many were still open."""
    return AuthToken.objects.filter(pk__in=token_ids, revoked_at__isnull=True).update(revoked_at=timezone.now())


SESSIONS_REVOKED_TITLE = gettext_noop("An operator signed your account out on some devices (sessions ended: %(count)d)")


@transaction.atomic
def session_revoke_by_operator(*, token_ids: list[int], operator: Any, reason: str) -> int:
    """An operator ends merchants' sessions, with a reason: each merchant whose open sessions ended gets one
    operator action (its row and its one message, with the reason). Returns how many sessions were still open."""
    reason = reason.strip()
    if not reason:
        raise field_error("reason", _("Please give a reason."))
    open_tokens = AuthToken.objects.filter(pk__in=token_ids, revoked_at__isnull=True)
    counts = dict(open_tokens.values("merchant_id").annotate(count=Count("pk")).values_list("merchant_id", "count"))
    ended = open_tokens.update(revoked_at=timezone.now())
    for merchant in Merchant.objects.filter(pk__in=counts).order_by("pk"):
        operator_action_record(
            merchant=merchant,
            operator=operator,
            kind=ACTION_SESSIONS_REVOKED,
            title=SESSIONS_REVOKED_TITLE,
            reason=reason,
            params={"count": counts[merchant.pk]},
            push=PushKind.SECURITY,
        )
    return ended


# ---------- sign-in ----------
@dataclass(frozen=True)
class SignIn:
    """A sign-in's outcome: a session `token`, or, when the second step is asked, `second_factor` ({ticket,
    methods}) and no token."""

    merchant: Merchant
    token: str | None = None
    second_factor: dict[str, Any] | None = None


LOGIN_TICKET_SALT = "accounts.login_factor"
LOGIN_TICKET_SECONDS = 5 * 60


def _password_print(merchant: Merchant) -> str:
    """Changes with the login password: a ticket made before a password change no longer opens."""
    return salted_hmac(LOGIN_TICKET_SALT, merchant.password).hexdigest()[:16]


def login_ticket(*, merchant: Merchant, device: Device, key: str) -> str:
    """The second step's ticket: signed (django.core.signing), valid LOGIN_TICKET_SECONDS, for this merchant, this
    device (the browser whose key is `key`) and the current login password."""
    anonymous = not DEVICE_KEY.fullmatch(key or "")
    payload = {"m": merchant.pk, "d": device.pk, "a": anonymous, "p": _password_print(merchant)}
    return signing.dumps(payload, salt=LOGIN_TICKET_SALT)


def _ticket_invalid() -> AppError:
    return AppError(_("This sign-in has expired. Please sign in again."), ErrorCode.FORBIDDEN, {"restart": True})


def _ticket_open(*, ticket: str, key: str) -> tuple[Merchant, Device]:
    """The merchant and device of a ticket that is signed, not expired, for the browser whose key is `key`, and made
    with the current login password; else one refusal, whatever was wrong."""
    try:
        payload = signing.loads(ticket, salt=LOGIN_TICKET_SALT, max_age=LOGIN_TICKET_SECONDS)
    except signing.BadSignature:  # also SignatureExpired
        raise _ticket_invalid() from None
    if not isinstance(payload, dict) or not isinstance(payload.get("m"), int) or not isinstance(payload.get("d"), int):
        raise _ticket_invalid()
    merchant = Merchant.objects.filter(pk=payload["m"]).first()
    device = Device.objects.filter(pk=payload["d"], merchant=merchant).first() if merchant else None
    if merchant is None or device is None or payload.get("p") != _password_print(merchant):
        raise _ticket_invalid()
    if payload.get("a"):
        same_browser = not DEVICE_KEY.fullmatch(key or "")
    else:
        same_browser = bool(DEVICE_KEY.fullmatch(key or "")) and device.key_hash == device_key_hash(
            f"{merchant.pk}:{key}"
        )
    if not same_browser:
        raise _ticket_invalid()
    return merchant, device


def _sign_in(*, merchant: Merchant, device: str, user_agent: str, ip: str | None) -> SignIn:
    """The password (or partner link) was right: a session on this device, or the second step when the merchant has
    a second factor and this device has not passed it."""
    seen, _new = device_seen(merchant=merchant, key=device, user_agent=user_agent, ip=ip)
    if second_factor_enabled(merchant) and seen.trusted_at is None:
        ticket = login_ticket(merchant=merchant, device=seen, key=device)
        return SignIn(merchant, second_factor={"ticket": ticket, "methods": second_factor_methods(merchant)})
    return SignIn(merchant, token=session_create(merchant=merchant, user_agent=user_agent, ip=ip, device=seen))


def merchant_login(
    *,
    account: str,
    password: str,
    time_zone: str = "",
    device: str = "",
    user_agent: str = "",
    ip: str | None = None,
) -> SignIn:
    """Phone or email + password -> a new session token on the browser whose key is `device` (services.devices),
    or the second step (login_factor) when two-step sign-in is on and this device has not passed it. The browser's
    time zone becomes the shop's when it has none yet (later the merchant changes it in personal info); an unknown
    one is left aside."""
    merchant = merchant_by_account(account=account)
    if merchant is None:
        # Spend the same hashing time as for a real account, so timing does not tell which accounts exist.
        make_password(password)
        raise AppError(_("Incorrect account or password."))
    if not merchant.check_password(password):
        raise AppError(_("Incorrect account or password."))
    if time_zone and not merchant.time_zone and time_zone in time_zone_names():
        merchant_time_zone_set(merchant=merchant, time_zone=time_zone)
    return _sign_in(merchant=merchant, device=device, user_agent=user_agent, ip=ip)


def login_factor_passkey_options(*, ticket: str, device: str = "", rp: RelyingParty) -> dict[str, Any]:
    """The second step with a passkey: request options for the passkeys of the ticket's merchant."""
    merchant, _seen = _ticket_open(ticket=ticket, key=device)
    return passkey_verify_options(merchant=merchant, rp=rp)


def login_factor(
    *,
    ticket: str,
    code: str = "",
    device: str = "",
    user_agent: str = "",
    ip: str | None = None,
    passkey: Any = None,
    rp: RelyingParty | None = None,
) -> SignIn:
    """The sign-in's second step: the ticket `merchant_login` (or `third`) answered, from the same browser, and a
    code of the second factor, or the answer of one of the merchant's passkeys to login_factor_passkey_options
    (counted on the one lockout). Opens the session and trusts the device: it is not asked again."""
    merchant, seen = _ticket_open(ticket=ticket, key=device)
    second_factor_check(merchant=merchant, code=code, passkey=passkey, rp=rp)
    device_trust(device=seen)
    Device.objects.filter(pk=seen.pk).update(last_seen_at=timezone.now(), user_agent=user_agent[:255], ip=ip)
    return SignIn(merchant, token=session_create(merchant=merchant, user_agent=user_agent, ip=ip, device=seen))


# ---------- third-party sign-in ----------
@dataclass(frozen=True)
class PartnerLink:
    """A partner's link whose signature and shape were checked (third_party_link_verify)."""

    partner: str
    uid: str
    nonce: str
    expires_at: datetime
    payload: dict[str, Any]


_NONCE = re.compile(r"[A-Za-z0-9_-]{16,64}")


def _link_invalid() -> AppError:
    return AppError(_("The sign-in link is invalid or has expired."), ErrorCode.FORBIDDEN)


def third_party_link_verify(*, data: str, code: str, partner: str, expired_ok: bool = False) -> PartnerLink:
    """Checks a partner's link (product.md section 3). The partner signs everything the server acts on:

        data = base64url(JSON {"uid": str (1-128), "exp": int (Unix seconds), "nonce": str, "name"?: str})
        code = hex(HMAC-SHA256(settings.THIRD_PARTY_SECRET, mer + "." + data))

    `mer` is the partner's name (the request's `mer`), so one partner's link cannot sign in to another partner's
    identity; base64url has no ".", so the message reads one way only. `exp` must lie in the future and at most
    THIRD_PARTY_LINK_MAX_SECONDS (10 minutes) ahead; `nonce` (16-64 of A-Z a-z 0-9 _ -, e.g. 128 random bits)
    makes the link single-use (third_party_link_spend). With `expired_ok` (tkregister) a past `exp` is left to
    third_party_link_spend, which accepts it only for a link `third` kept for registration.
    Refuses a bad signature, shape or expiry with one message, whatever was wrong.
    """
    message = f"{partner}.{data}".encode(errors="surrogatepass")  # any text a client sends, never an exception
    if not signature_matches(settings.THIRD_PARTY_SECRET, message, code):
        raise _link_invalid()
    try:
        payload = json.loads(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)))
    except (binascii.Error, ValueError):  # also an integer too long to read
        raise _link_invalid() from None
    if not isinstance(payload, dict):
        raise _link_invalid()
    uid, exp, nonce = payload.get("uid"), payload.get("exp"), payload.get("nonce")
    if not isinstance(uid, str) or not uid or len(uid) > 128:
        raise _link_invalid()
    if not isinstance(nonce, str) or not _NONCE.fullmatch(nonce):
        raise _link_invalid()
    now = int(timezone.now().timestamp())
    if not isinstance(exp, int) or isinstance(exp, bool) or exp > now + THIRD_PARTY_LINK_MAX_SECONDS:
        raise _link_invalid()  # an absurd exp (10**400) is refused here, before any date is made of it
    if exp <= now and not expired_ok:
        raise _link_invalid()
    expires_at = datetime.fromtimestamp(max(exp, 0), tz=UTC)
    return PartnerLink(partner=partner, uid=uid, nonce=nonce, expires_at=expires_at, payload=payload)


def _link_used() -> AppError:
    return AppError(_("This sign-in link has already been used."), ErrorCode.FORBIDDEN)


def third_party_link_keep(*, link: PartnerLink) -> None:
    """`third` answered "unknown identity": the link is kept, unspent, for THIRD_PARTY_REGISTRATION_SECONDS so that
    tkregister can spend it once after the merchant filled in the form (which may take longer than the link's own
    expiry). Nothing is granted by this answer, so asking again with the same link answers the same."""
    now = timezone.now()
    ThirdPartyNonce.objects.filter(expires_at__lte=now).delete()
    kept, _created = ThirdPartyNonce.objects.get_or_create(
        partner=link.partner,
        nonce=link.nonce,
        defaults={"uid": link.uid, "expires_at": now + timedelta(seconds=THIRD_PARTY_REGISTRATION_SECONDS)},
    )
    if kept.used_at is not None:
        raise _link_used()


def third_party_link_spend(*, link: PartnerLink) -> None:
    """Spends the link's nonce: a second use of the link is refused. A link kept by `third` is spent within its
    registration window, even after the link's own `exp`; any other link only before its `exp`. The nonce row is
    unique per partner, so of two concurrent uses one is refused. Runs inside the caller's transaction: if the
    sign-in or the registration fails, the link stays unspent."""
    now = timezone.now()
    kept = ThirdPartyNonce.objects.filter(
        partner=link.partner, nonce=link.nonce, uid=link.uid, used_at__isnull=True, expires_at__gt=now
    )
    if kept.update(used_at=now):
        return
    if link.expires_at <= now:
        raise _link_invalid()
    try:
        with transaction.atomic():
            ThirdPartyNonce.objects.create(
                partner=link.partner, nonce=link.nonce, uid=link.uid, expires_at=link.expires_at, used_at=now
            )
    except IntegrityError:
        raise _link_used() from None


def third_party_login(
    *, data: str, code: str, partner: str, device: str = "", user_agent: str = "", ip: str | None = None
) -> SignIn | None:
    """A linked identity signs in (a session, or the second step as for merchant_login), and the link is spent. An
    unknown one: None, to continue to registration (tkregister) with the same link, which is kept for it."""
    link = third_party_link_verify(data=data, code=code, partner=partner)
    with transaction.atomic():
        identity = ThirdPartyIdentity.objects.select_related("merchant").filter(partner=partner, uid=link.uid).first()
        if identity is None:
            third_party_link_keep(link=link)
            return None
        third_party_link_spend(link=link)
        return _sign_in(merchant=identity.merchant, device=device, user_agent=user_agent, ip=ip)
