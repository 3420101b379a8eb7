"""The storefront's signed order intake (/intake/v1/): every call, and every refusal changing nothing."""

import json
import time
from datetime import timedelta
from decimal import Decimal

import pytest
import time_machine
from django.conf import settings
from django.utils import timezone
from rest_framework.throttling import SimpleRateThrottle

from apps.accounts.constants import MerchantStatus
from apps.catalog.models import Product, ShopGoods
from apps.core.errors import ErrorCode
from apps.orders import services
from apps.orders.constants import LINE_QUANTITY_MAX, ORDER_LINES_MAX, OrderStatus, RefundStatus
from apps.orders.models import IntakeSignature, Order, Refund
from apps.shop.models import Follower, Visitor
from apps.wallet.models import JournalLine
from tests.factories import DEFAULT_PAY_PASSWORD, MerchantFactory, ProductFactory, ShopGoodsFactory, fund
from tests.storefront import Storefront, signature_of

FORBIDDEN = int(ErrorCode.FORBIDDEN)


@pytest.fixture
def storefront(merchant):
    return Storefront(merchant)


@pytest.fixture
def goods(merchant):
    return ShopGoodsFactory(merchant=merchant, product=ProductFactory(retail_price=Decimal("20.00"), stock=10))


_refs = iter(range(1, 10**6))


def order_body(merchant, goods, *, quantity=2, ref=None, **changes) -> dict:
    body = {
        "external_ref": ref or f"SF-{next(_refs)}",
        "shop": merchant.shop.pk,
        "lines": [{"goods": goods.pk, "quantity": quantity}],
        "ship_name": "Ann Buyer",
        "ship_phone": "+14155550123",
        "ship_address": "1 Main Street, Springfield",
        "ship_country": "us",
    }
    return {**body, **changes}


def created(storefront, merchant, goods, **kw) -> str:
    body = order_body(merchant, goods, **kw)
    answer = storefront.post("order/create", body).json()
    assert answer["code"] == 1, answer
    return body["external_ref"]


def paid(storefront, merchant, goods, **kw) -> str:
    ref = created(storefront, merchant, goods, **kw)
    answer = storefront.post("order/paid", {"external_ref": ref, "payment_reference": "PAY-1"}).json()
    assert answer["code"] == 1, answer
    return ref


def _state(goods) -> tuple:
    """What a refused call must leave as it was: orders, refunds, the stock and the ledger."""
    return (
        Order.objects.count(),
        Refund.objects.count(),
        Product.objects.get(pk=goods.product_id).stock,
        JournalLine.objects.count(),
    )


# --- each call ------------------------------------------------------------------------------------------------------


def test_create_answers_the_order_awaiting_payment_and_reserves_stock(storefront, merchant, goods):
    body = order_body(merchant, goods, quantity=2)
    response = storefront.post("order/create", body)
    answer = response.json()
    assert (response.status_code, answer["code"], answer["msg"]) == (200, 1, "Order received.")
    order = Order.objects.get()
    data = answer["data"]
    assert data["external_ref"] == body["external_ref"] and data["number"] == order.number
    assert (data["status"], data["status_label"], data["quantity"]) == (0, "Awaiting payment", 2)
    assert data["total_payment"] == "40.00" and data["paid_at"] is None
    assert (order.merchant, order.ship_country, order.total_cost) == (merchant, "US", Decimal("36.00"))
    assert Product.objects.get(pk=goods.product_id).stock == 8
    assert JournalLine.objects.count() == 0  # no money moves before the buyer pays


def test_earnings_are_exact_to_the_cent_whatever_the_prices(storefront, merchant):
    # 4.90 at a 10 % margin costs 4.41: T - C is 0.49, which SQLite's floating point does not compute exactly.
    goods = ShopGoodsFactory(merchant=merchant, product=ProductFactory(retail_price=Decimal("4.90"), stock=10))
    answer = storefront.post("order/create", order_body(merchant, goods, quantity=1)).json()
    assert answer["code"] == 1, answer
    order = Order.objects.get()
    assert (order.total_payment, order.total_cost, order.earnings) == (
        Decimal("4.90"),
        Decimal("4.41"),
        Decimal("0.49"),
    )


def test_paid_moves_the_order_to_awaiting_pickup(storefront, merchant, goods):
    ref = created(storefront, merchant, goods)
    answer = storefront.post("order/paid", {"external_ref": ref, "payment_reference": "PAY-77"}).json()
    assert (answer["code"], answer["data"]["status"], answer["data"]["status_label"]) == (1, 5, "Awaiting pickup")
    order = Order.objects.get()
    assert (order.payment_reference, order.pickup_deadline is not None) == ("PAY-77", True)
    assert JournalLine.objects.filter(entry__memo=order.number).exists()


def test_cancel_before_pickup_cancels_and_gives_the_stock_back(storefront, merchant, goods):
    ref = paid(storefront, merchant, goods)
    answer = storefront.post("order/cancel", {"external_ref": ref}).json()
    assert (answer["code"], answer["data"]["status"]) == (1, OrderStatus.CANCELLED)
    assert Product.objects.get(pk=goods.product_id).stock == 10


def test_cancel_after_pickup_is_refused(storefront, merchant, goods):
    fund(merchant, "100")
    ref = paid(storefront, merchant, goods)
    order = Order.objects.get()
    services.order_pick(merchant=merchant, order_id=order.pk, pay_password=DEFAULT_PAY_PASSWORD)
    before = _state(goods)
    answer = storefront.post("order/cancel", {"external_ref": ref}).json()
    assert (answer["code"], answer["data"]["error"]) == (0, ErrorCode.STATE)
    assert answer["msg"] == "The order was already picked up and can no longer be cancelled."
    assert Order.objects.get().status == OrderStatus.AWAITING_SHIPMENT
    assert _state(goods) == before


def test_confirm_receives_a_shipped_order(storefront, merchant, goods, operator):
    fund(merchant, "100")
    ref = paid(storefront, merchant, goods)
    order = Order.objects.get()
    services.order_pick(merchant=merchant, order_id=order.pk, pay_password=DEFAULT_PAY_PASSWORD)
    services.order_ship(order_id=order.pk, carrier="DHL", tracking_number="JD1", operator=operator)
    answer = storefront.post("order/confirm", {"external_ref": ref}).json()
    assert (answer["code"], answer["data"]["status"], answer["msg"]) == (1, OrderStatus.RECEIVED, "Receipt confirmed.")


def test_confirm_of_an_order_not_shipped_is_refused(storefront, merchant, goods):
    ref = paid(storefront, merchant, goods)
    answer = storefront.post("order/confirm", {"external_ref": ref}).json()
    assert (answer["code"], answer["data"]["error"]) == (0, ErrorCode.STATE)
    assert Order.objects.get().status == OrderStatus.AWAITING_PICKUP


def test_refund_of_a_picked_up_order_opens_a_request(storefront, merchant, goods):
    fund(merchant, "100")
    ref = paid(storefront, merchant, goods)
    order = Order.objects.get()
    services.order_pick(merchant=merchant, order_id=order.pk, pay_password=DEFAULT_PAY_PASSWORD)
    body = {"external_ref": ref, "reason": "Wrong size", "goods_status": "not_received"}
    signed_at = int(time.time())
    answer = storefront.post("order/refund", body, timestamp=signed_at).json()
    assert (answer["code"], answer["data"]["outcome"]) == (1, "requested")
    refund = Refund.objects.get()
    assert answer["data"]["refund"]["id"] == refund.pk
    assert (answer["data"]["refund"]["status"], answer["data"]["refund"]["amount"]) == (RefundStatus.PENDING, "40.00")
    assert answer["data"]["order"]["status"] == OrderStatus.AWAITING_SHIPMENT
    # One open request at a time (signed anew, a second earlier: the same body with the same stamp is a replay).
    again = storefront.post("order/refund", body, timestamp=signed_at - 1).json()
    assert (again["code"], again["data"]["error"], Refund.objects.count()) == (0, ErrorCode.CONFLICT, 1)


@pytest.mark.parametrize("pay", [False, True])
def test_refund_before_pickup_cancels_at_once_and_says_so(storefront, merchant, goods, pay):
    ref = (paid if pay else created)(storefront, merchant, goods)
    body = {"external_ref": ref, "reason": "Changed my mind", "goods_status": "not_received"}
    answer = storefront.post("order/refund", body).json()
    assert answer["code"] == 1
    assert (answer["data"]["outcome"], answer["data"]["refund"]) == ("cancelled", None)
    assert answer["data"]["order"]["status"] == OrderStatus.CANCELLED
    assert answer["msg"] == "The order was not picked up yet, so it was cancelled at once."
    assert not Refund.objects.exists()
    assert Product.objects.get(pk=goods.product_id).stock == 10


@pytest.mark.parametrize("call", ["order/paid", "order/cancel", "order/confirm", "order/refund"])
def test_an_unknown_reference_answers_like_a_missing_order(storefront, merchant, goods, call):
    ref = created(storefront, merchant, goods)
    extra = {
        "order/paid": {"payment_reference": "P"},
        "order/refund": {"reason": "x", "goods_status": "received"},
    }.get(call, {})
    answer = storefront.post(call, {"external_ref": ref + "-other", **extra}).json()
    assert (answer["code"], answer["msg"], answer["data"]["error"]) == (0, "The order does not exist.", 1001)
    assert Order.objects.get().status == OrderStatus.AWAITING_PAYMENT


# --- the signature --------------------------------------------------------------------------------------------------


def _refused(response, message_part: str) -> None:
    answer = response.json()
    assert response.status_code == 403, answer
    assert (answer["code"], answer["data"]["error"]) == (0, FORBIDDEN)
    assert message_part in answer["msg"]


def test_a_missing_signature_is_refused(storefront, merchant, goods):
    before = _state(goods)
    _refused(storefront.post("order/create", order_body(merchant, goods), headers=False), "not signed")
    assert _state(goods) == before


def test_a_bad_signature_is_refused(storefront, merchant, goods):
    before = _state(goods)
    _refused(storefront.post("order/create", order_body(merchant, goods), secret="guess"), "signature is not valid")
    _refused(storefront.post("order/create", order_body(merchant, goods), signature="0" * 64), "not valid")
    _refused(storefront.post("order/create", order_body(merchant, goods), signature="zz"), "not valid")
    assert _state(goods) == before
    assert not IntakeSignature.objects.exists()


def test_the_signature_covers_the_body(storefront, merchant, goods):
    body = order_body(merchant, goods)
    stamp = str(int(time.time()))
    cheaper = json.dumps({**body, "lines": [{"goods": goods.pk, "quantity": 1}]}).encode()
    response = storefront.client.generic(
        "POST",
        "/intake/v1/order/create",
        cheaper,
        content_type="application/json",
        HTTP_LANG="en",
        HTTP_X_STOREFRONT_KEY=storefront.key.key_id,
        HTTP_X_STOREFRONT_TIMESTAMP=stamp,
        HTTP_X_STOREFRONT_SIGNATURE=signature_of(stamp, json.dumps(body).encode(), storefront.secret),
    )
    _refused(response, "not valid")
    assert not Order.objects.exists()


@pytest.mark.parametrize(
    "stamp", ["", "abc", "-5", "1e9", "\u0661\u0667\u0660\u0660\u0660\u0660\u0660\u0660\u0660\u0660", "9" * 40]
)
def test_a_timestamp_that_is_not_seconds_is_refused(storefront, merchant, goods, stamp):
    response = storefront.post("order/create", order_body(merchant, goods), timestamp=stamp)
    _refused(response, "not signed" if stamp == "" else "timestamp")
    assert not Order.objects.exists()


def test_a_stale_timestamp_is_refused(storefront, merchant, goods):
    before = _state(goods)
    signed_at = int(time.time())
    with time_machine.travel(timezone.now() + timedelta(seconds=settings.STOREFRONT_SIGNATURE_WINDOW_SECONDS + 2)):
        _refused(storefront.post("order/create", order_body(merchant, goods), timestamp=signed_at), "seconds away")
    assert _state(goods) == before


def test_a_future_timestamp_is_refused(storefront, merchant, goods):
    before = _state(goods)
    ahead = int(time.time()) + settings.STOREFRONT_SIGNATURE_WINDOW_SECONDS + 2
    _refused(storefront.post("order/create", order_body(merchant, goods), timestamp=ahead), "seconds away")
    assert _state(goods) == before


def test_a_timestamp_within_the_window_either_way_is_accepted(storefront, merchant, goods):
    window = settings.STOREFRONT_SIGNATURE_WINDOW_SECONDS
    for offset in (-(window - 5), window - 5):
        answer = storefront.post(
            "order/create", order_body(merchant, goods, quantity=1), timestamp=int(time.time()) + offset
        )
        assert answer.json()["code"] == 1
    assert Order.objects.count() == 2


def test_a_replayed_request_is_refused_and_has_no_second_effect(storefront, merchant, goods):
    ref = paid(storefront, merchant, goods)
    storefront.post("order/cancel", {"external_ref": ref})
    assert Order.objects.get().status == OrderStatus.CANCELLED
    before = _state(goods)
    _refused(storefront.replay("order/cancel"), "already received")
    assert _state(goods) == before
    # A create replayed is refused before the storefront reference is even looked at.
    body = order_body(merchant, goods)
    assert storefront.post("order/create", body).json()["code"] == 1
    before = _state(goods)
    _refused(storefront.replay("order/create"), "already received")
    assert _state(goods) == before


def test_a_replay_with_a_future_timestamp_is_refused_until_it_is_stale(storefront, merchant, goods):
    # A timestamp one window ahead stays valid for two windows: its signature is kept that long.
    window = settings.STOREFRONT_SIGNATURE_WINDOW_SECONDS
    ahead = int(time.time()) + window - 5
    assert storefront.post("order/create", order_body(merchant, goods, quantity=1), timestamp=ahead).json()["code"] == 1
    with time_machine.travel(timezone.now() + timedelta(seconds=window + 60)):
        assert created(storefront, merchant, goods, quantity=1)  # another request prunes what is out of date
        _refused(storefront.replay("order/create"), "already received")
    assert Order.objects.count() == 2


def test_spent_signatures_are_pruned_after_two_windows(storefront, merchant, goods):
    created(storefront, merchant, goods, quantity=1)
    assert IntakeSignature.objects.count() == 1
    with time_machine.travel(timezone.now() + timedelta(seconds=2 * settings.STOREFRONT_SIGNATURE_WINDOW_SECONDS + 5)):
        created(storefront, merchant, goods, quantity=1)
    assert IntakeSignature.objects.count() == 1


def test_no_merchant_session_is_needed_or_read(storefront, merchant, goods):
    body = order_body(merchant, goods)
    raw = json.dumps(body).encode()
    stamp = str(int(time.time()))
    response = storefront.client.generic(
        "POST",
        "/intake/v1/order/create",
        raw,
        content_type="application/json",
        HTTP_TOKEN="stale",
        HTTP_X_STOREFRONT_KEY=storefront.key.key_id,
        HTTP_X_STOREFRONT_TIMESTAMP=stamp,
        HTTP_X_STOREFRONT_SIGNATURE=signature_of(stamp, raw, storefront.secret),
    )
    assert response.json()["code"] == 1
    assert Order.objects.get().external_ref == body["external_ref"]


# --- refusals of the order: nothing created -------------------------------------------------------------------------


def test_a_reused_storefront_reference_is_refused(storefront, merchant, goods):
    ref = created(storefront, merchant, goods)
    before = _state(goods)
    answer = storefront.post("order/create", order_body(merchant, goods, ref=ref, quantity=1)).json()
    number = Order.objects.get().number
    assert (answer["code"], answer["data"]["error"], answer["data"]["number"]) == (0, ErrorCode.CONFLICT, number)
    assert answer["msg"] == f"This storefront order was already received as {number}."
    assert _state(goods) == before


def _other_shops_goods(merchant, goods):
    return ShopGoodsFactory(merchant=MerchantFactory(), product=goods.product)


def _off_shelf(merchant, goods):
    ShopGoods.objects.filter(pk=goods.pk).update(on_shelf=False)
    return goods


def _removed(merchant, goods):
    ShopGoods.objects.filter(pk=goods.pk).delete()
    return goods


def _inactive(merchant, goods):
    Product.objects.filter(pk=goods.product_id).update(is_active=False)
    return goods


@pytest.mark.parametrize("setup", [_other_shops_goods, _off_shelf, _removed, _inactive])
def test_goods_not_on_sale_in_the_shop_are_refused(storefront, merchant, goods, setup):
    second = ShopGoodsFactory(merchant=merchant, product=ProductFactory(stock=5))  # a valid line before it
    listing = setup(merchant, goods)
    before = _state(goods)
    second_stock = Product.objects.get(pk=second.product_id).stock
    body = order_body(merchant, goods)
    body["lines"] = [{"goods": second.pk, "quantity": 1}, {"goods": listing.pk, "quantity": 1}]
    answer = storefront.post("order/create", body).json()
    assert (answer["code"], answer["data"]["error"]) == (0, ErrorCode.NOT_FOUND)
    assert answer["msg"] == f"Product {listing.pk} is not on sale in this shop."
    assert list(answer["data"]["errors"]) == ["lines"]
    assert _state(goods) == before
    assert Product.objects.get(pk=second.product_id).stock == second_stock  # its reservation was undone


def test_a_quantity_over_the_stock_is_refused(storefront, merchant, goods):
    before = _state(goods)
    answer = storefront.post("order/create", order_body(merchant, goods, quantity=11)).json()
    assert answer["code"] == 0
    assert answer["msg"] == f"Only 10 of {goods.product.title} are in stock."
    assert _state(goods) == before


@pytest.mark.parametrize("status", [MerchantStatus.CLOSED, MerchantStatus.PENDING])
def test_a_shop_that_is_closed_or_not_approved_takes_no_order(storefront, merchant, goods, status):
    type(merchant).objects.filter(pk=merchant.pk).update(status=status)
    before = _state(goods)
    answer = storefront.post("order/create", order_body(merchant, goods)).json()
    assert (answer["code"], answer["data"]["error"]) == (0, ErrorCode.SHOP_CLOSED)
    assert answer["msg"] == "This shop does not take orders now."
    assert _state(goods) == before


def test_an_unknown_shop_is_refused(storefront, merchant, goods):
    """A shop that does not exist is one no key serves."""
    answer = storefront.post("order/create", order_body(merchant, goods, shop=merchant.shop.pk + 1000)).json()
    assert (answer["code"], answer["msg"]) == (0, "This storefront key does not serve this shop.")
    assert not Order.objects.exists()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"lines": [{"goods": 1, "quantity": LINE_QUANTITY_MAX + 1}]}, "lines"),
        ({"lines": [{"goods": 1, "quantity": 0}]}, "lines"),
        ({"lines": []}, "lines"),
        ({"lines": [{"goods": n, "quantity": 1} for n in range(1, ORDER_LINES_MAX + 2)]}, "lines"),
        ({"lines": [{"goods": 2**63, "quantity": 1}]}, "lines"),
        ({"external_ref": "x" * 65}, "external_ref"),
        ({"ship_name": ""}, "ship_name"),
        ({"ship_address": "a" * 256}, "ship_address"),
        ({"ship_country": "ZZ"}, "ship_country"),
        ({"shop": 0}, "shop"),
    ],
)
def test_out_of_bounds_input_is_refused_by_field(storefront, merchant, goods, change, field):
    before = _state(goods)
    answer = storefront.post("order/create", order_body(merchant, goods, **change)).json()
    assert (answer["code"], answer["data"]["error"]) == (0, ErrorCode.INVALID)
    assert list(answer["data"]["errors"]) == [field]
    assert answer["msg"] and "{" not in answer["msg"]  # a line's own message, not a list of them
    assert _state(goods) == before


@pytest.mark.parametrize(
    ("phone", "country", "kept"),
    [
        ("+1 415-555-0123", "US", "+14155550123"),
        ("(415) 555-0123", "us", "+14155550123"),  # written the country's own way
        ("090-1234-5678", "JP", "+819012345678"),
        ("+7 912 345-67-89", "RU", "+79123456789"),
        ("081 234 5678", "TH", "+66812345678"),
    ],
)
def test_the_phone_is_checked_with_its_country_and_kept_in_e164(storefront, merchant, goods, phone, country, kept):
    answer = storefront.post("order/create", order_body(merchant, goods, ship_phone=phone, ship_country=country))
    assert answer.json()["code"] == 1, answer.json()
    assert Order.objects.get().ship_phone == kept


@pytest.mark.parametrize(
    ("phone", "country"),
    [("abc", "US"), ("12", "US"), ("+81 90-1234-5678", "US"), ("090-1234-5678", "US"), ("+1 555 000 1234", "US")],
)
def test_a_phone_that_is_not_a_number_of_the_country_is_refused(storefront, merchant, goods, phone, country):
    before = _state(goods)
    body = order_body(merchant, goods, ship_phone=phone, ship_country=country)
    answer = storefront.post("order/create", body, lang="ru-RU").json()
    assert (answer["code"], answer["data"]["error"]) == (0, ErrorCode.INVALID)
    message = "Это не номер телефона страны доставки (Соединенные Штаты Америки). Например: +1 201-555-0123."
    assert answer["data"]["errors"] == {"ship_phone": [message]} and answer["msg"] == message
    assert _state(goods) == before
    assert not IntakeSignature.objects.exists()  # refused before the signature is spent


def test_a_second_line_error_names_its_index(storefront, merchant, goods):
    body = order_body(merchant, goods)
    body["lines"].append({"goods": goods.pk + 1, "quantity": 0})
    answer = storefront.post("order/create", body).json()
    assert answer["data"]["errors"]["lines"] == {"1": {"quantity": [answer["msg"]]}}


def test_an_unknown_parameter_is_refused_and_nothing_is_spent(storefront, merchant, goods):
    before = _state(goods)
    answer = storefront.post("order/create", {**order_body(merchant, goods), "price": "0.01"}).json()
    assert (answer["code"], answer["msg"], answer["data"]["error"]) == (0, "Unknown parameter: price", 1011)
    assert _state(goods) == before
    assert not IntakeSignature.objects.exists()  # refused before the signature is spent


def test_an_unknown_field_of_a_line_is_refused(storefront, merchant, goods):
    body = order_body(merchant, goods)
    body["lines"][0]["retail_price"] = "0.01"
    answer = storefront.post("order/create", body).json()
    assert (answer["code"], answer["msg"]) == (0, "Unknown parameter: retail_price")
    assert answer["data"]["errors"] == {"lines": {"0": {"retail_price": ["Unknown parameter: retail_price"]}}}
    assert not Order.objects.exists()


def test_only_json_is_taken(storefront, merchant, goods):
    response = storefront.client.post("/intake/v1/order/create", order_body(merchant, goods, lines="x"))
    assert response.status_code == 415
    assert (response.json()["code"], response.json()["msg"]) == (
        0,
        'Неподдерживаемый тип данных "multipart/form-data; boundary=BoUnDaRyStRiNg" в запросе.',
    )
    assert not Order.objects.exists()


def test_an_unknown_intake_path_answers_the_envelope(storefront):
    response = storefront.client.post("/intake/v1/order/delete", {})
    assert (response.status_code, response.json()["code"]) == (404, 0)
    response = storefront.client.get("/intake/v1/order/create")
    assert (response.status_code, response.json()["code"]) == (405, 0)


# --- a shop's visits and follows --------------------------------------------------------------------------------------


@pytest.fixture
def window(monkeypatch):
    """Throttle rates for one test, counted in one window (a fixed clock: no minute ends during the test)."""
    monkeypatch.setattr(SimpleRateThrottle, "timer", lambda self: 60.0 * 1000)

    def rates(**scopes):
        for scope, rate in scopes.items():
            monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, scope, rate)

    return rates


def _throttled(answer) -> bool:
    body = answer.json()
    return body["code"] == 0 and body["data"]["error"] == ErrorCode.THROTTLED


def test_a_shops_visits_are_bounded_per_shop_and_only_signed_ones_count(merchant, window):
    window(intake_shop="3/min")
    another = MerchantFactory()
    storefront = Storefront(merchant, another)
    shop, other = merchant.shop.pk, another.shop.pk
    for n in range(3):  # not the storefront's: refused before any allowance is spent
        assert storefront.post("shop/visit", {"shop": shop, "visitor": f"v-{n}"}, secret="another").status_code == 403
    answers = [storefront.post("shop/visit", {"shop": shop, "visitor": f"v-{n}"}) for n in range(5)]
    assert [a.json()["code"] for a in answers] == [1, 1, 1, 0, 0] and _throttled(answers[-1])
    assert Visitor.objects.filter(merchant=merchant).count() == 3
    assert storefront.post("shop/visit", {"shop": other, "visitor": "v-0"}).json()["data"]["counted"]


def test_a_key_spends_no_allowance_of_a_shop_it_does_not_serve(merchant, other_merchant, window):
    window(intake_shop="2/min")
    theirs = Storefront(other_merchant)  # another storefront's key, for another shop
    for n in range(3):
        answer = theirs.post("shop/visit", {"shop": merchant.shop.pk, "visitor": f"v-{n}"}).json()
        assert answer["data"]["error"] == ErrorCode.FORBIDDEN
    ours = Storefront(merchant)
    answers = [ours.post("shop/visit", {"shop": merchant.shop.pk, "visitor": f"v-{n}"}).json() for n in range(2)]
    assert [a["code"] for a in answers] == [1, 1]
    assert Visitor.objects.filter(merchant=merchant).count() == 2


def test_a_buyers_follows_are_bounded_per_buyer_and_shop(storefront, merchant, window):
    window(intake_visitor="2/min")
    shop, now = merchant.shop.pk, int(time.time())
    calls = ("shop/follow", "shop/unfollow", "shop/follow")
    answers = [storefront.post(call, {"shop": shop, "buyer": "b-1"}, timestamp=now - n) for n, call in enumerate(calls)]
    assert [a.json()["code"] for a in answers] == [1, 1, 0] and _throttled(answers[-1])
    assert not Follower.objects.filter(buyer="b-1").exists()
    assert storefront.post("shop/follow", {"shop": shop, "buyer": "b-2"}).json()["data"]["changed"]
    visits = [storefront.post("shop/visit", {"shop": shop, "visitor": "v-1"}, timestamp=now - n) for n in range(3)]
    assert [a.json()["code"] for a in visits] == [1, 1, 0]
