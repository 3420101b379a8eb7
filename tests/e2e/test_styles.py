"""Browser tests of the app's styles (issue 34): a screen looks the same whatever screens were opened before it (the
order in which their stylesheets loaded) and when it is opened directly (its own stylesheets only).
docs/frontend.md ("Styles") gives the rules these check.
"""

import io

import pytest

from apps.catalog import demo as catalog_demo
from apps.catalog.models import Product
from apps.shop import demo as shop_demo
from tests.e2e.conftest import catalogue, drawn, open_app, shot, sign_in, tap
from tests.factories import ShopGoodsFactory, place_order

# The drawn width of the first element matching each selector, and of the title beside it.
_WIDTHS = """([picture, title]) => ({
    picture: document.querySelector(picture + ":not([hidden] *)").getBoundingClientRect().width,
    title: [...document.querySelectorAll(title)].find((el) => el.getClientRects().length).getBoundingClientRect().width,
})"""


@pytest.fixture
def seller(merchant):
    """A merchant with a demo product (a 600 px picture) listed and sold once: an order card and a best seller."""
    shop_demo.seed(io.StringIO())
    catalog_demo.seed(io.StringIO())
    goods = ShopGoodsFactory(merchant=merchant, product=Product.objects.filter(images__isnull=False).first())
    place_order(merchant, goods=goods)
    return merchant


def _widths(page, picture: str, title: str) -> dict[str, float]:
    drawn(page)
    return page.evaluate(_WIDTHS, [picture, title])


def test_order_cards_and_best_sellers_keep_their_layout_after_a_tab_round_trip(page, base_url, seller):
    """Home, Orders, Products, My, Orders: each tab loads its screen's stylesheets after the previous ones; the order
    card's picture stays 56 px and the best seller's 84 px, with the titles beside them at their width."""
    texts = catalogue("en")
    sign_in(page, base_url, seller, "en")
    open_app(page, base_url, "/home")

    def to_tab(route: str, path: str) -> None:
        tap(page.locator(".tab-layout-bar:visible .adm-tab-bar-item", has_text=texts[route]))
        page.wait_for_url(f"{base_url}{path}")
        page.wait_for_load_state("networkidle")

    to_tab("route.order", "/order")
    page.get_by_test_id("order-card").first.wait_for()
    first = _widths(page, "[data-testid=order-card] .orders-image", "[data-testid=order-card] .orders-title")
    assert first["picture"] == 56, first
    to_tab("route.product", "/product")
    page.get_by_test_id("hot-goods").first.wait_for()
    best = _widths(page, "[data-testid=hot-goods] .catalog-thumb", "[data-testid=hot-goods] .catalog-title")
    assert best["picture"] == 84, best
    assert best["title"] > 150, best
    to_tab("route.my", "/my")
    to_tab("route.order", "/order")

    again = _widths(page, "[data-testid=order-card] .orders-image", "[data-testid=order-card] .orders-title")
    assert again == first, (first, again)
    assert again["title"] > 150, again  # beside the picture, most of the card's width: not one letter a line
    shot(page, "styles-orders-after-round-trip", full_page=False)
    to_tab("route.product", "/product")
    assert _widths(page, "[data-testid=hot-goods] .catalog-thumb", "[data-testid=hot-goods] .catalog-title") == best
    shot(page, "styles-products-after-round-trip", full_page=False)


@pytest.mark.parametrize("path", ["/code", "/forgetPwd"])
def test_account_screens_opened_directly_keep_their_side_padding(page, base_url, path):
    """Opened first (no other screen's stylesheet loaded), the introduction keeps its 20 px sides."""
    open_app(page, base_url, path, "en")
    intro = page.locator(".account-intro")
    padding = intro.evaluate("el => [getComputedStyle(el).paddingLeft, getComputedStyle(el).paddingRight]")
    assert padding == ["20px", "20px"]
    shot(page, f"styles-{path.strip('/')}-opened-directly")


def test_password_screens_opened_directly_keep_their_side_padding(page, base_url, merchant):
    sign_in(page, base_url, merchant, "en")
    for path in ("/changeLoginPassword", "/changePayPassword"):
        open_app(page, base_url, path)
        intro = page.locator(".account-intro")
        assert intro.evaluate("el => getComputedStyle(el).paddingLeft") == "20px", path


# The width of each character of `text` drawn in the page's font, in ems.
_EMS = """(text) => [...text].map((mark) => {
    const span = document.createElement("span");
    span.textContent = mark;
    document.body.append(span);
    const ems = span.getBoundingClientRect().width / parseFloat(getComputedStyle(span).fontSize);
    span.remove();
    return ems;
})"""


@pytest.mark.parametrize(("lang", "wide"), [("en", False), ("ru-RU", False), ("zh-CN", True), ("ri", True)])
def test_quotes_are_drawn_as_the_language_draws_them(page, base_url, lang, wide):
    """The quotes of a confirm ("Remove “Mug” from your shop?") are narrow in English and Russian; Chinese and
    Japanese draw theirs full width."""
    open_app(page, base_url, "/login", lang)
    before, after = catalogue(lang)["goods.removeConfirm"].split("{title}")
    ems = page.evaluate(_EMS, before[-1] + after[0])
    assert all(width > 0.9 for width in ems) if wide else all(width < 0.6 for width in ems), ems


def test_homes_header_keeps_its_look_after_the_shop_settings(page, base_url, merchant):
    """Home's shop header and the settings' header are two components: opening the settings leaves Home's as it was."""
    texts = catalogue("en")
    sign_in(page, base_url, merchant, "en")
    open_app(page, base_url, "/home")
    header = page.locator(".shop-header:visible")
    look = "el => [getComputedStyle(el).backgroundImage, getComputedStyle(el).paddingTop]"
    before = header.evaluate(look)
    tap(page.locator(".tab-layout-bar:visible .adm-tab-bar-item", has_text=texts["route.my"]))
    tap(page.locator(".adm-list-item:visible", has_text=texts["my.settings"]))
    page.wait_for_url(f"{base_url}/setting")
    page.wait_for_load_state("networkidle")
    shot(page, "styles-setting-header", full_page=False)
    page.go_back()
    page.go_back()
    page.wait_for_url(f"{base_url}/home")
    assert header.evaluate(look) == before
