"""Browser tests of the order screens (issue 10) at 390x844 in Chromium: an order placed through the signed storefront
intake, picked up by the merchant with the payment password, shipped by an operator in the admin, tracked, received
and settled, until Funds records show the sale; a batch pickup with too little balance; screenshots of Order,
OrderDetail and RefundRequest in the seven languages (tests/e2e/artifacts/<lang>/orders-*.png).
"""

import io
import re
from datetime import timedelta
from decimal import Decimal

import pytest
import time_machine
from django.utils import timezone

from apps.orders import services, tasks
from apps.orders.constants import OrderStatus
from apps.orders.models import Order
from tests.e2e.conftest import (
    LANGUAGES,
    assert_visible,
    catalogue,
    open_app,
    server_text,
    settled,
    shot,
    sign_in,
    tap,
    wait_toast,
)
from tests.e2e.test_wallet import admin_page, type_pay_password
from tests.factories import DEFAULT_PAY_PASSWORD, ProductFactory, ShopGoodsFactory, fund, place_order
from tests.storefront import Storefront


@pytest.fixture
def shop(base_url, merchant):
    """A merchant on the first demo level with a listing of a 20.00 mug."""
    from apps.shop import demo as shop_demo
    from apps.shop.models import Level

    shop_demo.seed(io.StringIO())
    merchant.level = Level.objects.order_by("rank").first()
    merchant.save(update_fields=["level"])
    merchant.goods_mug = ShopGoodsFactory(
        merchant=merchant, product=ProductFactory(title_en="Ceramic mug", retail_price=Decimal("20.00"))
    )
    return merchant


def _order_card(page, number: str):
    return page.get_by_test_id("order-card").filter(has_text=number)


def test_an_order_from_the_storefront_to_the_merchants_balance(page, context, base_url, shop, operator):
    fund(shop, "30")  # one mug's cost (below 20.00 at any level) and change
    storefront = Storefront(shop)
    body = {
        "external_ref": "SF-E2E-1",
        "shop": shop.shop.pk,
        "lines": [{"goods": shop.goods_mug.pk, "quantity": 1}],
        "ship_name": "Ann Buyer",
        "ship_phone": "+14155550123",
        "ship_address": "1 Main Street, Springfield",
        "ship_country": "US",
    }
    assert storefront.post("order/create", body).json()["code"] == 1
    assert storefront.post("order/paid", {"external_ref": "SF-E2E-1", "payment_reference": "P-1"}).json()["code"] == 1
    order = Order.objects.get(external_ref="SF-E2E-1")

    # The merchant sees it awaiting pickup, with the badge on the tab bar, and picks it up.
    sign_in(page, base_url, shop, "en")
    open_app(page, base_url, "/order")
    orders_tab = page.locator(".tab-layout-bar .adm-tab-bar-item", has_text=catalogue("en")["route.order"])
    order_badge = orders_tab.locator(".adm-badge")
    assert order_badge.inner_text() == "1"
    card = _order_card(page, order.number)
    assert_visible(card)
    tap(card.get_by_test_id("pick-up"))
    type_pay_password(page, DEFAULT_PAY_PASSWORD, amount=str(order.total_cost))
    wait_toast(page)
    order.refresh_from_db()
    assert order.status == OrderStatus.AWAITING_SHIPMENT
    order_badge.wait_for(state="detached")

    # The operator ships it in the admin and records a step.
    admin = admin_page(context, base_url)
    admin.goto(f"{base_url}/admin/orders/order/{order.pk}/change/")
    admin.locator("a.button[href$='/ship/']").click()
    admin.fill("#id_carrier", "DHL")
    admin.fill("#id_tracking_number", "JD014600006281")
    admin.locator(".submit-row input[type=submit]").click()
    admin.wait_for_url(f"{base_url}/admin/orders/order/{order.pk}/change/")
    assert "shipped with DHL" in admin.locator(".messagelist").inner_text()
    admin.goto(f"{base_url}/admin/orders/order/{order.pk}/tracking/")
    # The next minute: a step is never earlier than the pickup (seconds ago) nor more than minutes ahead.
    admin.fill("#id_occurred_at", (timezone.localtime() + timedelta(minutes=1)).strftime("%Y-%m-%dT%H:%M"))
    admin.fill("#id_place", "Shenzhen sorting center")
    admin.select_option("#id_step", "sorting_center")
    admin.fill("#id_note", "Gate 4")
    admin.locator(".submit-row input[type=submit]").click()
    admin.wait_for_url(f"{base_url}/admin/orders/order/{order.pk}/change/")
    assert "Arrived at the sorting center" in admin.locator(".messagelist").inner_text()

    # The merchant follows it in OrderDetail.
    page.bring_to_front()
    open_app(page, base_url, f"/orderDetail?id={order.pk}")
    assert page.get_by_test_id("tracking-number").inner_text() == "JD014600006281"
    assert_visible(page.get_by_test_id("tracking-steps").get_by_text("Arrived at the sorting center"))
    shot(page, "orders-flow-detail")

    # The buyer confirms; a week later the settlement task pays the sale into the balance.
    assert storefront.post("order/confirm", {"external_ref": "SF-E2E-1"}).json()["code"] == 1
    with time_machine.travel(timezone.now() + timedelta(days=7, minutes=5)):
        assert tasks.orders_move_due()["settle"] == 1
    order.refresh_from_db()
    assert order.status == OrderStatus.COMPLETED
    open_app(page, base_url, "/fundsRecords")
    settled = page.get_by_test_id("bill-line").first
    assert "Order settled" in settled.inner_text()
    assert "20.00" in settled.inner_text()
    shot(page, "orders-flow-funds")


def test_pick_up_all_with_enough_balance_says_what_was_paid_then_all_caught_up(page, base_url, shop):
    """The last orders picked up take the "Pick up all" button away: the screen still shows what was done."""
    orders = [place_order(shop, goods=shop.goods_mug) for _ in range(2)]
    cost = orders[0].total_cost
    fund(shop, str(2 * cost))
    texts = catalogue("en")
    sign_in(page, base_url, shop, "en")
    open_app(page, base_url, "/order")
    tap(page.get_by_test_id("order-tab-5"))
    tap(page.get_by_test_id("pick-up-all"))
    type_pay_password(page, DEFAULT_PAY_PASSWORD, amount=str(2 * cost))
    results = page.get_by_test_id("pick-results")
    settled(results)
    assert len(results.get_by_test_id("pick-result-picked").all()) == 2
    assert results.get_by_test_id("pick-paid").inner_text() == f"Paid: ${2 * cost}"
    assert results.get_by_test_id("pick-shortfall").count() == 0
    assert page.get_by_test_id("pick-up-all").count() == 0  # nothing is left to pick up; the result stays
    shot(page, "orders-pick-all-done", full_page=False)
    assert [o.status for o in Order.objects.order_by("id")] == [1, 1]
    tap(results.get_by_test_id("pick-results-close"))
    assert_visible(page.get_by_text(texts["orders.allCaughtUp"]))


@pytest.mark.parametrize("lang", ["en", "ru-RU", "ri"])
def test_pick_up_all_with_too_little_balance_says_what_was_skipped_and_the_shortfall(page, base_url, shop, lang):
    texts = catalogue(lang)
    orders = [place_order(shop, goods=shop.goods_mug) for _ in range(3)]
    cost = orders[0].total_cost
    fund(shop, str(2 * cost + 1))  # two of the three
    sign_in(page, base_url, shop, lang)
    open_app(page, base_url, "/order")
    tap(page.get_by_test_id("order-tab-5"))
    tap(page.get_by_test_id("pick-up-all"))

    # A wrong payment password: the sheet stays, its boxes empty, with the server's message and the tries left.
    type_pay_password(page, "135791")
    refusal = page.get_by_test_id("pay-password-refusal")
    assert_visible(refusal)
    assert refusal.inner_text() == server_text(lang, "Wrong payment password. %(left)d tries left.", left=4)
    assert page.locator(".pay-password .adm-passcode-input-cell-dot").count() == 0
    shot(page, "orders-pay-password-wrong", full_page=False)

    type_pay_password(page, DEFAULT_PAY_PASSWORD, amount=str(3 * cost) if lang == "en" else "")
    results = page.get_by_test_id("pick-results")
    settled(results)
    assert len(results.get_by_test_id("pick-result-picked").all()) == 2
    insufficient = results.get_by_test_id("pick-result-insufficient")
    assert orders[2].number in insufficient.inner_text()
    assert_visible(results.get_by_test_id("pick-shortfall"))
    shot(page, "orders-pick-all-results", full_page=False)
    assert [o.status for o in Order.objects.order_by("id")] == [1, 1, 5]
    tap(results.get_by_test_id("pick-deposit"))
    page.wait_for_url(re.compile(r".*/recharge$"))

    if lang != "en":
        return
    # The last one alone: the balance is too low, and the app offers a deposit.
    open_app(page, base_url, "/order")
    tap(page.get_by_test_id("order-tab-5"))
    tap(_order_card(page, orders[2].number).get_by_test_id("pick-up"))
    type_pay_password(page, DEFAULT_PAY_PASSWORD, amount=str(cost))
    assert_visible(page.get_by_test_id("pick-insufficient"))
    shot(page, "orders-insufficient", full_page=False)
    tap(page.get_by_role("button", name=texts["orders.deposit"]))
    page.wait_for_url(re.compile(r".*/recharge$"))


@pytest.fixture
def order_history(shop, operator):
    """Orders in several statuses, one shipped with two tracking steps and a refund asked, one refund rejected."""
    fund(shop, "200")
    place_order(shop, goods=shop.goods_mug, paid=False)
    place_order(shop, goods=shop.goods_mug)
    shipped = place_order(shop, goods=shop.goods_mug, quantity=2)
    services.order_pick(merchant=shop, order_id=shipped.pk, pay_password=DEFAULT_PAY_PASSWORD)
    services.order_ship(order_id=shipped.pk, carrier="DHL", tracking_number="JD014600006281", operator=operator)
    now = timezone.now()
    with time_machine.travel(now + timedelta(hours=3)):
        for hours, step in ((1, "sorting_center"), (2, "arrived")):
            services.tracking_event_add(
                order_id=shipped.pk, occurred_at=now + timedelta(hours=hours), step=step, place="Shenzhen"
            )
    services.refund_request(order_id=shipped.pk, reason="Tracking has not moved.", goods_status="not_received")
    other = place_order(shop, goods=shop.goods_mug)
    services.order_pick(merchant=shop, order_id=other.pk, pay_password=DEFAULT_PAY_PASSWORD)
    refund = services.refund_request(order_id=other.pk, reason="Changed my mind.", goods_status="received")
    services.refund_reject(refund_id=refund.pk, operator=operator, reason="The goods were shipped as ordered.")
    # A cancelled order and a refunded one (its cost back to the balance): no earnings.
    cancelled = place_order(shop, goods=shop.goods_mug)
    services.order_cancel(order_id=cancelled.pk)
    refunded = place_order(shop, goods=shop.goods_mug)
    services.order_pick(merchant=shop, order_id=refunded.pk, pay_password=DEFAULT_PAY_PASSWORD)
    refund = services.refund_request(order_id=refunded.pk, reason="Broken on arrival.", goods_status="returned")
    services.refund_approve(refund_id=refund.pk, operator=operator)
    return shipped


@pytest.mark.parametrize("lang", LANGUAGES)
def test_order_screens_in_every_language(page, base_url, shop, order_history, lang):
    texts = catalogue(lang)
    sign_in(page, base_url, shop, lang)
    open_app(page, base_url, "/order")
    page.get_by_test_id("order-card").nth(3).wait_for()
    assert texts["orders.tab.5"] in page.get_by_test_id("order-tab-5").inner_text()
    shot(page, "orders-order", full_page=False)
    # Cancelled and refunded orders earn nothing (not a green figure).
    tap(page.get_by_test_id("order-tab--2"))
    refunded = page.get_by_test_id("order-card").filter(has_text=texts["orders.noEarnings"])
    refunded.wait_for()
    assert refunded.locator("s").count() == 1

    open_app(page, base_url, f"/orderDetail?id={order_history.pk}")
    page.get_by_test_id("refund-state").wait_for()
    arrived = server_text(lang, "Arrived in the destination city")  # a step, in the merchant's language
    assert_visible(page.get_by_test_id("tracking-steps").get_by_text(arrived), scroll=True)
    shot(page, "orders-orderDetail")
    tap(page.get_by_test_id("tracking-number").locator("xpath=..").get_by_test_id("copy"))
    wait_toast(page, texts["common.copied"])

    open_app(page, base_url, "/refundRequest")
    page.get_by_test_id("refund-card").nth(2).wait_for()
    shot(page, "orders-refundRequest")
