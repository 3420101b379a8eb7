"""The storefront under concurrency on PostgreSQL: real transactions in parallel threads, each with its own
connection. Two buyers checking out the last unit: one order, stock never below zero. One payment's webhook
delivered twice at once: paid once. Two sign-up links of one email opened at once: one account. Checkouts at once
hold no more than their bounds, and one form sent twice at once places one order."""

import re
import uuid
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.db.models import Sum

from apps.catalog.models import Product
from apps.core.errors import AppError, ErrorCode
from apps.orders.constants import OrderStatus
from apps.orders.models import Order
from apps.storefront import buyers, services
from apps.storefront.constants import PaymentStatus
from apps.storefront.models import Payment
from apps.storefront.payments import Outcome
from apps.storefront.payments.dev import signed_event
from apps.wallet.constants import EntryKind
from apps.wallet.models import JournalEntry
from tests.concurrency import concurrently
from tests.factories import ProductFactory, ShopGoodsFactory

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def shipping(n: int) -> services.Shipping:
    return services.Shipping(f"Buyer {n}", "+1 555 0100", "1 Main St", "US", f"buyer{n}@example.com")


def place(goods, n: int, quantity: int = 1, key: uuid.UUID | None = None, client: str = ""):
    return services.checkout(
        shop=goods.merchant.shop,
        lines={goods.pk: quantity},
        shipping=shipping(n),
        language="en",
        page_url=lambda token: f"http://testserver/o/{token}/",
        key=key or uuid.uuid4(),
        client=client or f"client-{n}",
    )


@pytest.fixture(autouse=True)
def _bounds(settings):
    settings.ORDER_UNPAID_MAX_UNITS = 10
    settings.ORDER_UNPAID_STOCK_PERCENT = 50
    settings.ORDER_UNPAID_BUYER_MAX_UNITS = 20


def test_two_buyers_checking_out_the_last_unit_at_once_get_one_order(merchant, settings):
    settings.ORDER_UNPAID_STOCK_PERCENT = 100  # the last unit may be held
    goods = ShopGoodsFactory(merchant=merchant, product=ProductFactory(stock=1))
    results = concurrently(2, lambda n: place(goods, n))
    assert sum(isinstance(result, AppError) for result in results) == 1, results
    assert Order.objects.count() == 1
    assert Product.objects.get(pk=goods.product_id).stock == 0


def test_one_payment_delivered_twice_at_once_is_paid_once(merchant):
    goods = ShopGoodsFactory(merchant=merchant, product=ProductFactory(stock=3, retail_price=Decimal("9.00")))
    buyer_order = place(goods, 1)
    payment = services.payment_start(buyer_order=buyer_order, return_url="http://testserver/")
    body, headers = signed_event(
        session_id=payment.session_id, outcome=Outcome.PAID, amount=payment.amount, currency=payment.currency
    )
    results = concurrently(2, lambda n: services.webhook_receive(body=body, headers=headers))
    assert not [result for result in results if isinstance(result, Exception)], results
    assert Order.objects.get().status == OrderStatus.AWAITING_PICKUP
    assert JournalEntry.objects.filter(kind=EntryKind.ORDER_PAID).count() == 1
    assert Payment.objects.get().status == PaymentStatus.PAID


def test_two_sign_up_links_of_one_email_opened_at_once_open_one_account():
    passwords = ["Kettle-blue-2026", "Another-pass-2026"]
    for password in passwords:
        buyers.sign_up(email="ann@example.com", password=password, language="en", domain="testserver", use_https=False)
    tokens = [re.search(r"/account/confirm/([-\w]{43})/", message.body)[1] for message in mail.outbox]
    results = concurrently(2, lambda n: buyers.confirm(token=tokens[n], password=passwords[n]))
    [opened] = [result for result in results if isinstance(result, User)]
    [refused] = [result for result in results if not isinstance(result, User)]
    assert isinstance(refused, AppError) and refused.error_code == ErrorCode.NOT_FOUND, results
    assert User.objects.get().check_password(passwords[results.index(opened)])


def test_checkouts_from_one_address_at_once_hold_at_most_the_buyers_bound(merchant):
    goods = [ShopGoodsFactory(merchant=merchant, product=ProductFactory(stock=100)) for _ in range(6)]
    results = concurrently(6, lambda n: place(goods[n], n, quantity=5, client="one-address"))
    refused = [result for result in results if isinstance(result, AppError)]
    assert len(refused) == 2, results
    assert all(error.error_code == ErrorCode.LIMIT_REACHED for error in refused)
    assert Order.objects.filter(stock_reserved=True).aggregate(units=Sum("quantity"))["units"] == 20
    assert sum(Product.objects.values_list("stock", flat=True)) == 600 - 20


def test_checkouts_of_one_product_at_once_hold_at_most_its_share(merchant):
    goods = ShopGoodsFactory(merchant=merchant, product=ProductFactory(stock=10))
    results = concurrently(8, lambda n: place(goods, n))
    assert not [result for result in results if isinstance(result, Exception)], results
    held = Order.objects.filter(stock_reserved=True).count()
    assert (held, Order.objects.count(), Product.objects.get(pk=goods.product_id).stock) == (5, 8, 5)


def test_the_same_checkout_form_sent_twice_at_once_places_one_order(merchant):
    goods = ShopGoodsFactory(merchant=merchant, product=ProductFactory(stock=10))
    key = uuid.uuid4()
    results = concurrently(2, lambda n: place(goods, n, key=key))
    assert sum(isinstance(result, AppError) for result in results) == 1, results
    assert Order.objects.count() == 1 and Product.objects.get(pk=goods.product_id).stock == 9
