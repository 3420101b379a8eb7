"""When the server does not answer: a list says it could not load and offers a retry (never "No records yet" or
"No more" with no rows), and a form whose save got no answer says it was not saved (issue 9, problem 2)."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import assert_visible, catalogue, open_app, shot, sign_in, tap
from tests.factories import fund

LANG = "ru-RU"


def test_a_list_that_fails_says_so_and_a_retry_loads_it(page, base_url, merchant):
    texts = catalogue(LANG)
    fund(merchant, "25.00")
    failing = [True]
    page.route(
        "**/merchant/merchant/bill?*",
        lambda route: route.abort("connectionrefused") if failing[0] else route.fallback(),
    )
    sign_in(page, base_url, merchant, LANG)
    open_app(page, base_url, "/fundsRecords")

    failed = page.get_by_test_id("load-failed")
    assert_visible(failed)
    assert texts["common.loadFailed"] in failed.inner_text()
    body = page.locator("body").inner_text()
    assert texts["common.noRecords"] not in body and texts["common.noMore"] not in body
    retry = page.get_by_test_id("load-retry")
    assert_visible(retry)
    shot(page, "failed-list")

    failing[0] = False  # the connection is back
    retry.click()
    page.get_by_test_id("bill-line").first.wait_for()
    assert page.get_by_test_id("load-failed").count() == 0


def test_a_save_without_an_answer_says_it_was_not_saved(page, base_url, merchant):
    from apps.shop.models import Shop

    texts = catalogue(LANG)
    sign_in(page, base_url, merchant, LANG)
    open_app(page, base_url, "/baseinfo")
    page.get_by_placeholder(texts["baseInfo.namePlaceholder"]).fill("Harbor Lights")
    page.route("**/merchant/merchant/store", lambda route: route.abort("internetdisconnected"))
    tap(page.get_by_role("button", name=texts["shopForm.save"]))

    toast = page.locator(".adm-toast-main", has_text=texts["common.notSaved"])
    assert_visible(toast)
    shot(page, "failed-save", full_page=False)
    assert Shop.objects.get(merchant=merchant).name != "Harbor Lights"


@pytest.mark.parametrize("lang", ["en", "ru-RU", "zh-CN"])
def test_offline_the_app_says_so_and_a_save_is_not_sent_now_or_later(page, context, base_url, merchant, lang):
    from apps.shop.models import Shop

    texts = catalogue(lang)
    sign_in(page, base_url, merchant, lang)
    open_app(page, base_url, "/baseinfo")
    page.get_by_placeholder(texts["baseInfo.namePlaceholder"]).fill("Harbor Lights")
    banner = page.get_by_test_id("offline-banner")
    assert banner.count() == 0

    context.set_offline(True)
    assert_visible(banner)
    # The notice, then when the data on screen was read (shown as it was: offline use, docs/frontend.md).
    assert banner.inner_text().startswith(texts["common.offlineBanner"])
    assert_visible(page.get_by_test_id("offline-data-time"))
    save = page.get_by_role("button", name=texts["shopForm.save"])
    tap(save)
    # Refused at once, said in the banner kept at the top (no spinner waiting to send it later).
    expect(banner).to_contain_text(texts["common.offlineNotSent"])
    expect(save).not_to_have_class(re.compile("adm-button-loading"))
    assert_visible(banner)
    shot(page, "offline-save", full_page=False)

    context.set_offline(False)
    expect(banner).to_have_count(0)
    page.wait_for_timeout(500)  # what a paused save would have done on reconnecting
    assert Shop.objects.get(merchant=merchant).name != "Harbor Lights"
