# ruff: noqa: RUF001  (translated messages in other scripts)
import threading

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import translation

from apps.accounts.constants import MerchantStatus
from apps.accounts.models import AuthToken, InvitationCode, Merchant
from apps.accounts.services import merchant_transition
from apps.core.errors import AppError
from apps.core.models import StatusChange, Upload
from apps.core.transitions import status_history
from apps.support.models import Notice
from tests.factories import MerchantFactory, upload_image

pytestmark = pytest.mark.django_db
CHANGELIST = "admin:accounts_merchant_changelist"


@pytest.fixture
def pending(db):
    return MerchantFactory(status=MerchantStatus.PENDING)


@pytest.fixture
def console(client, operator):
    client.force_login(operator)
    return client


def test_approve_is_recorded_once_and_notified(pending, operator):
    merchant_transition(merchant_id=pending.pk, to=MerchantStatus.ACTIVE, operator=operator)
    pending.refresh_from_db()
    assert pending.status == MerchantStatus.ACTIVE
    change = StatusChange.objects.get()
    assert (change.target, change.from_status, change.to_status, change.actor) == (
        pending,
        "pending",
        "active",
        operator,
    )
    notice = Notice.objects.get(merchant=pending)
    with translation.override("en"):
        assert notice.rendered_title() == "Registration approved"
    with translation.override("ru"):
        assert notice.rendered_title() == "Регистрация одобрена"
    # A second decision on the decided merchant is refused and changes nothing.
    with pytest.raises(AppError):
        merchant_transition(merchant_id=pending.pk, to=MerchantStatus.REJECTED, operator=operator, reason="late")
    with pytest.raises(AppError):
        merchant_transition(merchant_id=pending.pk, to=MerchantStatus.ACTIVE, operator=operator)
    pending.refresh_from_db()
    assert pending.status == MerchantStatus.ACTIVE
    assert StatusChange.objects.count() == 1
    assert Notice.objects.filter(merchant=pending).count() == 1


def test_reject_needs_a_reason_and_tells_the_merchant(pending, operator):
    with pytest.raises(AppError):
        merchant_transition(merchant_id=pending.pk, to=MerchantStatus.REJECTED, operator=operator, reason=" ")
    merchant_transition(merchant_id=pending.pk, to=MerchantStatus.REJECTED, operator=operator, reason="Blurry ID")
    pending.refresh_from_db()
    assert (pending.status, pending.status_reason) == ("rejected", "Blurry ID")
    notice = Notice.objects.get(merchant=pending)
    with translation.override("en"):
        assert notice.rendered_body() == "Your registration was not approved. Reason: Blurry ID"
    with translation.override("zh-hans"):
        assert notice.rendered_body() == "您的注册未通过审核。原因：Blurry ID"


def test_close_and_reopen_with_reason(merchant, operator):
    merchant_transition(merchant_id=merchant.pk, to=MerchantStatus.CLOSED, operator=operator, reason="Fake goods")
    merchant_transition(merchant_id=merchant.pk, to=MerchantStatus.ACTIVE, operator=operator, reason="Appeal won")
    assert list(StatusChange.objects.order_by("id").values_list("to_status", "note")) == [
        ("closed", "Fake goods"),
        ("active", "Appeal won"),
    ]
    with translation.override("en"):
        assert [n.rendered_title() for n in Notice.objects.order_by("id")] == ["Shop closed", "Shop reopened"]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_operators_deciding_at_once_make_one_decision(operator):
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL")
    pending = MerchantFactory(status=MerchantStatus.PENDING)
    barrier = threading.Barrier(2)
    results = []

    def decide(to, reason):
        barrier.wait()
        try:
            merchant_transition(merchant_id=pending.pk, to=to, operator=operator, reason=reason)
            results.append(to)
        except AppError:
            results.append("refused")
        finally:
            connection.close()

    threads = [
        threading.Thread(target=decide, args=(MerchantStatus.ACTIVE, "")),
        threading.Thread(target=decide, args=(MerchantStatus.REJECTED, "no")),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results).count("refused") == 1
    assert status_history(pending).count() == 1


def test_admin_queue_lists_pending_and_shows_id_images_through_signed_links(console, pending):
    pending.id_front = upload_image(kind=Upload.Kind.ID_DOCUMENT, owner=pending)
    pending.save()
    res = console.get(reverse(CHANGELIST), {"status__exact": "pending"})
    assert res.status_code == 200
    assert pending.phone in res.content.decode()

    page = console.get(reverse("admin:accounts_merchant_change", args=[pending.pk])).content.decode()
    assert "/merchant/common/file/" in page
    assert pending.id_front.file.name not in page  # the storage path is never shown


def test_admin_approve_action(console, pending):
    res = console.post(reverse(CHANGELIST), {"action": "approve", "_selected_action": [pending.pk]})
    assert res.status_code == 302
    pending.refresh_from_db()
    assert pending.status == MerchantStatus.ACTIVE


def test_admin_reject_asks_for_a_reason_first(console, pending):
    url = reverse(CHANGELIST)
    res = console.post(url, {"action": "reject", "_selected_action": [pending.pk]})
    assert res.status_code == 200
    assert 'name="reason"' in res.content.decode()
    pending.refresh_from_db()
    assert pending.status == MerchantStatus.PENDING

    res = console.post(url, {"action": "reject", "_selected_action": [pending.pk], "apply": "1", "reason": ""})
    assert res.status_code == 200  # the form again: a reason is required
    pending.refresh_from_db()
    assert pending.status == MerchantStatus.PENDING

    res = console.post(
        url, {"action": "reject", "_selected_action": [pending.pk], "apply": "1", "reason": "ID expired"}
    )
    assert res.status_code == 302
    pending.refresh_from_db()
    assert (pending.status, pending.status_reason) == ("rejected", "ID expired")


def test_admin_refuses_a_second_decision(console, merchant):
    console.post(reverse(CHANGELIST), {"action": "approve", "_selected_action": [merchant.pk]}, follow=True)
    assert not StatusChange.objects.exists()


def test_admin_console_is_translated(client, operator):
    client.force_login(operator)
    res = client.get(reverse("admin:index"), HTTP_ACCEPT_LANGUAGE="ru")
    assert "Управление площадкой" in res.content.decode()


def test_sessions_admin_revoke_action(console, merchant):
    from apps.accounts.services import session_create

    session_create(merchant=merchant)
    token = AuthToken.objects.get()
    res = console.post(
        reverse("admin:accounts_authtoken_changelist"), {"action": "revoke", "_selected_action": [token.pk]}
    )
    assert res.status_code == 302
    token.refresh_from_db()
    assert token.revoked_at is not None


def test_invitation_codes_admin(console):
    res = console.post(
        reverse("admin:accounts_invitationcode_add"), {"code": "SPRING", "is_active": "on", "note": "campaign"}
    )
    assert res.status_code == 302
    assert InvitationCode.objects.filter(code="SPRING").exists()
    assert console.get(reverse("admin:accounts_invitationcode_changelist")).status_code == 200


def test_status_changes_are_read_only_in_admin(console, pending, operator):
    merchant_transition(merchant_id=pending.pk, to=MerchantStatus.ACTIVE, operator=operator)
    change = StatusChange.objects.get()
    assert console.get(reverse("admin:core_statuschange_changelist")).status_code == 200
    res = console.post(reverse("admin:core_statuschange_delete", args=[change.pk]), {"post": "yes"})
    assert res.status_code == 403
    assert StatusChange.objects.exists()
    assert Merchant.objects.get(pk=pending.pk).status == "active"
