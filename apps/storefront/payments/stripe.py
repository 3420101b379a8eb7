"""Stripe Checkout (the `stripe` package): a hosted payment page per order, and its webhook, whose signature the
library verifies with the endpoint's secret (settings.STRIPE_WEBHOOK_SECRET).

Events acted on: checkout.session.completed once paid (a card), checkout.session.async_payment_succeeded (a method
that settles later); checkout.session.async_payment_failed and checkout.session.expired end the payment as failed.
Any other event type is acknowledged and ignored. The webhook endpoint to register with Stripe is
/pay/webhook/stripe (docs/storefront.md)."""

import functools
from collections.abc import Mapping
from datetime import timedelta
from decimal import Decimal

import stripe
from babel.numbers import get_currency_precision
from django.conf import settings
from django.utils import timezone

from . import Outcome, PaymentEvent, PaymentRequest, Started, WebhookRefusedError

# Stripe's page in the buyer's language (Django's codes to Stripe's).
LOCALES = {"en": "en", "zh-hans": "zh", "zh-hant": "zh-TW", "ru": "ru", "ko": "ko", "ja": "ja", "th": "th"}
# Stripe keeps a Checkout session open at least 30 minutes.
SESSION_MINUTES_MIN = 30
OUTCOMES = {
    "checkout.session.async_payment_succeeded": Outcome.PAID,
    "checkout.session.async_payment_failed": Outcome.FAILED,
    "checkout.session.expired": Outcome.FAILED,
}


def minor_units(amount: Decimal, currency: str) -> int:
    """An amount in the currency's smallest unit, as Stripe counts it (cents; yen as they are)."""
    return int(amount.scaleb(get_currency_precision(currency)))


@functools.cache
def _client(key: str, api_base: str) -> stripe.StripeClient:
    """One client per process and settings: its HTTP session (one per thread, the library's) keeps the connection to
    Stripe open, so a checkout does not open a new TCP and TLS connection each time. A retried request carries the
    idempotency key the library gave the first try: one session, not two."""
    if api_base:  # a stand-in of Stripe's API (the tests, the bench)
        return stripe.StripeClient(key, base_addresses={"api": api_base}, max_network_retries=2)
    return stripe.StripeClient(key, max_network_retries=2)


class StripeProvider:
    name = "stripe"
    form_origins = ("https://checkout.stripe.com",)

    def _client(self) -> stripe.StripeClient:
        return _client(settings.STRIPE_SECRET_KEY, settings.STRIPE_API_BASE)

    def start(self, request: PaymentRequest) -> Started:
        minutes = max(settings.ORDER_PAYMENT_WINDOW_MINUTES, SESSION_MINUTES_MIN) + 1
        expires = timezone.now() + timedelta(minutes=minutes)
        session = self._client().v1.checkout.sessions.create(
            params={
                "mode": "payment",
                "line_items": [
                    {
                        "quantity": 1,
                        "price_data": {
                            "currency": request.currency.lower(),
                            "unit_amount": minor_units(request.amount, request.currency),
                            "product_data": {"name": request.description},
                        },
                    }
                ],
                "client_reference_id": request.reference,
                "metadata": {"order": request.reference},
                "customer_email": request.email,
                "locale": LOCALES.get(request.language, "auto"),
                "success_url": request.return_url,
                "cancel_url": request.return_url,
                "expires_at": int(expires.timestamp()),
            },
        )
        return Started(session_id=session.id, url=str(session.url))

    def refund(self, *, session_id: str, amount: Decimal, currency: str, key: str) -> None:
        """A refund of the session's payment (its PaymentIntent), sent with `key` as Stripe's idempotency key."""
        client = self._client()
        session = client.v1.checkout.sessions.retrieve(session_id)
        client.v1.refunds.create(
            params={"payment_intent": str(session.payment_intent), "amount": minor_units(amount, currency)},
            options={"idempotency_key": key},
        )

    def event(self, body: bytes, headers: Mapping[str, str]) -> PaymentEvent:
        try:
            event = stripe.Webhook.construct_event(
                body, headers.get("Stripe-Signature", ""), settings.STRIPE_WEBHOOK_SECRET
            )
        except (ValueError, stripe.SignatureVerificationError) as exc:
            raise WebhookRefusedError(str(exc)) from exc
        if not event.type.startswith("checkout.session."):
            return PaymentEvent(session_id="", outcome=None)
        session = event.data.object.to_dict()
        outcome = OUTCOMES.get(event.type)
        if event.type == "checkout.session.completed" and session.get("payment_status") == "paid":
            outcome = Outcome.PAID
        currency = str(session.get("currency") or "").upper()
        total = session.get("amount_total")
        amount = Decimal(total).scaleb(-get_currency_precision(currency)) if total is not None and currency else None
        return PaymentEvent(session_id=str(session.get("id", "")), outcome=outcome, amount=amount, currency=currency)
