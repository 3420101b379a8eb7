from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS
from django.db.models import DateTimeField, F, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from apps.core.prepared import Param, Prepared

from .models import AuthToken, Merchant

# Sliding expiry is written at most this often per token, not on every request.
TOUCH_EVERY = timedelta(minutes=5)


# The signed-in merchant of a live token, in one statement run on every request: the merchant's row, the token's
# id and whether its sliding expiry is due, compiled once (building it with the ORM on every request cost four times
# what running it does: docs/performance.md).
_MERCHANT_FIELDS = tuple(field.attname for field in Merchant._meta.concrete_fields)


def session_read(**extra: Any) -> Prepared:
    """The statement that reads a live token's merchant, with `extra` values (expressions over the token's row) read in
    the same statement: what an authentication above accounts attaches to the merchant (TokenHeaderAuthentication.
    attach)."""
    return Prepared(
        lambda: AuthToken.objects.filter(
            key_hash=Param("key_hash"), revoked_at__isnull=True, expires_at__gt=Param("now", DateTimeField())
        ).values(
            *(f"merchant__{name}" for name in _MERCHANT_FIELDS),
            token_id=F("id"),
            touch_due=Q(last_used_at__lt=Param("touch_before", DateTimeField())),
            **extra,
        )
    )


class TokenHeaderAuthentication(authentication.BaseAuthentication):
    """Reads the opaque session token from the `token` header (spec section 7). The one configured
    (settings.REST_FRAMEWORK) is apps.levels.authentication's, which also attaches the merchant's level."""

    session = session_read()

    def authenticate(self, request: Request) -> tuple[Merchant, AuthToken] | None:
        raw = request.headers.get("token")
        if not raw:
            return None
        now = timezone.now()
        session = self.session.row(key_hash=AuthToken.hash(raw), now=now, touch_before=now - TOUCH_EVERY)
        if session is None:
            raise exceptions.AuthenticationFailed(_("Your session has expired. Please sign in again."))
        values = [session[f"merchant__{name}"] for name in _MERCHANT_FIELDS]
        merchant = Merchant.from_db(DEFAULT_DB_ALIAS, _MERCHANT_FIELDS, values)
        self.attach(merchant, session)
        token = AuthToken(pk=session["token_id"], merchant=merchant)
        if session["touch_due"]:
            ttl = timedelta(days=settings.SESSION_TOKEN_TTL_DAYS)
            AuthToken.objects.filter(pk=token.pk).update(last_used_at=now, expires_at=now + ttl)
        return merchant, token

    def attach(self, merchant: Merchant, session: dict[str, Any]) -> None:
        """Attaches to the signed-in merchant what `session` (this class's session_read) read with it: nothing here."""

    def authenticate_header(self, request: Request) -> str:
        # Makes DRF answer 401 (not 403) when no token is sent.
        return "token"


def signed_in_or_none(request: Request) -> Merchant | None:
    """The signed-in merchant on a view open to everyone (AllowAny), or None."""
    return request.user if isinstance(request.user, Merchant) else None


def signed_in(request: Request) -> Merchant:
    """The signed-in merchant: the one way views get it (they keep the default IsAuthenticated permission)."""
    merchant = signed_in_or_none(request)
    if merchant is None:
        raise exceptions.NotAuthenticated()
    return merchant
