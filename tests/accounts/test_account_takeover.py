"""Issue 32, attack 1 (account takeover), performed as an operator would, through the admin over HTTP.

Before: an operator changed a merchant's email in the admin (nobody told), used "Forgot password" with the new
address, reset the password, then the payment password, and could withdraw. Now the email cannot be changed in the
admin at all (nor the phone or a password), and the only operator path, an account recovery, needs a second
operator, is told to the merchant at every step, takes effect only after the published delay, and can be cancelled
by the merchant meanwhile."""

from datetime import timedelta

import pytest
from django.contrib import admin
from django.core import mail
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone

from apps.accounts import tasks
from apps.accounts.constants import RecoveryStatus
from apps.accounts.models import AccountRecovery, AuthToken, Merchant, OperatorAction, ThirdPartyIdentity
from apps.accounts.services import recovery_request
from apps.accounts.sms import LoggingSmsBackend
from apps.support.models import Notice
from tests.factories import MerchantFactory, staff_operator
from tests.helpers import admin_as

pytestmark = pytest.mark.django_db
ATTACKER = "attacker@evil.example"
SEND_CODE = "/merchant/merchant/send_code"
RECOVERY = "/merchant/merchant/recovery"
CANCEL = "/merchant/merchant/cancel_recovery"
# What no admin form may set: the contact details and the credentials.
PROTECTED = {"phone", "email", "password", "pay_password"}


@pytest.fixture
def operator_a(db):
    """The operator who would take the account over: may edit merchants, and request and approve recoveries."""
    return staff_operator(
        "operator_a",
        "accounts.view_merchant",
        "accounts.change_merchant",
        "accounts.view_accountrecovery",
        "accounts.request_accountrecovery",
        "accounts.approve_accountrecovery",
    )


@pytest.fixture
def operator_b(db):
    return staff_operator(
        "operator_b", "accounts.view_merchant", "accounts.view_accountrecovery", "accounts.approve_accountrecovery"
    )


@pytest.fixture
def victim(db):
    return MerchantFactory(email="owner@example.com", phone="+15550001111", language="en")


def _change_form_data(page):
    form = page.context["adminform"].form
    data = {name: form[name].value() or "" for name in form.fields}
    for inline in page.context["inline_admin_formsets"]:
        management = inline.formset.management_form
        data.update({management.add_prefix(name): management[name].value() for name in management.fields})
    return data


def _mails_to(address):
    return [message for message in mail.outbox if address in message.to]


def _texts_to(phone):
    return [text for to, text in LoggingSmsBackend.outbox if to == phone]


# ---------- 1. the merchant admin cannot set contact details or credentials ----------
def test_an_operator_posting_a_new_email_on_the_merchant_page_changes_nothing(
    client, operator_a, victim, django_capture_on_commit_callbacks
):
    console = admin_as(client, operator_a)
    url = reverse("admin:accounts_merchant_change", args=[victim.pk])
    page = console.get(url)
    data = _change_form_data(page)
    forged = {
        **data,
        "email": ATTACKER,
        "phone": "+19990000000",
        "password": "argon2$forged",
        "pay_password": "argon2$forged",
    }
    response = console.post(url, forged)
    assert response.status_code == 302  # saved: what the form has (nothing changed), the rest ignored
    stored = Merchant.objects.get(pk=victim.pk)
    assert (stored.email, stored.phone, stored.password, stored.pay_password) == (
        victim.email,
        victim.phone,
        victim.password,
        victim.pay_password,
    )
    assert not OperatorAction.objects.exists() and not Notice.objects.exists()
    # So "Forgot password" with the attacker's address finds no account and sends nothing.
    with django_capture_on_commit_callbacks(execute=True):
        console.post(SEND_CODE, {"account": ATTACKER}, content_type="application/json")
    assert not mail.outbox


def test_no_admin_form_inline_list_edit_or_action_can_set_contact_details_or_credentials(operator):
    """Every ModelAdmin on the site, as a superuser sees it: the merchant's form has none of the protected fields,
    no inline or list_editable edits merchants, no admin adds or changes a partner identity (which signs in as the
    merchant), and the merchant list's actions are the four decisions only."""
    request = RequestFactory().get("/admin/")
    request.user = operator
    merchant = MerchantFactory()
    for model, model_admin in admin.site._registry.items():
        if model is Merchant:
            form = model_admin.get_form(request, merchant)
            assert PROTECTED.isdisjoint(form.base_fields), sorted(PROTECTED & set(form.base_fields))
            assert PROTECTED.isdisjoint(model_admin.list_editable)
            assert set(model_admin.get_actions(request)) == {"approve", "reject", "close", "reopen"}
        for inline in model_admin.get_inline_instances(request, None):
            assert inline.model is not Merchant, (model, inline)
        if model is ThirdPartyIdentity:
            assert not model_admin.has_add_permission(request)
            assert not model_admin.has_change_permission(request, None)
            assert not model_admin.has_delete_permission(request, None)
    assert admin.site.is_registered(Merchant)
    assert "password" not in {pattern.name for pattern in admin.site.get_model_admin(Merchant).get_urls()}


def test_no_operator_can_add_a_partner_identity_to_a_merchant(client, operator, victim):
    console = admin_as(client, operator)  # a superuser
    response = console.post(
        reverse("admin:accounts_thirdpartyidentity_add"), {"partner": "p", "uid": "u", "merchant": victim.pk}
    )
    assert response.status_code == 403
    assert not ThirdPartyIdentity.objects.exists()
    assert console.get(f"/admin/accounts/merchant/{victim.pk}/password/").status_code in (302, 404)


# ---------- 2. the only operator path: an account recovery, four eyes, told, delayed, cancellable ----------
def _request_recovery(client, operator, merchant, django_capture_on_commit_callbacks):
    console = admin_as(client, operator)
    add = reverse("admin:accounts_accountrecovery_add")
    form = console.get(add, {"merchant": merchant.pk})
    assert form.status_code == 200 and f'value="{merchant.pk}"' in form.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        response = console.post(
            add, {"merchant": merchant.pk, "new_email": ATTACKER, "new_phone": "", "reason": "Lost access, by phone"}
        )
    assert response.status_code == 302
    return AccountRecovery.objects.get(merchant=merchant)


def _decide(client, operator, recovery, name, django_capture_on_commit_callbacks, data=None):
    console = admin_as(client, operator)
    with django_capture_on_commit_callbacks(execute=True):
        return console.post(reverse(f"admin:accounts_accountrecovery_{name}", args=[recovery.pk]), data or {})


def test_the_takeover_through_recovery_needs_a_second_operator_is_told_and_waits_the_delay(
    client, api, operator_a, operator_b, victim, settings, django_capture_on_commit_callbacks
):
    settings.ACCOUNT_RECOVERY_DELAY_HOURS = 72
    device = api.login_as(victim)

    # Operator A requests it: nothing changes, the merchant is told in the app and at the email and the phone.
    recovery = _request_recovery(client, operator_a, victim, django_capture_on_commit_callbacks)
    assert (recovery.status, recovery.requested_by, recovery.new_email) == ("requested", operator_a, ATTACKER)
    assert Merchant.objects.get(pk=victim.pk).email == "owner@example.com"
    [told] = _mails_to("owner@example.com")
    assert told.subject == "Account recovery requested"
    assert ATTACKER in told.body and "Lost access, by phone" in told.body and "cancel it" in told.body
    assert len(_texts_to("+15550001111")) == 1
    assert not _mails_to(ATTACKER)
    notice = Notice.objects.get(merchant=victim)
    assert ATTACKER in notice.rendered_title() and notice.rendered_body() == "Reason: Lost access, by phone"
    assert device.get(RECOVERY).json()["data"]["recovery"]["status"] == "requested"

    # Operator A approving their own request is refused; nothing changes.
    response = _decide(client, operator_a, recovery, "approve", django_capture_on_commit_callbacks)
    assert response.status_code == 200
    assert "a different operator must approve it" in response.content.decode()
    recovery.refresh_from_db()
    assert (recovery.status, recovery.approved_by) == ("requested", None)

    # Operator B approves: it takes effect only after the delay; the merchant is told again.
    response = _decide(client, operator_b, recovery, "approve", django_capture_on_commit_callbacks)
    assert response.status_code == 302
    recovery.refresh_from_db()
    assert (recovery.status, recovery.approved_by) == ("approved", operator_b)
    assert timedelta(hours=71, minutes=59) < recovery.effective_at - timezone.now() <= timedelta(hours=72)
    assert [m.subject for m in _mails_to("owner@example.com")] == [
        "Account recovery requested",
        "Account recovery approved",
    ]
    assert len(_texts_to("+15550001111")) == 2
    assert Notice.objects.filter(merchant=victim).count() == 2
    answer = device.get(RECOVERY).json()["data"]
    assert (answer["recovery"]["status"], answer["delay_hours"]) == ("approved", 72)

    # The beat's task before the delay: nothing.
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.recoveries_apply_due() == 0
    assert Merchant.objects.get(pk=victim.pk).email == "owner@example.com"

    # After the delay: applied once, every session ended, both operators recorded, old and new addresses told.
    AccountRecovery.objects.filter(pk=recovery.pk).update(effective_at=timezone.now() - timedelta(seconds=1))
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.recoveries_apply_due() == 1
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.recoveries_apply_due() == 0  # idempotent
    assert Merchant.objects.get(pk=victim.pk).email == ATTACKER
    assert AccountRecovery.objects.get(pk=recovery.pk).status == RecoveryStatus.APPLIED
    assert device.get(RECOVERY).status_code == 401
    assert not AuthToken.objects.filter(merchant=victim, revoked_at__isnull=True).exists()
    applied = OperatorAction.objects.get(merchant=victim, kind="account_recovery_applied")
    assert (applied.operator, applied.approver, applied.reason) == (operator_a, operator_b, "Lost access, by phone")
    assert list(OperatorAction.objects.filter(merchant=victim).order_by("id").values_list("kind", flat=True)) == [
        "account_recovery_requested",
        "account_recovery_approved",
        "account_recovery_applied",
    ]
    assert _mails_to("owner@example.com")[-1].subject == "Account recovery done"
    assert _mails_to(ATTACKER)[-1].subject == "Account recovery done"


def test_the_merchant_cancels_the_recovery_in_the_app_and_it_never_applies(
    client, api, operator_a, operator_b, victim, django_capture_on_commit_callbacks
):
    device = api.login_as(victim)
    recovery = _request_recovery(client, operator_a, victim, django_capture_on_commit_callbacks)
    _decide(client, operator_b, recovery, "approve", django_capture_on_commit_callbacks)

    shown = device.get(RECOVERY).json()["data"]["recovery"]
    assert (shown["id"], shown["new_email"], shown["reason"]) == (recovery.pk, ATTACKER, "Lost access, by phone")
    with django_capture_on_commit_callbacks(execute=True):
        body = device.post(CANCEL, {"id": recovery.pk}).json()
    assert (body["code"], body["data"]["recovery"]) == (1, None)
    recovery.refresh_from_db()
    assert recovery.status == RecoveryStatus.CANCELLED
    assert Notice.objects.filter(merchant=victim).first().rendered_title() == "Account recovery cancelled"
    assert _mails_to("owner@example.com")[-1].subject == "Account recovery cancelled"

    AccountRecovery.objects.filter(pk=recovery.pk).update(effective_at=timezone.now() - timedelta(hours=1))
    assert tasks.recoveries_apply_due() == 0
    assert Merchant.objects.get(pk=victim.pk).email == "owner@example.com"
    assert AuthToken.objects.filter(merchant=victim, revoked_at__isnull=True).exists()
    # Cancelling again, or a decision after it, changes nothing.
    again = device.post(CANCEL, {"id": recovery.pk}).json()
    assert (again["code"], again["msg"]) == (0, "This account recovery is Cancelled: it cannot become Cancelled.")
    response = _decide(client, operator_b, recovery, "reject", django_capture_on_commit_callbacks, {"reason": "late"})
    assert response.status_code == 302
    assert AccountRecovery.objects.get(pk=recovery.pk).status == RecoveryStatus.CANCELLED


def test_another_merchant_cannot_see_or_cancel_the_recovery(api, operator_a, victim):
    recovery = recovery_request(
        merchant_id=victim.pk, new_email=ATTACKER, new_phone="", reason="Lost access", operator=operator_a
    )
    other = api.login_as(MerchantFactory())
    assert other.get(RECOVERY).json()["data"]["recovery"] is None
    missing = other.post(CANCEL, {"id": recovery.pk + 1000}).json()
    body = other.post(CANCEL, {"id": recovery.pk}).json()
    assert body["code"] == 0 and body["msg"] == missing["msg"]
    assert AccountRecovery.objects.get(pk=recovery.pk).status == RecoveryStatus.REQUESTED


def test_an_operator_without_the_permissions_can_neither_request_nor_approve(client, operator_a, victim):
    viewer = staff_operator("viewer", "accounts.view_merchant", "accounts.view_accountrecovery")
    console = admin_as(client, viewer)
    add = reverse("admin:accounts_accountrecovery_add")
    assert console.get(add).status_code == 403
    data = {"merchant": victim.pk, "new_email": ATTACKER, "new_phone": "", "reason": "x"}
    assert console.post(add, data).status_code == 403
    assert not AccountRecovery.objects.exists()

    recovery = recovery_request(
        merchant_id=victim.pk, new_email=ATTACKER, new_phone="", reason="x", operator=operator_a
    )
    assert console.post(reverse("admin:accounts_accountrecovery_approve", args=[recovery.pk])).status_code == 403
    assert AccountRecovery.objects.get(pk=recovery.pk).status == RecoveryStatus.REQUESTED
