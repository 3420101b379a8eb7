""" "This wasn't me" on a security notice (from the app and from the mail's link), the money lock it sets, and how
the merchant recovers: a password reset with a one-time code unlocks, and every reset or recovery holds withdrawals
for the payout cooling-off (issue 36)."""

import re
from datetime import timedelta

import pytest
import time_machine
from django.core import mail, signing
from django.utils import timezone, translation

from apps.accounts.models import AuthToken, Merchant, SecurityNotice
from apps.accounts.services import password_change, recovery_apply, recovery_approve, recovery_request, security_notice
from apps.accounts.services.security import NOT_ME_SALT, not_me_url
from apps.support.models import Notice
from tests.factories import (
    DEFAULT_PASSWORD,
    DEFAULT_PAY_PASSWORD,
    LevelFactory,
    MerchantFactory,
    WithdrawalFeeRuleFactory,
    fund,
    place_order,
    staff_operator,
)

NOT_ME = "/merchant/merchant/not_me"
LOCKED = (
    "Money movements are locked because you answered “This wasn't me” to a security notice. To unlock them, reset "
    "your login password with “Forgot password?” on the sign-in screen."
)
NEW = "Brand-new-pass-2026"
pytestmark = pytest.mark.django_db


@pytest.fixture
def merchant(db):
    return MerchantFactory(language="en")


def _notice(merchant, event="password_changed"):
    """A security notice told now (in the app and by mail), and the path of its mail's link."""
    record = security_notice(merchant=merchant, event=event)
    return record, not_me_url(merchant_id=merchant.pk, notice_id=record.pk).removeprefix("http://localhost:8000")


def _open_sessions(merchant):
    return AuthToken.objects.filter(merchant=merchant, revoked_at__isnull=True).count()


def _reload(merchant):
    return Merchant.objects.get(pk=merchant.pk)


def test_the_mail_carries_the_link_and_the_app_message_points_at_the_notice(
    merchant, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        record, _path = _notice(merchant)
    notice = Notice.objects.get(merchant=merchant)
    assert notice.target == {"kind": "security", "id": record.pk}
    [message] = mail.outbox
    link = re.search(r"http://localhost:8000(/security/not-me/\S+)", message.body).group(1)
    assert signing.loads(link.rsplit("/", 1)[1], salt=NOT_ME_SALT) == {"m": merchant.pk, "n": record.pk}


def test_opening_the_mail_page_changes_nothing_and_its_button_locks_and_signs_out_everywhere(
    client, merchant, django_capture_on_commit_callbacks
):
    merchant.time_zone = "Asia/Bangkok"
    merchant.save()
    _record, path = _notice(merchant)
    api_tokens = [
        AuthToken.objects.create(
            merchant=merchant,
            key_hash=str(n) * 64,
            last_used_at=timezone.now(),
            expires_at=timezone.now() + timedelta(days=1),
        )
        for n in range(2)
    ]
    page = client.get(path)
    assert page.status_code == 200
    html = page.content.decode()
    assert "Login password changed" in html and "Lock money movements and sign out everywhere" in html
    assert " +07:00</p>" in html and "style=" not in html and "<script" not in html
    assert client.head(path).status_code == 200
    assert _reload(merchant).money_locked_at is None and _open_sessions(merchant) == 2
    with django_capture_on_commit_callbacks(execute=True):
        done = client.post(path)
    assert done.status_code == 200 and "Money movements are locked" in done.content.decode()
    merchant = _reload(merchant)
    assert merchant.money_locked_at is not None and _open_sessions(merchant) == 0
    assert len(api_tokens) == 2
    record = SecurityNotice.objects.get(event="password_changed")
    assert record.disowned_at is not None and record.disowned_via == "mail"
    told = Notice.objects.filter(merchant=merchant).first()  # the newest
    translation.activate("en")  # the page's request left its own language active
    assert told.rendered_title() == "Money movements locked" and told.target is None
    assert "2 signed-in devices were signed out" in told.rendered_body()
    assert [m.subject for m in mail.outbox] == ["Money movements locked"]
    assert "/security/not-me/" not in mail.outbox[0].body  # no "This wasn't me" on the answer itself
    again = client.post(path)
    assert "You have already answered this notice" in again.content.decode()
    assert SecurityNotice.objects.filter(event="money_locked").count() == 1


def test_the_page_speaks_the_merchants_language(client):
    merchant = MerchantFactory(language="ru-RU")
    _record, path = _notice(merchant)
    html = client.get(path).content.decode()
    assert 'lang="ru"' in html and "Пароль для входа изменён" in html
    assert "Заблокировать движение средств и выйти везде" in html
    done = client.post(path).content.decode()
    assert "из аккаунта вышло 0 устройство" not in done and "Чтобы снять блокировку" in done


def test_a_tampered_expired_or_foreign_link_is_refused_and_changes_nothing(client, merchant):
    record, path = _notice(merchant)
    other = MerchantFactory()
    theirs = signing.dumps({"m": other.pk, "n": record.pk}, salt=NOT_ME_SALT)
    for bad in (path[:-2] + "xx", "/security/not-me/nonsense", f"/security/not-me/{theirs}"):
        for answer in (client.get(bad, HTTP_ACCEPT_LANGUAGE="en"), client.post(bad, HTTP_ACCEPT_LANGUAGE="en")):
            assert answer.status_code == 404 and "This link is invalid or has expired" in answer.content.decode()
    with time_machine.travel(timezone.now() + timedelta(days=7, minutes=1)):
        assert client.post(path).status_code == 404
    assert _reload(merchant).money_locked_at is None
    assert SecurityNotice.objects.get(pk=record.pk).disowned_at is None


def test_this_was_not_me_in_the_app_locks_and_signs_out_the_other_devices(merchant_api, merchant, other_merchant):
    record, _path = _notice(merchant)
    AuthToken.objects.create(
        merchant=merchant, key_hash="9" * 64, last_used_at=timezone.now(), expires_at=timezone.now() + timedelta(days=1)
    )
    theirs, _ = _notice(other_merchant)
    for notice_id in (theirs.pk, 10**12):
        body = merchant_api.post(NOT_ME, {"id": notice_id}).json()
        assert (body["code"], body["msg"], body["data"]["error"]) == (0, "This security notice was not found.", 1001)
    assert merchant_api.post(NOT_ME, {"id": 2**63}).json()["code"] == 0
    assert _reload(merchant).money_locked_at is None and _open_sessions(merchant) == 2
    body = merchant_api.post(NOT_ME, {"id": record.pk}).json()
    assert body["code"] == 1 and body["data"]["signed_out"] == 1 and body["data"]["money_locked_at"]
    assert _open_sessions(merchant) == 1  # this one stays
    info = merchant_api.get("/merchant/merchant/getMerInfo").json()["data"]
    assert info["money_locked_at"] == body["data"]["money_locked_at"]
    again = merchant_api.post(NOT_ME, {"id": record.pk}).json()
    assert again["code"] == 0 and again["data"]["error"] == 1004
    locked_notice = SecurityNotice.objects.get(event="money_locked")
    assert merchant_api.post(NOT_ME, {"id": locked_notice.pk}).json()["code"] == 0  # not on the answer itself


def test_while_locked_a_withdrawal_and_a_pickup_are_refused_and_a_deposit_still_arrives(merchant_api, merchant):
    LevelFactory(rank=1)
    WithdrawalFeeRuleFactory()
    fund(merchant, "100.00")
    order = place_order(merchant)
    record, _path = _notice(merchant)
    assert merchant_api.post(NOT_ME, {"id": record.pk}).json()["code"] == 1
    pay = DEFAULT_PAY_PASSWORD
    withdrawal = {"method": "bank", "full_name": "Ann Lee", "bank_name": "Good Bank", "account": "6222 0000 1111 2222"}
    for path, body in (
        ("/merchant/merchant/extract", {**withdrawal, "amount": "10.00", "pay_password": pay}),
        ("/merchant/order/pick", {"id": order.pk, "pay_password": pay}),
    ):
        refused = merchant_api.post(path, body).json()
        assert (refused["code"], refused["msg"], refused["data"]["error"]) == (0, LOCKED, 1005), path
    wrong = merchant_api.post("/merchant/order/pick", {"id": order.pk, "pay_password": "000000"}).json()
    assert wrong["msg"] == LOCKED and _reload(merchant).pay_password_failures == 0  # no try spent
    fund(merchant, "5.00")
    info = merchant_api.get("/merchant/merchant/getMerInfo").json()["data"]
    assert info["balance"] == "105.00"


def test_a_password_reset_with_a_code_unlocks_and_holds_withdrawals(api, merchant, django_capture_on_commit_callbacks):
    record, _path = _notice(merchant)
    api.login_as(merchant)
    assert api.post(NOT_ME, {"id": record.pk}).json()["code"] == 1
    api.token = None  # "Forgot password?" on the sign-in screen
    with django_capture_on_commit_callbacks(execute=True):
        api.post("/merchant/merchant/send_code", {"account": merchant.email})
    code = re.search(r"\b(\d{6})\b", mail.outbox[-1].body).group(1)
    before = timezone.now()
    body = {"account": merchant.email, "code": code, "password": NEW, "password_confirm": NEW}
    assert api.post("/merchant/merchant/resetpwd", body).json()["code"] == 1
    merchant = _reload(merchant)
    assert merchant.money_locked_at is None and _open_sessions(merchant) == 0
    assert before + timedelta(hours=24) <= merchant.withdrawals_held_until <= timezone.now() + timedelta(hours=24)


def test_a_password_change_holds_withdrawals_but_keeps_the_lock(merchant):
    merchant.money_locked_at = timezone.now()
    merchant.save()
    password_change(merchant=merchant, old_password=DEFAULT_PASSWORD, password=NEW)
    merchant = _reload(merchant)
    assert merchant.money_locked_at is not None and merchant.withdrawals_held_until > timezone.now()


def test_an_applied_account_recovery_holds_withdrawals(merchant, settings):
    settings.PAYOUT_COOLING_OFF_HOURS = 6
    requester = staff_operator("requester", "accounts.request_accountrecovery")
    approver = staff_operator("approver", "accounts.approve_accountrecovery")
    recovery = recovery_request(
        merchant_id=merchant.pk, new_email="new@example.com", new_phone="", reason="Lost mail", operator=requester
    )
    # The operator action's message is the app's message of the notice: it offers "This wasn't me" too.
    [requested] = Notice.objects.filter(merchant=merchant)
    assert requested.target == {"kind": "security", "id": SecurityNotice.objects.get(event="recovery_requested").pk}
    recovery_approve(recovery_id=recovery.pk, approver=approver)
    assert _reload(merchant).withdrawals_held_until is None
    later = timezone.now() + timedelta(hours=settings.ACCOUNT_RECOVERY_DELAY_HOURS + 1)
    assert recovery_apply(recovery_id=recovery.pk, now=later)
    held = _reload(merchant).withdrawals_held_until
    assert timezone.now() + timedelta(hours=5) < held <= timezone.now() + timedelta(hours=6)
