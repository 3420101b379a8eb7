"""The order list's tab counts (apps.orders.counts): counters per shop and status written by every order step, read
by order/list in one query whatever the number of orders, equal to the orders grouped by status after any sequence of
steps, and exact after many steps of one shop at once on PostgreSQL (no deadlock: the counters come last)."""

import io
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

import pytest
import time_machine
from django.core.management import CommandError, call_command
from django.db import connection
from django.db.models import Count, Sum
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apps.core.errors import AppError
from apps.orders import services
from apps.orders.constants import REFUNDABLE, GoodsStatus, OrderStatus
from apps.orders.models import Order, OrderCount
from tests.answers import data
from tests.concurrency import concurrently
from tests.factories import DEFAULT_PAY_PASSWORD, MerchantFactory, fund, place_order

PAY = DEFAULT_PAY_PASSWORD
ACTIONS = [
    "place",
    "place_unpaid",
    "pay",
    "pick",
    "pick_batch",
    "ship",
    "receive",
    "receive_due",
    "settle",
    "cancel",
    "refund",
    "refund_reject",
    "expire_unpaid",
    "expire_unpicked",
    "expire_unshipped",
]


def grouped(merchant) -> dict[int, tuple[int, Decimal]]:
    """{status: (orders, their total cost)} of the merchant's orders, counted from the orders themselves."""
    rows = Order.objects.filter(merchant=merchant).values("status").annotate(n=Count("id"), cost=Sum("total_cost"))
    return {row["status"]: (row["n"], row["cost"]) for row in rows.order_by()}


def counted(merchant) -> dict[int, tuple[int, Decimal]]:
    """The merchant's counters, without the statuses that hold no order now."""
    rows = OrderCount.objects.filter(merchant=merchant).values_list("status", "orders", "cost")
    return {status: (n, cost) for status, n, cost in rows if n or cost}


def tabs(api) -> dict[str, int]:
    return data(api.get("/merchant/order/list"))["counts"]


def test_each_step_moves_its_order_from_one_tab_to_the_next(merchant, merchant_api, operator):
    fund(merchant, "100")
    order = place_order(merchant, paid=False)
    assert counted(merchant) == {OrderStatus.AWAITING_PAYMENT: (1, Decimal("18.00"))}
    services.order_pay(order_id=order.pk, payment_reference="PAY-1")
    assert counted(merchant) == {OrderStatus.AWAITING_PICKUP: (1, Decimal("18.00"))}
    page = data(merchant_api.get("/merchant/order/list"))
    assert (page["awaiting_pickup"], page["awaiting_pickup_cost"], page["counts"]["5"]) == (1, "18.00", 1)
    services.order_pick(merchant=merchant, order_id=order.pk, pay_password=PAY)
    services.order_ship(order_id=order.pk, carrier="DHL", tracking_number="T1", operator=operator)
    assert counted(merchant) == {OrderStatus.SHIPPED: (1, Decimal("18.00"))}
    refund = services.refund_request(order_id=order.pk, reason="broken", goods_status=GoodsStatus.RECEIVED)
    assert counted(merchant) == {OrderStatus.SHIPPED: (1, Decimal("18.00"))}  # a request moves nothing yet
    services.refund_approve(refund_id=refund.pk, operator=operator, note="lost")
    assert counted(merchant) == {OrderStatus.REFUNDED: (1, Decimal("18.00"))}
    assert tabs(merchant_api) == {"0": 0, "5": 0, "1": 0, "2": 0, "3": 0, "4": 0, "-1": 0, "-2": 1}


def test_a_refused_step_counts_nothing(merchant, merchant_api):
    order = place_order(merchant)  # awaiting pickup; the balance is empty
    before = counted(merchant)
    with pytest.raises(AppError):
        services.order_pick(merchant=merchant, order_id=order.pk, pay_password=PAY)
    with pytest.raises(AppError):
        services.order_confirm_receipt(order_id=order.pk)
    assert counted(merchant) == before == grouped(merchant)


def test_the_tabs_are_one_query_on_the_counters_whatever_the_number_of_orders(merchant, merchant_api):
    """The list reads the counters (at most eight rows), never the orders grouped by status: as many queries, and
    none grouping the orders, for 2 orders as for 12."""

    def list_queries() -> list[str]:
        with CaptureQueriesContext(connection) as captured:
            data(merchant_api.get("/merchant/order/list"))
        return [query["sql"] for query in captured]

    for _ in range(2):
        place_order(merchant)
    few = list_queries()
    for _ in range(10):
        place_order(merchant)
    many = list_queries()
    assert len(many) == len(few)
    assert not [sql for sql in many if 'GROUP BY "orders_order"."status"' in sql]
    assert sum(OrderCount._meta.db_table in sql for sql in many) == 1
    assert tabs(merchant_api)["5"] == 12


def test_check_figures_finds_a_wrong_counter_and_rebuild_figures_rewrites_it(merchant, merchant_api):
    place_order(merchant)
    OrderCount.objects.filter(merchant=merchant, status=OrderStatus.AWAITING_PICKUP).update(orders=7)
    problems = io.StringIO()
    with pytest.raises(CommandError):
        call_command("check_figures", verbosity=0, stderr=problems)
    assert f"merchant {merchant.pk} tabs 5" in problems.getvalue()
    call_command("rebuild_figures", str(merchant.pk), verbosity=0)
    assert counted(merchant) == grouped(merchant) == {OrderStatus.AWAITING_PICKUP: (1, Decimal("18.00"))}
    assert tabs(merchant_api)["5"] == 1


# --- a random sequence of steps ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    action: str
    order: int  # which of the orders placed so far (modulo their number)


def _due(order_id: int, **deadline) -> None:
    """The order's deadline has come (a step of the beat's sweeps)."""
    Order.objects.filter(pk=order_id).update(**{name: timezone.now() - timedelta(seconds=1) for name in deadline})


def _apply(step: Step, merchant, operator, orders: list[int]) -> None:
    """Does what the step says through the services, as the buyer, the merchant, an operator or the beat would; a
    step the order's status refuses is refused by the service (and must count nothing)."""
    if step.action in ("place", "place_unpaid") or not orders:
        orders.append(place_order(merchant, paid=step.action != "place_unpaid").pk)
        return
    order_id = orders[step.order % len(orders)]
    status = Order.objects.get(pk=order_id).status
    try:
        match step.action:
            case "pay":
                services.order_pay(order_id=order_id, payment_reference=f"PAY-{order_id}")
            case "pick":
                services.order_pick(merchant=merchant, order_id=order_id, pay_password=PAY)
            case "pick_batch":
                services.order_pick_batch(merchant=merchant, order_ids=orders[-3:], pay_password=PAY)
            case "ship":
                services.order_ship(order_id=order_id, carrier="DHL", tracking_number=f"T{order_id}", operator=operator)
            case "receive":
                services.order_confirm_receipt(order_id=order_id)
            case "receive_due":
                _due(order_id, receive_due_at=True)
                services.order_receive_due(order_id=order_id)
            case "settle":
                _due(order_id, settle_at=True)
                services.order_settle(order_id=order_id)
            case "cancel":
                services.order_cancel(order_id=order_id)
            case "refund" | "refund_reject" if status in REFUNDABLE:
                refund = services.refund_request(order_id=order_id, reason="broken", goods_status=GoodsStatus.RECEIVED)
                if step.action == "refund":
                    services.refund_approve(refund_id=refund.pk, operator=operator, note="lost")
                else:
                    services.refund_reject(refund_id=refund.pk, operator=operator, reason="It arrived.")
            case "expire_unpaid":
                with time_machine.travel(timezone.now() + timedelta(days=1), tick=False):
                    services.order_expire_unpaid(order_id=order_id)
            case "expire_unpicked" if status == OrderStatus.AWAITING_PICKUP:
                _due(order_id, pickup_deadline=True)
                services.order_expire_unpicked(order_id=order_id)
            case "expire_unshipped":
                _due(order_id, ship_deadline=True)
                services.order_expire_unshipped(order_id=order_id)
    except AppError:
        pass


steps = st.lists(st.builds(Step, action=st.sampled_from(ACTIONS), order=st.integers(0, 12)), min_size=1, max_size=25)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=steps)
def test_the_counters_are_the_orders_grouped_by_status_after_any_sequence_of_steps(db, operator, steps):
    merchant = MerchantFactory()
    fund(merchant, "1000")
    orders: list[int] = []
    for step in steps:
        _apply(step, merchant, operator, orders)
        assert counted(merchant) == grouped(merchant), step


# --- many steps of one shop at once (PostgreSQL) ----------------------------------------------------------------


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_many_steps_of_one_shop_at_once_neither_deadlock_nor_miscount(operator):
    """Threads move one shop's orders between every pair of tabs at the same instant: payments, pickups (one and a
    batch), shipments, receipts, settlements, cancellations, expiries and refunds, each in its own transaction
    (its merchant row, orders, products, ledger accounts and figures, then the counters). None fails but for the
    state of its order, none deadlocks, and the counters are the orders grouped by status after."""
    merchant = MerchantFactory()
    other = MerchantFactory()  # a second shop's steps at the same time
    fund(merchant, "5000")
    fund(other, "5000")

    def order_in(status: int, shop=None) -> int:
        shop = shop or merchant
        order = place_order(shop, paid=status != OrderStatus.AWAITING_PAYMENT)
        if status in (OrderStatus.AWAITING_SHIPMENT, OrderStatus.SHIPPED, OrderStatus.RECEIVED):
            services.order_pick(merchant=shop, order_id=order.pk, pay_password=PAY)
        if status in (OrderStatus.SHIPPED, OrderStatus.RECEIVED):
            services.order_ship(order_id=order.pk, carrier="DHL", tracking_number=f"T{order.pk}", operator=operator)
        if status == OrderStatus.RECEIVED:
            services.order_confirm_receipt(order_id=order.pk)
        return order.pk

    unpaid = [order_in(OrderStatus.AWAITING_PAYMENT) for _ in range(6)]
    waiting = [order_in(OrderStatus.AWAITING_PICKUP) for _ in range(9)]
    picked = [order_in(OrderStatus.AWAITING_SHIPMENT) for _ in range(6)]
    shipped = [order_in(OrderStatus.SHIPPED) for _ in range(4)]
    received = [order_in(OrderStatus.RECEIVED) for _ in range(3)]
    elsewhere = [order_in(OrderStatus.AWAITING_PICKUP, other) for _ in range(2)]
    refunds = [
        services.refund_request(order_id=pk, reason="broken", goods_status=GoodsStatus.RECEIVED).pk
        for pk in (shipped[3], received[2])
    ]
    _due(waiting[8], pickup_deadline=True)
    _due(picked[5], ship_deadline=True)
    for pk in received[:2]:
        _due(pk, settle_at=True)

    steps = [
        *(lambda pk=pk: services.order_pay(order_id=pk, payment_reference=f"PAY-{pk}") for pk in unpaid[:3]),
        *(lambda pk=pk: services.order_cancel(order_id=pk) for pk in unpaid[3:5]),
        lambda: services.order_cancel(order_id=waiting[0]),
        *(lambda pk=pk: services.order_pick(merchant=merchant, order_id=pk, pay_password=PAY) for pk in waiting[1:4]),
        lambda: services.order_pick_batch(merchant=merchant, order_ids=waiting[4:7], pay_password=PAY),
        lambda: services.order_pick_batch(merchant=merchant, order_ids=waiting[6:8], pay_password=PAY),
        lambda: services.order_expire_unpicked(order_id=waiting[8]),
        *(
            lambda pk=pk: services.order_ship(order_id=pk, carrier="DHL", tracking_number=f"S{pk}", operator=operator)
            for pk in picked[:3]
        ),
        lambda: services.refund_approve(refund_id=refunds[0], operator=operator, note="lost"),
        lambda: services.refund_reject(refund_id=refunds[1], operator=operator, reason="It arrived."),
        lambda: services.order_expire_unshipped(order_id=picked[5]),
        *(lambda pk=pk: services.order_confirm_receipt(order_id=pk) for pk in shipped[:3]),
        *(lambda pk=pk: services.order_settle(order_id=pk) for pk in received[:2]),
        lambda: place_order(merchant, paid=False),
        lambda: place_order(merchant),
        lambda: services.order_pick(merchant=other, order_id=elsewhere[0], pay_password=PAY),
        lambda: services.order_cancel(order_id=elsewhere[1]),
    ]
    results = concurrently(len(steps), lambda i: steps[i]())
    failures = [result for result in results if isinstance(result, Exception)]
    # The two batches share waiting[6]: one picks it, the other finds it picked (a result, not a failure).
    assert failures == [], "\n\n".join(map(str, failures))
    for shop in (merchant, other):
        assert counted(shop) == grouped(shop)
    assert (
        grouped(merchant)[OrderStatus.AWAITING_SHIPMENT][0] == 6 - 3 - 1 + 3 + 4
    )  # shipped, expired; picked 3 + batch 4
    call_command("check_figures", verbosity=0)
    call_command("check_ledger", verbosity=0)
