"""The storefront's writes: checkout (one shop's cart becomes one order, through apps.orders.services.order_create, the
same service the signed intake calls), starting a payment with the provider, applying the provider's verified events
to the order, once each, and giving a payment back through the provider when the ledger gave it back. The ledger is
written by the orders services only (order_pay, order_cancel, refund_approve)."""

import logging
import secrets
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import timedelta

import stripe
from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from apps.core import outbox
from apps.core.errors import AppError, ErrorCode
from apps.core.locks import names_lock
from apps.core.transitions import transition
from apps.orders.constants import OrderStatus
from apps.orders.models import Order
from apps.orders.selectors import order_in_stock, order_sold_out
from apps.orders.services import LineRequest, order_create, order_pay
from apps.shop.models import Shop

from . import payments, selectors, tasks
from .constants import PaymentStatus
from .models import BuyerOrder, Payment
from .payments import Outcome, PaymentEvent

logger = logging.getLogger(__name__)

# A payment page stays usable this long (Stripe keeps a Checkout session 30 minutes at least): "Pay" again within it
# reopens the same page rather than starting a second payment.
PAYMENT_REUSE = timedelta(minutes=25)
# Why a payment of another amount than its order's is to be given back (its status history).
PAID_ANOTHER_AMOUNT = gettext_noop("The buyer paid %(paid)s; the order asked %(asked)s")


@dataclass(frozen=True)
class Shipping:
    name: str
    phone: str
    address: str
    country: str
    email: str


def checkout(
    *,
    shop: Shop,
    lines: dict[int, int],
    shipping: Shipping,
    language: str,
    page_url: Callable[[str], str],
    key: uuid.UUID,
    client: str = "",
) -> BuyerOrder:
    """Places the order of one shop's cart (awaiting payment, its stock held within the bounds of order_create) and
    e-mails the buyer its page's address, `page_url(token)`. `key` is the checkout form's: the order's reference, so
    the same form sent again places nothing new (selectors.checkout_placed finds the first). `client` is the buyer's
    address (selectors.client_key): with the email it bounds the units one buyer's unpaid orders hold at once
    (settings.ORDER_UNPAID_BUYER_MAX_UNITS). Raises AppError when the shop or a product cannot be ordered, or the
    buyer holds too much already (nothing is placed)."""
    email = shipping.email.lower()
    with transaction.atomic():
        names_lock(f"buyer-client:{client}" if client else "", f"buyer-email:{email}")
        held = selectors.units_held(client=client, email=email)
        order = order_create(
            shop_id=shop.pk,
            external_ref=selectors.checkout_reference(key),
            lines=[LineRequest(goods_id=goods, quantity=quantity) for goods, quantity in lines.items()],
            ship_name=shipping.name,
            ship_phone=shipping.phone,
            ship_address=shipping.address,
            ship_country=shipping.country,
        )
        most = settings.ORDER_UNPAID_BUYER_MAX_UNITS
        if order.stock_reserved and held + order.quantity > most:
            raise AppError(
                _(
                    "At most %(max)d items may wait for payment from you at once, and %(held)d already do. Please "
                    "pay or cancel those orders first, or order fewer."
                )
                % {"max": most, "held": held},
                ErrorCode.LIMIT_REACHED,
            )
        buyer_order = BuyerOrder.objects.create(
            order=order, token=secrets.token_urlsafe(32), email=email, language=language, client=client
        )
        url = page_url(buyer_order.token)
        outbox.enqueue(tasks.buyer_order_mail, buyer_order_id=buyer_order.pk, url=url)
    return buyer_order


def payment_start(*, buyer_order: BuyerOrder, return_url: str, placed: bool = False) -> Payment:
    """The payment the buyer goes on to: the open one started in the last minutes, or a new one with the provider
    (called outside any transaction: it may take seconds). `placed`: `buyer_order` was returned by checkout in this
    request (its order holds its units and awaits payment, and no payment of it exists yet), so nothing is read
    again. Raises AppError when the order is not awaiting payment or the provider cannot be reached."""
    order = buyer_order.order
    provider = payments.provider()
    if not placed:
        order.refresh_from_db(fields=["status", "stock_reserved"])
        if order.status != OrderStatus.AWAITING_PAYMENT:
            raise AppError(_("This order is no longer awaiting payment."), ErrorCode.STATE)
        if not order.stock_reserved and not order_in_stock(order_id=order.pk):
            raise AppError(order_sold_out(), ErrorCode.STATE)
        recent = Payment.objects.filter(
            buyer_order=buyer_order,
            provider=provider.name,
            status=PaymentStatus.OPEN,
            created_at__gt=timezone.now() - PAYMENT_REUSE,
        ).first()
        if recent is not None:
            return recent
    request = payments.PaymentRequest(
        reference=order.external_ref,
        description=_("%(shop)s: order %(number)s") % {"shop": order.merchant.shop.name, "number": order.number},
        amount=order.total_payment,
        currency=settings.PLATFORM_CURRENCY,
        email=buyer_order.email,
        language=buyer_order.language,
        return_url=return_url,
    )
    try:
        started = provider.start(request)
    except stripe.StripeError:
        logger.exception("payment not started", extra={"order": order.number})
        raise AppError(_("The payment could not be started. Please try again in a moment."), ErrorCode.STATE) from None
    return Payment.objects.create(
        buyer_order=buyer_order,
        provider=provider.name,
        session_id=started.session_id,
        url=started.url,
        amount=order.total_payment,
        currency=settings.PLATFORM_CURRENCY,
    )


def webhook_receive(*, body: bytes, headers: Mapping[str, str]) -> Payment | None:
    """A provider's webhook: verified (payments.WebhookRefusedError otherwise, nothing changed), then applied."""
    provider = payments.provider()
    event = provider.event(body, headers)
    if event.outcome is None:
        return None
    return payment_apply(provider_name=provider.name, event=event)


@transaction.atomic
def payment_apply(*, provider_name: str, event: PaymentEvent) -> Payment | None:
    """Applies a payment's outcome once, however many times the provider sends it (and in whatever order): the first
    "paid" pays the order (awaiting pickup, the ledger's entry); "failed" leaves the order awaiting payment, for the
    buyer to try again. Money taken for an order that closed meanwhile, or already paid by another payment, or of
    another amount, is marked TO_REFUND for an operator to give back through the provider; the order is not paid."""
    payment = (
        Payment.objects.select_for_update()
        .select_related("buyer_order")
        .filter(provider=provider_name, session_id=event.session_id)
        .first()
    )
    if payment is None:
        logger.warning("payment event of an unknown session", extra={"session": event.session_id[:255]})
        return None
    if event.outcome is Outcome.FAILED:
        if payment.status == PaymentStatus.OPEN:
            transition(payment, PaymentStatus.FAILED, message=gettext_noop("The provider reported the payment failed"))
        return payment
    if payment.status not in (PaymentStatus.OPEN, PaymentStatus.FAILED):
        return payment  # a retry of what was applied (paid, to give back, or given back since)
    if (event.amount, event.currency) != (payment.amount, payment.currency):
        logger.error("payment of another amount", extra={"session": payment.session_id})
        paid, asked = f"{event.amount} {event.currency}", f"{payment.amount} {payment.currency}"
        return transition(
            payment, PaymentStatus.TO_REFUND, message=PAID_ANOTHER_AMOUNT, params={"paid": paid, "asked": asked}
        )
    try:
        with transaction.atomic():
            order_pay(order_id=payment.buyer_order.order_id, payment_reference=f"{provider_name}:{payment.session_id}")
    except AppError as exc:  # the order closed or was paid by another payment
        return transition(payment, PaymentStatus.TO_REFUND, note=str(exc.message))
    return transition(payment, PaymentStatus.PAID, message=gettext_noop("Paid by the buyer"))


def payment_refund_later(*, order: Order, reference: str) -> None:
    """apps.orders.hooks.buyer_refunded: the ledger gave the buyer's payment back, so the provider gives back the money
    it took, once the transaction commits (recorded in it, through apps.core.outbox: tried again until the provider
    has given it back). An order placed through the intake API has no payment here: its storefront refunds it."""
    payment_id = (
        Payment.objects.filter(buyer_order__order=order, status=PaymentStatus.PAID).values_list("pk", flat=True).first()
    )
    if payment_id is not None:
        outbox.enqueue(tasks.payment_refund, payment_id=payment_id, reference=reference)


def payment_refund(*, payment_id: int, reference: str) -> Payment:
    """Gives a paid payment back through its provider, once: `reference` (the ledger entry's) is the provider's
    idempotency key, so a retried task makes one refund; no row is locked while the provider answers."""
    payment = Payment.objects.get(pk=payment_id)
    if payment.status != PaymentStatus.PAID:
        return payment
    payments.provider_named(payment.provider).refund(
        session_id=payment.session_id, amount=payment.amount, currency=payment.currency, key=reference
    )
    with transaction.atomic():
        payment = Payment.objects.select_for_update().get(pk=payment_id)
        if payment.status != PaymentStatus.PAID:
            return payment  # another run recorded it
        return transition(payment, PaymentStatus.REFUNDED, note=reference)
