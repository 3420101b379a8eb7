"""Issue 34, item 7: a merchant reads a broadcast in their language or in one the operator wrote (English first),
never in Russian unless Russian is what was written; no language is required, and the form says which languages the
audience reads."""

import pytest
from django.urls import reverse

from apps.support.constants import BroadcastAudience, NoticeType
from apps.support.models import Broadcast
from apps.support.services import broadcast_deliver
from tests.answers import data
from tests.factories import MerchantFactory

ADD = "admin:support_broadcast_add"


def sent(**texts):
    broadcast = Broadcast.objects.create(audience=BroadcastAudience.ALL, type=NoticeType.USER, **texts)
    broadcast_deliver(broadcast_id=broadcast.pk)
    return broadcast


def read(merchant_api, lang):
    merchant_api.lang = lang
    (notice,) = data(merchant_api.get("/merchant/index/notice"))["list"]
    detail = data(merchant_api.post("/merchant/index/see_notice", {"id": notice["id"]}))
    return notice["title"], detail["content"]


@pytest.mark.parametrize("lang", ["tai", "han", "ri", "zh-CN"])
def test_a_reader_whose_language_is_not_written_reads_english_not_russian(merchant_api, lang):
    sent(title_ru="Новости", content_ru="Текст", title_en="News", content_en="Text")
    assert read(merchant_api, lang) == ("News", "Text")


def test_each_reader_reads_their_own_language_when_written(merchant_api):
    thai = {"title_th": "ข่าว", "content_th": "ข้อความ"}
    sent(title_ru="Новости", content_ru="Текст", title_en="News", content_en="Text", **thai)
    assert read(merchant_api, "tai") == ("ข่าว", "ข้อความ")
    assert read(merchant_api, "ru-RU") == ("Новости", "Текст")


def test_a_broadcast_written_in_one_language_is_read_in_it_by_everyone(merchant_api):
    sent(title_zh_hans="新闻", content_zh_hans="正文")
    assert read(merchant_api, "zh-Hant") == ("新闻", "正文")
    assert read(merchant_api, "ru-RU") == ("新闻", "正文")


def test_the_form_needs_no_russian_and_says_which_languages_the_audience_reads(
    admin_client, django_capture_on_commit_callbacks
):
    MerchantFactory(language="tai"), MerchantFactory(language="en"), MerchantFactory(language="en")
    page = admin_client.get(reverse(ADD)).content.decode()
    assert "English (en): 2, ไทย (th): 1" in page
    english_only = {"title_en": "News", "content_en": "Text", "type": NoticeType.USER, "audience": "all", "level": ""}
    response = admin_client.post(reverse(ADD), english_only, follow=True)
    assert "adminform" not in response.context, response.context["adminform"].form.errors
    readers = [(row["language"], row["count"], row["reads"]) for row in response.context["readers"]]
    assert readers == [("English (en)", 2, "English (en)"), ("ไทย (th)", 1, "English (en)")]  # the Send step
    with django_capture_on_commit_callbacks(execute=True):
        admin_client.post(response.redirect_chain[-1][0], {"confirm": "1"})
    broadcast = Broadcast.objects.get()
    assert (broadcast.recipients, broadcast.written_in()) == (3, ["en"])
