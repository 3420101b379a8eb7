"""The buyer's steps on the order page (issue 14), through the orders services the intake calls: cancel (a paid
order's money goes back through the provider), confirm receipt, ask for a refund, rate once; each refused with a
reason and no change when it does not apply."""

from datetime import timedelta
from decimal import Decimal

import pytest
import time_machine
from django.utils import timezone
from rest_framework.throttling import SimpleRateThrottle

from apps.catalog.models import Product
from apps.orders import services as order_services
from apps.orders.constants import GoodsStatus, OrderStatus, RefundStatus
from apps.orders.models import Order, Refund, Review
from apps.shop.figures import rating_of, totals_get
from apps.storefront.constants import PaymentStatus
from apps.storefront.models import Payment
from apps.wallet.constants import EntryKind
from apps.wallet.models import JournalEntry
from tests.factories import DEFAULT_PAY_PASSWORD, ProductFactory, ShopGoodsFactory, fund

from .checkout import buy, csrf, page_of, step

pytestmark = pytest.mark.django_db


@pytest.fixture
def goods(merchant):
    return ShopGoodsFactory(merchant=merchant, product=ProductFactory(retail_price=Decimal("12.50"), stock=5))


def shipped(buyer_order, merchant, operator):
    fund(merchant, "20")
    order_services.order_pick(merchant=merchant, order_id=buyer_order.order_id, pay_password=DEFAULT_PAY_PASSWORD)
    order_services.order_ship(order_id=buyer_order.order_id, carrier="DHL", tracking_number="JD0146", operator=operator)


def test_a_paid_order_cancelled_before_pickup_gives_the_money_back_through_the_provider(
    buyer, goods, django_capture_on_commit_callbacks
):
    buyer_order = buy(buyer, goods, 2)
    with django_capture_on_commit_callbacks(execute=True):
        html = step(buyer, buyer_order, "cancel")
    assert "Your order was cancelled and your payment is on its way back." in html
    order = Order.objects.get()
    assert order.status == OrderStatus.CANCELLED and Product.objects.get(pk=goods.product_id).stock == 5
    assert JournalEntry.objects.filter(kind=EntryKind.ORDER_CANCELLED, reference=f"order_cancel:{order.pk}").exists()
    assert Payment.objects.get().status == PaymentStatus.REFUNDED  # the development provider's "refund"


def test_from_shipped_to_received_to_rated_once(buyer, goods, merchant, operator):
    buyer_order = buy(buyer, goods)
    shipped(buyer_order, merchant, operator)
    html = buyer.get(page_of(buyer_order), {"lang": "en"}).content.decode()
    assert "Shipped" in html and "JD0146" in html and "I received it" in html and "Cancel the order" not in html
    assert "Rate this order" not in html  # not before receipt
    html = step(buyer, buyer_order, "receive")
    assert "Thank you: the order is received." in html and "I received it" not in html
    order = Order.objects.get()
    assert order.status == OrderStatus.RECEIVED
    assert JournalEntry.objects.filter(kind=EntryKind.ORDER_RECEIVED, reference=f"order_received:{order.pk}").exists()

    html = step(buyer, buyer_order, "rate", stars="4", text="Good flip-flops.")
    assert "Thank you for your rating." in html and "Your rating" in html and "★★★★☆" in html
    assert "Rate this order" not in html
    assert rating_of(totals_get(merchant_id=merchant.pk)) == 4
    html = step(buyer, buyer_order, "rate", stars="1")  # a second rating: refused, the first stays
    assert "This order was already rated." in html
    assert list(Review.objects.values_list("stars", flat=True)) == [4]


@pytest.mark.parametrize(
    ("fields", "message"),
    [({"stars": "9"}, "Select a valid choice."), ({"stars": "4", "text": "x" * 2001}, "at most 2000 characters")],
)
def test_a_bad_rating_is_refused_and_changes_nothing(buyer, goods, merchant, operator, fields, message):
    buyer_order = buy(buyer, goods)
    shipped(buyer_order, merchant, operator)
    order_services.order_confirm_receipt(order_id=buyer_order.order_id)
    assert message in step(buyer, buyer_order, "rate", **fields)
    assert not Review.objects.exists()


def test_a_rating_before_receipt_is_refused(buyer, goods):
    buyer_order = buy(buyer, goods)
    assert "An order is rated once the buyer has received it." in step(buyer, buyer_order, "rate", stars="5")
    assert not Review.objects.exists()


def test_a_refund_request_waits_for_the_platform_and_its_approval_gives_the_money_back(
    buyer, goods, merchant, operator, django_capture_on_commit_callbacks
):
    buyer_order = buy(buyer, goods)
    shipped(buyer_order, merchant, operator)
    html = step(buyer, buyer_order, "refund", reason=" ", goods_status="received")
    assert "Why do you want a refund?: This field is required." in html.replace("&#x27;", "'")
    assert not Refund.objects.exists()
    html = step(buyer, buyer_order, "refund", reason="It arrived broken.", goods_status=GoodsStatus.RECEIVED)
    assert "Refund requested. The platform will decide it." in html
    assert "Pending approval" in html and "It arrived broken." in html
    assert "Ask for a refund" not in html and "I received it" not in html  # one open request at a time
    refund = Refund.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        order_services.refund_approve(refund_id=refund.pk, operator=operator)
    assert Order.objects.get().status == OrderStatus.REFUNDED
    assert Payment.objects.get().status == PaymentStatus.REFUNDED
    html = buyer.get(page_of(buyer_order), {"lang": "en"}).content.decode()
    assert "Refunded" in html and "Approved" in html
    assert Refund.objects.get().status == RefundStatus.APPROVED


def test_a_picked_up_order_is_not_cancelled_from_its_page(buyer, goods, merchant):
    buyer_order = buy(buyer, goods)
    fund(merchant, "20")
    order_services.order_pick(merchant=merchant, order_id=buyer_order.order_id, pay_password=DEFAULT_PAY_PASSWORD)
    html = step(buyer, buyer_order, "cancel")
    assert "The order was already picked up and can no longer be cancelled." in html
    assert Order.objects.get().status == OrderStatus.AWAITING_SHIPMENT
    assert Payment.objects.get().status == PaymentStatus.PAID


def test_order_steps_are_rate_limited_by_address(buyer, goods, monkeypatch):
    monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, "order_action", "1/hour")
    buyer_order = buy(buyer, goods)
    step(buyer, buyer_order, "rate", stars="5")  # refused on its merits, counted
    html = step(buyer, buyer_order, "cancel")
    assert "Too many requests from your network." in html
    assert Order.objects.get().status == OrderStatus.AWAITING_PICKUP


def test_an_unknown_order_link_changes_nothing(buyer, goods):
    buy(buyer, goods)
    token = csrf(buyer, goods.merchant.shop.get_absolute_url())
    answer = buyer.post(f"/o/{'y' * 43}/cancel", {"csrfmiddlewaretoken": token})
    assert answer.status_code == 404
    assert Order.objects.get().status == OrderStatus.AWAITING_PICKUP


def test_the_buyer_sees_the_delivery_among_the_shipping_steps(buyer, goods, merchant, operator):
    """Issue 32, attack 6: the carrier's delivery is a step on the buyer's page, at its time among the others."""
    buyer_order = buy(buyer, goods)
    shipped(buyer_order, merchant, operator)
    with time_machine.travel(timezone.now() + timedelta(hours=2)):
        order_services.tracking_event_add(
            order_id=buyer_order.order_id, occurred_at=timezone.now(), step="arrived", note="Hub 7"
        )
    html = buyer.get(page_of(buyer_order), {"lang": "en"}).content.decode()
    assert "Arrived in the destination city (Hub 7)" in html and 'data-step="delivered"' not in html
    with time_machine.travel(timezone.now() + timedelta(hours=5)):
        order_services.order_mark_delivered(order_id=buyer_order.order_id, operator=operator)
    html = buyer.get(page_of(buyer_order), {"lang": "en"}).content.decode()
    steps = html[html.index('<ol class="steps">') :]
    assert 'data-step="delivered"' in steps and "Delivered" in steps
    assert steps.index("Delivered") < steps.index("Arrived in the destination city")  # newest first
    html = buyer.get(page_of(buyer_order), {"lang": "ri"}).content.decode()  # Japanese
    assert "配達済み" in html[html.index('<ol class="steps">') :]
