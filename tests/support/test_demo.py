"""The demo's messages: an announcement in force in the seven languages and two broadcasts to the demo merchant, one
read and one unread; loading the demo again adds nothing."""

import io

from apps.support import demo
from apps.support.models import Announcement, Broadcast, Notice
from tests.factories import MerchantFactory

LANGS = ("en", "zh_hans", "zh_hant", "ru", "ko", "ja", "th")


def test_the_demo_has_an_announcement_and_read_and_unread_messages(merchant_api, db):
    merchant = MerchantFactory(email=demo.DEMO_EMAIL)
    demo.seed(io.StringIO())
    demo.seed(io.StringIO())  # idempotent
    announcement = Announcement.objects.get()
    titles = [getattr(announcement, f"title_{lang}") for lang in LANGS]
    assert len(set(titles)) == 7 and all(getattr(announcement, f"content_{lang}") for lang in LANGS)
    assert Broadcast.objects.count() == 2
    notices = Notice.objects.filter(merchant=merchant)
    assert (notices.count(), notices.filter(is_read=False).count()) == (2, 1)
    page = merchant_api.login_as(merchant).get("/merchant/merchant/affiche").json()["data"]
    assert page["list"][0]["title"] == "Holiday shipping schedule"
