"""Browser test of customer support (issue 12) at 390x844 in Chromium: the merchant writes to support in the app (a
text through a failed first try and a retry, an image), an operator answers in the admin (an address refused first,
trust rule 8), and the merchant sees the reply and its badge; screenshots of Service and Services in the seven
languages (tests/e2e/artifacts/<lang>/support-*.png).
"""

import io

import pytest
from playwright.sync_api import expect

from apps.support import demo, services
from apps.support.models import Conversation, SupportMessage
from tests.e2e.conftest import (
    ARTIFACTS,
    LANGUAGES,
    assert_visible,
    catalogue,
    open_app,
    server_text,
    shot,
    sign_in,
    tap,
)
from tests.e2e.test_wallet import admin_page
from tests.factories import drawn_image
from tests.helpers import wait_for

TRON = "TJbM8yRzQ3fxuWc7ZVd6kPq2sN4aHgE5Lt"


@pytest.fixture
def links(base_url):
    demo.seed(io.StringIO())  # the three demo links (no demo merchant here: no conversation)


def test_the_merchant_and_an_operator_exchange_support_messages(page, context, base_url, merchant, operator, links):
    texts = catalogue("en")
    sign_in(page, base_url, merchant, "en")
    open_app(page, base_url, "/service")
    assert_visible(page.get_by_text("Telegram support"))
    assert page.locator("a[href='mailto:support@example.com']").count() == 1
    assert_visible(page.get_by_text(texts["support.officialNotice"]), scroll=True)
    tap(page.get_by_test_id("support-chat-entry"))
    page.wait_for_url(f"{base_url}/services")
    assert_visible(page.get_by_text(texts["support.empty"]))

    # The first try is held on its way ("Sending…"), then fails ("Not sent", Retry); the retry delivers it once.
    held = []
    page.route("**/merchant/newapi/kf_send", lambda route: held.append(route))
    page.get_by_placeholder(texts["support.placeholder"]).fill("Hello, my order 2611210001 has not moved for a week.")
    tap(page.get_by_role("button", name=texts["support.send"], exact=True))
    assert_visible(page.locator("[data-status=sending]").get_by_text(texts["support.sending"]))
    shot(page, "support-services-sending", full_page=False)
    # Playwright hands the held request to the route's handler between its own calls: let it, until it has.
    wait_for("the send to be held", lambda: held or page.evaluate("() => false"), seconds=15, every=0)
    held[0].abort()
    assert_visible(page.locator("[data-status=failed]").get_by_text(texts["support.failed"]))
    shot(page, "support-services-failed", full_page=False)
    page.unroute("**/merchant/newapi/kf_send")
    tap(page.get_by_role("button", name=texts["support.retry"]))
    page.locator("[data-author=merchant]").filter(has_text="has not moved for a week").wait_for()
    assert page.locator("[data-status]").count() == 0
    assert SupportMessage.objects.count() == 1

    page.get_by_test_id("support-image-input").set_input_files(
        files=[{"name": "parcel.png", "mimeType": "image/png", "buffer": drawn_image(label="BOX")}]
    )
    page.locator("[data-author=merchant] img").wait_for()
    assert page.locator("[data-status]").count() == 0
    conversation = Conversation.objects.get(merchant=merchant)
    assert conversation.waiting and conversation.operator_unread == 2

    # The operator finds it in the queue, cannot send an address, and answers.
    admin = admin_page(context, base_url)
    admin.goto(f"{base_url}/admin/support/conversation/?waiting__exact=1")
    admin.locator("#result_list a", has_text=str(merchant)).click()
    # Retried until the page has drawn both messages: read at once, the thread could still be half parsed.
    expect(admin.locator(".support-thread")).to_contain_text("has not moved for a week")
    assert admin.locator(".support-thread img").count() == 1
    conversation.refresh_from_db()
    assert conversation.operator_unread == 2  # opening the conversation read nothing
    admin.fill("#id_reply_text", f"Please pay to {TRON}")
    admin.locator("input[name=_reply]").click()
    assert "Support never sends deposit addresses." in admin.locator(".errorlist").inner_text()
    admin.screenshot(path=str(ARTIFACTS / "en" / "support-admin-address-refused.png"))
    admin.fill("#id_reply_text", "It was handed to the carrier today; tracking will show it within a day.")
    admin.locator("input[name=_reply]").click()
    assert "Reply sent; the merchant was notified" in admin.locator(".messagelist").inner_text()
    admin.screenshot(path=str(ARTIFACTS / "en" / "support-admin-conversation.png"), full_page=True)
    conversation.refresh_from_db()
    assert not conversation.waiting and conversation.merchant_unread == 1

    # The merchant sees the badge on Home, then the reply (a reload instead of waiting for the 30-second poll).
    open_app(page, base_url, "/home")
    assert_visible(page.locator(".shortcut", has_text=texts["route.service"]).locator(".adm-badge"), scroll=True)
    open_app(page, base_url, "/services")
    reply = page.locator("[data-author=operator]").filter(has_text="handed to the carrier today")
    assert_visible(reply, scroll=True)
    assert reply.locator("a").count() == 0  # a reply is text in a bubble, never a link
    assert server_text("en", "Customer service") in reply.inner_text()
    conversation.refresh_from_db()
    assert conversation.merchant_unread == 0
    admin.close()


@pytest.fixture
def conversation(merchant, operator, links):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from apps.core.models import Upload
    from apps.core.services import upload_create

    picture = SimpleUploadedFile("parcel.png", drawn_image((320, 220), "BOX"), content_type="image/png")
    image = upload_create(file=picture, kind=Upload.Kind.SUPPORT, owner_id=merchant.pk)
    services.support_send(merchant=merchant, text="Hello! How long does delivery to Germany take?")
    services.support_send(merchant=merchant, image_id=image.key)
    message = services.support_reply(
        conversation_id=Conversation.objects.get(merchant=merchant).pk, operator=operator, text=demo.ANSWER
    )
    return message.conversation


def test_support_screens_in_every_language(page, base_url, merchant, conversation):
    sign_in(page, base_url, merchant)
    for lang in LANGUAGES:
        texts = catalogue(lang)
        Conversation.objects.filter(pk=conversation.pk).update(merchant_unread=1)  # the badge in every picture
        open_app(page, base_url, "/service", lang)
        page.get_by_test_id("support-chat-entry").locator(".adm-badge").wait_for()
        assert_visible(page.get_by_text(texts["support.chatEntry"]))
        shot(page, "support-service")
        open_app(page, base_url, "/services", lang)
        page.locator("[data-author=operator]").wait_for()
        page.locator("[data-author=merchant] img").wait_for()
        assert_visible(page.get_by_text(texts["support.officialNotice"]))
        shot(page, "support-services", full_page=False)
