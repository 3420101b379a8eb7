"""Browser test of messages and announcements (issue 12) at 390x844 in Chromium: Home's notice bar opens the
announcement, the My tab and the Messages link show the unread count, the Message screen's tabs, and reading a
message brings the count down; screenshots in the seven languages (tests/e2e/artifacts/<lang>/messages-*.png)."""

import io

import pytest

from apps.support import demo
from tests.e2e.conftest import (
    LANGUAGES,
    assert_visible,
    catalogue,
    open_app,
    settled,
    shot,
    sign_in,
    tap,
    wait_toast_gone,
)
from tests.factories import MerchantFactory

FOLDER_FIELDS = {"en": 0, "zh-CN": 1, "zh-Hant": 2, "ru-RU": 3, "han": 4, "ri": 5, "tai": 6}


@pytest.fixture
def reader(base_url):
    """The demo's messages: an announcement in force and two broadcasts, the older read, the newer unread."""
    merchant = MerchantFactory(email=demo.DEMO_EMAIL)
    demo.seed(io.StringIO())
    return merchant


@pytest.mark.parametrize("lang", LANGUAGES)
def test_read_a_message_in_every_language(page, base_url, reader, lang):
    texts = catalogue(lang)
    index = FOLDER_FIELDS[lang]
    sign_in(page, base_url, reader, lang)
    open_app(page, base_url, "/home")

    # Home: the current announcement in a notice bar; a tap shows it whole.
    bar = page.get_by_test_id("announcement-bar")
    assert_visible(bar)
    assert demo.ANNOUNCEMENT["title"][index] in bar.inner_text()
    shot(page, "messages-home")
    tap(bar)
    dialog = page.get_by_test_id("announcement-dialog")
    assert_visible(dialog)
    assert demo.ANNOUNCEMENT["content"][index][:20] in dialog.inner_text()
    settled(dialog)  # opened, for the screenshot
    shot(page, "messages-announcement", full_page=False)
    page.locator(".adm-modal-footer button").click()
    dialog.wait_for(state="hidden")

    # My: the tab bar and the Messages link show the one unread message.
    my_badge = page.locator(".tab-layout-bar .adm-tab-bar-item", has_text=texts["route.my"]).locator(".adm-badge")
    assert my_badge.inner_text() == "1"
    open_app(page, base_url, "/my")
    link = page.locator(".adm-list-item", has_text=texts["my.messages"])
    assert link.locator(".adm-badge").inner_text() == "1"
    tap(link)

    # Message: all, read and unread; the unread one is marked.
    page.wait_for_url("**/message")
    cards = page.get_by_test_id("message-card")
    cards.first.wait_for()
    assert cards.count() == 2
    unread = page.locator('[data-testid="message-card"][data-read="false"]')
    assert demo.BROADCASTS[1]["title"][index] in unread.inner_text()
    shot(page, "messages-list")
    tap(page.get_by_test_id("message-tab-1"))
    page.locator('.adm-tabs-tab-active [data-testid="message-tab-1"]').wait_for()
    page.locator('[data-testid="message-card"][data-read="false"]').first.wait_for(state="hidden")
    tap(page.get_by_test_id("message-tab-0"))
    page.locator('.adm-tabs-tab-active [data-testid="message-tab-0"]').wait_for()

    # MessageDetail: opening it reads it; the count goes down everywhere.
    tap(page.locator('[data-testid="message-card"][data-read="false"]:visible').first)
    detail = page.get_by_test_id("message-detail")
    detail.wait_for()
    assert demo.BROADCASTS[1]["content"][index][:20] in detail.inner_text()
    shot(page, "messages-detail")
    page.go_back()
    page.wait_for_url("**/message")
    tap(page.get_by_test_id("message-tab-all"))
    page.locator('[data-testid="message-card"][data-read="false"]').first.wait_for(state="detached")
    my_badge.wait_for(state="detached")
    assert not reader.notices.filter(is_read=False).exists()


# English only: in the other languages the look check takes the order and deposit numbers in the messages' texts for
# English words (the numbers are in the server's sentences, not in a translate="no" element).
@pytest.mark.parametrize("lang", ["en"])
def test_mark_all_read_and_open_the_order_a_message_is_about(page, base_url, lang):
    """Issue 34, items 6 and 10: "Mark all read" clears the badges; the message about an order opens it, whose
    product is named in the merchant's language with the buyer's wording beside it."""
    from django.utils import translation

    from tests.factories import ProductFactory, ShopGoodsFactory, fund, place_order

    merchant = MerchantFactory()
    fund(merchant, "30")
    mug = ProductFactory(title_en="Ceramic mug", title_th="แก้วมัคเซรามิก", title_zh_hans="陶瓷马克杯")
    with translation.override("zh-hans"):
        order = place_order(merchant, goods=ShopGoodsFactory(merchant=merchant, product=mug))
    texts = catalogue(lang)
    sign_in(page, base_url, merchant, lang)
    open_app(page, base_url, "/message")
    page.get_by_test_id("message-card").nth(1).wait_for()
    button = page.get_by_test_id("mark-all-read")
    assert_visible(button)
    shot(page, "messages-mark-all", full_page=False)
    tap(button)
    page.get_by_text(texts["messages.allRead"]).wait_for()
    shot(page, "messages-all-read", full_page=False)
    button.wait_for(state="detached")
    wait_toast_gone(page)
    assert not merchant.notices.filter(is_read=False).exists()

    tap(page.get_by_test_id("message-card").first)  # the newest: the order awaiting pickup
    target = page.get_by_test_id("message-target")
    assert_visible(target)
    assert target.inner_text() == texts["messages.open.order"]
    shot(page, "messages-detail-target", full_page=False)
    tap(target)
    page.wait_for_url(f"**/orderDetail?id={order.pk}")
    ordered = page.get_by_test_id("ordered-title")
    assert_visible(ordered, scroll=True)
    assert "陶瓷马克杯" in ordered.inner_text()
    assert ("Ceramic mug" if lang == "en" else "แก้วมัคเซรามิก") in page.get_by_test_id("order-detail").inner_text()
    shot(page, "orders-detail-merchant-language")
