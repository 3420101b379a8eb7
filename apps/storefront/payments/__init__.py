"""Payment providers (issue 14): how the storefront takes a buyer's money for an order, behind one interface.

A provider starts a payment for an order (a page of its own where the buyer pays, reached by redirect) and later
tells the outcome through a signed webhook, which `event()` verifies and reads. settings.PAYMENT_PROVIDER names the
one in use: "stripe" (Stripe Checkout, apps.storefront.payments.stripe) in production; "dev" (a plainly labelled test
page whose buttons send the same signed webhook, apps.storefront.payments.dev) for `make run` and the tests.
apps.storefront.services applies an event to the order, once, however many times the provider sends it.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from typing import Protocol

from django.conf import settings
from django.utils.module_loading import import_string

PROVIDERS = {
    "dev": "apps.storefront.payments.dev.DevProvider",
    "stripe": "apps.storefront.payments.stripe.StripeProvider",
}


class Outcome(Enum):
    PAID = "paid"
    FAILED = "failed"


@dataclass(frozen=True)
class PaymentRequest:
    """What a provider needs to start a payment: one line, the order's total."""

    reference: str  # the order's storefront reference, given back in the provider's events
    description: str  # "<shop>: order <number>", shown on the provider's page
    amount: Decimal
    currency: str
    email: str
    language: str  # Django's code of the buyer's language
    return_url: str  # the buyer's order page (absolute), where the provider sends the buyer back


@dataclass(frozen=True)
class Started:
    session_id: str
    url: str  # where the buyer pays


@dataclass(frozen=True)
class PaymentEvent:
    """A verified webhook: which payment, how it ended (None: an event the storefront does not act on) and the amount
    the provider took."""

    session_id: str
    outcome: Outcome | None
    amount: Decimal | None = None
    currency: str = ""


class WebhookRefusedError(Exception):
    """A webhook that is not the provider's (bad or missing signature, stale, unreadable): answered 400, no change."""


class PaymentProvider(Protocol):
    name: str
    # Origins the checkout form's redirect may go to (Content-Security-Policy form-action), besides the site's own.
    form_origins: tuple[str, ...]

    def start(self, request: PaymentRequest) -> Started: ...

    def event(self, body: bytes, headers: Mapping[str, str]) -> PaymentEvent: ...

    def refund(self, *, session_id: str, amount: Decimal, currency: str, key: str) -> None:
        """Gives a paid payment's `amount` back to the buyer; `key` makes a repeated call one refund."""


def provider() -> PaymentProvider:
    """The provider in use (settings.PAYMENT_PROVIDER)."""
    return provider_named(settings.PAYMENT_PROVIDER)


def provider_named(name: str) -> PaymentProvider:
    """The provider of a payment started earlier (a refund goes back the way the money came)."""
    return import_string(PROVIDERS[name])()
