# ruff: noqa: RUF001 - texts in the seven languages
"""Messages: index/notice (filters, preview, read flag, unread count, constant queries), index/see_notice (marks read,
idempotent, another merchant's id answers like a missing one), rendered in the reader's language."""

import pytest
from django.utils.translation import gettext_noop

from apps.core.notices import notify, unread_count
from apps.support.constants import BroadcastAudience, NoticeType
from apps.support.models import Broadcast, Notice
from apps.support.services import broadcast_deliver
from tests.answers import data, queries, rejection
from tests.factories import MerchantFactory

LIST = "/merchant/index/notice"
SEE = "/merchant/index/see_notice"


def deposit_notice(merchant, number="D1"):
    return notify(
        merchant=merchant,
        title=gettext_noop("Deposit credited"),
        body=gettext_noop("Deposit %(number)s: %(amount)s was added to your balance."),
        params={"number": number, "amount": "10.00"},
    )


def broadcast_to(*merchants, title="Holiday hours", content="We ship as usual.", sender="", **texts):
    broadcast = Broadcast.objects.create(
        title_en=title,
        title_ru=f"{title} (ru)",
        content_en=content,
        content_ru=f"{content} (ru)",
        sender_en=sender,
        audience=BroadcastAudience.CHOSEN,
        **texts,
    )
    broadcast.merchants.set(merchants)
    broadcast_deliver(broadcast_id=broadcast.pk)
    return broadcast


def test_the_list_shows_the_merchants_messages_newest_first_with_a_preview_and_the_unread_count(
    merchant, other_merchant, merchant_api
):
    deposit_notice(merchant)
    broadcast_to(merchant, title="Welcome", content="Word " * 40, sender="Merchant care")
    deposit_notice(other_merchant)
    page = data(merchant_api.get(LIST))
    assert (page["total"], page["unread"], page["page"], page["limit"]) == (2, 2, 1, 20)
    newest, oldest = page["list"]
    assert (newest["title"], newest["sender"], newest["type"], newest["type_label"]) == (
        "Welcome",
        "Merchant care",
        NoticeType.USER,
        "User notification",
    )
    assert len(newest["preview"]) == 80 and newest["preview"].endswith("…") and newest["is_read"] is False
    assert (oldest["title"], oldest["sender"], oldest["type_label"]) == (
        "Deposit credited",
        "Platform",
        "System message",
    )
    assert oldest["preview"] == "Deposit D1: 10.00 was added to your balance."
    assert set(newest) == {"id", "created_at", "type", "type_label", "sender", "title", "preview", "is_read", "target"}


def test_the_tabs_filter_read_and_unread_and_paging_works(merchant, merchant_api):
    notices = [deposit_notice(merchant, number=f"D{n}") for n in range(5)]
    Notice.objects.filter(pk__in=[notices[0].pk, notices[1].pk]).update(is_read=True)
    assert data(merchant_api.get(LIST, {"is_see": "all"}))["total"] == 5
    unread = data(merchant_api.get(LIST, {"is_see": "0"}))
    assert unread["total"] == 3 and not any(item["is_read"] for item in unread["list"])
    read = data(merchant_api.get(LIST, {"is_see": "1"}))
    assert read["total"] == 2 and all(item["is_read"] for item in read["list"]) and read["unread"] == 3
    second = data(merchant_api.get(LIST, {"page": 2, "limit": 2}))
    assert [item["preview"][:10] for item in second["list"]] == ["Deposit D2", "Deposit D1"]


@pytest.mark.parametrize(
    ("lang", "message"),
    [("en", "Please choose all, read or unread messages."), ("zh-CN", "请选择全部、已读或未读消息。")],
)
def test_a_bad_filter_or_page_is_refused_in_the_merchants_language(merchant_api, lang, message):
    merchant_api.lang = lang
    assert rejection(merchant_api.get(LIST, {"is_see": "2"}))["msg"] == message
    rejection(merchant_api.get(LIST, {"limit": 1000}))
    rejection(merchant_api.get(LIST, {"page": 0}))
    assert rejection(merchant_api.get(LIST, {"unread": "1"}))["data"]["error"] == 1011


def test_signed_out_is_401(api):
    for method, path in (("get", LIST), ("post", SEE), ("get", "/merchant/merchant/affiche")):
        response = getattr(api, method)(path, {"id": 1} if method == "post" else None)
        assert response.status_code == 401 and response.json()["code"] == 401


def test_the_list_answers_in_a_constant_number_of_queries(merchant, merchant_api):
    deposit_notice(merchant)
    broadcast_to(merchant, title="One")
    few = queries(lambda: merchant_api.get(LIST))
    for n in range(14):
        deposit_notice(merchant, number=f"X{n}")
        broadcast_to(merchant, title=f"B{n}", sender=f"Team {n}")
    assert data(merchant_api.get(LIST, {"limit": 30}))["total"] == 30
    assert queries(lambda: merchant_api.get(LIST, {"limit": 30})) == few


def test_see_notice_marks_it_read_once_and_returns_it_with_its_content(merchant, merchant_api):
    notice = deposit_notice(merchant)
    assert unread_count(merchant_id=merchant.pk) == 1
    seen = data(merchant_api.post(SEE, {"id": notice.pk}))
    assert seen["is_read"] is True and seen["content"] == "Deposit D1: 10.00 was added to your balance."
    assert unread_count(merchant_id=merchant.pk) == 0
    updated = Notice.objects.get(pk=notice.pk).updated_at
    again = data(merchant_api.post(SEE, {"id": notice.pk}))
    assert again == seen and Notice.objects.get(pk=notice.pk).updated_at == updated
    assert data(merchant_api.get(LIST))["unread"] == 0


@pytest.mark.parametrize(
    ("lang", "message"), [("en", "This message does not exist."), ("ru-RU", "Такого сообщения нет.")]
)
def test_another_merchants_message_answers_like_a_missing_one(merchant_api, other_merchant, lang, message):
    theirs = deposit_notice(other_merchant)
    merchant_api.lang = lang
    foreign = rejection(merchant_api.post(SEE, {"id": theirs.pk}))
    missing = rejection(merchant_api.post(SEE, {"id": theirs.pk + 1000}))
    assert foreign == missing and foreign["msg"] == message and foreign["data"]["error"] == 1001
    assert Notice.objects.get(pk=theirs.pk).is_read is False


def test_see_notice_refuses_a_bad_id(merchant_api):
    for bad in ("x", 0, -1, 2**63, None):
        assert rejection(merchant_api.post(SEE, {"id": bad}))["data"]["errors"]["id"]
    assert rejection(merchant_api.post(SEE, {}))["data"]["errors"]["id"]


def test_messages_are_rendered_in_the_readers_language(merchant, merchant_api):
    notice = deposit_notice(merchant)
    broadcast = broadcast_to(
        merchant, title="Holiday hours", title_zh_hans="假日营业时间", content_zh_hans="照常发货。"
    )
    merchant_api.lang = "zh-CN"
    first, second = data(merchant_api.get(LIST))["list"]
    assert (first["title"], first["preview"], first["sender"], first["type_label"]) == (
        "假日营业时间",
        "照常发货。",
        "平台",
        "用户通知",
    )
    assert (second["title"], second["preview"]) == ("充值已到账", "充值 D1：10.00 已存入您的余额。")
    merchant_api.lang = "ru-RU"
    assert data(merchant_api.post(SEE, {"id": notice.pk}))["title"] == "Пополнение зачислено"
    seen = Notice.objects.get(broadcast=broadcast)
    assert data(merchant_api.post(SEE, {"id": seen.pk}))["content"] == "We ship as usual. (ru)"
    merchant_api.lang = "ri"  # no Japanese text: English, written by the operator, not Russian
    assert data(merchant_api.post(SEE, {"id": seen.pk}))["title"] == "Holiday hours"


def test_home_counts_the_unread_messages(merchant, merchant_api):
    deposit_notice(merchant)
    broadcast_to(merchant, MerchantFactory())
    assert unread_count(merchant_id=merchant.pk) == 2
