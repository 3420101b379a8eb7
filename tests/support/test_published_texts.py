# ruff: noqa: RUF001 - texts in the seven languages
"""Attack 5 of issue 32: an operator pushes a deposit address to every merchant in an announcement or a broadcast.

Announcements and broadcasts go through the chain-address filter of support replies
(apps.wallet.constants.contains_chain_address), in every language's field, in the admin (the form names the field,
nothing is saved or sent) and in the services."""

import pytest
from django.urls import reverse
from django.utils import timezone

from apps.core.errors import AppError, ErrorCode
from apps.core.models import OutboxEntry
from apps.support import services
from apps.support.constants import BroadcastAudience, BroadcastStatus, NoticeType
from apps.support.models import Announcement, Broadcast, Notice
from tests.factories import staff_operator
from tests.helpers import admin_as

pytestmark = pytest.mark.django_db

EVM = "0x7CdAc0083bE6D46B328b8410Bcc94000d1dfD6b7"
TRON = "TJbM8yRzQ3fxuWc7ZVd6kPq2sN4aHgE5Lt"
REFUSED = "Announcements and messages never carry a deposit address"
REFUSED_RU = "В объявлениях и сообщениях никогда не бывает адресов для пополнения"


@pytest.fixture
def editor(client):
    """An operator who writes announcements and broadcasts, signed in to the console in English."""
    codenames = ("add_announcement", "change_announcement", "view_announcement", "add_broadcast", "view_broadcast")
    return admin_as(client, staff_operator("editor", *(f"support.{codename}" for codename in codenames)))


def announcement_form(**fields):
    now = timezone.localtime()
    return {
        "title_ru": "Объявление",
        "title_en": "Notice",
        "content_ru": "Текст",
        "content_en": "Text",
        "starts_at_0": now.strftime("%Y-%m-%d"),
        "starts_at_1": now.strftime("%H:%M:%S"),
        "is_active": "on",
        **fields,
    }


def broadcast_form(**fields):
    return {
        "title_ru": "Новости",
        "title_en": "News",
        "content_ru": "Текст",
        "content_en": "Text",
        "type": NoticeType.USER,
        "audience": BroadcastAudience.ALL,
        **fields,
    }


def _errors(response):
    return response.context["adminform"].form.errors


# ---------- the attack, through the admin over HTTP ----------
@pytest.mark.parametrize(
    ("field", "text"),
    [
        ("content_ko", f"USDT 입금은 {EVM} 로 보내 주세요"),
        ("content_ru", f"Отправляйте пополнения USDT на {TRON}."),
        ("title_ja", f"新しい入金先:{TRON}"),
        ("content_en", f"send USDT deposits to {EVM.lower()}"),
        ("content_th", f"ฝากเงินที่ {EVM}"),
    ],
)
def test_an_announcement_carrying_a_deposit_address_is_refused_in_any_language(editor, merchant, field, text):
    response = editor.post(reverse("admin:support_announcement_add"), announcement_form(**{field: text}))
    assert response.status_code == 200
    assert any(REFUSED in error for error in _errors(response)[field])
    assert not Announcement.objects.exists()


def test_an_edit_that_slips_an_address_into_an_announcement_is_refused_and_changes_nothing(editor):
    response = editor.post(reverse("admin:support_announcement_add"), announcement_form())
    assert response.status_code == 302
    announcement = Announcement.objects.get()
    change = reverse("admin:support_announcement_change", args=[announcement.pk])
    response = editor.post(change, announcement_form(content_zh_hant=f"請轉帳到 {TRON}", title_ko=f"주소 {EVM}"))
    assert response.status_code == 200
    errors = _errors(response)
    assert set(errors) == {"content_zh_hant", "title_ko"}
    announcement.refresh_from_db()
    assert not announcement.content_zh_hant and not announcement.title_ko


def test_a_broadcast_carrying_a_deposit_address_is_refused_and_nothing_is_sent(
    editor, merchant, other_merchant, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = editor.post(
            reverse("admin:support_broadcast_add"),
            broadcast_form(content_ru=f"Новый адрес для пополнения USDT-TRC20: {TRON}", sender_ko=EVM),
        )
    assert response.status_code == 200
    assert set(_errors(response)) == {"content_ru", "sender_ko"}
    assert not Broadcast.objects.exists()
    assert not Notice.objects.exists()
    assert not OutboxEntry.objects.exists()


def test_the_refusal_speaks_the_operators_language(editor):
    editor.defaults["HTTP_ACCEPT_LANGUAGE"] = "ru"
    response = editor.post(reverse("admin:support_broadcast_add"), broadcast_form(title_zh_hans=f"地址 {EVM}"))
    assert any(REFUSED_RU in error for error in _errors(response)["title_zh_hans"])


def test_an_announcement_and_a_broadcast_without_an_address_still_go_out(
    editor, merchant, django_capture_on_commit_callbacks
):
    """Near misses stay texts: an order number, a hash one digit short, a word longer than an address."""
    texts = {
        "content_en": "Open Deposit and choose USDT-TRC20: the address is shown there.",
        "content_ko": "0x" + "a" * 39,
    }
    assert editor.post(reverse("admin:support_announcement_add"), announcement_form(**texts)).status_code == 302
    with django_capture_on_commit_callbacks(execute=True):
        response = editor.post(
            reverse("admin:support_broadcast_add"), broadcast_form(title_th="ข่าว", content_th="ID T" + "a" * 34)
        )
        assert response.status_code == 302
        response = editor.post(response["Location"], {"confirm": "1"})
    assert response.status_code == 302
    assert Broadcast.objects.get().status == BroadcastStatus.SENT
    assert Notice.objects.filter(merchant=merchant).count() == 1


# ---------- the services refuse it too (a save outside the admin's form) ----------
def test_the_services_refuse_an_address_in_any_language(operator, merchant):
    announcement = Announcement(title_ru="Т", content_ru="К", content_ja=f"入金は {EVM} へ")
    with pytest.raises(AppError) as refused:
        services.announcement_save(announcement=announcement, operator=operator)
    assert refused.value.error_code == ErrorCode.FORBIDDEN
    assert refused.value.data == {"errors": {"content_ja": [str(refused.value.message)]}}
    assert not Announcement.objects.exists()

    broadcast = Broadcast(title_ru="Т", content_ru="К", title_th=f"ที่อยู่ {TRON}")
    with pytest.raises(AppError):
        services.broadcast_save(broadcast=broadcast, operator=operator)
    assert not Broadcast.objects.exists()


def test_a_broadcast_written_past_the_services_is_never_queued(operator, merchant, client):
    """One created straight in the database (a shell, an old row) is refused by the send itself, and the admin's
    "Resume sending" says so."""
    broadcast = Broadcast.objects.create(title_ru="Т", content_ru=f"Адрес {TRON}", created_by=operator)
    with pytest.raises(AppError):
        services.broadcast_enqueue(broadcast=broadcast)
    admin_as(client, operator)
    response = client.post(
        reverse("admin:support_broadcast_changelist"), {"action": "resume", "_selected_action": [broadcast.pk]}
    )
    assert response.status_code == 302
    assert any(REFUSED in str(m) for m in response.wsgi_request._messages)
    assert not OutboxEntry.objects.exists() and not Notice.objects.exists()
