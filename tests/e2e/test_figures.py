"""Browser tests of Home's figures and Finance (issue 11) at 390x844 in Chromium: the figures of a shop with orders,
visits, followers, a rating and a credit event, the credit score's sheet, the financial report, and the time zone in
Personal info; screenshots in the seven languages (tests/e2e/artifacts/<lang>/figures-*.png)."""

import pytest
from playwright.sync_api import expect

from apps.orders import figures, services
from apps.orders.constants import CreditEventKind, OrderStatus
from apps.shop import figures as shop_figures
from tests.e2e.conftest import (
    LANGUAGES,
    assert_visible,
    catalogue,
    open_app,
    server_text,
    shot,
    sign_in,
    tap,
    wait_toast,
)
from tests.factories import DEFAULT_PAY_PASSWORD, fund, place_order


@pytest.fixture
def busy_shop(base_url, merchant, operator):
    """A shop with a received order (20.00, profit 2.00 at the 10 % level), one awaiting pickup, three visitors, two
    followers, a 4-star rating and a missed pickup's credit event."""
    from apps.shop.models import Level
    from tests.factories import LevelFactory

    merchant.level = Level.objects.order_by("rank").first() or LevelFactory(rank=1)
    merchant.save(update_fields=["level"])
    fund(merchant, "100")
    order = place_order(merchant)
    services.order_pick(merchant=merchant, order_id=order.pk, pay_password=DEFAULT_PAY_PASSWORD)
    services.order_ship(order_id=order.pk, carrier="DHL", tracking_number="JD0146", operator=operator)
    services.order_confirm_receipt(order_id=order.pk)
    services.review_add(order_id=order.pk, stars=4, text="Nice")
    place_order(merchant)
    for key in ("a", "b", "c"):
        shop_figures.visit_record(merchant=merchant, key=key)
    for buyer in ("x", "y"):
        shop_figures.follow(merchant=merchant, buyer=buyer)
    figures.credit_event_add(merchant_id=merchant.pk, kind=CreditEventKind.PICKUP_MISSED)
    return merchant


def _figure(page, label: str):
    return page.get_by_test_id("home-figures").locator(".figures-cell", has_text=label)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_and_finance_in_every_language(page, base_url, busy_shop, lang):
    texts = catalogue(lang)
    sign_in(page, base_url, busy_shop, lang)
    open_app(page, base_url, "/home")
    page.get_by_test_id("home-figures").wait_for()
    assert _figure(page, texts["figures.creditScore"]).locator(".figures-value").inner_text() == "98"
    assert _figure(page, texts["figures.visitorsToday"]).locator(".figures-value").inner_text() == "3"
    assert "4" in page.get_by_test_id("rating").inner_text()
    page.locator(".figures-curve-slot").scroll_into_view_if_needed()  # below the fold: it loads when scrolled to
    assert_visible(page.get_by_test_id("sales-chart").locator(".recharts-surface"), scroll=True)
    shot(page, "figures-home")

    tap(page.get_by_test_id("credit-score"))
    sheet = page.get_by_test_id("credit-sheet")
    sheet.wait_for()
    assert_visible(page.locator(".adm-list-item", has_text=server_text(lang, "Order not picked up in time")).last)
    shot(page, "figures-credit", full_page=False)

    open_app(page, base_url, "/finance")
    page.get_by_test_id("finance-figures").wait_for()
    assert_visible(page.get_by_test_id("profit-chart").locator(".recharts-surface"), scroll=True)
    shot(page, "figures-finance")


def test_a_new_shop_has_no_ratings_yet_and_the_time_zone_is_chosen_in_personal_info(page, base_url, merchant):
    texts = catalogue("en")
    sign_in(page, base_url, merchant, "en")
    open_app(page, base_url, "/home")
    assert texts["figures.noRating"] in page.get_by_test_id("rating").inner_text()

    open_app(page, base_url, "/personalInfo")
    tap(page.get_by_test_id("time-zone"))
    page.get_by_placeholder(texts["profile.timeZoneSearch"]).fill("Bangkok")
    tap(page.locator(".adm-check-list-item", has_text="Asia/Bangkok"))
    wait_toast(page, "Time zone saved")
    merchant.refresh_from_db()
    assert merchant.time_zone == "Asia/Bangkok"
    assert "Asia/Bangkok" in page.get_by_test_id("time-zone").inner_text()
    shot(page, "figures-timeZone")


@pytest.fixture
def day_of_orders(merchant, operator):
    """Today: two orders sold (one awaiting pickup, one picked up), one cancelled by its buyer after paying, one
    refunded after pickup, one not paid yet: 5 placed, 2 sold (40.00), 1 cancelled, 1 refunded."""
    from apps.orders.constants import GoodsStatus
    from apps.shop.models import Level
    from tests.factories import LevelFactory

    merchant.level = Level.objects.order_by("rank").first() or LevelFactory(rank=1)
    merchant.save(update_fields=["level"])
    fund(merchant, "100")
    place_order(merchant)
    picked, refunded = place_order(merchant), place_order(merchant)
    for order in (picked, refunded):
        services.order_pick(merchant=merchant, order_id=order.pk, pay_password=DEFAULT_PAY_PASSWORD)
    services.order_cancel(order_id=place_order(merchant).pk)
    refund = services.refund_request(order_id=refunded.pk, reason="broken", goods_status=GoodsStatus.NOT_RECEIVED)
    services.refund_approve(refund_id=refund.pk, operator=operator)
    place_order(merchant, paid=False)
    return merchant


def test_home_finance_and_the_orders_tabs_show_the_same_numbers_for_today(page, base_url, day_of_orders):
    """Issue 34: a cancelled order in today's sales, today's sales above the total, Finance's cancelled count unlike
    the Orders tab's."""
    texts = catalogue("en")
    sign_in(page, base_url, day_of_orders, "en")
    open_app(page, base_url, "/home")

    def value(container: str, label: str):
        return page.get_by_test_id(container).locator(".figures-cell", has_text=label).locator(".figures-value")

    expect(value("home-figures", texts["figures.todayOrders"])).to_have_text("2")
    assert "40.00" in value("home-figures", texts["figures.todaySales"]).inner_text()
    assert "40.00" in value("home-figures", texts["figures.totalSales"]).inner_text()
    shot(page, "figures-agree-home")

    open_app(page, base_url, "/finance")
    tap(page.locator(".finance-tabs .adm-tabs-tab", has_text=texts["finance.rangeToday"]))
    expect(value("finance-figures", texts["finance.totalOrders"])).to_have_text("5")
    expect(value("finance-figures", texts["finance.cancelledOrders"])).to_have_text("1")
    expect(value("finance-figures", texts["finance.refundedOrders"])).to_have_text("1")
    shot(page, "figures-agree-finance")

    open_app(page, base_url, "/order")
    expect(page.get_by_test_id("order-tab--1")).to_contain_text("1")
    expect(page.get_by_test_id("order-tab--2")).to_contain_text("1")
    tabs = [page.get_by_test_id(f"order-tab-{code}").locator(".orders-tab-count") for code in OrderStatus.values]
    assert sum(int(tab.inner_text()) for tab in tabs if tab.count()) == 5
    shot(page, "figures-agree-orders")
