"""Browser test of messages and announcements (issue 12) at 390x844 in Chromium: Home's notice bar opens the
announcement, the My tab and the Messages link show the unread count, the Message screen's tabs, and reading a
message brings the count down; screenshots in the seven languages (tests/e2e/artifacts/<lang>/messages-*.png)."""

import io

import pytest

from apps.support import demo
from tests.e2e.conftest import LANGUAGES, assert_visible, catalogue, open_app, settled, shot, sign_in, tap
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
