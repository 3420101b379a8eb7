import copy
from datetime import timedelta

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS
from django.db.models import DateTimeField, F, Model, Q
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from apps.core.prepared import Param, Prepared

from .models import AuthToken, Merchant

# shop.Level, read without importing the shop app (it sits above accounts).
Level = Merchant._meta.get_field("level").related_model

# Sliding expiry is written at most this often per token, not on every request.
TOUCH_EVERY = timedelta(minutes=5)


# The signed-in merchant of a live token, in one statement run on every request: the merchant's row, the token's
# id, whether its sliding expiry is due, and its level's `announced_at` (with the id, what tells the row), compiled once
# (building it with the ORM on every request cost four times what running it does: README, Performance).
_MERCHANT_FIELDS = tuple(field.attname for field in Merchant._meta.concrete_fields)
_SESSION = Prepared(
    lambda: AuthToken.objects.filter(
        key_hash=Param("key_hash"), revoked_at__isnull=True, expires_at__gt=Param("now", DateTimeField())
    ).values(
        *(f"merchant__{name}" for name in _MERCHANT_FIELDS),
        token_id=F("id"),
        touch_due=Q(last_used_at__lt=Param("touch_before", DateTimeField())),
        level_announced=F("merchant__level__announced_at"),
    )
)


# Levels by id, each with the `announced_at` it was read with. A level row is a version of a level's terms that never
# changes once written (apps.core.terms; on PostgreSQL the database refuses UPDATE too), so a row read once is the
# row in every process; a merchant moves to another level by pointing at another row. `announced_at`, read with the
# merchant on every request, and the forgetting on insert only guard against an id used again for another row (a
# database emptied and filled again, as between tests).
_levels: dict[int, tuple[object, Model]] = {}


@receiver(post_save, sender=Level)
def _forget_levels(**kwargs: object) -> None:
    _levels.clear()


def _level(level_id: int, announced: object) -> Model:
    cached = _levels.get(level_id)
    if cached is None or cached[0] != announced:
        cached = _levels[level_id] = (announced, Level._default_manager.get(pk=level_id))
    return copy.copy(cached[1])  # a request may annotate its level; the cached one stays as read


class TokenHeaderAuthentication(authentication.BaseAuthentication):
    """Reads the opaque session token from the `token` header (spec section 7)."""

    def authenticate(self, request: Request) -> tuple[Merchant, AuthToken] | None:
        raw = request.headers.get("token")
        if not raw:
            return None
        now = timezone.now()
        session = _SESSION.row(key_hash=AuthToken.hash(raw), now=now, touch_before=now - TOUCH_EVERY)
        if session is None:
            raise exceptions.AuthenticationFailed(_("Your session has expired. Please sign in again."))
        values = [session[f"merchant__{name}"] for name in _MERCHANT_FIELDS]
        merchant = Merchant.from_db(DEFAULT_DB_ALIAS, _MERCHANT_FIELDS, values)
        if merchant.level_id is not None:
            merchant.level = _level(merchant.level_id, session["level_announced"])  # type: ignore[assignment]  # a Level
        token = AuthToken(pk=session["token_id"], merchant=merchant)
        if session["touch_due"]:
            ttl = timedelta(days=settings.SESSION_TOKEN_TTL_DAYS)
            AuthToken.objects.filter(pk=token.pk).update(last_used_at=now, expires_at=now + ttl)
        return merchant, token

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
