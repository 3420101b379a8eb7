"""Orders under concurrency on PostgreSQL: real transactions in parallel threads, each with its own connection."""

from datetime import timedelta
from decimal import Decimal

import pytest
import time_machine
from django.core.management import call_command
from django.utils import timezone

from apps.accounts.constants import MerchantStatus
from apps.accounts.services import merchant_transition
from apps.core.errors import AppError
from apps.orders import services
from apps.orders.constants import GoodsStatus, OrderStatus, RefundStatus
from apps.orders.models import Order, Refund
from apps.shop import figures as shop_figures
from apps.shop.models import DailyFigures
from apps.wallet.models import JournalEntry
from apps.wallet.selectors import wallet_summary
from tests.concurrency import concurrently
from tests.conftest import ApiClient
from tests.factories import DEFAULT_PAY_PASSWORD, fund, place_order

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

PAY = DEFAULT_PAY_PASSWORD


def _client(merchant) -> ApiClient:
    token = ApiClient().login_as(merchant).token
    client = ApiClient()
    client.token = token
    return client


def test_one_order_picked_by_two_requests_at_once_is_charged_once(merchant):
    fund(merchant, "100")
    order = place_order(merchant)
    clients = [_client(merchant) for _ in range(2)]
    answers = concurrently(
        2, lambda i: clients[i].post("/merchant/order/pick", {"id": order.pk, "pay_password": PAY}).json()
    )
    assert sorted(a["code"] for a in answers) == [0, 1]
    assert JournalEntry.objects.filter(reference=f"pickup:{order.pk}").count() == 1
    assert wallet_summary(merchant=merchant)["balance"] == "82.00"
    call_command("check_ledger", verbosity=0)


def test_two_overlapping_batches_charge_each_order_once(merchant):
    fund(merchant, "1000")
    orders = [place_order(merchant) for _ in range(6)]
    ids = [[o.pk for o in orders[:4]], [o.pk for o in orders[2:]]]
    clients = [_client(merchant) for _ in range(2)]
    answers = concurrently(
        2, lambda i: clients[i].post("/merchant/order/pick_batch", {"ids": ids[i], "pay_password": PAY}).json()
    )
    picked = [r["id"] for a in answers for r in a["data"]["results"] if r["result"] == "picked"]
    assert sorted(picked) == sorted(o.pk for o in orders)
    assert all(o.status == OrderStatus.AWAITING_SHIPMENT for o in Order.objects.all())
    assert wallet_summary(merchant=merchant)["balance"] == "892.00"  # 1000 - 6 x 18.00
    call_command("check_ledger", verbosity=0)


def _received(merchant, operator) -> Order:
    order = place_order(merchant)
    services.order_pick(merchant=merchant, order_id=order.pk, pay_password=PAY)
    services.order_ship(order_id=order.pk, carrier="DHL", tracking_number=f"T{order.pk}", operator=operator)
    return services.order_confirm_receipt(order_id=order.pk)


def test_two_settlement_workers_at_once_settle_once(merchant, operator):
    fund(merchant, "18")
    order = _received(merchant, operator)
    with time_machine.travel(timezone.now() + timedelta(days=8)):
        results = concurrently(4, lambda i: services.order_settle(order_id=order.pk))
    assert sorted(results) == [False, False, False, True]
    assert JournalEntry.objects.filter(reference=f"order_settled:{order.pk}").count() == 1
    assert wallet_summary(merchant=merchant)["balance"] == "20.00"
    call_command("check_ledger", verbosity=0)


def test_a_refund_approved_twice_at_once_pays_once(merchant, operator):
    fund(merchant, "18")
    order = place_order(merchant)
    services.order_pick(merchant=merchant, order_id=order.pk, pay_password=PAY)
    refund = services.refund_request(order_id=order.pk, reason="Late", goods_status=GoodsStatus.NOT_RECEIVED)
    results = concurrently(2, lambda i: services.refund_approve(refund_id=refund.pk, operator=operator))
    assert sum(isinstance(r, Refund) for r in results) == 1 and sum(isinstance(r, AppError) for r in results) == 1
    assert Refund.objects.get().status == RefundStatus.APPROVED
    assert JournalEntry.objects.filter(reference=f"refund:{refund.pk}").count() == 1
    assert wallet_summary(merchant=merchant)["balance"] == "18.00"
    call_command("check_ledger", verbosity=0)


def test_a_refund_asked_while_settlement_runs_either_blocks_it_or_comes_too_late(merchant, operator):
    fund(merchant, "180")
    orders = [_received(merchant, operator) for _ in range(8)]
    with time_machine.travel(timezone.now() + timedelta(days=8)):
        for order in orders:

            def step(i, order=order):
                if i == 0:
                    return services.order_settle(order_id=order.pk)
                return services.refund_request(order_id=order.pk, reason="Broken", goods_status=GoodsStatus.RECEIVED)

            settled, refund = concurrently(2, step)
            order.refresh_from_db()
            if settled is True:
                assert isinstance(refund, AppError) and order.status == OrderStatus.COMPLETED
                assert not Refund.objects.filter(order=order).exists()
            else:
                assert settled is False and isinstance(refund, Refund)
                assert order.status == OrderStatus.RECEIVED
    call_command("check_ledger", verbosity=0)


def test_the_first_events_of_a_day_in_two_transactions_at_once_are_both_counted(merchant):
    """Two orders paid and two visitors at the same instant, on a day with no row yet: one transaction creates each
    row, the other waits, loses the insert and adds its increment, so nothing is counted once instead of twice."""
    orders = [place_order(merchant, paid=False) for _ in range(2)]
    paid = concurrently(2, lambda i: services.order_pay(order_id=orders[i].pk, payment_reference=f"P{i}"))
    assert all(isinstance(order, Order) for order in paid), paid
    visits = concurrently(4, lambda i: shop_figures.visit_record(merchant=merchant, key=f"visitor-{i % 2}"))
    assert sorted(visits) == [False, False, True, True]
    day = DailyFigures.objects.get(merchant=merchant)
    assert (day.orders, day.sales, day.visitors) == (2, Decimal("40.00"), 2)
    call_command("check_figures", verbosity=0)


# ---------- issue 32: the ship window's sweep, a shop closing while its orders are paid ----------
def _picked(merchant) -> Order:
    order = place_order(merchant)
    services.order_pick(merchant=merchant, order_id=order.pk, pay_password=PAY)
    return order


def test_the_ship_window_sweep_and_a_late_shipment_at_once_do_one_or_the_other(merchant, operator):
    fund(merchant, "180")
    orders = [_picked(merchant) for _ in range(6)]
    with time_machine.travel(timezone.now() + timedelta(hours=73)):
        for order in orders:

            def step(i, order=order):
                if i == 0:
                    return services.order_expire_unshipped(order_id=order.pk)
                return services.order_ship(
                    order_id=order.pk, carrier="DHL", tracking_number=f"L{order.pk}", operator=operator
                )

            cancelled, shipped = concurrently(2, step)
            order.refresh_from_db()
            if cancelled is True:
                assert isinstance(shipped, AppError) and order.status == OrderStatus.CANCELLED
                assert JournalEntry.objects.filter(reference=f"order_cancel:{order.pk}").count() == 1
            else:
                assert cancelled is False and isinstance(shipped, Order) and order.status == OrderStatus.SHIPPED
                assert not JournalEntry.objects.filter(reference=f"order_cancel:{order.pk}").exists()
    back = sum(18 for order in Order.objects.filter(status=OrderStatus.CANCELLED))
    assert wallet_summary(merchant=merchant)["balance"] == f"{180 - 6 * 18 + back}.00"
    call_command("check_ledger", verbosity=0)
    call_command("check_figures", verbosity=0)


def test_two_sweeps_at_once_cancel_an_unshipped_order_once(merchant):
    fund(merchant, "18")
    order = _picked(merchant)
    with time_machine.travel(timezone.now() + timedelta(hours=73)):
        results = concurrently(4, lambda i: services.order_expire_unshipped(order_id=order.pk))
    assert sorted(results) == [False, False, False, True]
    assert JournalEntry.objects.filter(reference=f"order_cancel:{order.pk}").count() == 1
    assert wallet_summary(merchant=merchant)["balance"] == "18.00"
    call_command("check_ledger", verbosity=0)


def test_a_shop_closing_while_its_orders_are_paid_leaves_no_window_running(merchant, operator):
    """The payment locks the merchant row before the order: each order paid at the moment the shop closes either
    was paid first (and the closing pauses it) or sees the shop closed (and waits paused from the start)."""
    orders = [place_order(merchant, paid=False) for _ in range(4)]

    def step(i):
        if i == 0:
            return merchant_transition(merchant_id=merchant.pk, to=MerchantStatus.CLOSED, operator=operator, reason="x")
        return services.order_pay(order_id=orders[i - 1].pk, payment_reference=f"P{i}")

    concurrently(4, step)
    paid = Order.objects.filter(status=OrderStatus.AWAITING_PICKUP)
    assert paid.count() == 3
    assert all(order.pickup_deadline is None and order.pickup_paused_left is not None for order in paid)
    call_command("check_ledger", verbosity=0)
