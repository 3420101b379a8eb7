"""When the server does not answer: a list says it could not load and offers a retry (never "No records yet" or
"No more" with no rows), and a form whose save got no answer says it was not saved (issue 9, problem 2)."""

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
