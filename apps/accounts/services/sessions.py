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
from django.db import IntegrityError, transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from apps.core.errors import AppError, ErrorCode, field_error
from apps.core.signatures import signature_matches

from ..constants import ACTION_SESSIONS_REVOKED, THIRD_PARTY_LINK_MAX_SECONDS, THIRD_PARTY_REGISTRATION_SECONDS
from ..models import AuthToken, Device, Merchant, ThirdPartyIdentity, ThirdPartyNonce
from ..selectors import merchant_by_account
from .devices import device_seen
from .operator_actions import operator_action_record
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
        )
    return ended


# ---------- sign-in ----------
def merchant_login(
    *,
    account: str,
    password: str,
    time_zone: str = "",
    device: str = "",
    user_agent: str = "",
    ip: str | None = None,
) -> tuple[Merchant, str]:
    """Phone or email + password -> (merchant, new session token) on the browser whose key is `device`
    (services.devices). The browser's time zone becomes the shop's when it has none yet (later the merchant
    changes it in personal info); an unknown one is left aside."""
    merchant = merchant_by_account(account=account)
    if merchant is None:
        # Spend the same hashing time as for a real account, so timing does not tell which accounts exist.
        make_password(password)
        raise AppError(_("Incorrect account or password."))
    if not merchant.check_password(password):
        raise AppError(_("Incorrect account or password."))
    if time_zone and not merchant.time_zone and time_zone in time_zone_names():
        merchant_time_zone_set(merchant=merchant, time_zone=time_zone)
    seen, _new = device_seen(merchant=merchant, key=device, user_agent=user_agent, ip=ip)
    return merchant, session_create(merchant=merchant, user_agent=user_agent, ip=ip, device=seen)


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
) -> tuple[Merchant | None, str | None]:
    """A linked identity signs in on the browser whose key is `device` (services.devices: a new one is told):
    (merchant, token), and the link is spent. An unknown one: (None, None), to continue to registration
    (tkregister) with the same link, which is kept for it."""
    link = third_party_link_verify(data=data, code=code, partner=partner)
    with transaction.atomic():
        identity = ThirdPartyIdentity.objects.select_related("merchant").filter(partner=partner, uid=link.uid).first()
        if identity is None:
            third_party_link_keep(link=link)
            return None, None
        third_party_link_spend(link=link)
        seen, _new = device_seen(merchant=identity.merchant, key=device, user_agent=user_agent, ip=ip)
        token = session_create(merchant=identity.merchant, user_agent=user_agent, ip=ip, device=seen)
    return identity.merchant, token
