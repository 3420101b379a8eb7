from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from .models import AuthToken, Merchant

# Sliding expiry is written at most this often per token, not on every request.
TOUCH_EVERY = timedelta(minutes=5)


class TokenHeaderAuthentication(authentication.BaseAuthentication):
    """Reads the opaque session token from the `token` header (spec section 7)."""

    def authenticate(self, request: Request) -> tuple[Merchant, AuthToken] | None:
        raw = request.headers.get("token")
        if not raw:
            return None
        now = timezone.now()
        token = (
            AuthToken.objects.select_related("merchant", "merchant__level")
            .filter(key_hash=AuthToken.hash(raw), revoked_at__isnull=True, expires_at__gt=now)
            .first()
        )
        if token is None:
            raise exceptions.AuthenticationFailed(_("Your session has expired. Please sign in again."))
        if now - token.last_used_at > TOUCH_EVERY:
            ttl = timedelta(days=settings.SESSION_TOKEN_TTL_DAYS)
            AuthToken.objects.filter(pk=token.pk).update(last_used_at=now, expires_at=now + ttl)
        return token.merchant, token

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
