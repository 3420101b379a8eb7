"""A text longer than its column holds is refused with a clear message naming the limit, never cut short: what the
sender wrote is stored whole or not at all, and a refusal changes nothing."""

import pytest
from django.utils import timezone, translation

from apps.core.errors import AppError, ErrorCode
from apps.orders import services
from apps.orders.constants import REVIEW_TEXT_MAX, GoodsStatus, OrderStatus, RefundStatus
from apps.orders.models import Order, Refund, Review, TrackingEvent
from tests.factories import DEFAULT_PAY_PASSWORD, ProductFactory, ShopGoodsFactory, fund, place_order


def too_long(call, field: str, limit: int, **kwargs) -> None:
    with translation.override("en"), pytest.raises(AppError) as refused:
        call(**kwargs)
    message = f"This is too long: at most {limit} characters."
    assert refused.value.error_code == ErrorCode.INVALID
    assert refused.value.data == {"errors": {field: [message]}}


def shipped(merchant, operator) -> Order:
    fund(merchant, "20")
    order = place_order(merchant)
    services.order_pick(merchant=merchant, order_id=order.pk, pay_password=DEFAULT_PAY_PASSWORD)
    return services.order_ship(order_id=order.pk, carrier="DHL", tracking_number=f"T{order.pk}", operator=operator)


@pytest.mark.django_db
@pytest.mark.parametrize(("field", "limit"), [("ship_name", 100), ("ship_phone", 32), ("ship_address", 255)])
def test_an_order_with_a_recipient_field_too_long_is_refused(merchant, field, limit):
    goods = ShopGoodsFactory(merchant=merchant, product=ProductFactory())
    recipient = {"ship_name": "Ann Buyer", "ship_phone": "+15550001234", "ship_address": "1 Main Street"}
    order = {"shop_id": merchant.shop.pk, "external_ref": "SF-LONG", "ship_country": "US"}
    lines = [services.LineRequest(goods_id=goods.pk, quantity=1)]
    too_long(services.order_create, field, limit, **order, lines=lines, **{**recipient, field: "x" * (limit + 1)})
    assert not Order.objects.exists()
    kept = services.order_create(**order, lines=lines, **{**recipient, field: f" {'x' * limit} "})
    assert getattr(kept, field) == "x" * limit  # at the limit: kept whole (without the surrounding spaces)


@pytest.mark.django_db
def test_a_payment_reference_too_long_is_refused(merchant):
    order = place_order(merchant, paid=False)
    too_long(services.order_pay, "payment_reference", 100, order_id=order.pk, payment_reference="P" * 101)
    order.refresh_from_db()
    assert (order.status, order.payment_reference) == (OrderStatus.AWAITING_PAYMENT, "")


@pytest.mark.django_db
def test_a_refund_reason_too_long_is_refused(merchant, operator):
    order = shipped(merchant, operator)
    too_long(
        services.refund_request, "reason", 255, order_id=order.pk, reason="r" * 256, goods_status=GoodsStatus.RETURNED
    )
    assert not Refund.objects.exists()


@pytest.mark.django_db
def test_a_review_too_long_is_refused(merchant, operator):
    order = services.order_confirm_receipt(order_id=shipped(merchant, operator).pk)
    too_long(services.review_add, "text", REVIEW_TEXT_MAX, order_id=order.pk, stars=5, text="t" * (REVIEW_TEXT_MAX + 1))
    assert not Review.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("field", ["carrier", "tracking_number"])
def test_a_shipment_with_a_carrier_or_tracking_number_too_long_is_refused(merchant, operator, field):
    fund(merchant, "20")
    order = place_order(merchant)
    services.order_pick(merchant=merchant, order_id=order.pk, pay_password=DEFAULT_PAY_PASSWORD)
    shipment = {"carrier": "DHL", "tracking_number": "T1", field: "x" * 65}
    too_long(services.order_ship, field, 64, order_id=order.pk, operator=operator, **shipment)
    order.refresh_from_db()
    assert (order.status, order.carrier, order.tracking_number) == (OrderStatus.AWAITING_SHIPMENT, "", "")


@pytest.mark.django_db
@pytest.mark.parametrize(("field", "limit"), [("note", 255), ("place", 120)])
def test_a_tracking_step_with_a_text_too_long_is_refused(merchant, operator, field, limit):
    order = shipped(merchant, operator)
    step = {"step": "arrived", "note": "Hub 7", "place": "Leipzig", field: "x" * (limit + 1)}
    too_long(services.tracking_event_add, field, limit, order_id=order.pk, occurred_at=timezone.now(), **step)
    assert not TrackingEvent.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(("decide", "field"), [(services.refund_approve, "note"), (services.refund_reject, "reason")])
def test_a_refund_decision_s_reason_too_long_is_refused(merchant, operator, decide, field):
    order = shipped(merchant, operator)
    refund = services.refund_request(order_id=order.pk, reason="Broken", goods_status=GoodsStatus.RETURNED)
    too_long(decide, field, 255, refund_id=refund.pk, operator=operator, **{field: "r" * 256})
    refund.refresh_from_db()
    assert (refund.status, refund.review_note) == (RefundStatus.PENDING, "")
