"""Sessions and sign-in: opaque tokens, account and password, a partner's signed link."""

import base64
import binascii
import hashlib
import hmac
import json
import secrets
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.core.errors import AppError, ErrorCode

from ..models import AuthToken, Merchant, ThirdPartyIdentity
from ..selectors import merchant_by_account


# ---------- sessions ----------
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


def session_revoke(*, token_ids: list[int]) -> int:
    """Ends the given sessions (logout; the operators' revoke action). Returns how many were still open."""
    return AuthToken.objects.filter(pk__in=token_ids, revoked_at__isnull=True).update(revoked_at=timezone.now())


# ---------- sign-in ----------
def merchant_login(*, account: str, password: str, user_agent: str = "", ip: str | None = None) -> tuple[Merchant, str]:
    """Phone or email + password -> (merchant, new session token)."""
    merchant = merchant_by_account(account=account)
    if merchant is None:
        # Spend the same hashing time as for a real account, so timing does not tell which accounts exist.
        make_password(password)
        raise AppError(_("Incorrect account or password."))
    if not merchant.check_password(password):
        raise AppError(_("Incorrect account or password."))
    return merchant, session_create(merchant=merchant, user_agent=user_agent, ip=ip)


# ---------- third-party sign-in ----------
def third_party_payload(*, data: str, code: str) -> dict[str, Any]:
    """Checks a partner's payload: `data` = base64url(JSON {uid, exp, name?}), `code` = hex HMAC-SHA256 of `data`
    with settings.THIRD_PARTY_SECRET. Returns the JSON; refuses a bad signature, a bad shape or an expired one."""
    invalid = AppError(_("The sign-in link is invalid or has expired."), ErrorCode.FORBIDDEN)
    secret = settings.THIRD_PARTY_SECRET
    if not secret:
        raise invalid
    expected = hmac.new(secret.encode(), data.encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, code.strip().lower()):
        raise invalid
    try:
        payload = json.loads(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)))
    except (binascii.Error, ValueError):
        raise invalid from None
    if not isinstance(payload, dict):
        raise invalid
    uid, exp = payload.get("uid"), payload.get("exp")
    if not isinstance(uid, str) or not uid or len(uid) > 128:
        raise invalid
    if not isinstance(exp, int) or isinstance(exp, bool) or exp < timezone.now().timestamp():
        raise invalid
    return payload


def third_party_login(
    *, data: str, code: str, partner: str, user_agent: str = "", ip: str | None = None
) -> tuple[Merchant | None, str | None]:
    """A linked identity signs in: (merchant, token). An unknown one: (None, None), to continue to registration."""
    payload = third_party_payload(data=data, code=code)
    identity = ThirdPartyIdentity.objects.select_related("merchant").filter(partner=partner, uid=payload["uid"]).first()
    if identity is None:
        return None, None
    token = session_create(merchant=identity.merchant, user_agent=user_agent, ip=ip)
    return identity.merchant, token
