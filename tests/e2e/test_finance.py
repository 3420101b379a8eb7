"""Finance in the browser (issue 34): every period's tab is whole and opens its figures and chart, amounts on the
chart's axis are money in the language at round values, one day is a visible bar, and every figure's info tap opens
its basis; screenshots in en, ru-RU, tai and zh-CN (artifacts/<lang>/finance-*.png)."""

import pytest
from playwright.sync_api import expect

from apps.orders import services
from tests.e2e.conftest import assert_visible, catalogue, open_app, settled, shot, sign_in, tap
from tests.factories import DEFAULT_PAY_PASSWORD, LevelFactory, fund, place_order

RANGES = ["finance.rangeAll", "finance.rangeYesterday", "finance.rangeToday", "finance.rangeWeek", "finance.rangeMonth"]


@pytest.fixture
def shop(merchant, operator):
    """A shop on a level with a margin, with an order received today (profit on today's date) and one awaiting
    pickup."""
    merchant.level = LevelFactory(rank=1)
    merchant.save(update_fields=["level"])
    fund(merchant, "100")
    order = place_order(merchant)
    services.order_pick(merchant=merchant, order_id=order.pk, pay_password=DEFAULT_PAY_PASSWORD)
    services.order_ship(order_id=order.pk, carrier="DHL", tracking_number="JD0146", operator=operator)
    services.order_confirm_receipt(order_id=order.pk)
    place_order(merchant)
    return merchant


@pytest.mark.parametrize("lang", ["en", "ru-RU", "tai", "zh-CN"])
def test_every_period_of_finance_is_whole_and_drawn(page, base_url, shop, lang):
    texts = catalogue(lang)
    sign_in(page, base_url, shop, lang)
    open_app(page, base_url, "/finance")
    width = page.viewport_size["width"]
    for message_id in RANGES:
        tab = page.locator(".finance-tabs .adm-tabs-tab", has_text=texts[message_id])
        box = tab.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"{texts[message_id]} is cut: {box}"
        tap(tab)
        chart = page.get_by_test_id("profit-chart")
        assert_visible(chart.locator(".recharts-surface"), scroll=True)
        if message_id in ("finance.rangeYesterday", "finance.rangeToday"):
            # One day is a bar, even without profit (yesterday's is 0).
            expect(chart.locator(".recharts-bar-rectangle").first).to_be_visible()
        amounts = chart.locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value")
        expect(amounts.first).to_be_visible()
        for amount in amounts.all_text_contents():
            assert "$" in amount, amount  # money in the language, not a bare number
            assert lang != "ru-RU" or "." not in amount, amount  # "0,5 $", not "0.5"
        if message_id in ("finance.rangeToday", "finance.rangeMonth"):
            shot(page, f"finance-{message_id.split('.')[1]}")

    infos = page.get_by_test_id("finance-figures").get_by_test_id("figure-info")
    expect(infos).to_have_count(5)
    tap(infos.nth(2))  # orders placed
    explanation = page.get_by_test_id("figure-info-text")
    expect(explanation).to_have_text(texts["finance.info.totalOrders"])
    settled(explanation)
    shot(page, "finance-figure-info", full_page=False)


def test_every_figure_of_finance_says_its_basis(page, base_url, shop):
    texts = catalogue("en")
    sign_in(page, base_url, shop, "en")
    open_app(page, base_url, "/finance")
    page.get_by_test_id("profit-chart").wait_for()
    expected = [
        "finance.info.awaitingAmount",
        "finance.info.profit",
        "finance.info.totalOrders",
        "finance.info.cancelledOrders",
        "finance.info.refundedOrders",
        "finance.info.profitByDate",
    ]
    infos = page.get_by_test_id("figure-info")
    expect(infos).to_have_count(len(expected))
    for index, message_id in enumerate(expected):
        tap(infos.nth(index))
        shown = page.locator('[data-testid="figure-info-text"]:visible')
        expect(shown).to_have_text(texts[message_id])
        tap(page.get_by_role("button", name=texts["common.gotIt"]).locator("visible=true"))
        expect(shown).to_have_count(0)
