"""The storefront's signature on an order-intake request (README, "Order intake for storefronts").

Every request carries two headers:

    X-Storefront-Timestamp: the Unix time (seconds) at which the storefront signed it
    X-Storefront-Signature: hex(HMAC-SHA256(settings.STOREFRONT_SECRET, f"{timestamp}.".encode() + raw body))

A request is refused (nothing is read or changed) when a header is missing, the timestamp is more than
STOREFRONT_SIGNATURE_WINDOW_SECONDS away from now (either way), the signature does not match, or the signature was
already used: each signature is spent once (IntakeSignature, unique), so a replayed request has no second effect.
"""

from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.accounts.models import Merchant
from apps.core.errors import AppError, ErrorCode, field_error
from apps.core.signatures import hmac_sha256_hex, signature_matches

from .models import IntakeSignature, Order
from .selectors import order_missing

TIMESTAMP_HEADER = "X-Storefront-Timestamp"
SIGNATURE_HEADER = "X-Storefront-Signature"
# A timestamp is a plain count of seconds: at most this many digits (no sign, no exponent, no date ever read of it).
TIMESTAMP_DIGITS_MAX = 12
SIGNATURE_LENGTH = 64  # hex SHA-256


class SignatureError(Exception):
    """A request the storefront did not sign, or not now, or not for the first time: answered HTTP 403 (code 0)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def signed_message(timestamp: str, body: bytes) -> bytes:
    return f"{timestamp}.".encode() + body


def sign(*, timestamp: int | str, body: bytes, secret: str | None = None) -> str:
    """The signature a storefront sends with `body` at `timestamp` (used by the demo data and the tests)."""
    return hmac_sha256_hex(
        settings.STOREFRONT_SECRET if secret is None else secret, signed_message(str(timestamp), body)
    )


def signature_verify(*, timestamp: str | None, signature: str | None, body: bytes) -> None:
    """Checks a request's signature and spends it; raises SignatureError with the reason the storefront can act on
    (one message for every kind of bad signature, none that helps a guesser)."""
    if not timestamp or not signature:
        raise SignatureError(
            _("The request is not signed: send the %(timestamp)s and %(signature)s headers.")
            % {"timestamp": TIMESTAMP_HEADER, "signature": SIGNATURE_HEADER}
        )
    timestamp, signature = timestamp.strip(), signature.strip().lower()
    if not timestamp.isascii() or not timestamp.isdigit() or len(timestamp) > TIMESTAMP_DIGITS_MAX:
        raise SignatureError(_("The request's timestamp is not valid: send the Unix time in seconds."))
    window = settings.STOREFRONT_SIGNATURE_WINDOW_SECONDS
    now = timezone.now()
    if abs(now.timestamp() - int(timestamp)) > window:
        raise SignatureError(
            _("The request's timestamp is more than %(seconds)d seconds away from the server's time.")
            % {"seconds": window}
        )
    if len(signature) != SIGNATURE_LENGTH or not signature_matches(
        settings.STOREFRONT_SECRET, signed_message(timestamp, body), signature
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


def order_id_by_ref(external_ref: str) -> int:
    """The order the storefront knows by `external_ref`; an unknown one answers like a missing order."""
    order_id = Order.objects.filter(external_ref=external_ref.strip()).values_list("pk", flat=True).first()
    if order_id is None:
        raise AppError(order_missing(), ErrorCode.NOT_FOUND)
    return order_id


def shop_merchant(shop_id: int) -> Merchant:
    """The merchant of a shop the storefront names; an unknown shop answers so."""
    merchant = Merchant.objects.filter(shop__pk=shop_id).first()
    if merchant is None:
        raise field_error("shop", _("This shop does not exist."), ErrorCode.NOT_FOUND)
    return merchant
