"""The storefronts' keys and their signature on an order-intake request (docs/intake.md).

A storefront other than the platform's own gets a key from an operator who holds orders.add_storefrontkey
(storefront_key_create): a public key id, a secret shown once, and the shops it may send orders for. The platform's
storefront (apps.storefront) needs none: it calls the order services in-process, and only its payment provider's
verified webhook pays its orders. No secret is shared by all storefronts.

Every request carries three headers:

    X-Storefront-Key: the key id
    X-Storefront-Timestamp: the Unix time (seconds) at which the storefront signed it
    X-Storefront-Signature: hex(HMAC-SHA256(the key's secret, f"{timestamp}.".encode() + raw body))

A request is refused (nothing is read or changed) when a header is missing, the key is unknown or deactivated, the
timestamp is more than STOREFRONT_SIGNATURE_WINDOW_SECONDS away from now (either way), the signature does not match,
or the signature was already used: each signature is spent once (IntakeSignature, unique), so a replayed request has
no second effect. The key then bounds what the request may do: orders and visits of the shops it serves only, and
only the orders it sent (apps.orders.intake_apis).
"""

import secrets
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from apps.accounts.models import Merchant
from apps.accounts.services import operator_action_record
from apps.core.errors import AppError, ErrorCode, field_error, reason_for
from apps.core.signatures import hmac_sha256_hex, signature_matches
from apps.shop.models import Shop

from .constants import STOREFRONT_KEY_NAME_MAX, STOREFRONT_KEY_SHOPS_MAX
from .models import IntakeSignature, Order, StorefrontKey
from .selectors import order_missing

KEY_HEADER = "X-Storefront-Key"
TIMESTAMP_HEADER = "X-Storefront-Timestamp"
SIGNATURE_HEADER = "X-Storefront-Signature"
# A timestamp is a plain count of seconds: at most this many digits (no sign, no exponent, no date ever read of it).
TIMESTAMP_DIGITS_MAX = 12
SIGNATURE_LENGTH = 64  # hex SHA-256
KEY_ID_PREFIX = "sfk_"
KEY_ID_MAX = 32

# The operator actions a key is to the merchants of the shops it serves (apps.accounts.services.operator_action_record).
KEY_ADDED = "storefront_key_added"
KEY_DEACTIVATED = "storefront_key_deactivated"
KEY_ADDED_TITLE = gettext_noop("The storefront %(name)s may now send orders to your shop")
KEY_DEACTIVATED_TITLE = gettext_noop("The storefront %(name)s no longer sends orders to your shop")


class SignatureError(Exception):
    """A request the storefront did not sign, or not now, or not for the first time: answered HTTP 403 (code 0)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def signed_message(timestamp: str, body: bytes) -> bytes:
    return f"{timestamp}.".encode() + body


def sign(*, timestamp: int | str, body: bytes, secret: str) -> str:
    """The signature a storefront sends with `body` at `timestamp` (used by the demo data)."""
    return hmac_sha256_hex(secret, signed_message(str(timestamp), body))


def signature_verify(*, key_id: str | None, timestamp: str | None, signature: str | None, body: bytes) -> StorefrontKey:
    """Checks a request's key and signature and spends the signature; the key that signed it. Raises SignatureError
    with the reason the storefront can act on (one message for every kind of bad signature, none that helps a
    guesser)."""
    if not key_id or not timestamp or not signature:
        raise SignatureError(
            _("The request is not signed: send the %(key)s, %(timestamp)s and %(signature)s headers.")
            % {"key": KEY_HEADER, "timestamp": TIMESTAMP_HEADER, "signature": SIGNATURE_HEADER}
        )
    key_id, timestamp, signature = key_id.strip(), timestamp.strip(), signature.strip().lower()
    if not timestamp.isascii() or not timestamp.isdigit() or len(timestamp) > TIMESTAMP_DIGITS_MAX:
        raise SignatureError(_("The request's timestamp is not valid: send the Unix time in seconds."))
    window = settings.STOREFRONT_SIGNATURE_WINDOW_SECONDS
    now = timezone.now()
    if abs(now.timestamp() - int(timestamp)) > window:
        raise SignatureError(
            _("The request's timestamp is more than %(seconds)d seconds away from the server's time.")
            % {"seconds": window}
        )
    key = StorefrontKey.objects.filter(key_id=key_id[:KEY_ID_MAX], is_active=True).first() if key_id.isascii() else None
    if key is None:
        raise SignatureError(_("This storefront key is not valid or no longer active."))
    if len(signature) != SIGNATURE_LENGTH or not signature_matches(
        key.secret, signed_message(timestamp, body), signature
    ):
        raise SignatureError(_("The request's signature is not valid."))
    # A signature stays valid while its timestamp is within the window of now, which a timestamp up to one window
    # ahead keeps for two windows after it arrives: spent signatures are kept that long, then pruned.
    try:
        with transaction.atomic():
            IntakeSignature.objects.filter(created_at__lt=now - timedelta(seconds=2 * window)).delete()
            IntakeSignature.objects.create(signature=signature)
    except IntegrityError:
        raise SignatureError(_("This request was already received: sign each request anew.")) from None
    return key


def key_serves(key: StorefrontKey, shop_id: int) -> None:
    """Refuses a shop the key does not serve (a shop that does not exist is one it does not serve)."""
    if not key.shops.filter(pk=shop_id).exists():
        raise field_error("shop", _("This storefront key does not serve this shop."), ErrorCode.FORBIDDEN)


def order_id_by_ref(external_ref: str, key: StorefrontKey) -> int:
    """The order this key's storefront knows by `external_ref`; an unknown one, or another storefront's, answers like
    a missing order."""
    order_id = (
        Order.objects.filter(external_ref=external_ref.strip(), storefront_key=key).values_list("pk", flat=True).first()
    )
    if order_id is None:
        raise AppError(order_missing(), ErrorCode.NOT_FOUND)
    return order_id


def shop_merchant(shop_id: int) -> Merchant:
    """The merchant of a shop the storefront names (its key serves it: IntakeApi checked)."""
    merchant = Merchant.objects.filter(shop__pk=shop_id).first()
    if merchant is None:
        raise field_error("shop", _("This shop does not exist."), ErrorCode.NOT_FOUND)
    return merchant


# --- the keys (the operators' console, apps.orders.admin) ------------------------------------------------------------


def _may(operator: Any, permission: str) -> None:
    if operator is None or not operator.has_perm(permission):
        raise AppError(_("You do not have the permission to do this."), ErrorCode.FORBIDDEN)


@transaction.atomic
def storefront_key_create(
    *, name: str, shop_ids: Iterable[int], operator: Any, reason: str
) -> tuple[StorefrontKey, str]:
    """A new storefront key for the named shops, by an operator holding orders.add_storefrontkey: (the key, its
    secret). The secret is answered here once and never again. Each served shop's merchant is told, with the reason."""
    _may(operator, "orders.add_storefrontkey")
    name, reason = name.strip(), reason.strip()
    if not name:
        raise field_error("name", _("Please give the storefront's name."))
    if len(name) > STOREFRONT_KEY_NAME_MAX:
        raise field_error("name", _("A name has at most %(max)d characters.") % {"max": STOREFRONT_KEY_NAME_MAX})
    if not reason:
        raise field_error("reason", _("Please give a reason."))
    if StorefrontKey.objects.filter(name__iexact=name).exists():
        raise field_error("name", _("A storefront key with this name exists already."), ErrorCode.CONFLICT)
    ids = sorted(set(shop_ids))
    if len(ids) > STOREFRONT_KEY_SHOPS_MAX:
        raise field_error("shops", _("A key serves at most %(max)d shops.") % {"max": STOREFRONT_KEY_SHOPS_MAX})
    shops = list(Shop.objects.filter(pk__in=ids).select_related("merchant").order_by("pk"))
    if not ids or len(shops) != len(ids):
        raise field_error("shops", _("Please choose the shops this storefront serves."))
    secret = secrets.token_urlsafe(32)
    key = StorefrontKey.objects.create(
        name=name, key_id=KEY_ID_PREFIX + secrets.token_hex(8), secret=secret, created_by=operator
    )
    key.shops.set(shops)
    for shop in shops:
        operator_action_record(
            merchant=shop.merchant,
            operator=operator,
            kind=KEY_ADDED,
            title=KEY_ADDED_TITLE,
            reason=reason,
            params={"name": name},
        )
    return key, secret


@transaction.atomic
def storefront_key_deactivate(*, key_id: int, operator: Any, reason: str) -> StorefrontKey:
    """Ends a key for good, by an operator holding orders.change_storefrontkey: its requests are refused from now on
    (its orders stay, and go on through the platform's steps). Each served shop's merchant is told, with the reason."""
    _may(operator, "orders.change_storefrontkey")
    reason = reason_for(StorefrontKey, "deactivation_reason", reason)
    key = StorefrontKey.objects.select_for_update(no_key=True).filter(pk=key_id).first()
    if key is None:
        raise AppError(_("This storefront key does not exist."), ErrorCode.NOT_FOUND)
    if not key.is_active:
        raise AppError(_("This storefront key was already deactivated."), ErrorCode.STATE)
    key.is_active, key.deactivated_by, key.deactivated_at = False, operator, timezone.now()
    key.deactivation_reason = reason
    key.save(update_fields=["is_active", "deactivated_by", "deactivated_at", "deactivation_reason"])
    for shop in key.shops.select_related("merchant").order_by("pk"):
        operator_action_record(
            merchant=shop.merchant,
            operator=operator,
            kind=KEY_DEACTIVATED,
            title=KEY_DEACTIVATED_TITLE,
            reason=reason,
            params={"name": key.name},
        )
    return key
