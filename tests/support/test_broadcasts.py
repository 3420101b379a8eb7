# ruff: noqa: RUF001 - texts in the seven languages
"""Operator broadcasts: written in the admin, sent by a Celery task in batches to all merchants, one level's or chosen
ones; a retry adds nothing twice; 10,000 merchants in a number of queries bounded by the batches; read-only once
saved."""

import math

import pytest
from django.contrib.auth.hashers import make_password
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from apps.accounts.models import Merchant
from apps.support.constants import BroadcastAudience, BroadcastStatus, NoticeType
from apps.support.models import Broadcast, Notice
from apps.support.services import broadcast_deliver
from apps.support.tasks import broadcast_send
from tests.factories import LevelFactory, MerchantFactory

ADD = "admin:support_broadcast_add"


def form(**fields):
    return {
        "title_ru": "Новости",
        "title_en": "News",
        "content_ru": "Текст",
        "content_en": "Text",
        "sender_en": "",
        "type": NoticeType.USER,
        "audience": BroadcastAudience.ALL,
        "level": "",
        **fields,
    }


def add_and_send(client, fields):
    """Adds the broadcast (a draft, nothing sent) and confirms its Send step, as the operator does."""
    added = client.post(reverse(ADD), fields)
    assert added.status_code == 302, added.content.decode()[:2000]
    assert "/send/" in added["Location"] and not Notice.objects.filter(broadcast__isnull=False).exists()
    return client.post(added["Location"], {"confirm": "1"})


def recipients(broadcast):
    return set(Notice.objects.filter(broadcast=broadcast).values_list("merchant_id", flat=True))


def test_an_operator_sends_to_all_merchants_and_is_recorded_as_the_sender(
    admin_client, operator, django_capture_on_commit_callbacks
):
    merchants = [MerchantFactory() for _ in range(3)]
    with django_capture_on_commit_callbacks(execute=True):
        response = add_and_send(admin_client, form())
    assert response.status_code == 302, response.content.decode()[:2000]
    broadcast = Broadcast.objects.get()
    assert (broadcast.status, broadcast.recipients, broadcast.created_by) == (BroadcastStatus.SENT, 3, operator)
    assert broadcast.sent_at is not None
    assert recipients(broadcast) == {m.pk for m in merchants}
    assert Notice.objects.filter(broadcast=broadcast, type=NoticeType.USER, is_read=False).count() == 3


def test_a_level_or_chosen_merchants_receive_only_theirs(admin_client, django_capture_on_commit_callbacks):
    gold, silver = LevelFactory(rank=3), LevelFactory(rank=2)
    golden = [MerchantFactory(level=gold) for _ in range(2)]
    MerchantFactory(level=silver)
    chosen = [MerchantFactory(), MerchantFactory()]
    MerchantFactory()
    with django_capture_on_commit_callbacks(execute=True):
        add_and_send(admin_client, form(audience=BroadcastAudience.LEVEL, level=gold.pk, title_en="Gold"))
        add_and_send(
            admin_client, form(audience=BroadcastAudience.CHOSEN, merchants=[m.pk for m in chosen], title_en="Chosen")
        )
    assert recipients(Broadcast.objects.get(title_en="Gold")) == {m.pk for m in golden}
    assert recipients(Broadcast.objects.get(title_en="Chosen")) == {m.pk for m in chosen}


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"audience": BroadcastAudience.LEVEL}, "level", "Please choose the level whose merchants receive it."),
        ({"audience": BroadcastAudience.CHOSEN}, "merchants", "Please choose the merchants who receive it."),
        ({"title_ru": ""}, "title_ru", "Write both the title and the content in this language, or neither."),
        (
            {"title_ru": "", "content_ru": "", "title_en": "", "content_en": ""},
            "__all__",
            "Write the title and the content in at least one language.",
        ),
    ],
)
def test_an_incomplete_broadcast_is_refused_and_nothing_is_sent(admin_client, merchant, fields, field, message):
    response = admin_client.post(reverse(ADD), form(**fields))
    assert response.status_code == 200
    assert message in response.context["adminform"].form.errors[field]
    assert not Broadcast.objects.exists() and not Notice.objects.exists()


def test_the_admin_form_speaks_russian_too(admin_client, merchant):
    admin_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "ru"
    response = admin_client.post(reverse(ADD), form(audience=BroadcastAudience.LEVEL))
    assert response.context["adminform"].form.errors["level"] == ["Выберите уровень, продавцы которого его получат."]


def test_a_saved_broadcast_is_read_only(admin_client, merchant, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        add_and_send(admin_client, form())
    broadcast = Broadcast.objects.get()
    change = reverse("admin:support_broadcast_change", args=[broadcast.pk])
    page = admin_client.get(change)
    assert page.status_code == 200 and "News" in page.content.decode()
    assert 'name="title_en"' not in page.content.decode()  # shown, not editable
    admin_client.post(change, form(title_en="Changed"))
    broadcast.refresh_from_db()
    assert broadcast.title_en == "News"
    delete = admin_client.post(reverse("admin:support_broadcast_delete", args=[broadcast.pk]), {"post": "yes"})
    assert delete.status_code == 403 and Broadcast.objects.filter(pk=broadcast.pk).exists()
    listing = admin_client.get(reverse("admin:support_broadcast_changelist"), {"queue": "all"})  # sent: not queued
    assert listing.status_code == 200 and "News" in listing.content.decode()


def test_a_retry_or_a_resend_adds_no_message_twice(merchant, other_merchant):
    broadcast = Broadcast.objects.create(title_ru="Т", content_ru="К", audience=BroadcastAudience.ALL)
    Notice.objects.create(merchant=merchant, broadcast=broadcast, title="", type=NoticeType.USER)  # a crashed run
    Broadcast.objects.filter(pk=broadcast.pk).update(status=BroadcastStatus.SENDING)
    assert broadcast_send.delay(broadcast.pk).get() == 2
    assert broadcast_deliver(broadcast_id=broadcast.pk) == 2  # sent: a second run leaves it alone
    Broadcast.objects.filter(pk=broadcast.pk).update(status=BroadcastStatus.QUEUED)  # e.g. the resume action
    assert broadcast_deliver(broadcast_id=broadcast.pk, batch=1) == 2
    assert Notice.objects.filter(broadcast=broadcast).count() == 2


def test_the_resume_action_queues_unsent_broadcasts_again(admin_client, merchant, django_capture_on_commit_callbacks):
    broadcast = Broadcast.objects.create(title_ru="Т", content_ru="К", audience=BroadcastAudience.ALL)
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(
            reverse("admin:support_broadcast_changelist"), {"action": "resume", "_selected_action": [broadcast.pk]}
        )
    assert response.status_code == 302
    broadcast.refresh_from_db()
    assert (broadcast.status, broadcast.recipients) == (BroadcastStatus.SENT, 1)


def test_ten_thousand_merchants_in_a_number_of_queries_bounded_by_the_batches(db):
    password = make_password("x")
    Merchant.objects.bulk_create(
        [
            Merchant(phone=f"+1777{n:07d}", email=f"bulk{n}@example.com", invite_code=f"BULK{n:05d}", password=password)
            for n in range(10_000)
        ],
        batch_size=2000,
    )
    broadcast = Broadcast.objects.create(title_ru="Т", content_ru="К", audience=BroadcastAudience.ALL)
    with CaptureQueriesContext(connection) as captured:
        assert broadcast_deliver(broadcast_id=broadcast.pk, batch=2000) == 10_000
    batches = 5
    rows_per_insert = connection.ops.bulk_batch_size(
        [f for f in Notice._meta.concrete_fields if not f.primary_key], [Notice()] * 2000
    )
    inserts = [q for q in captured.captured_queries if q["sql"].startswith("INSERT")]
    assert len(inserts) == batches * math.ceil(2000 / rows_per_insert)
    assert (
        len(captured) - len(inserts) <= batches + 1 + 5
    )  # one read of ids per batch (+ the last, empty) + claim/close
    assert Notice.objects.filter(broadcast=broadcast).count() == 10_000
