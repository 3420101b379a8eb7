"""`make run` has support links and a support conversation (apps/support/demo.py), and seeding twice adds nothing."""

import io

import pytest

from apps.support import demo
from apps.support.models import Conversation, SupportLink, SupportMessage
from tests.factories import MerchantFactory

pytestmark = pytest.mark.django_db


def test_the_demo_has_three_links_in_seven_languages_and_an_unread_answer(operator):
    merchant = MerchantFactory(email=demo.DEMO_EMAIL)
    demo.seed(io.StringIO())
    demo.seed(io.StringIO())
    links = list(SupportLink.objects.all())
    assert [link.kind for link in links] == ["telegram", "whatsapp", "email"]
    for link in links:
        link.full_clean()
        for lang in ("en", "zh_hans", "zh_hant", "ru", "ko", "ja", "th"):
            assert getattr(link, f"label_{lang}")
    conversation = Conversation.objects.get(merchant=merchant)
    assert [m.author for m in SupportMessage.objects.order_by("id")] == ["merchant", "operator"]
    assert conversation.merchant_unread == 1 and not conversation.waiting
