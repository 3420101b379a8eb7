"""Account recovery: what an operator's request must hold, the beat's schedule, and the races of its last step."""

import threading
from datetime import timedelta

import pytest
from django.conf import settings
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from apps.accounts.constants import RecoveryStatus
from apps.accounts.models import AccountRecovery, Merchant
from apps.accounts.services import recovery_apply, recovery_approve, recovery_cancel, recovery_request
from apps.core.errors import AppError
from apps.support.models import Notice
from tests.factories import MerchantFactory
from tests.history import status_history

pytestmark = pytest.mark.django_db
ADD = "admin:accounts_accountrecovery_add"


@pytest.fixture
def second(django_user_model):
    return django_user_model.objects.create_superuser("second", "second@example.com", "Operator-pass-2026")


def _errors(response):
    form = response.context["adminform"].form
    return {name or "__all__": list(errors) for name, errors in form.errors.items()}


@pytest.mark.parametrize(
    ("data", "errors"),
    [
        ({"reason": ""}, {"reason": ["This field is required."]}),
        ({"new_email": "", "new_phone": ""}, {"new_email": ["Give a new email address, a new phone number, or both."]}),
        ({"new_email": "Owner@Example.com"}, {"new_email": ["This is already the merchant's email address."]}),
        ({"new_email": "", "new_phone": "12"}, {"new_phone": ["Please enter a valid phone number"]}),
        (
            {"new_email": "other@example.com"},
            {"new_email": ["This email address is already used by another account."]},
        ),
    ],
)
def test_a_request_is_refused_on_its_field_and_records_nothing(admin_client, data, errors):
    merchant = MerchantFactory(email="owner@example.com")
    MerchantFactory(email="other@example.com")
    post = {"merchant": merchant.pk, "new_email": "found@example.org", "new_phone": "", "reason": "Lost access", **data}
    response = admin_client.post(reverse(ADD), post)
    assert response.status_code == 200
    assert _errors(response) == errors
    assert not AccountRecovery.objects.exists() and not Notice.objects.exists()


def test_one_recovery_at_a_time(admin_client, operator, merchant):
    recovery_request(merchant_id=merchant.pk, new_email="a@example.org", new_phone="", reason="x", operator=operator)
    response = admin_client.post(
        reverse(ADD), {"merchant": merchant.pk, "new_email": "b@example.org", "new_phone": "", "reason": "y"}
    )
    assert _errors(response) == {"__all__": ["This merchant already has an account recovery in progress."]}
    with pytest.raises(AppError):
        recovery_request(
            merchant_id=merchant.pk, new_email="c@example.org", new_phone="", reason="z", operator=operator
        )
    assert AccountRecovery.objects.count() == 1


def test_the_merchant_page_links_to_a_request_and_then_to_the_recovery(admin_client, operator, merchant):
    page = admin_client.get(reverse("admin:accounts_merchant_change", args=[merchant.pk])).content.decode()
    assert f"{reverse(ADD)}?merchant={merchant.pk}" in page
    recovery = recovery_request(
        merchant_id=merchant.pk, new_email="", new_phone="+15559998888", reason="x", operator=operator
    )
    page = admin_client.get(reverse("admin:accounts_merchant_change", args=[merchant.pk])).content.decode()
    assert reverse("admin:accounts_accountrecovery_change", args=[recovery.pk]) in page


def test_the_recovery_page_is_read_only(admin_client, operator, merchant):
    recovery = recovery_request(
        merchant_id=merchant.pk, new_email="a@example.org", new_phone="", reason="x", operator=operator
    )
    url = reverse("admin:accounts_accountrecovery_change", args=[recovery.pk])
    assert 'name="new_email"' not in admin_client.get(url).content.decode()
    assert admin_client.post(url, {"new_email": "b@example.org", "reason": "x"}).status_code == 403
    assert (
        admin_client.post(
            reverse("admin:accounts_accountrecovery_delete", args=[recovery.pk]), {"post": "yes"}
        ).status_code
        == 403
    )
    assert AccountRecovery.objects.get(pk=recovery.pk).new_email == "a@example.org"


def test_a_rejected_recovery_tells_the_merchant_and_changes_nothing(admin_client, operator, second, merchant):
    recovery = recovery_request(
        merchant_id=merchant.pk, new_email="a@example.org", new_phone="", reason="x", operator=operator
    )
    url = reverse("admin:accounts_accountrecovery_reject", args=[recovery.pk])
    assert admin_client.post(url, {"reason": ""}).status_code == 200
    assert admin_client.post(url, {"reason": "The caller could not prove who they are"}).status_code == 302
    recovery.refresh_from_db()
    assert recovery.status == RecoveryStatus.REJECTED
    notice = Notice.objects.filter(merchant=merchant).first()
    assert notice.rendered_body() == "Reason: The caller could not prove who they are"
    assert Merchant.objects.get(pk=merchant.pk).email == merchant.email


def test_the_delay_is_the_published_setting_and_the_task_is_on_the_beat(operator, second, merchant, settings):
    settings.ACCOUNT_RECOVERY_DELAY_HOURS = 5
    recovery = recovery_request(
        merchant_id=merchant.pk, new_email="a@example.org", new_phone="", reason="x", operator=operator
    )
    recovery_approve(recovery_id=recovery.pk, approver=second)
    recovery.refresh_from_db()
    assert timedelta(hours=4, minutes=59) < recovery.effective_at - timezone.now() <= timedelta(hours=5)
    assert not recovery_apply(recovery_id=recovery.pk, now=timezone.now() + timedelta(hours=4))
    assert recovery_apply(recovery_id=recovery.pk, now=timezone.now() + timedelta(hours=5, seconds=1))


def test_the_default_delay_and_the_schedule():
    assert settings.ACCOUNT_RECOVERY_DELAY_HOURS == 72
    entries = [
        entry for entry in settings.CELERY_BEAT_SCHEDULE.values() if entry["task"].endswith("recoveries_apply_due")
    ]
    assert entries == [{"task": "apps.accounts.tasks.recoveries_apply_due", "schedule": 300.0}]


def test_an_address_taken_meanwhile_rejects_the_recovery_when_due(operator, second, merchant):
    recovery = recovery_request(
        merchant_id=merchant.pk, new_email="a@example.org", new_phone="", reason="x", operator=operator
    )
    recovery_approve(recovery_id=recovery.pk, approver=second)
    MerchantFactory(email="a@example.org")
    assert not recovery_apply(recovery_id=recovery.pk, now=timezone.now() + timedelta(days=4))
    assert AccountRecovery.objects.get(pk=recovery.pk).status == RecoveryStatus.REJECTED
    assert Merchant.objects.get(pk=merchant.pk).email == merchant.email


def _race(*steps):
    """Runs the steps at once, each in its own thread and connection; their results ("refused" for an AppError)."""
    barrier = threading.Barrier(len(steps))
    results = []

    def run(step):
        barrier.wait()
        try:
            results.append(step())
        except AppError:
            results.append("refused")
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(step,)) for step in steps]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_merchants_cancel_and_the_due_run_racing_make_one_outcome(operator, second):
    """The run claims the recovery with a conditional update under the merchant's row lock; the cancel moves it
    through the locked transition: whichever comes second finds it moved and changes nothing."""
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL")
    due = timezone.now() + timedelta(days=4)
    for _ in range(3):
        merchant = MerchantFactory()
        recovery = recovery_request(
            merchant_id=merchant.pk,
            new_email=f"new{merchant.pk}@example.org",
            new_phone="",
            reason="x",
            operator=operator,
        )
        recovery_approve(recovery_id=recovery.pk, approver=second)
        results = _race(
            lambda recovery=recovery: recovery_apply(recovery_id=recovery.pk, now=due),
            lambda merchant=merchant, recovery=recovery: recovery_cancel(merchant=merchant, recovery_id=recovery.pk),
        )
        status = AccountRecovery.objects.get(pk=recovery.pk).status
        email = Merchant.objects.get(pk=merchant.pk).email
        if status == RecoveryStatus.APPLIED:
            assert email == recovery.new_email and "refused" in results
        else:
            assert status == RecoveryStatus.CANCELLED and email == merchant.email and False in results
        assert status_history(recovery).filter(to_status__in=["applied", "cancelled"]).count() == 1
