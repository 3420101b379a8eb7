"""Home in the browser: the shop header (logo, name, level), the notice for a merchant who is not active, the wallet
figures, and the shortcuts (each opens its screen); the sales curve's three ranges, each figure's info tap and the
Awaiting pickup figure; screenshots in all seven languages (artifacts/<lang>/home*.png).
"""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from playwright.sync_api import Page, expect

from apps.accounts.constants import MerchantStatus
from apps.core.models import Upload
from apps.core.services import upload_create
from tests.e2e.conftest import LANGUAGES, assert_visible, catalogue, open_app, settled, shot, sign_in, tap
from tests.factories import LevelFactory, MerchantFactory, drawn_image, fund, place_order

# The level's name in each app language, by its translated field (Level.name_<django language>).
LEVEL_NAMES = {
    "en": ("name_en", "Gold"),
    "zh-CN": ("name_zh_hans", "黄金"),
    "zh-Hant": ("name_zh_hant", "黃金"),
    "ru-RU": ("name_ru", "Золотой"),
    "han": ("name_ko", "골드"),
    "ri": ("name_ja", "ゴールド"),
    "tai": ("name_th", "ระดับทอง"),
}
SHORTCUTS = {
    "route.setting": "/setting",
    "route.refundRequest": "/refundRequest",
    "route.storeExpress": "/storeExpress",
    "route.service": "/service",
    "route.withdraw": "/withdraw",
    "route.distribution": "/distribution",
}
# How the app's locales write 1,250.50 (Intl.NumberFormat, 2 decimals).
BALANCE = {"ru-RU": "1\u00a0250,50"}


def app(page: Page):
    """The shown screen (every visited route stays mounted, hidden)."""
    return page.locator('.kept-route:not([style*="display: none"])')


def shop_merchant(**fields):
    """A merchant on level Gold whose shop has a logo."""
    level = LevelFactory(rank=3, **dict(LEVEL_NAMES.values()))
    merchant = MerchantFactory(level=level, real_name="Alex Morgan", **fields)
    merchant.shop.name = "Blue Harbor Goods"
    picture = SimpleUploadedFile("logo.png", drawn_image(label="BH"), content_type="image/png")
    merchant.shop.logo = upload_create(file=picture, kind=Upload.Kind.LOGO, owner_id=merchant.pk)
    merchant.shop.save()
    return merchant


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_in_every_language(page, base_url, lang):
    texts = catalogue(lang)
    merchant = shop_merchant()
    fund(merchant, "1250.50")
    sign_in(page, base_url, merchant, lang)
    open_app(page, base_url, "/home")

    header = app(page).locator(".shop-header")
    expect(header.locator(".shop-header-name")).to_have_text("Blue Harbor Goods")
    expect(header.get_by_text(LEVEL_NAMES[lang][1])).to_be_visible()
    expect(header.get_by_text(texts["profile.verified"], exact=True)).to_be_visible()
    logo = re.compile(re.escape(merchant.shop.logo.file.url) + "$")
    expect(header.locator(".shop-header-logo img")).to_have_attribute("src", logo)
    balance = BALANCE.get(lang, "1,250.50")
    expect(app(page).locator(".wallet-card-balance")).to_contain_text(balance)
    for message_id in SHORTCUTS:
        expect(app(page).locator(".shortcut", has_text=texts[message_id])).to_be_visible()
    expect(app(page).get_by_text(texts["common.noRecords"], exact=True)).to_have_count(0)
    expect(app(page).locator(".my-notice")).to_have_count(0)  # an active merchant has nothing to be told
    shot(page, "home")

    # A merchant under review is told so on Home, above the figures.
    pending = shop_merchant(status=MerchantStatus.PENDING)
    sign_in(page, base_url, pending)
    open_app(page, base_url, "/home")
    expect(app(page).get_by_text(texts["my.pendingTitle"], exact=True)).to_be_visible()
    expect(app(page).get_by_text(texts["profile.underReview"], exact=True)).to_be_visible()
    shot(page, "home-pending")


@pytest.mark.parametrize(
    ("status", "title_id"), [(MerchantStatus.REJECTED, "my.rejectedTitle"), (MerchantStatus.CLOSED, "my.closed")]
)
def test_home_tells_a_rejected_or_closed_merchant_why(page, base_url, status, title_id):
    texts = catalogue("en")
    merchant = shop_merchant(status=status, status_reason="The ID photo is blurry.")
    sign_in(page, base_url, merchant, "en")
    open_app(page, base_url, "/home")
    notice = app(page).locator(".my-notice")
    expect(notice.get_by_text(texts[title_id], exact=True)).to_be_visible()
    expect(notice).to_contain_text("The ID photo is blurry.")
    shot(page, f"home-{status}")


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_every_shortcut_opens_its_screen(page, base_url, lang):
    texts = catalogue(lang)
    sign_in(page, base_url, shop_merchant(), lang)
    for message_id, path in SHORTCUTS.items():
        open_app(page, base_url, "/home")
        app(page).locator(".shortcut", has_text=texts[message_id]).click()
        page.wait_for_url(f"{base_url}{path}")
        expect(page.locator(".adm-nav-bar-title", has_text=texts[message_id])).to_be_visible()


def test_pulling_home_down_reads_it_again(page, base_url):
    """The pull gesture's code arrives at the first touch, without Home being drawn again; a pull then re-reads it."""
    merchant = shop_merchant()
    fund(merchant, "1250.50")
    sign_in(page, base_url, merchant, "en")
    open_app(page, base_url, "/home")
    expect(app(page).locator(".wallet-card-balance")).to_contain_text("1,250.50")
    expect(app(page).locator(".adm-pull-to-refresh")).to_have_count(0)  # not in the first load
    page.evaluate("document.querySelector('.kept-route .shop-header').dataset.drawn = 'first'")

    label = app(page).locator(".wallet-card-label").first.bounding_box()
    page.touchscreen.tap(label["x"] + 4, label["y"] + 4)  # plain text: the touch only loads the gesture
    expect(app(page).locator(".adm-pull-to-refresh")).to_have_count(1)
    expect(app(page).locator(".shop-header")).to_have_attribute("data-drawn", "first")  # the same node, moved

    fund(merchant, "100.00")
    touch = page.context.new_cdp_session(page)
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": 195, "y": 150}]})
    for y in range(170, 471, 20):
        touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": 195, "y": y}]})
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect(app(page).locator(".wallet-card-balance")).to_contain_text("1,350.50")


CURVE_RANGES = [("figures.curveToday", "today"), ("figures.curveSeven", "7days"), ("figures.curveThirty", "30days")]


@pytest.mark.parametrize("lang", ["en", "ru-RU", "tai", "zh-CN"])
def test_the_sales_curve_draws_today_7_and_30_days(page, base_url, lang):
    """Each range's curve is drawn, its dates and amounts in the language (the 7 and 30 days crashed Home: today's
    hours were written as dates while they loaded), and a figure's info tap opens its basis."""
    texts = catalogue(lang)
    merchant = shop_merchant()
    place_order(merchant)  # paid now: a point of each range
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    sign_in(page, base_url, merchant, lang)
    open_app(page, base_url, "/home")

    app(page).locator(".figures-curve-slot").scroll_into_view_if_needed()  # it loads when it comes into view
    curve = app(page).get_by_test_id("sales-curve")
    dates = curve.locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value")
    amounts = curve.locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value")
    seen = None
    for message_id, name in CURVE_RANGES:
        tap(curve.locator(".adm-capsule-tabs-tab", has_text=texts[message_id]))
        assert_visible(curve.get_by_test_id("sales-chart").locator(".recharts-surface"), scroll=True)
        expect(curve.locator(".recharts-area-curve")).to_have_count(1)
        if seen is not None:
            expect(dates.first).not_to_have_text(seen)  # the new range's points, not the previous ones
        seen = dates.first.text_content()
        expect(amounts.first).to_be_visible()
        for amount in amounts.all_text_contents():
            assert "$" in amount, amount  # money in the language, not a bare number
            assert lang != "ru-RU" or "." not in amount, amount
        shot(page, f"home-curve-{name}")
    expect(page.get_by_text(texts["common.errorTitle"])).to_have_count(0)
    assert not errors

    figure = app(page).get_by_test_id("home-figures").locator(".figures-cell", has_text=texts["figures.todaySales"])
    tap(figure.get_by_role("button", name=texts["common.figureInfo"].replace("{figure}", texts["figures.todaySales"])))
    explanation = page.get_by_test_id("figure-info-text")
    expect(explanation).to_have_text(texts["figures.info.todaySales"])
    settled(explanation)
    shot(page, "home-figure-info", full_page=False)


def test_every_figure_on_home_says_its_basis_and_awaiting_pickup_opens_its_tab(page, base_url):
    texts = catalogue("en")
    merchant = shop_merchant()
    fund(merchant, "100")
    place_order(merchant)
    sign_in(page, base_url, merchant, "en")
    open_app(page, base_url, "/home")
    app(page).locator(".figures-curve-slot").scroll_into_view_if_needed()
    app(page).get_by_test_id("sales-chart").wait_for()
    infos = app(page).get_by_test_id("figure-info")
    explanations = {text for key, text in texts.items() if ".info." in key}
    assert infos.count() == 12 + 4 + 1  # the figures, the wallet's four and the curve
    for index in range(infos.count()):
        tap(infos.nth(index))
        shown = page.locator('[data-testid="figure-info-text"]:visible')
        expect(shown).to_have_count(1)
        assert shown.inner_text() in explanations
        tap(page.get_by_role("button", name=texts["common.gotIt"]).locator("visible=true"))
        expect(shown).to_have_count(0)

    tap(app(page).get_by_test_id("awaiting-pickup").locator(".figures-cell-link"))
    page.wait_for_url(f"{base_url}/order?tab=5")
    expect(app(page).locator(".adm-tabs-tab-active")).to_contain_text(texts["orders.tab.5"])


def test_home_says_a_failed_load_and_tries_again(page, base_url):
    """A read that fails is said with a retry (as the lists do), never a skeleton for ever; the retry draws Home."""
    texts = catalogue("en")
    sign_in(page, base_url, shop_merchant(), "en")
    page.route("**/merchant/index/index*", lambda route: route.fulfill(status=502, body=""))
    open_app(page, base_url, "/home")
    failed = app(page).get_by_test_id("load-failed")
    expect(failed).to_contain_text(texts["common.loadFailed"])
    shot(page, "home-load-failed")

    page.unroute("**/merchant/index/index*")
    tap(failed.get_by_role("button", name=texts["common.retry"]))
    expect(app(page).get_by_test_id("home-figures")).to_be_visible()
    expect(failed).to_have_count(0)
