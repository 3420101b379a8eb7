"""Home and Finance figures (product.md 11): every number comes from an event, on the merchant's local date, from
pre-aggregated rows whose reading cost does not grow with the orders. Every test here ends with check_figures."""

import time
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
import time_machine
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from apps.orders import figures, services, tasks
from apps.orders.constants import CREDIT_POINTS, CreditEventKind, GoodsStatus, OrderSource, OrderStatus
from apps.orders.models import CreditEvent, Order
from apps.shop import figures as shop_figures
from apps.shop.models import DailyFigures
from apps.support.models import Notice
from apps.wallet.selectors import wallet_summary
from tests.conftest import ApiClient
from tests.factories import DEFAULT_PAY_PASSWORD, MerchantFactory, fund, place_order
from tests.storefront import Storefront

PAY = DEFAULT_PAY_PASSWORD
NOON = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


def at(moment: datetime, **delta):
    return time_machine.travel(moment + timedelta(**delta), tick=False)


def index(api) -> dict:
    answer = api.get("/merchant/index/index").json()
    assert answer["code"] == 1, answer
    return answer["data"]


def report(api, range_name: str = "all") -> dict:
    answer = api.get("/merchant/merchant/financial_report", {"range": range_name}).json()
    assert answer["code"] == 1, answer
    return answer["data"]


def curve(api, range_name: str = "today") -> list[dict]:
    answer = api.get("/merchant/index/echart", {"range": range_name}).json()
    assert answer["code"] == 1, answer
    return answer["data"]["points"]


def received(merchant, operator, storefront_key=None) -> Order:
    order = place_order(merchant, storefront_key=storefront_key)
    services.order_pick(merchant=merchant, order_id=order.pk, pay_password=PAY)
    services.order_ship(order_id=order.pk, carrier="DHL", tracking_number=f"T{order.pk}", operator=operator)
    return services.order_confirm_receipt(order_id=order.pk)


def test_a_new_shop_starts_at_zero_with_no_rating_and_the_starting_credit_score(merchant_api):
    data = index(merchant_api)
    assert data["total_sales"] == data["today_sales"] == data["today_profit"] == "0.00"
    assert data["today_orders"] == data["followers"] == data["visitors_today"] == data["visitors_thirty"] == 0
    assert data["rating"] is None and data["rating_count"] == 0
    assert data["credit_score"] == shop_figures.CREDIT_START == 100
    assert data["time_zone"] == "UTC"


def test_an_order_counts_as_sold_when_paid_and_as_settled_profit_when_settled(merchant, merchant_api, operator):
    fund(merchant, "100")
    with at(NOON):
        place_order(merchant, paid=False)  # placed, not paid: not sold
        order = received(merchant, operator)  # 20.00, cost 18.00
        data = index(merchant_api)
        assert (data["today_orders"], data["today_sales"], data["today_profit"]) == (1, "20.00", "2.00")
        assert (data["total_sales"], data["total_profit"]) == ("20.00", "2.00")
        day = report(merchant_api, "today")
        # Finance counts the orders placed (the Orders tabs' count); nothing is settled yet.
        assert (day["awaiting_amount"], day["total_profit"], day["total_orders"]) == ("20.00", "0.00", 2)
        assert day["awaiting_amount"] == wallet_summary(merchant=merchant)["pending_sales"]
        assert wallet_summary(merchant=merchant)["total_income"] == "0.00"
    with at(NOON, days=8):
        assert services.order_settle(order_id=order.pk)
        whole = report(merchant_api)
        # Settled: no longer awaiting, settled profit on the settled date; the sale stays on the day it was paid.
        assert (whole["awaiting_amount"], whole["total_profit"], whole["total_orders"]) == ("0.00", "2.00", 2)
        assert index(merchant_api)["total_sales"] == "20.00"
        assert index(merchant_api)["today_orders"] == 0
        by_date = {row["date"]: row["profit"] for row in report(merchant_api, "month")["profit_by_date"]}
        assert (by_date["2026-11-20"], by_date["2026-11-28"]) == ("0.00", "2.00")
        assert report(merchant_api, "today")["total_profit"] == "2.00"
        assert wallet_summary(merchant=merchant)["total_income"] == "20.00"  # total income: settled sales


def test_a_cancellation_or_refund_takes_the_order_out_of_the_sales_of_the_date_it_was_counted_on(
    merchant, merchant_api, operator
):
    """Issue 34: "Sales today $78.60" above "Total sales $72.60", a cancelled order still in today's sales, and
    Finance's cancelled count unlike the Orders tab's."""
    fund(merchant, "100")
    with at(NOON):
        services.order_cancel(order_id=place_order(merchant).pk)
        services.order_cancel(order_id=place_order(merchant, paid=False).pk)  # never sold, but a cancelled order
        order = received(merchant, operator)
        place_order(merchant, retail="30.00")  # paid, awaiting pickup: sold
        data = index(merchant_api)
        assert (data["today_orders"], data["today_sales"], data["total_sales"]) == (2, "50.00", "50.00")
        assert sum(Decimal(p["sales"]) for p in curve(merchant_api)) == Decimal("50.00")
    with at(NOON, days=1):
        refund = services.refund_request(order_id=order.pk, reason="broken", goods_status=GoodsStatus.RECEIVED)
        services.refund_approve(refund_id=refund.pk, operator=None)
        today = report(merchant_api, "today")
        assert (today["refunded_orders"], today["total_profit"], today["cancelled_orders"]) == (0, "0.00", 0)
        yesterday = report(merchant_api, "yesterday")
        assert (yesterday["total_orders"], yesterday["cancelled_orders"], yesterday["refunded_orders"]) == (4, 2, 1)
        assert (yesterday["awaiting_amount"], yesterday["total_profit"]) == ("0.00", "0.00")
        tabs = merchant_api.get("/merchant/order/list", {"range": "yesterday"}).json()["data"]["counts"]
        assert (sum(tabs.values()), tabs["-1"], tabs["-2"]) == (4, 2, 1)
        whole = report(merchant_api)
        assert (whole["total_profit"], whole["total_orders"], whole["cancelled_orders"]) == ("0.00", 4, 2)
        days = {p["at"]: p for p in curve(merchant_api, "seven")}
        assert (days["2026-11-20"]["orders"], days["2026-11-20"]["sales"]) == (1, "30.00")
        data = index(merchant_api)
        assert (data["total_sales"], data["total_profit"]) == ("30.00", "3.00")


def test_dates_are_the_merchants_local_dates_and_a_new_zone_recounts_them(merchant, merchant_api):
    late = datetime(2026, 11, 20, 23, 30, tzinfo=UTC)  # 06:30 on the 21st in Bangkok
    with at(late):
        place_order(merchant)
        assert index(merchant_api)["today_orders"] == 1
        curve = merchant_api.get("/merchant/index/echart", {"range": "today"}).json()["data"]["points"]
        assert [p["orders"] for p in curve].index(1) == 23
        answer = merchant_api.post("/merchant/merchant/time_zone", {"time_zone": "Asia/Bangkok"}).json()
        assert answer["code"] == 1 and answer["data"]["time_zone"] == "Asia/Bangkok"
        data = index(merchant_api)
        assert (data["time_zone"], data["today"], data["today_orders"]) == ("Asia/Bangkok", "2026-11-21", 1)
        curve = merchant_api.get("/merchant/index/echart", {"range": "today"}).json()["data"]["points"]
        assert curve[6]["orders"] == 1 and curve[6]["at"] == "2026-11-21T06:00:00+07:00"
        assert DailyFigures.objects.get(merchant=merchant).date.isoformat() == "2026-11-21"


def test_a_time_zone_is_an_iana_name_and_sign_in_sets_it_only_when_there_is_none(api, merchant, merchant_api):
    answer = merchant_api.post("/merchant/merchant/time_zone", {"time_zone": "Mars/Olympus"}).json()
    assert answer["code"] == 0 and "time_zone" in answer["data"]["errors"]
    merchant.refresh_from_db()
    assert merchant.time_zone == ""
    password = "Secret-pass-1"
    merchant.set_password(password)
    merchant.save()
    login = {"account": merchant.phone, "password": password, "time_zone": "Europe/Moscow"}
    assert api.post("/merchant/merchant/login", login).json()["data"]["merinfo"]["time_zone"] == "Europe/Moscow"
    login["time_zone"] = "Asia/Tokyo"  # a later sign-in from elsewhere keeps the shop's zone
    assert api.post("/merchant/merchant/login", login).json()["data"]["merinfo"]["time_zone"] == "Europe/Moscow"


def test_the_curve_has_every_point_with_zeros(merchant, merchant_api):
    with at(NOON):
        place_order(merchant, retail="30.00")
    with at(NOON, days=2):
        place_order(merchant)
        seven, thirty, today = curve(merchant_api, "seven"), curve(merchant_api, "thirty"), curve(merchant_api)
    assert [p["at"] for p in seven][-3:] == ["2026-11-20", "2026-11-21", "2026-11-22"]
    assert [(p["orders"], p["sales"]) for p in seven][-3:] == [(1, "30.00"), (0, "0.00"), (1, "20.00")]
    assert len(seven) == 7 and len(thirty) == 30 and len(today) == 24
    assert sum(p["orders"] for p in today) == 1
    refused = merchant_api.get("/merchant/index/echart", {"range": "year"}).json()
    assert refused["code"] == 0 and "range" in refused["data"]["errors"]
    refused = merchant_api.get("/merchant/merchant/financial_report", {"range": "all", "from": "x"}).json()
    assert refused["code"] == 0 and "from" in refused["msg"]


def test_visitors_are_distinct_per_day_and_over_seven_and_thirty_days(merchant, merchant_api):
    shop = Storefront(merchant)
    with at(NOON, days=-20):
        assert shop.post("shop/visit", {"shop": merchant.shop.pk, "visitor": "old"}).json()["data"]["counted"]
    with at(NOON, days=-3):
        for key in ("a", "b"):
            shop.post("shop/visit", {"shop": merchant.shop.pk, "visitor": key})
    with at(NOON):
        counted = [
            shop.post("shop/visit", {"shop": merchant.shop.pk, "visitor": key}, timestamp=int(time.time()) - n).json()[
                "data"
            ]["counted"]
            for n, key in enumerate(("a", "a", "c"))
        ]
        assert counted == [True, False, True]
        data = index(merchant_api)
    assert (data["visitors_today"], data["visitors_seven"], data["visitors_thirty"]) == (2, 3, 4)
    other = MerchantFactory()
    assert index(merchant_api)["visitors_thirty"] == 4  # another shop's visitors are its own
    missing = shop.post("shop/visit", {"shop": other.shop.pk + 1000, "visitor": "x"}).json()
    assert (missing["code"], missing["msg"]) == (0, "This storefront key does not serve this shop.")


def test_followers_follow_and_unfollow_once_each(merchant, merchant_api):
    shop, now = Storefront(merchant), int(time.time())

    def changed(call: str, buyer: str, second: int) -> bool:
        # The same body signed in the same second is a replay: each call is signed at its own second.
        body = {"shop": merchant.shop.pk, "buyer": buyer}
        return shop.post(call, body, timestamp=now - second).json()["data"]["changed"]

    assert changed("shop/follow", "buyer-1", 1) is True
    assert changed("shop/follow", "buyer-1", 2) is False
    assert changed("shop/follow", "buyer-2", 3) is True
    assert index(merchant_api)["followers"] == 2
    assert changed("shop/unfollow", "buyer-1", 4) is True
    assert changed("shop/unfollow", "buyer-1", 5) is False
    assert index(merchant_api)["followers"] == 1


def test_a_review_is_one_per_received_order_and_the_rating_is_their_average(merchant, merchant_api, operator):
    fund(merchant, "100")
    shop = Storefront(merchant)
    waiting = place_order(merchant, storefront_key=shop.key)
    answer = shop.post("order/review", {"external_ref": waiting.external_ref, "stars": 5}).json()
    assert (answer["code"], answer["msg"]) == (0, "An order is rated once the buyer has received it.")
    first, second = received(merchant, operator, shop.key), received(merchant, operator, shop.key)
    assert shop.post("order/review", {"external_ref": first.external_ref, "stars": 5, "text": "Great"}).json()["code"]
    again = shop.post("order/review", {"external_ref": first.external_ref, "stars": 1}).json()
    assert (again["code"], again["msg"]) == (0, "This order was already rated.")
    six = shop.post("order/review", {"external_ref": second.external_ref, "stars": 6}).json()
    assert (six["code"], six["msg"]) == (0, "Ensure this value is less than or equal to 5.")
    shop.post("order/review", {"external_ref": second.external_ref, "stars": 4})
    data = index(merchant_api)
    assert (data["rating"], data["rating_count"]) == ("4.5", 2)


def test_the_credit_score_moves_by_the_published_points_and_recovers_over_time(merchant, merchant_api, operator):
    fund(merchant, "100")
    with at(NOON):
        missed = place_order(merchant)
    with at(NOON, hours=49):
        assert services.order_expire_unpicked(order_id=missed.pk)
        order = place_order(merchant)
        services.order_pick(merchant=merchant, order_id=order.pk, pay_password=PAY)
        refund = services.refund_request(order_id=order.pk, reason="late", goods_status=GoodsStatus.NOT_RECEIVED)
        services.refund_approve(refund_id=refund.pk, operator=None, merchant_fault=True)
        lowered = (
            100 + CREDIT_POINTS[CreditEventKind.PICKUP_MISSED] + CREDIT_POINTS[CreditEventKind.REFUND_MERCHANT_FAULT]
        )
        assert index(merchant_api)["credit_score"] == lowered == 95
        assert tasks.credit_recovery() == 0  # not unchanged long enough
    with at(NOON, hours=49, days=7):
        assert tasks.credit_recovery() == 1
        assert tasks.credit_recovery() == 0  # once per period
    with at(NOON, hours=49, days=14):
        assert tasks.credit_recovery() == 1
        answer = merchant_api.get("/merchant/merchant/credit_events").json()["data"]
    assert answer["score"] == 97 and answer["start"] == 100 and answer["recovery_days"] == 7
    assert [(e["kind"], e["points"], e["score"]) for e in answer["list"]] == [
        ("recovery", 1, 97),
        ("recovery", 1, 96),
        ("refund_merchant_fault", -3, 95),
        ("pickup_missed", -2, 98),
    ]
    assert answer["list"][-1]["order_number"] == missed.number
    assert {rule["kind"]: rule["points"] for rule in answer["rules"]} == {k.value: v for k, v in CREDIT_POINTS.items()}


def test_the_score_never_passes_the_start_and_a_full_score_does_not_recover(merchant):
    with at(NOON):
        figures.credit_event_add(merchant_id=merchant.pk, kind=CreditEventKind.PICKUP_MISSED)
    with at(NOON, days=30):
        assert tasks.credit_recovery() == 1
    with at(NOON, days=60):
        assert [figures.credit_recover(merchant_id=merchant.pk) for _ in range(2)] != [None, None]
        assert shop_figures.totals_get(merchant_id=merchant.pk)["credit_score"] == 100
        assert figures.credit_recover(merchant_id=merchant.pk) is None
    assert CreditEvent.objects.filter(merchant=merchant).count() == 3


def test_home_counts_unread_messages_and_orders_awaiting_pickup(merchant, merchant_api):
    place_order(merchant)
    place_order(merchant)
    Notice.objects.filter(merchant=merchant).update(is_read=False)
    unread = Notice.objects.filter(merchant=merchant, is_read=False).count()
    data = index(merchant_api)
    assert data["awaiting_pickup"] == 2 and data["unread_messages"] == unread >= 2


def test_check_figures_finds_a_figure_the_events_do_not_account_for_and_rebuild_fixes_it(merchant):
    with at(NOON):
        place_order(merchant)
    DailyFigures.objects.filter(merchant=merchant).update(sales=Decimal("999.00"))
    with pytest.raises(CommandError):
        call_command("check_figures", verbosity=0)
    call_command("rebuild_figures", verbosity=0)
    call_command("check_figures", verbosity=0)
    assert DailyFigures.objects.get(merchant=merchant).sales == Decimal("20.00")


def _bulk_orders(merchant, count: int) -> None:
    """`count` orders over 40 days, written in bulk, then their figures rebuilt from them. None is pending
    settlement: these orders moved no ledger money, and check_figures compares the pending amount with the ledger."""
    statuses = [OrderStatus.COMPLETED, OrderStatus.REFUNDED, OrderStatus.CANCELLED, OrderStatus.AWAITING_PICKUP]
    now = timezone.now()
    rows = []
    for n in range(count):
        status, when = statuses[n % 4], now - timedelta(days=n % 40, hours=n % 24)
        rows.append(
            Order(
                merchant=merchant,
                number=f"B{merchant.pk}-{n}",
                external_ref=f"bulk-{merchant.pk}-{n}",
                status=status,
                quantity=1,
                total_payment=Decimal("20.00"),
                total_cost=Decimal("18.00"),
                earnings=Decimal("2.00"),
                paid_at=when,
                payment_reference=f"PAY-bulk-{n}",
                source=OrderSource.STOREFRONT,
                received_at=when if status in (OrderStatus.COMPLETED, OrderStatus.REFUNDED) else None,
                settled_at=when if status == OrderStatus.COMPLETED else None,
                closed_at=when if status in (OrderStatus.CANCELLED, OrderStatus.REFUNDED) else None,
                ship_name="A",
                ship_phone="1",
                ship_address="a",
                ship_country="US",
            )
        )
    Order.objects.bulk_create(rows, batch_size=500)
    figures.figures_rebuild([merchant.pk])


@pytest.mark.parametrize(
    "path, params",
    [
        ("/merchant/index/index", {}),
        ("/merchant/index/echart", {"range": "thirty"}),
        ("/merchant/index/echart", {"range": "today"}),
        ("/merchant/merchant/financial_report", {"range": "month"}),
        ("/merchant/merchant/financial_report", {"range": "all"}),
    ],
)
def test_home_and_finance_cost_the_same_queries_for_10_and_for_1000_orders(path, params, merchant, merchant_api):
    small, large = merchant, MerchantFactory()
    large_api = ApiClient().login_as(large)
    _bulk_orders(small, 10)
    _bulk_orders(large, 1000)
    counts = []
    for client in (merchant_api, large_api):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(path, params).json()["code"] == 1
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 8, counts


def test_no_operator_can_type_a_figure_in_the_admin(rf, operator):
    """product.md 2.1: the figures, and the events they come from, have no form to type them in; the credit events
    are shown read-only."""
    from django.contrib import admin

    from apps.orders.models import Review
    from apps.shop.models import Follower, HourlySales, ShopFigures, Visitor

    for model in (ShopFigures, DailyFigures, HourlySales, Visitor, Follower, Review):
        assert not admin.site.is_registered(model), model
    request = rf.get("/admin/")
    request.user = operator
    credit = admin.site._registry[CreditEvent]
    assert not credit.has_add_permission(request) and not credit.has_delete_permission(request)
    assert not credit.has_change_permission(request)
