"""Customer support, the operators' side: the queue of conversations waiting for an answer, the thread with its
images, the reply form (through services.support_reply), the refusal of chain addresses (trust rule 8), the links."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from apps.core.errors import AppError
from apps.core.models import Upload
from apps.support import services
from apps.support.constants import SupportLinkKind
from apps.support.models import Conversation, SupportLink, SupportMessage
from tests.factories import MerchantFactory, image_bytes, upload_image

pytestmark = pytest.mark.django_db

TRON = "TJbM8yRzQ3fxuWc7ZVd6kPq2sN4aHgE5Lt"
EVM = "0x52908400098527886E0F7030069857D2E4169EE7"


def change_url(conversation):
    return reverse("admin:support_conversation_change", args=[conversation.pk])


def management(admin_client, conversation) -> dict:
    """The inline thread's management form, as the browser sends it back with the reply."""
    page = admin_client.get(change_url(conversation)).content.decode()
    return dict(re.findall(r'name="(messages-[A-Z_]+)"[^>]*value="(\d*)"', page))


def conversation_of(merchant):
    return Conversation.objects.get(merchant=merchant)


def test_the_queue_lists_waiting_conversations_first(admin_client, operator):
    answered, waiting, never = MerchantFactory(), MerchantFactory(), MerchantFactory()
    services.support_send(merchant=answered, text="Thanks")
    services.support_send(merchant=waiting, text="Help, please")
    services.support_reply(conversation_id=conversation_of(answered).pk, operator=operator, text="You are welcome.")
    services.support_send(merchant=never, text="Hello?")
    url = reverse("admin:support_conversation_changelist")
    page = admin_client.get(url).content.decode()  # the queue: waiting ones, the longest waiting first
    assert page.index(str(waiting)) < page.index(str(never)) and str(answered) not in page
    page = admin_client.get(url, {"queue": "all"}).content.decode()
    assert page.index(str(never)) < page.index(str(waiting)) < page.index(str(answered))
    queue = admin_client.get(url, {"waiting__exact": "1"}).content.decode()
    assert str(waiting) in queue and str(never) in queue and str(answered) not in queue


def test_the_queue_costs_the_same_queries_for_few_or_many(admin_client):
    services.support_send(merchant=MerchantFactory(), text="one")
    url = reverse("admin:support_conversation_changelist")
    with CaptureQueriesContext(connection) as few:
        admin_client.get(url)
    for _ in range(8):
        services.support_send(merchant=MerchantFactory(), text="more")
    with CaptureQueriesContext(connection) as many:
        admin_client.get(url)
    assert len(many) == len(few)


def test_opening_a_conversation_shows_the_thread_with_images_and_reads_nothing(admin_client, merchant):
    image = upload_image(kind=Upload.Kind.SUPPORT, owner=merchant)
    services.support_send(merchant=merchant, text="My parcel arrived broken", image_id=image.key)
    services.support_send(merchant=merchant, text="Order 2611210001")
    conversation = conversation_of(merchant)
    assert conversation.operator_unread == 2
    page = admin_client.get(change_url(conversation)).content.decode()
    assert "My parcel arrived broken" in page and "Order 2611210001" in page
    assert reverse("admin:private_file", args=[image.pk]) in page  # the private image, for operators who may view it
    assert "/merchant/common/file/" not in page  # never the merchant's link
    conversation.refresh_from_db()
    assert conversation.operator_unread == 2 and conversation.waiting  # unread until answered or marked so


def test_a_reply_is_sent_through_the_service(admin_client, merchant, operator):
    services.support_send(merchant=merchant, text="When do I get paid?")
    conversation = conversation_of(merchant)
    response = admin_client.post(
        change_url(conversation),
        {
            **management(admin_client, conversation),
            "reply_text": "Seven days after the buyer receives the order.",
            "reply_image": SimpleUploadedFile("a.png", image_bytes(), content_type="image/png"),
            "_continue": "1",
        },
        follow=True,
    )
    assert "Reply sent; the merchant was notified" in response.content.decode()
    answer = SupportMessage.objects.get(author="operator")
    assert answer.operator == operator and answer.text == "Seven days after the buyer receives the order."
    assert answer.image.kind == Upload.Kind.SUPPORT and answer.image.is_private
    assert answer.image.owner == conversation.merchant  # the merchant's, like the conversation: served to its session
    conversation.refresh_from_db()
    assert (conversation.waiting, conversation.merchant_unread, conversation.operator_unread) == (False, 1, 0)


def test_saving_without_a_reply_sends_nothing(admin_client, merchant):
    services.support_send(merchant=merchant, text="Hi")
    response = admin_client.post(
        change_url(conversation_of(merchant)),
        {**management(admin_client, conversation_of(merchant)), "reply_text": "   "},
        follow=True,
    )
    assert response.status_code == 200 and "Reply sent." not in response.content.decode()
    assert SupportMessage.objects.count() == 1


@pytest.mark.parametrize(
    "text",
    [
        f"Send the USDT to {TRON} please.",
        f"Our new wallet: {EVM}",
        f"{TRON}",
        f"address:{EVM.lower()}.",
    ],
)
def test_an_operator_can_never_send_a_chain_address(admin_client, merchant, text):
    services.support_send(merchant=merchant, text="Which address do I pay to?")
    conversation = conversation_of(merchant)
    response = admin_client.post(
        change_url(conversation), {**management(admin_client, conversation), "reply_text": text}
    )
    assert response.status_code == 200  # the form again, with the error on the reply
    assert "Support never sends deposit addresses." in response.content.decode()
    assert not SupportMessage.objects.filter(author="operator").exists()
    conversation.refresh_from_db()
    assert conversation.waiting and conversation.merchant_unread == 0


def test_the_address_refusal_in_two_languages_and_in_the_service(admin_client, merchant, operator):
    from django.utils import translation

    services.support_send(merchant=merchant, text="Address?")
    conversation = conversation_of(merchant)
    admin_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "ru"
    page = admin_client.post(
        change_url(conversation), {**management(admin_client, conversation), "reply_text": f"Pay to {TRON}"}
    ).content.decode()
    assert "Поддержка никогда не отправляет адреса для пополнения." in page
    with translation.override("zh-hans"), pytest.raises(AppError) as refused:
        services.support_reply(conversation_id=conversation.pk, operator=operator, text=f"pay {EVM}")
    assert str(refused.value.message).startswith("客服从不发送充值地址。")


@pytest.mark.parametrize(
    "text",
    [
        "Open Deposit and choose USDT-TRC20: the address is shown there.",
        "Your order number is T" + "1" * 20,  # too short to be an address
        "0x" + "a" * 39,  # one hex digit short
        "ID " + "T" + "a" * 34,  # longer than an address: a word, not an address
    ],
)
def test_texts_that_are_not_addresses_are_sent(merchant, operator, text):
    services.support_send(merchant=merchant, text="?")
    services.support_reply(conversation_id=conversation_of(merchant).pk, operator=operator, text=text)
    assert SupportMessage.objects.filter(author="operator", text=text).exists()


def test_conversations_are_never_added_or_deleted_in_the_admin(admin_client, merchant):
    services.support_send(merchant=merchant, text="Hi")
    conversation = conversation_of(merchant)
    assert admin_client.get(reverse("admin:support_conversation_add")).status_code == 403
    assert admin_client.post(reverse("admin:support_conversation_delete", args=[conversation.pk])).status_code == 403
    assert Conversation.objects.filter(pk=conversation.pk).exists()


def test_mark_answered_takes_conversations_out_of_the_queue(admin_client, merchant):
    services.support_send(merchant=merchant, text="Thanks a lot!")
    conversation = conversation_of(merchant)
    admin_client.post(
        reverse("admin:support_conversation_changelist"),
        {"action": "mark_answered", "_selected_action": [conversation.pk]},
    )
    conversation.refresh_from_db()
    assert not conversation.waiting and conversation.operator_unread == 0


def test_a_link_with_another_scheme_is_refused_in_the_admin(admin_client):
    url = reverse("admin:support_supportlink_add")
    form = {"label_ru": "Поддержка", "label_en": "Support", "kind": SupportLinkKind.WEB, "position": 1}
    for bad in ("javascript:alert(document.cookie)", "http://example.com/help"):
        response = admin_client.post(url, {**form, "url": bad})
        assert "A support link must start with https:, tg: or mailto:." in response.content.decode()
    assert not SupportLink.objects.exists()
    admin_client.post(url, {**form, "url": "https://example.com/help"})
    assert SupportLink.objects.get().url == "https://example.com/help"
