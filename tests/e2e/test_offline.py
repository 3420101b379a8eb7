"""The app offline (issue 37), with its service worker allowed (`sw_context`): after a first load signed in (Home, then
Orders), the device goes offline and a reload still draws the shell with the last data, read-only, under the banner
that says the app is offline and when the data is from; a pickup is refused with the banner's "nothing was sent";
back online the banner goes. The browser finds the app installable. A new /sw.js is offered with "Reload", and only
the tap reloads. Screenshots in English and Russian (tests/e2e/artifacts/<lang>/offline-*.png, update-ready.png).
"""

import re
import shutil
from types import SimpleNamespace

import pytest
from django.contrib.staticfiles import finders
from playwright.sync_api import Page, expect

from apps.orders.constants import OrderStatus
from tests.e2e.conftest import assert_visible, catalogue, open_app, shot, sign_in, tap
from tests.e2e.test_wallet import type_pay_password
from tests.factories import MerchantFactory, fund, place_order

BALANCE = {"en": "1,250.50", "ru-RU": "1\u00a0250,50"}


def app(page: Page):
    """The shown screen (every visited route stays mounted, hidden)."""
    return page.locator('.kept-route:not([style*="display: none"])')


def controlled(page: Page) -> None:
    """The service worker controls the page and has kept what the page loaded before it did."""
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.wait_for_function(
        """async () => {
            const names = await caches.keys();
            if (!names.some((name) => name.startsWith("shell-")) || !names.includes("static")) return false;
            return (await (await caches.open("static")).keys()).length > 0;
        }"""
    )


def still_offline(page: Page) -> None:
    """After a navigation that the service worker answered, Chromium's emulated offline no longer shows in the new
    document's navigator.onLine (a phone that is offline says so): the emulation is set again, as the device's
    "offline" event would be."""
    context = page.context
    if page.evaluate("navigator.onLine"):
        context.set_offline(False)
        context.set_offline(True)
    page.wait_for_function("!navigator.onLine")


@pytest.mark.parametrize("lang", ["en", "ru-RU"])
def test_offline_after_a_first_load_shows_the_last_data_read_only(sw_context, base_url, lang):
    texts = catalogue(lang)
    merchant = MerchantFactory()
    merchant.shop.name = "Blue Harbor Goods"
    merchant.shop.save()
    fund(merchant, "1250.50")
    order = place_order(merchant)
    page = sw_context.new_page()
    sign_in(page, base_url, merchant, lang)
    open_app(page, base_url, "/home")
    controlled(page)
    expect(app(page).locator(".wallet-card-balance")).to_contain_text(BALANCE[lang])

    # Installable: Chromium finds nothing missing (manifest, icons, a service worker that handles fetches). A test's
    # context is an incognito profile, where nothing installs: that one reason is the browser's, not the app's.
    cdp = sw_context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [error["errorId"] for error in errors if error["errorId"] != "in-incognito"] == []

    tap(page.locator(".tab-layout-bar .adm-tab-bar-item", has_text=texts["route.order"]))
    card = app(page).get_by_test_id("order-card").filter(has_text=order.number)
    assert_visible(card)
    page.wait_for_function(  # the copy of the last data is written a moment after the reads
        "number => Object.keys(localStorage).some((k) => k.startsWith('offline-data:') && "
        "localStorage.getItem(k).includes(number))",
        arg=order.number,
    )

    sw_context.set_offline(True)
    page.reload()
    page.wait_for_selector("#root > *:not(.app-loading)")
    still_offline(page)
    banner = page.get_by_test_id("offline-banner")
    assert_visible(banner)
    expect(banner).to_contain_text(texts["common.offlineBanner"])
    time = page.get_by_test_id("offline-data-time")
    expect(time).to_have_text(re.compile(r"\d{1,2}:\d{2}"))
    assert_visible(card)
    shot(page, "offline-orders", full_page=False)

    # A change is refused at once, and the banner says nothing was sent.
    tap(card.get_by_test_id("pick-up"))
    type_pay_password(page)
    expect(banner).to_contain_text(texts["common.offlineNotSent"])
    order.refresh_from_db()
    assert order.status == OrderStatus.AWAITING_PICKUP
    expect(page.locator(".pay-password").filter(visible=True)).to_have_count(0)  # the sheet closes on any other failure
    shot(page, "offline-refused", full_page=False)

    # Another route opens offline too, with its last data.
    page.goto(f"{base_url}/home")
    still_offline(page)
    expect(app(page).locator(".wallet-card-balance")).to_contain_text(BALANCE[lang])
    expect(app(page).locator(".shop-header-name")).to_have_text("Blue Harbor Goods")
    assert_visible(page.get_by_test_id("offline-data-time"))
    shot(page, "offline-home", full_page=False)

    sw_context.set_offline(False)
    expect(banner).to_have_count(0)


def test_a_new_version_waits_for_the_merchants_reload(sw_context, base_url, monkeypatch, tmp_path):
    texts = catalogue("en")
    page = sw_context.new_page()
    sign_in(page, base_url, MerchantFactory(), "en")
    open_app(page, base_url, "/home")
    controlled(page)
    expect(page.get_by_test_id("update-bar")).to_have_count(0)

    # A new build: /sw.js changes.
    newer = tmp_path / "sw.js"
    shutil.copy(finders.find("app/sw.js"), newer)
    with newer.open("a") as file:
        file.write("\n// the next build\n")
    # Only the worker's view reads the new file; the other static files stay as built.
    built = finders.find
    monkeypatch.setattr(
        "apps.core.views.finders", SimpleNamespace(find=lambda path: str(newer) if path == "app/sw.js" else built(path))
    )
    page.evaluate("navigator.serviceWorker.getRegistration().then((registration) => registration.update())")

    bar = page.get_by_test_id("update-bar")
    assert_visible(bar)
    expect(bar).to_contain_text(texts["common.updateReady"])
    page.wait_for_timeout(1000)
    assert_visible(bar)  # it waits for the tap: nothing reloads by itself
    shot(page, "update-ready", full_page=False)

    with page.expect_navigation():
        tap(bar.get_by_test_id("update-reload"))
    page.wait_for_selector("#root > *:not(.app-loading)")
    expect(page.get_by_test_id("update-bar")).to_have_count(0)
