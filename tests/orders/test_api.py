"""The merchant's order API: order/list, order/detail, order/pick, order/pick_batch, merchant/refund_order (every
answer is checked against the OpenAPI schema by the test client)."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from apps.orders import services
from apps.orders.constants import OrderStatus
from apps.orders.models import Order
from apps.wallet.models import JournalEntry
from apps.wallet.selectors import wallet_summary
from tests.answers import data, queries, rejection
from tests.factories import DEFAULT_PAY_PASSWORD, fund, place_order

PAY = DEFAULT_PAY_PASSWORD


@pytest.fixture
def orders(merchant, operator):
    """One order in each of awaiting payment, awaiting pickup (2), awaiting shipment, shipped and refunded."""
    fund(merchant, "100")
    unpaid = place_order(merchant, paid=False)
    waiting = [place_order(merchant), place_order(merchant, retail="5.00")]
    picked = place_order(merchant)
    services.order_pick(merchant=merchant, order_id=picked.pk, pay_password=PAY)
    shipped = place_order(merchant)
    services.order_pick(merchant=merchant, order_id=shipped.pk, pay_password=PAY)
    services.order_ship(order_id=shipped.pk, carrier="DHL", tracking_number="JD42", operator=operator)
    return {"unpaid": unpaid, "waiting": waiting, "picked": picked, "shipped": shipped}


def test_the_list_gives_every_tab_its_count_and_the_badge(merchant_api, orders):
    page = data(merchant_api.get("/merchant/order/list"))
    assert page["total"] == 5 and len(page["list"]) == 5
    assert (page["awaiting_pickup"], page["awaiting_pickup_cost"]) == (2, "22.50")
    assert page["counts"] == {"0": 1, "5": 2, "1": 1, "2": 1, "3": 0, "4": 0, "-1": 0, "-2": 0}
    assert [item["id"] for item in page["list"]] == sorted((item["id"] for item in page["list"]), reverse=True)
    first = page["list"][0]
    assert first["number"] == orders["shipped"].number
    assert (first["status"], first["status_label"]) == (2, "Shipped")
    assert (first["total_payment"], first["total_cost"], first["earnings"]) == ("20.00", "18.00", "2.00")
    assert first["title"].startswith("Product") and first["line_count"] == 1


def test_list_items_label_their_status_in_the_readers_language(merchant_api, orders):
    merchant_api.lang = "en"
    page = data(merchant_api.get("/merchant/order/list"))
    assert {item["status_label"] for item in page["list"]} >= {"Awaiting payment", "Shipped"}
    merchant_api.lang = "zh-CN"
    assert {item["status_label"] for item in data(merchant_api.get("/merchant/order/list"))["list"]} >= {"已发货"}


@pytest.mark.parametrize("status, expected", [("5", 2), ("0", 1), ("1", 1), ("2", 1), ("4", 0), ("-2", 0), ("all", 5)])
def test_the_list_filters_by_status(merchant_api, orders, status, expected):
    page = data(merchant_api.get("/merchant/order/list", {"status": status}))
    assert page["total"] == expected
    if status != "all":
        assert {item["status"] for item in page["list"]} <= {int(status)}


def test_awaiting_pickup_lists_the_soonest_deadline_first_in_a_constant_number_of_queries(merchant, merchant_api):
    """The awaiting pickup tab is a queue to work through: the order that expires first comes first (not the newest),
    on every page and in a search, and the tab reads as many queries for many orders as for few."""
    now = timezone.now()
    placed = [place_order(merchant) for _ in range(4)]
    # The newest order expires first, the oldest last; a second one shares a deadline (then the older first).
    hours = [30, 20, 5, 20]
    for order, left in zip(placed, hours, strict=True):
        Order.objects.filter(pk=order.pk).update(pickup_deadline=now + timedelta(hours=left))
    expected = [placed[2].pk, placed[1].pk, placed[3].pk, placed[0].pk]

    def ids(**query):
        page = data(merchant_api.get("/merchant/order/list", {"status": 5, **query}))
        return [item["id"] for item in page["list"]]

    assert ids() == expected
    assert ids(page=2, limit=2) == expected[2:]
    assert ids(keyword="Product") == expected
    # The other tabs stay newest first.
    assert ids() != [item["id"] for item in data(merchant_api.get("/merchant/order/list"))["list"]]
    few = queries(lambda: merchant_api.get("/merchant/order/list", {"status": 5}))
    for _ in range(6):
        place_order(merchant)
    assert queries(lambda: merchant_api.get("/merchant/order/list", {"status": 5})) == few


def test_the_list_finds_an_order_by_number_or_product_title(merchant_api, orders):
    order = orders["picked"]
    by_number = data(merchant_api.get("/merchant/order/list", {"keyword": order.number[-8:]}))
    assert [item["id"] for item in by_number["list"]] == [order.pk]
    title = order.lines.get().title
    by_title = data(merchant_api.get("/merchant/order/list", {"keyword": title}))
    assert [item["id"] for item in by_title["list"]] == [order.pk]


def test_the_list_pages_and_refuses_bad_parameters(merchant_api, orders):
    page = data(merchant_api.get("/merchant/order/list", {"page": 2, "limit": 2}))
    assert (page["total"], len(page["list"]), page["page"]) == (5, 2, 2)
    everything = data(merchant_api.get("/merchant/order/list"))["list"]
    assert page["list"] == everything[2:4]
    assert data(merchant_api.get("/merchant/order/list", {"page": 4, "limit": 2}))["list"] == []
    # A keyword search reads the same items, and pages them too.
    searched = data(merchant_api.get("/merchant/order/list", {"keyword": "Product", "page": 2, "limit": 2}))
    assert (searched["total"], searched["list"]) == (5, everything[2:4])
    assert (
        rejection(merchant_api.get("/merchant/order/list", {"status": "7"}))["msg"] == "Please choose an order status."
    )
    rejection(merchant_api.get("/merchant/order/list", {"limit": 1000}))
    rejection(merchant_api.get("/merchant/order/list", {"page": 10**30}))
    assert rejection(merchant_api.get("/merchant/order/list", {"state": "5"}))["data"]["error"] == 1011


def test_the_list_and_the_refunds_answer_in_a_constant_number_of_queries(merchant, merchant_api):
    fund(merchant, "1000")

    def grow(n):
        for _ in range(n):
            order = place_order(merchant)
            services.order_pick(merchant=merchant, order_id=order.pk, pay_password=PAY)
            services.refund_request(order_id=order.pk, reason="Late", goods_status="not_received")

    grow(2)
    few = (
        queries(lambda: merchant_api.get("/merchant/order/list")),
        queries(lambda: merchant_api.get("/merchant/merchant/refund_order")),
    )
    grow(12)
    many = (
        queries(lambda: merchant_api.get("/merchant/order/list")),
        queries(lambda: merchant_api.get("/merchant/merchant/refund_order")),
    )
    assert few == many


def test_the_detail_shows_lines_address_tracking_history_and_deadlines(merchant_api, orders, operator):
    order = orders["shipped"]
    with time_machine.travel(timezone.now() + timedelta(hours=5)):
        now = timezone.now()
        services.tracking_event_add(order_id=order.pk, occurred_at=now, step="in_transit", note="Left Shenzhen")
        services.tracking_event_add(order_id=order.pk, occurred_at=now - timedelta(hours=3), step="picked_up")
    detail = data(merchant_api.get("/merchant/order/detail", {"id": order.pk}))
    assert detail["number"] == order.number and detail["status"] == OrderStatus.SHIPPED
    assert detail["ship_phone"] == "+15•••••••34"
    assert detail["ship_address"] == "1 Main Street, Springfield"
    assert (detail["carrier"], detail["tracking_number"]) == ("DHL", "JD42")
    steps = [(e["step"], e["step_label"], e["note"]) for e in detail["tracking_events"]]
    assert steps == [("in_transit", "In transit", "Left Shenzhen"), ("picked_up", "Picked up by the carrier", "")]
    assert [h["status"] for h in detail["history"]] == [5, 1, 2]
    assert detail["receive_due_at"] and detail["lines"][0]["purchase_price"] == "18.00"
    assert detail["refunds"] == []


def test_the_detail_shows_refunds_newest_first_with_the_reason_of_a_rejection(merchant_api, orders, operator):
    order = orders["shipped"]
    services.tracking_event_add(order_id=order.pk, occurred_at=timezone.now(), step="in_transit")
    services.order_mark_delivered(order_id=order.pk, operator=operator)
    first = services.refund_request(order_id=order.pk, reason="Broken", goods_status="received")
    services.refund_reject(refund_id=first.pk, operator=operator, reason="No photo")
    services.refund_request(order_id=order.pk, reason="Broken, photo attached", goods_status="received")
    detail = data(merchant_api.get("/merchant/order/detail", {"id": order.pk}))
    assert [refund["decision_note"] for refund in detail["refunds"]] == ["", "No photo"]
    assert [refund["status_label"] for refund in detail["refunds"]] == ["Pending approval", "Rejected"]
    assert detail["delivered_at"] and detail["tracking_events"] and len(detail["history"]) == 3


def test_another_merchants_order_answers_like_a_missing_one(merchant_api, other_merchant, orders):
    fund(other_merchant, "100")
    theirs = place_order(other_merchant)
    for order_id in (theirs.pk, 10**12):
        for answer in (
            merchant_api.get("/merchant/order/detail", {"id": order_id}),
            merchant_api.post("/merchant/order/pick", {"id": order_id, "pay_password": PAY}),
            merchant_api.post("/merchant/order/pick_batch", {"ids": [order_id], "pay_password": PAY}),
        ):
            body = rejection(answer)
            assert (body["msg"], body["data"]["error"]) == ("The order does not exist.", 1001)
    assert Order.objects.get(pk=theirs.pk).status == OrderStatus.AWAITING_PICKUP
    assert wallet_summary(merchant=other_merchant)["balance"] == "100.00"


def test_another_merchants_refunds_are_not_listed(merchant_api, other_merchant):
    fund(other_merchant, "100")
    order = place_order(other_merchant)
    services.order_pick(merchant=other_merchant, order_id=order.pk, pay_password=PAY)
    services.refund_request(order_id=order.pk, reason="Late", goods_status="not_received")
    assert data(merchant_api.get("/merchant/merchant/refund_order"))["total"] == 0


def test_pick_charges_once_for_one_idempotency_key(merchant, merchant_api, orders):
    order = orders["waiting"][0]
    body = {"id": order.pk, "pay_password": PAY}
    first = data(merchant_api.post("/merchant/order/pick", body, HTTP_IDEMPOTENCY_KEY="pick-1"))
    again = data(merchant_api.post("/merchant/order/pick", body, HTTP_IDEMPOTENCY_KEY="pick-1"))
    assert first == again and first["status"] == OrderStatus.AWAITING_SHIPMENT
    assert JournalEntry.objects.filter(reference=f"pickup:{order.pk}").count() == 1
    assert wallet_summary(merchant=merchant)["balance"] == "46.00"  # 100 - 3 x 18.00
    refused = rejection(merchant_api.post("/merchant/order/pick", body))
    assert refused["msg"] == "This order is no longer awaiting pickup."


def test_pick_with_too_little_balance_says_how_much_is_missing(merchant, merchant_api):
    order = place_order(merchant)
    body = rejection(merchant_api.post("/merchant/order/pick", {"id": order.pk, "pay_password": PAY}))
    assert body["data"]["error"] == 1006 and body["data"]["shortfall"] == "18.00"
    assert body["msg"] == "Your balance is 0.00 USD and this order costs 18.00 USD. Please deposit to pick it up."


def test_pick_batch_answers_each_orders_result(merchant, merchant_api):
    fund(merchant, "20")
    orders = [place_order(merchant) for _ in range(2)] + [place_order(merchant, retail="2.00")]
    answer = merchant_api.post(
        "/merchant/order/pick_batch", {"all": True, "pay_password": PAY}, HTTP_IDEMPOTENCY_KEY="all-1"
    )
    result = data(answer)
    assert answer.json()["msg"] == "Picked up: 2. Not picked up: 1."
    assert (result["picked"], result["skipped"]) == (2, 1)
    assert [(r["id"], r["result"]) for r in result["results"]] == [
        (orders[0].pk, "picked"),
        (orders[1].pk, "insufficient"),
        (orders[2].pk, "picked"),
    ]
    assert result["results"][1]["result_label"] == "Insufficient balance"
    # What was paid, each order's cost (paid or not), and what a deposit must add to pick up the skipped one.
    assert [(r["cost"], r["order_cost"]) for r in result["results"]] == [
        ("18.00", "18.00"),
        ("0.00", "18.00"),
        ("1.80", "1.80"),
    ]
    assert (result["paid"], result["shortfall"]) == ("19.80", "17.80")
    repeat = data(
        merchant_api.post(
            "/merchant/order/pick_batch", {"all": True, "pay_password": PAY}, HTTP_IDEMPOTENCY_KEY="all-1"
        )
    )
    assert repeat == result
    assert wallet_summary(merchant=merchant)["balance"] == "0.20"


def test_pick_batch_bounds_its_input(merchant_api):
    assert rejection(merchant_api.post("/merchant/order/pick_batch", {"pay_password": PAY}))["data"]["errors"]["ids"]
    too_many = rejection(
        merchant_api.post("/merchant/order/pick_batch", {"ids": list(range(1, 102)), "pay_password": PAY})
    )
    assert too_many["data"]["errors"]["ids"]
    rejection(merchant_api.post("/merchant/order/pick_batch", {"ids": [2**70], "pay_password": PAY}))


def test_refund_order_lists_the_shops_refunds_with_a_status_filter(merchant, merchant_api, operator, orders):
    refund = services.refund_request(order_id=orders["picked"].pk, reason="Too late", goods_status="not_received")
    decided = services.refund_request(order_id=orders["shipped"].pk, reason="Broken", goods_status="received")
    services.refund_reject(refund_id=decided.pk, operator=operator, reason="Photos show it whole")
    page = data(merchant_api.get("/merchant/merchant/refund_order"))
    assert [item["id"] for item in page["list"]] == [decided.pk, refund.pk]
    rejected = page["list"][0]
    assert (rejected["status"], rejected["status_label"], rejected["decision_note"]) == (
        2,
        "Rejected",
        "Photos show it whole",
    )
    assert (rejected["order_number"], rejected["amount"], rejected["goods_status_label"]) == (
        orders["shipped"].number,
        "20.00",
        "Received",
    )
    pending = data(merchant_api.get("/merchant/merchant/refund_order", {"status": 0}))
    assert [item["id"] for item in pending["list"]] == [refund.pk]
    detail = data(merchant_api.get("/merchant/order/detail", {"id": orders["shipped"].pk}))
    assert detail["refunds"][0]["status_label"] == "Rejected"
