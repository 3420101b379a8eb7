"""The development provider: no money moves. Its payment page (apps.storefront.views.dev_payment) says so plainly;
its "Pay" and "Fail" buttons sign an event as a provider would and hand it to the same webhook handling a real
provider's request goes through. Refused in production (config/settings/production.py)."""

import json
import secrets
import time
from collections.abc import Mapping
from decimal import Decimal

from django.conf import settings
from django.urls import reverse
from rest_framework import serializers

from apps.core.money import MONEY_CEILING, ZERO
from apps.core.signatures import hmac_sha256_hex, signature_matches

from . import Outcome, PaymentEvent, PaymentRequest, Started, WebhookRefusedError

SIGNATURE_HEADER = "X-Dev-Payment-Signature"  # "t=<unix seconds>,v1=<hex HMAC-SHA256 of '<t>.' + body>"
TOLERANCE_SECONDS = 300


def signed_event(*, session_id: str, outcome: Outcome, amount: Decimal, currency: str) -> tuple[bytes, dict[str, str]]:
    """The body and headers the development provider's webhook carries for one outcome of a payment."""
    body = json.dumps(
        {"session": session_id, "outcome": outcome.value, "amount": str(amount), "currency": currency}
    ).encode()
    timestamp = str(int(time.time()))
    signature = hmac_sha256_hex(settings.DEV_PAYMENT_SECRET, f"{timestamp}.".encode() + body)
    return body, {SIGNATURE_HEADER: f"t={timestamp},v1={signature}"}


class EventSerializer(serializers.Serializer):
    """The body of an event (signed_event's): an amount is money as everywhere (apps.core.money), a finite number
    of at most 2 places from 0 to the ceiling; NaN, an infinity, a negative or a malformed one is no event."""

    session = serializers.CharField(max_length=255, trim_whitespace=False)
    outcome = serializers.ChoiceField(choices=[outcome.value for outcome in Outcome])
    amount = serializers.DecimalField(max_digits=20, decimal_places=2, min_value=ZERO, max_value=MONEY_CEILING)
    currency = serializers.CharField(max_length=3, trim_whitespace=False)


class DevProvider:
    name = "dev"
    form_origins: tuple[str, ...] = ()

    def start(self, request: PaymentRequest) -> Started:
        session_id = f"dev_{secrets.token_urlsafe(16)}"
        return Started(session_id=session_id, url=reverse("storefront-dev-payment", kwargs={"session_id": session_id}))

    def refund(self, *, session_id: str, amount: Decimal, currency: str, key: str) -> None:
        """No money moved, so none goes back."""

    def event(self, body: bytes, headers: Mapping[str, str]) -> PaymentEvent:
        parts = dict(part.split("=", 1) for part in headers.get(SIGNATURE_HEADER, "").split(",") if "=" in part)
        timestamp, signature = parts.get("t", ""), parts.get("v1", "")
        if not (timestamp.isascii() and timestamp.isdigit() and len(timestamp) <= 12 and signature):
            raise WebhookRefusedError("no signature")
        if abs(time.time() - int(timestamp)) > TOLERANCE_SECONDS:
            raise WebhookRefusedError("stale signature")
        if not signature_matches(settings.DEV_PAYMENT_SECRET, f"{timestamp}.".encode() + body, signature):
            raise WebhookRefusedError("bad signature")
        try:
            event = EventSerializer(data=json.loads(body))
        except (ValueError, RecursionError) as exc:
            raise WebhookRefusedError("unreadable event") from exc
        if not event.is_valid():
            raise WebhookRefusedError("unreadable event")
        data = event.validated_data
        return PaymentEvent(
            session_id=data["session"],
            outcome=Outcome(data["outcome"]),
            amount=data["amount"],
            currency=data["currency"],
        )
