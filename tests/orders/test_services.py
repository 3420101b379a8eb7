"""Every step of the order lifecycle (product.md 5.2), allowed and refused, with the money it moves (5.3) and the
windows and delays on a frozen clock."""

from datetime import timedelta
from decimal import Decimal

import pytest
import time_machine
from django.db.models import Sum
from django.utils import timezone

from apps.accounts.constants import MerchantStatus
from apps.accounts.models import OperatorAction
from apps.catalog.models import Product
from apps.core.errors import AppError, ErrorCode
from apps.orders import services, tasks
from apps.orders.constants import GoodsStatus, OrderStatus, RefundStatus
from apps.orders.models import CreditEvent, Order
from apps.support.models import Notice
from apps.wallet.constants import AccountKind, EntryKind
from apps.wallet.ledger import account_get
from apps.wallet.models import JournalLine
from apps.wallet.selectors import wallet_summary
from tests.factories import DEFAULT_PAY_PASSWORD, LevelFactory, fund, place_order

PAY = DEFAULT_PAY_PASSWORD


def platform(kind) -> Decimal:
    return account_get(kind=kind).balance


def balance(merchant) -> str:
    return wallet_summary(merchant=merchant)["balance"]


def pending(merchant) -> str:
    return wallet_summary(merchant=merchant)["pending_sales"]


def later(**delta):
    return time_machine.travel(timezone.now() + timedelta(**delta))


def picked(merchant, **kw) -> Order:
    order = place_order(merchant, **kw)
    return services.order_pick(merchant=merchant, order_id=order.pk, pay_password=PAY)


def shipped(merchant, operator, **kw) -> Order:
    order = picked(merchant, **kw)
    return services.order_ship(order_id=order.pk, carrier="DHL", tracking_number=f"T{order.pk}", operator=operator)


def received(merchant, operator, **kw) -> Order:
    return services.order_confirm_receipt(order_id=shipped(merchant, operator, **kw).pk)


def refused(code: ErrorCode, call, **kwargs) -> AppError:
    with pytest.raises(AppError) as caught:
        call(**kwargs)
    assert caught.value.error_code == code, caught.value.message
    return caught.value


# --- creation and payment ------------------------------------------------------------------------------------------


def test_an_order_freezes_its_prices_at_the_merchants_level(merchant):
    order = place_order(merchant, quantity=3, retail="9.99", paid=False)
    line = order.lines.get()
    assert (line.retail_price, line.purchase_price, line.profit) == (Decimal("9.99"), Decimal("8.99"), Decimal("1.00"))
    assert (order.total_payment, order.total_cost, order.earnings) == (
        Decimal("29.97"),
        Decimal("26.97"),
        Decimal("3.00"),
    )
    Product.objects.filter(pk=line.product_id).update(retail_price=Decimal("50.00"))
    merchant.level = LevelFactory(rank=2, profit_margin=Decimal("0.5"))
    merchant.save()
    order.refresh_from_db()
    assert (order.total_payment, order.total_cost) == (Decimal("29.97"), Decimal("26.97"))


def test_payment_moves_the_buyers_money_to_escrow_and_tells_the_merchant(merchant):
    order = place_order(merchant, paid=False)
    assert platform(AccountKind.ESCROW) == 0
    services.order_pay(order_id=order.pk, payment_reference="P1")
    order.refresh_from_db()
    assert order.status == OrderStatus.AWAITING_PICKUP
    assert order.pickup_deadline - order.paid_at == timedelta(hours=48)
    assert platform(AccountKind.ESCROW) == 20 and platform(AccountKind.BUYERS) == -20
    assert Notice.objects.filter(merchant=merchant, title="New order awaiting pickup").count() == 1
    refused(ErrorCode.STATE, services.order_pay, order_id=order.pk, payment_reference="P1")  # paid once
    assert platform(AccountKind.ESCROW) == 20


def test_an_unpaid_order_is_cancelled_after_the_payment_window_and_its_stock_comes_back(merchant):
    order = place_order(merchant, quantity=4, paid=False)
    product = Product.objects.get(pk=order.lines.get().product_id)
    assert product.stock == 46
    with later(minutes=29):
        assert tasks.orders_move_due()["unpaid"] == 0
    with later(minutes=31):
        refused(ErrorCode.STATE, services.order_pay, order_id=order.pk, payment_reference="late")
        assert tasks.orders_move_due()["unpaid"] == 1
    order.refresh_from_db()
    product.refresh_from_db()
    assert (order.status, product.stock) == (OrderStatus.CANCELLED, 50)


def test_the_buyer_cancels_before_pickup_and_gets_the_money_back(merchant):
    order = place_order(merchant)
    services.order_cancel(order_id=order.pk)
    assert Order.objects.get().status == OrderStatus.CANCELLED
    assert platform(AccountKind.ESCROW) == 0 and platform(AccountKind.BUYERS) == 0


# --- pickup --------------------------------------------------------------------------------------------------------


def test_pickup_pays_the_cost_from_the_balance_to_supply(merchant):
    fund(merchant, "30")
    order = picked(merchant)
    assert order.status == OrderStatus.AWAITING_SHIPMENT
    assert balance(merchant) == "12.00" and platform(AccountKind.SUPPLY) == 18
    refused(ErrorCode.STATE, services.order_pick, merchant=merchant, order_id=order.pk, pay_password=PAY)
    assert balance(merchant) == "12.00"
    refused(ErrorCode.STATE, services.order_cancel, order_id=order.pk)


def test_pickup_with_too_little_balance_names_the_balance_and_the_cost(merchant):
    fund(merchant, "10")
    order = place_order(merchant)
    error = refused(
        ErrorCode.INSUFFICIENT_FUNDS, services.order_pick, merchant=merchant, order_id=order.pk, pay_password=PAY
    )
    assert error.message == "Your balance is 10.00 USD and this order costs 18.00 USD. Please deposit to pick it up."
    assert error.data["shortfall"] == "8.00"
    assert Order.objects.get().status == OrderStatus.AWAITING_PICKUP and balance(merchant) == "10.00"


def test_pickup_refused_with_a_wrong_pay_password_for_a_pending_or_closed_merchant(merchant):
    fund(merchant, "50")
    order = place_order(merchant)
    refused(ErrorCode.PAY_PASSWORD, services.order_pick, merchant=merchant, order_id=order.pk, pay_password="000000")
    merchant.status = MerchantStatus.CLOSED
    merchant.save()
    error = refused(ErrorCode.SHOP_CLOSED, services.order_pick, merchant=merchant, order_id=order.pk, pay_password=PAY)
    assert error.message == "The store is closed, please contact customer service"
    merchant.status = MerchantStatus.PENDING
    merchant.save()
    refused(ErrorCode.STATE, services.order_pick, merchant=merchant, order_id=order.pk, pay_password=PAY)
    assert balance(merchant) == "50.00" and Order.objects.get().status == OrderStatus.AWAITING_PICKUP


@pytest.mark.parametrize("status", ["unpaid", "cancelled", "shipped"])
def test_only_an_order_awaiting_pickup_is_picked_up(merchant, operator, status):
    fund(merchant, "100")
    order = {
        "unpaid": lambda: place_order(merchant, paid=False),
        "cancelled": lambda: services.order_cancel(order_id=place_order(merchant).pk),
        "shipped": lambda: shipped(merchant, operator),
    }[status]()
    before = balance(merchant)
    refused(ErrorCode.STATE, services.order_pick, merchant=merchant, order_id=order.pk, pay_password=PAY)
    assert balance(merchant) == before


def test_another_merchants_order_is_missing_for_a_pickup(merchant, other_merchant):
    fund(merchant, "50")
    order = place_order(other_merchant)
    error = refused(ErrorCode.NOT_FOUND, services.order_pick, merchant=merchant, order_id=order.pk, pay_password=PAY)
    assert error.message == "The order does not exist."


def test_an_order_not_picked_up_in_time_is_cancelled_the_buyer_refunded_and_a_credit_event_recorded(merchant):
    fund(merchant, "50")
    order = place_order(merchant)
    with later(hours=47, minutes=59):
        assert tasks.orders_move_due()["unpicked"] == 0
    with later(hours=48, minutes=1):
        refused(ErrorCode.STATE, services.order_pick, merchant=merchant, order_id=order.pk, pay_password=PAY)
        assert tasks.orders_move_due()["unpicked"] == 1
        assert tasks.orders_move_due()["unpicked"] == 0
    order.refresh_from_db()
    assert order.status == OrderStatus.CANCELLED
    assert platform(AccountKind.ESCROW) == 0 and platform(AccountKind.BUYERS) == 0
    assert balance(merchant) == "50.00"
    event = CreditEvent.objects.get()
    assert (event.merchant, event.order, event.points < 0) == (merchant, order, True)


def test_a_batch_picks_the_oldest_first_while_the_balance_lasts(merchant):
    fund(merchant, "40")
    first, second, third = (place_order(merchant) for _ in range(3))  # 18.00 each
    cheap = place_order(merchant, retail="2.00")  # 1.80
    batch = services.order_pick_batch(merchant=merchant, order_ids=None, pay_password=PAY)
    results = {row["id"]: row["result"] for row in batch.results}
    assert [row["id"] for row in batch.results] == [first.pk, second.pk, third.pk, cheap.pk]
    assert results == {first.pk: "picked", second.pk: "picked", third.pk: "insufficient", cheap.pk: "picked"}
    assert balance(merchant) == "2.20"
    again = services.order_pick_batch(merchant=merchant, order_ids=[first.pk, third.pk], pay_password=PAY)
    assert [row["result"] for row in again.results] == ["not_awaiting", "insufficient"]
    assert balance(merchant) == "2.20"


# --- shipping and receipt -------------------------------------------------------------------------------------------


def test_shipping_needs_a_picked_up_order_a_carrier_and_a_tracking_number(merchant, operator):
    fund(merchant, "50")
    order = place_order(merchant)
    refused(
        ErrorCode.STATE, services.order_ship, order_id=order.pk, carrier="DHL", tracking_number="T", operator=operator
    )
    services.order_pick(merchant=merchant, order_id=order.pk, pay_password=PAY)
    refused(
        ErrorCode.INVALID, services.order_ship, order_id=order.pk, carrier="DHL", tracking_number=" ", operator=operator
    )
    services.order_ship(order_id=order.pk, carrier="DHL", tracking_number="JD1", operator=operator)
    order.refresh_from_db()
    assert (order.status, order.tracking_number) == (OrderStatus.SHIPPED, "JD1")
    assert order.receive_due_at - order.shipped_at == timedelta(days=10)
    assert Notice.objects.filter(merchant=merchant, title="Order shipped").exists()


def test_tracking_events_are_recorded_when_they_happened_and_once(merchant, operator):
    fund(merchant, "50")
    order = shipped(merchant, operator)
    now = timezone.now()
    refused(
        ErrorCode.INVALID,
        services.tracking_event_add,
        order_id=order.pk,
        occurred_at=now + timedelta(hours=1),
        step="arrived",
    )
    refused(ErrorCode.INVALID, services.tracking_event_add, order_id=order.pk, occurred_at=now, step="Left the depot")
    services.tracking_event_add(order_id=order.pk, occurred_at=now, step="in_transit", note="Left", place="Shenzhen")
    services.tracking_event_add(order_id=order.pk, occurred_at=now, step="in_transit", note="Left", place="Shenzhen")
    assert order.tracking_events.count() == 1
    unshipped = picked(merchant)
    refused(ErrorCode.STATE, services.tracking_event_add, order_id=unshipped.pk, occurred_at=now, step="arrived")


def test_receipt_moves_escrow_to_the_merchants_pending(merchant, operator):
    fund(merchant, "50")
    order = shipped(merchant, operator)
    refused(ErrorCode.STATE, services.order_confirm_receipt, order_id=picked(merchant).pk)
    services.order_confirm_receipt(order_id=order.pk)
    order.refresh_from_db()
    assert order.status == OrderStatus.RECEIVED and order.settle_at - order.received_at == timedelta(days=7)
    assert pending(merchant) == "20.00" and platform(AccountKind.ESCROW) == 20  # the second order's payment


def test_a_shipped_order_counts_as_received_ten_days_after_shipment(merchant, operator):
    fund(merchant, "50")
    order = shipped(merchant, operator)
    with later(days=9, hours=23):
        assert tasks.orders_move_due()["receive"] == 0
    with later(days=10, minutes=1):
        assert tasks.orders_move_due()["receive"] == 1
    assert Order.objects.get().status == OrderStatus.RECEIVED
    assert pending(merchant) == "20.00"
    assert order.pk


def test_a_delivered_order_counts_as_received_three_days_after_delivery(merchant, operator):
    fund(merchant, "50")
    order = shipped(merchant, operator)
    services.order_mark_delivered(order_id=order.pk, operator=operator)
    refused(ErrorCode.STATE, services.order_mark_delivered, order_id=order.pk, operator=operator)
    with later(days=3, minutes=1):
        assert tasks.orders_move_due()["receive"] == 1
    assert Order.objects.get().status == OrderStatus.RECEIVED


def test_an_open_refund_holds_the_automatic_receipt(merchant, operator):
    fund(merchant, "50")
    order = shipped(merchant, operator)
    services.refund_request(order_id=order.pk, reason="Never arrived", goods_status=GoodsStatus.NOT_RECEIVED)
    with later(days=11):
        assert tasks.orders_move_due()["receive"] == 0
    assert Order.objects.get().status == OrderStatus.SHIPPED


# --- settlement ----------------------------------------------------------------------------------------------------


def test_settlement_after_the_delay_moves_pending_to_available_once(merchant, operator):
    fund(merchant, "18")
    received(merchant, operator)
    assert balance(merchant) == "0.00"
    with later(days=6, hours=23):
        assert tasks.orders_move_due()["settle"] == 0
    with later(days=7, minutes=1):
        assert tasks.orders_move_due()["settle"] == 1
        assert tasks.orders_move_due()["settle"] == 0
    summary = wallet_summary(merchant=merchant)
    assert (summary["balance"], summary["pending_sales"], summary["total_income"]) == ("20.00", "0.00", "20.00")
    assert Notice.objects.filter(merchant=merchant, title="Order settled").exists()


def test_total_income_is_what_the_ledger_settled_to_the_balance(merchant, operator):
    """Lifetime settled sales, read from the shop's running totals, equal the sum of the settlement lines on the
    merchant's balance: a settled order counts; one refunded after receipt, one still pending and one cancelled do
    not."""
    fund(merchant, "200")
    settled = received(merchant, operator, quantity=2)
    refunded = received(merchant, operator)
    refund = services.refund_request(order_id=refunded.pk, reason="Broken", goods_status=GoodsStatus.RETURNED)
    services.refund_approve(refund_id=refund.pk, operator=operator)
    services.order_cancel(order_id=place_order(merchant).pk)
    with later(days=7, minutes=1):
        assert tasks.orders_move_due()["settle"] == 1
        still_pending = received(merchant, operator, quantity=3)

    settlements = JournalLine.objects.filter(
        account__merchant=merchant, account__kind=AccountKind.AVAILABLE, entry__kind=EntryKind.ORDER_SETTLED
    )
    summary = wallet_summary(merchant=merchant)
    assert summary["total_income"] == f"{settlements.aggregate(total=Sum('amount'))['total']:.2f}"
    assert summary["total_income"] == f"{settled.total_payment:.2f}"
    assert summary["pending_sales"] == f"{still_pending.total_payment:.2f}"


def test_an_open_refund_holds_the_settlement_and_a_rejected_one_lets_it_go_on(merchant, operator):
    fund(merchant, "18")
    order = received(merchant, operator)
    refund = services.refund_request(order_id=order.pk, reason="Broken", goods_status=GoodsStatus.RECEIVED)
    with later(days=8):
        assert tasks.orders_move_due()["settle"] == 0
        services.refund_reject(refund_id=refund.pk, operator=operator, reason="The photos show it whole.")
        assert tasks.orders_move_due()["settle"] == 1
    assert Order.objects.get().status == OrderStatus.COMPLETED
    assert balance(merchant) == "20.00"
    notice = Notice.objects.get(merchant=merchant, title=services.REFUND_REJECTED)
    assert notice.params == {"number": order.number, "reason": "The photos show it whole."}
    action = OperatorAction.objects.get(merchant=merchant, kind=services.ACTION_REFUND_REJECTED)
    assert (action.operator, action.reason) == (operator, "The photos show it whole.")


# --- refunds -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("stage", ["picked", "shipped", "received"])
def test_an_approved_refund_pays_the_buyer_back_and_returns_the_merchants_cost(merchant, operator, stage):
    fund(merchant, "18")
    order = {"picked": picked, "shipped": shipped, "received": received}[stage](
        merchant, *([operator] if stage != "picked" else [])
    )
    assert balance(merchant) == "0.00"
    refund = services.refund_request(order_id=order.pk, reason="Wrong size", goods_status=GoodsStatus.RETURNED)
    assert Notice.objects.filter(merchant=merchant, title="Refund requested").exists()
    services.refund_approve(refund_id=refund.pk, operator=operator)
    order.refresh_from_db()
    refund.refresh_from_db()
    assert (order.status, refund.status) == (OrderStatus.REFUNDED, RefundStatus.APPROVED)
    assert balance(merchant) == "18.00" and pending(merchant) == "0.00"
    assert platform(AccountKind.ESCROW) == 0 and platform(AccountKind.BUYERS) == 0 and platform(AccountKind.SUPPLY) == 0
    refused(ErrorCode.STATE, services.refund_reject, refund_id=refund.pk, operator=operator, reason="late")
    notice = Notice.objects.get(merchant=merchant, title=services.REFUND_APPROVED)
    assert (notice.params["cost"], notice.body) == ("18.00 USD", "")  # no reason given: the title alone
    assert OperatorAction.objects.get(merchant=merchant, kind=services.ACTION_REFUND_APPROVED).operator == operator


def test_one_open_refund_per_order_and_none_for_a_settled_order(merchant, operator):
    fund(merchant, "40")
    order = picked(merchant)
    services.refund_request(order_id=order.pk, reason="Changed my mind", goods_status=GoodsStatus.NOT_RECEIVED)
    refused(ErrorCode.CONFLICT, services.refund_request, order_id=order.pk, reason="Again", goods_status="received")
    settled = received(merchant, operator)
    with later(days=8):
        tasks.orders_move_due()
    refused(ErrorCode.STATE, services.refund_request, order_id=settled.pk, reason="Late", goods_status="received")


def test_a_refund_asked_before_pickup_cancels_the_order_at_once(merchant):
    order = place_order(merchant)
    result = services.refund_request(order_id=order.pk, reason="Changed my mind", goods_status="not_received")
    assert isinstance(result, Order) and result.status == OrderStatus.CANCELLED
    assert platform(AccountKind.ESCROW) == 0 and platform(AccountKind.BUYERS) == 0


def test_a_rejection_needs_a_reason(merchant, operator):
    fund(merchant, "18")
    refund = services.refund_request(order_id=picked(merchant).pk, reason="Late", goods_status="not_received")
    refused(ErrorCode.INVALID, services.refund_reject, refund_id=refund.pk, operator=operator, reason="  ")
    assert refund.__class__.objects.get().status == RefundStatus.PENDING


def test_an_order_number_taken_in_the_same_second_is_drawn_again(merchant, monkeypatch):
    first = place_order(merchant, paid=False)
    numbers = iter([first.number, "O-FRESH-NUMBER"])
    monkeypatch.setattr(services.storefront, "new_number", lambda prefix: next(numbers))
    second = place_order(merchant, paid=False)
    assert second.number == "O-FRESH-NUMBER" and Order.objects.count() == 2
