# ruff: noqa: RUF001 - texts in the seven languages
"""Announcements (merchant/affiche): the ones valid now, newest first, in the merchant's language; operators manage
them in the admin."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from apps.support.models import Announcement
from tests.answers import data
from tests.helpers import admin_as

AFFICHE = "/merchant/merchant/affiche"


def announce(title, *, starts=-1, ends=None, active=True, **texts):
    now = timezone.now()
    return Announcement.objects.create(
        title_ru=f"{title} (ru)",
        title_en=title,
        content_ru="Текст",
        content_en="Text",
        starts_at=now + timedelta(days=starts),
        ends_at=None if ends is None else now + timedelta(days=ends),
        is_active=active,
        **texts,
    )


def test_only_the_announcements_in_force_newest_first(merchant_api):
    old = announce("Old", starts=-10)
    new = announce("New", starts=-1, ends=5)
    announce("Ended", starts=-10, ends=-1)
    announce("Future", starts=2)
    announce("Off", active=False)
    page = data(merchant_api.get(AFFICHE))
    assert [item["id"] for item in page["list"]] == [new.pk, old.pk] and page["total"] == 2
    assert page["list"][0]["ends_at"] is not None and page["list"][1]["ends_at"] is None
    assert set(page["list"][0]) == {"id", "title", "content", "starts_at", "ends_at"}
    assert data(merchant_api.get(AFFICHE, {"limit": 1, "page": 2}))["list"][0]["id"] == old.pk


def test_announcements_are_translated(merchant_api):
    announce("Holiday", title_zh_hans="假期", content_zh_hans="正文")
    merchant_api.lang = "zh-CN"
    item = data(merchant_api.get(AFFICHE))["list"][0]
    assert (item["title"], item["content"]) == ("假期", "正文")
    merchant_api.lang = "ru-RU"
    assert data(merchant_api.get(AFFICHE))["list"][0]["title"] == "Holiday (ru)"


@pytest.mark.parametrize(
    ("lang", "message"), [("en", "At most 100 records per page."), ("ru-RU", "Не более 100 записей на странице.")]
)
def test_bad_paging_is_refused(merchant_api, lang, message):
    merchant_api.lang = lang
    body = merchant_api.get(AFFICHE, {"limit": 101}).json()
    assert body["code"] == 0 and body["msg"] == message
    assert merchant_api.get(AFFICHE, {"mer_name": "x"}).json()["data"]["error"] == 1011


def test_operators_add_announcements_in_the_admin(client, operator):
    admin_as(client, operator)
    now = timezone.localtime()
    fields = {
        "title_ru": "Объявление",
        "title_en": "Notice",
        "content_ru": "Текст",
        "content_en": "Text",
        "starts_at_0": now.strftime("%Y-%m-%d"),
        "starts_at_1": now.strftime("%H:%M:%S"),
        "ends_at_0": (now - timedelta(days=1)).strftime("%Y-%m-%d"),
        "ends_at_1": now.strftime("%H:%M:%S"),
        "is_active": "on",
    }
    refused = client.post(reverse("admin:support_announcement_add"), fields)
    assert "An announcement must end after it starts." in refused.content.decode()
    fields.update(ends_at_0="", ends_at_1="")
    assert client.post(reverse("admin:support_announcement_add"), fields).status_code == 302
    announcement = Announcement.objects.get()
    assert announcement.created_by == operator and announcement.ends_at is None
    listing = client.get(reverse("admin:support_announcement_changelist"))
    assert listing.status_code == 200 and "Notice" in listing.content.decode()


def test_the_list_answers_in_a_constant_number_of_queries(merchant_api):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries():
        with CaptureQueriesContext(connection) as captured:
            data(merchant_api.get(AFFICHE))
        return len(captured)

    announce("One")
    few = queries()
    for n in range(10):
        announce(f"More {n}")
    assert queries() == few
