# ruff: noqa: RUF001  (translated messages in other scripts)
"""Customer support, the merchant's side: the configured links (get_kf_urls), the conversation's entry and unread
count (get_kf_url, get_kf_num), reading (kf_messages) and writing (kf_send)."""

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from rest_framework.throttling import SimpleRateThrottle

from apps.core.models import Upload
from apps.support import services
from apps.support.constants import SUPPORT_TEXT_MAX, SupportLinkKind
from apps.support.models import Conversation, SupportLink, SupportMessage
from tests.answers import data, queries, rejection
from tests.factories import upload_image

pytestmark = pytest.mark.django_db

URLS = "/merchant/newapi/get_kf_urls"
URL = "/merchant/newapi/get_kf_url"
NUM = "/merchant/newapi/get_kf_num"
MESSAGES = "/merchant/newapi/kf_messages"
SEND = "/merchant/newapi/kf_send"


def link(**fields):
    defaults = {"label_en": "Telegram support", "label_ru": "Поддержка в Telegram", "kind": SupportLinkKind.TELEGRAM}
    return SupportLink.objects.create(**{**defaults, **fields})


def reply(merchant, operator, text="We are on it."):
    conversation = Conversation.objects.get(merchant=merchant)
    return services.support_reply(conversation_id=conversation.pk, operator=operator, text=text)


# --- get_kf_urls ---


def test_links_are_the_active_ones_in_order_in_the_request_language(api, merchant_api):
    mail = link(
        label_en="Email", label_ru="Почта", kind=SupportLinkKind.EMAIL, url="mailto:help@example.com", position=3
    )
    tg = link(url="tg://resolve?domain=help", position=1)
    link(url="https://wa.me/1555", kind=SupportLinkKind.WHATSAPP, position=2, is_active=False)
    answer = data(merchant_api.get(URLS))
    assert [row["id"] for row in answer["list"]] == [tg.pk, mail.pk]
    assert answer["list"][1] == {
        "id": mail.pk,
        "label": "Email",
        "kind": "email",
        "kind_label": "Email",
        "url": "mailto:help@example.com",
    }
    merchant_api.lang = "ru-RU"
    assert data(merchant_api.get(URLS))["list"][1]["label"] == "Почта"
    merchant_api.lang = "ko"  # no Korean label: the Russian one (the default language)
    assert data(merchant_api.get(URLS))["list"][0]["label"] == "Поддержка в Telegram"


def test_the_links_cost_the_same_queries_for_one_or_many(merchant_api):
    link(url="https://t.me/a")
    one = queries(lambda: merchant_api.get(URLS))
    for n in range(10):
        link(url=f"https://t.me/b{n}", position=n)
    assert queries(lambda: merchant_api.get(URLS)) == one


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(1)",
        "http://t.me/support",
        "data:text/html,hi",
        "https://",
        "ftp://example.com",
        "whatsapp://send?phone=1",
        "https://t.me/a b",
        "",
    ],
)
def test_a_link_is_https_tg_or_mailto_only(url):
    with pytest.raises(ValidationError) as refused:
        SupportLink(label_ru="x", kind=SupportLinkKind.WEB, url=url).full_clean()
    assert "url" in refused.value.message_dict


@pytest.mark.parametrize("url", ["https://t.me/support", "tg://resolve?domain=support", "mailto:help@example.com"])
def test_https_tg_and_mailto_links_are_accepted(url):
    SupportLink(label_ru="x", kind=SupportLinkKind.WEB, url=url).full_clean()


@pytest.mark.parametrize("path", [URLS, URL, NUM, MESSAGES])
def test_signed_out_reads_answer_401(api, path):
    response = api.get(path)
    assert response.status_code == 401 and response.json()["code"] == 401


def test_signed_out_send_answers_401(api):
    response = api.post(SEND, {"text": "hi"})
    assert response.status_code == 401 and response.json()["code"] == 401
    assert not SupportMessage.objects.exists()


@pytest.mark.parametrize("path", [URLS, URL, NUM])
@pytest.mark.parametrize(
    ("lang", "message"), [("en", "Unknown parameter: page"), ("ru-RU", "Неизвестный параметр: page")]
)
def test_unknown_parameters_are_refused(merchant_api, path, lang, message):
    merchant_api.lang = lang
    answer = rejection(merchant_api.get(path, {"page": 1}))
    assert answer["msg"] == message and "page" in answer["data"]["errors"]


# --- get_kf_url, get_kf_num ---


def test_before_the_first_message_there_is_no_conversation(merchant_api, merchant):
    assert data(merchant_api.get(URL)) == {"conversation_id": None, "unread": 0, "path": "/services"}
    assert data(merchant_api.get(NUM)) == {"unread": 0}
    assert data(merchant_api.get(MESSAGES)) == {"conversation_id": None, "list": [], "has_more": False, "unread": 0}
    assert not Conversation.objects.filter(merchant=merchant).exists()  # reading creates nothing


def test_a_message_opens_the_queue_and_replies_are_counted_until_read(merchant_api, merchant, operator):
    sent = data(merchant_api.post(SEND, {"text": "  Where is my parcel?  "}))
    assert sent["text"] == "Where is my parcel?" and sent["author"] == "merchant" and sent["image"] is None
    conversation = Conversation.objects.get(merchant=merchant)
    assert (conversation.waiting, conversation.operator_unread, conversation.merchant_unread) == (True, 1, 0)
    merchant_api.post(SEND, {"text": "Order 2611210001"})
    conversation.refresh_from_db()
    assert conversation.operator_unread == 2 and conversation.last_message_at is not None

    reply(merchant, operator, "It left the warehouse today.")
    reply(merchant, operator, "Tracking: JD014600006281.")
    conversation.refresh_from_db()
    assert (conversation.waiting, conversation.operator_unread, conversation.merchant_unread) == (False, 0, 2)
    assert data(merchant_api.get(NUM)) == {"unread": 2}
    assert data(merchant_api.get(URL)) == {"conversation_id": conversation.pk, "unread": 2, "path": "/services"}

    page = data(merchant_api.get(MESSAGES))
    assert [m["text"] for m in page["list"]] == [
        "Tracking: JD014600006281.",
        "It left the warehouse today.",
        "Order 2611210001",
        "Where is my parcel?",
    ]
    assert page["list"][0]["author"] == "operator" and page["list"][0]["author_label"] == "Customer service"
    assert page["unread"] == 0 and page["has_more"] is False
    assert data(merchant_api.get(NUM)) == {"unread": 0}


def test_the_unread_count_is_the_merchants_own(merchant_api, merchant, other_merchant, operator, api):
    services.support_send(merchant=other_merchant, text="Hello")
    reply(other_merchant, operator)
    assert data(merchant_api.get(NUM)) == {"unread": 0}
    assert data(merchant_api.get(MESSAGES))["list"] == []


# --- kf_messages ---


def test_pages_go_back_with_before_id_and_only_the_newest_page_marks_read(merchant_api, merchant, operator):
    for n in range(5):
        services.support_send(merchant=merchant, text=f"question {n}")
    reply(merchant, operator)
    first = data(merchant_api.get(MESSAGES, {"limit": 2}))
    assert [m["text"] for m in first["list"]] == ["We are on it.", "question 4"] and first["has_more"]
    reply(merchant, operator, "One more thing.")
    older = data(merchant_api.get(MESSAGES, {"limit": 2, "before_id": first["list"][-1]["id"]}))
    assert [m["text"] for m in older["list"]] == ["question 3", "question 2"] and older["has_more"]
    assert older["unread"] == 1  # an older page does not mark the newest reply read
    last = data(merchant_api.get(MESSAGES, {"limit": 50, "before_id": older["list"][-1]["id"]}))
    assert [m["text"] for m in last["list"]] == ["question 1", "question 0"] and not last["has_more"]


def test_another_merchants_message_id_as_cursor_reads_only_ones_own(merchant_api, merchant, other_merchant):
    services.support_send(merchant=merchant, text="mine")
    theirs = services.support_send(merchant=other_merchant, text="theirs")
    page = data(merchant_api.get(MESSAGES, {"before_id": theirs.pk + 1}))
    assert [m["text"] for m in page["list"]] == ["mine"]


@pytest.mark.parametrize(
    ("params", "lang", "field", "message"),
    [
        ({"limit": 0}, "en", "limit", "Limit must be 1 or more."),
        ({"limit": 51}, "en", "limit", "At most 50 messages per page."),
        ({"limit": 51}, "ru-RU", "limit", "Не более 50 сообщений на странице."),
        ({"limit": "x"}, "zh-CN", "limit", "请输入有效的数字。"),
        ({"before_id": 0}, "en", "before_id", "Please enter a valid number."),
        ({"before_id": 2**64}, "en", "before_id", "Please enter a valid number."),
        ({"page": 1}, "en", "page", "Unknown parameter: page"),
    ],
)
def test_bad_page_parameters_are_refused(merchant_api, params, lang, field, message):
    merchant_api.lang = lang
    body = rejection(merchant_api.get(MESSAGES, params))
    assert body["msg"] == message and field in body["data"]["errors"]


def test_reading_costs_the_same_queries_for_few_or_many_messages(merchant_api, merchant, operator):
    image = upload_image(kind=Upload.Kind.SUPPORT, owner=merchant)
    services.support_send(merchant=merchant, text="first", image_id=image.key)
    reply(merchant, operator)
    few = queries(lambda: merchant_api.get(MESSAGES))
    for n in range(20):
        services.support_send(merchant=merchant, text=f"more {n}", image_id=image.key)
        reply(merchant, operator, f"answer {n}")
    many = queries(lambda: merchant_api.get(MESSAGES, {"limit": 50}))
    assert many == few
    assert queries(lambda: merchant_api.get(MESSAGES)) == few - 1  # nothing unread: no update


# --- kf_send ---


def test_an_image_message_shows_its_private_image_through_an_expiring_link(merchant_api, merchant):
    image = upload_image(kind=Upload.Kind.SUPPORT, owner=merchant)
    assert image.is_private
    sent = data(merchant_api.post(SEND, {"image_id": image.key}))
    assert sent["text"] == "" and "/merchant/common/file/" in sent["image"]
    link = sent["image"].removeprefix("http://testserver")
    assert Client().get(link).status_code == 404  # the link alone opens nothing
    response = Client().get(link, HTTP_TOKEN=merchant_api.token)  # the merchant's session does
    assert response.status_code == 200 and response["Content-Type"] == "image/png"


@pytest.mark.parametrize(
    ("body", "lang", "field", "message"),
    [
        ({}, "en", "text", "Please write a message or choose an image."),
        ({"text": "   "}, "ru-RU", "text", "Напишите сообщение или выберите изображение."),
        ({"text": "x" * (SUPPORT_TEXT_MAX + 1)}, "en", "text", "A message can have at most 1000 characters."),
        ({"text": "x" * (SUPPORT_TEXT_MAX + 1)}, "ri", "text", "メッセージは最大 1000 文字までです。"),
        ({"text": "hi", "shop": 1}, "en", "shop", "Unknown parameter: shop"),
    ],
)
def test_bad_messages_are_refused_and_change_nothing(merchant_api, merchant, body, lang, field, message):
    merchant_api.lang = lang
    answer = rejection(merchant_api.post(SEND, body))
    assert answer["msg"] == message and field in answer["data"]["errors"]
    assert not SupportMessage.objects.exists() and not Conversation.objects.exists()


@pytest.mark.parametrize("owner", ["other", "none", "kind", "missing"])
def test_an_image_not_the_merchants_own_support_upload_answers_like_a_missing_one(
    merchant_api, merchant, other_merchant, owner
):
    key = {
        "other": lambda: upload_image(kind=Upload.Kind.SUPPORT, owner=other_merchant).key,
        "none": lambda: upload_image(kind=Upload.Kind.SUPPORT).key,
        "kind": lambda: upload_image(kind=Upload.Kind.VOUCHER, owner=merchant).key,
        "missing": lambda: "0" * 32,
    }[owner]()
    answer = rejection(merchant_api.post(SEND, {"text": "see this", "image_id": key}))
    assert answer["msg"] == "The uploaded file was not found. Please upload it again."
    merchant_api.lang = "zh-Hant"
    assert rejection(merchant_api.post(SEND, {"image_id": key}))["msg"] == "找不到上傳的檔案，請重新上傳。"
    assert not SupportMessage.objects.exists()


def test_the_same_idempotency_key_sends_once(merchant_api, merchant):
    first = data(merchant_api.post(SEND, {"text": "hello"}, HTTP_IDEMPOTENCY_KEY="k-1"))
    again = data(merchant_api.post(SEND, {"text": "hello"}, HTTP_IDEMPOTENCY_KEY="k-1"))
    assert first["id"] == again["id"] and SupportMessage.objects.count() == 1
    assert Conversation.objects.get(merchant=merchant).operator_unread == 1


def test_sending_is_throttled_per_merchant(merchant_api, api, other_merchant, monkeypatch):
    monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, "support_send", "2/min")  # DRF read the rates once
    assert data(merchant_api.post(SEND, {"text": "1"}))
    assert data(merchant_api.post(SEND, {"text": "2"}))
    answer = rejection(merchant_api.post(SEND, {"text": "3"}))
    assert answer["data"]["error"] == 1003
    assert SupportMessage.objects.count() == 2
    other = type(merchant_api)().login_as(other_merchant)
    assert data(other.post(SEND, {"text": "mine"}))  # another merchant is not held back


def test_support_messages_never_change_the_published_deposit_networks(merchant_api, merchant, operator):
    from tests.factories import DepositNetworkFactory

    DepositNetworkFactory()
    before = data(merchant_api.get("/merchant/merchant/getBlockchain"))
    services.support_send(merchant=merchant, text="What is the address for TRC20?")
    reply(merchant, operator, "Open Deposit, choose the network: the address is shown there.")
    data(merchant_api.get(MESSAGES))
    assert data(merchant_api.get("/merchant/merchant/getBlockchain")) == before
