"""The figures never contradict each other (product.md 11, one basis; issue 34), over random sequences of order events
through the real services on the real database: today's sales are part of the total, the curve adds up, Finance's
counts are the Orders tabs' for the same period, estimated profit is T - C of the sales and settled profit T - C of
the orders settled. Each example is a new shop in a random time zone, so the examples do not see each other."""

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import time_machine
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apps.orders import services
from apps.orders.constants import REFUNDABLE, GoodsStatus, OrderStatus
from apps.orders.figures import figures_differences
from apps.orders.models import Order
from apps.orders.reports import REPORT_RANGES
from apps.orders.selectors import payment_window
from apps.wallet.selectors import wallet_summary
from tests.conftest import ApiClient
from tests.factories import DEFAULT_PAY_PASSWORD, MerchantFactory, fund, place_order

START = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)
ZONES = ["UTC", "Asia/Bangkok", "America/Los_Angeles", "Pacific/Kiritimati", "Pacific/Pago_Pago"]
ACTIONS = ["place", "place_unpaid", "pay", "pick", "ship", "receive", "settle", "cancel", "refund"]


@dataclass(frozen=True)
class Step:
    action: str
    order: int  # which of the orders placed so far (modulo their number)
    hours: int  # how long after the previous step it happens
    retail: int  # a new order's price


steps = st.lists(
    st.builds(
        Step,
        action=st.sampled_from(ACTIONS),
        order=st.integers(0, 20),
        hours=st.integers(0, 30),
        retail=st.integers(1, 90),
    ),
    min_size=1,
    max_size=14,
)


def _apply(step: Step, merchant, orders: list[int]) -> None:
    """Does what the step says when the order's status allows it (otherwise nothing), as the buyer, the merchant,
    an operator or the sweeps would."""
    if step.action in ("place", "place_unpaid") or not orders:
        order = place_order(merchant, retail=f"{step.retail}.30", paid=step.action != "place_unpaid")
        orders.append(order.pk)
        return
    order = Order.objects.get(pk=orders[step.order % len(orders)])
    status = order.status
    now = timezone.now()
    if step.action == "pay" and status == OrderStatus.AWAITING_PAYMENT and now < order.created_at + payment_window():
        services.order_pay(order_id=order.pk, payment_reference=f"PAY-{order.pk}")
    elif step.action == "pick" and status == OrderStatus.AWAITING_PICKUP and now < order.pickup_deadline:
        services.order_pick(merchant=merchant, order_id=order.pk, pay_password=DEFAULT_PAY_PASSWORD)
    elif step.action == "ship" and status == OrderStatus.AWAITING_SHIPMENT:
        services.order_ship(order_id=order.pk, carrier="DHL", tracking_number=f"T{order.pk}", operator=None)
    elif step.action == "receive" and status == OrderStatus.SHIPPED:
        services.order_confirm_receipt(order_id=order.pk)
    elif step.action == "settle" and status == OrderStatus.RECEIVED:
        Order.objects.filter(pk=order.pk).update(settle_at=timezone.now())  # its settlement date has come
        assert services.order_settle(order_id=order.pk)
    elif step.action == "cancel" and status in (OrderStatus.AWAITING_PAYMENT, OrderStatus.AWAITING_PICKUP):
        services.order_cancel(order_id=order.pk)
    elif step.action == "refund" and status in REFUNDABLE:
        refund = services.refund_request(order_id=order.pk, reason="broken", goods_status=GoodsStatus.RECEIVED)
        services.refund_approve(refund_id=refund.pk, operator=None)


def _get(api: ApiClient, path: str, **params) -> dict:
    answer = api.get(path, params).json()
    assert answer["code"] == 1, answer
    return answer["data"]


def _money(values) -> Decimal:
    return sum((Decimal(v) for v in values), Decimal("0"))


def _local(moment: datetime | None, zone: ZoneInfo) -> date | None:
    return timezone.localtime(moment, zone).date() if moment else None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(zone=st.sampled_from(ZONES), steps=steps)
def test_the_figures_agree_with_each_other_and_with_the_orders(db, zone, steps):
    merchant = MerchantFactory(time_zone=zone)
    fund(merchant, "2000")
    api = ApiClient().login_as(merchant)
    orders: list[int] = []
    moment = START
    for step in steps:
        moment += timedelta(hours=step.hours)
        with time_machine.travel(moment, tick=False):
            _apply(step, merchant, orders)
    with time_machine.travel(moment + timedelta(minutes=1), tick=False):
        assert figures_differences([merchant.pk]) == []
        tz = ZoneInfo(zone)
        today = _local(timezone.now(), tz)
        rows = list(Order.objects.filter(merchant=merchant).values())
        sold = [o for o in rows if o["paid_at"] and o["status"] not in (OrderStatus.CANCELLED, OrderStatus.REFUNDED)]
        sold_today = [o for o in sold if _local(o["paid_at"], tz) == today]

        home = _get(api, "/merchant/index/index")
        # Sales: orders paid and not since cancelled or refunded; today's are part of the total.
        assert Decimal(home["today_sales"]) <= Decimal(home["total_sales"])
        assert Decimal(home["today_sales"]) == _money(o["total_payment"] for o in sold_today)
        assert home["today_orders"] == len(sold_today)
        assert Decimal(home["total_sales"]) == _money(o["total_payment"] for o in sold)
        # Estimated profit: T - C of those orders.
        assert Decimal(home["today_profit"]) == _money(o["earnings"] for o in sold_today)
        assert Decimal(home["total_profit"]) == _money(o["earnings"] for o in sold)

        # The curve's points add up to the period's sales (every order here is within the last 30 days).
        hours = _get(api, "/merchant/index/echart", range="today")["points"]
        assert (sum(p["orders"] for p in hours), _money(p["sales"] for p in hours)) == (
            home["today_orders"],
            Decimal(home["today_sales"]),
        )
        thirty = _get(api, "/merchant/index/echart", range="thirty")["points"]
        assert _money(p["sales"] for p in thirty) == Decimal(home["total_sales"])
        assert sum(p["orders"] for p in thirty) == len(sold)
        seven = _get(api, "/merchant/index/echart", range="seven")["points"]
        assert seven == thirty[-7:]
        assert (seven[-1]["orders"], Decimal(seven[-1]["sales"])) == (
            home["today_orders"],
            Decimal(home["today_sales"]),
        )

        settled = [o for o in rows if o["settled_at"]]
        income = wallet_summary(merchant=merchant)["total_income"]  # "total income": settled sales
        assert Decimal(income) == _money(o["total_payment"] for o in settled)
        for range_name in REPORT_RANGES:
            report = _get(api, "/merchant/merchant/financial_report", range=range_name)
            tabs = _get(api, "/merchant/order/list", range=range_name, limit=1)
            # Finance counts the orders placed in the period: what the Orders tabs show for it.
            assert report["total_orders"] == sum(tabs["counts"].values()) == tabs["total"]
            assert report["cancelled_orders"] == tabs["counts"][str(OrderStatus.CANCELLED)]
            assert report["refunded_orders"] == tabs["counts"][str(OrderStatus.REFUNDED)]
            # Settled profit: T - C of the orders settled on the period's dates; the dates add up to it.
            first = date.fromisoformat(report["start"]) if report["start"] else date.min
            last = date.fromisoformat(report["end"])
            settled_in = [o for o in settled if first <= _local(o["settled_at"], tz) <= last]
            assert Decimal(report["total_profit"]) == _money(o["earnings"] for o in settled_in)
            assert _money(p["profit"] for p in report["profit_by_date"]) == Decimal(report["total_profit"])
            received_in = [
                o for o in rows if o["status"] == OrderStatus.RECEIVED and first <= _local(o["received_at"], tz) <= last
            ]
            assert Decimal(report["awaiting_amount"]) == _money(o["total_payment"] for o in received_in)
