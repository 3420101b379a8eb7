"""Every password change or reset, payment-password set, change or reset, and contact change tells the merchant in
the app and at their contact (email if they have one, else a text message), saying what changed and what to do if
it was not them (issue 32, attack 10)."""

import re

import pytest
from django.contrib.auth.hashers import check_password
from django.core import mail
from django.utils import translation

from apps.accounts.services import security_notice
from apps.accounts.services.security import EVENTS
from apps.accounts.sms import LoggingSmsBackend
from apps.support.models import Notice
from tests.factories import DEFAULT_PASSWORD, DEFAULT_PAY_PASSWORD, MerchantFactory

RESETPWD = "/merchant/merchant/resetpwd"
SEND_CODE = "/merchant/merchant/send_code"
RESETPAY = "/merchant/merchant/resetPay"
NEW = "Brand-new-pass-2026"
pytestmark = pytest.mark.django_db


@pytest.fixture
def merchant(db):
    """A merchant who reads English (mail and text messages are written in the merchant's language)."""
    return MerchantFactory(language="en")


def _told(merchant, title):
    """The one in-app message and the one mail of the change, both titled `title`, saying what to do if it was not
    the merchant."""
    [notice] = Notice.objects.filter(merchant=merchant)
    assert notice.rendered_title() == title
    assert "If this was not you" in notice.rendered_body()
    [message] = [m for m in mail.outbox if m.to == [merchant.email]]
    assert message.subject == title and "If this was not you" in message.body
    return notice, message


def test_a_password_change_is_told(merchant_api, merchant, post):
    body = post(merchant_api, RESETPWD, {"old_password": DEFAULT_PASSWORD, "password": NEW, "password_confirm": NEW})
    assert body["code"] == 1
    _told(merchant, "Login password changed")


def test_a_password_reset_is_told(api, merchant, post):
    post(api, SEND_CODE, {"account": merchant.email})
    code = re.search(r"\b(\d{6})\b", mail.outbox[-1].body).group(1)
    mail.outbox.clear()
    body = post(api, RESETPWD, {"account": merchant.email, "code": code, "password": NEW, "password_confirm": NEW})
    assert body["code"] == 1
    _told(merchant, "Login password reset")


def test_setting_the_first_payment_password_is_told(merchant_api, post):
    merchant = MerchantFactory(pay_password="", language="en")
    merchant_api.login_as(merchant)
    body = post(merchant_api, RESETPAY, {"pay_password": "246810", "pay_password_confirm": "246810"})
    assert body["code"] == 1
    _told(merchant, "Payment password set")


def test_changing_the_payment_password_with_the_old_one_is_told(merchant_api, merchant, post):
    new = {"pay_password": "246810", "pay_password_confirm": "246810"}
    assert post(merchant_api, RESETPAY, {**new, "old_pay_password": DEFAULT_PAY_PASSWORD})["code"] == 1
    _told(merchant, "Payment password changed")


def test_replacing_the_payment_password_with_the_login_password_is_told(merchant_api, merchant, post):
    new = {"pay_password": "246810", "pay_password_confirm": "246810"}
    assert post(merchant_api, RESETPAY, {**new, "password": DEFAULT_PASSWORD})["code"] == 1
    _told(merchant, "Payment password reset")


def test_a_refused_change_tells_nobody(merchant_api, merchant, post):
    new = {"pay_password": "246810", "pay_password_confirm": "246810"}
    pay = post(merchant_api, RESETPAY, {**new, "password": "wrong"})
    assert (pay["code"], pay["msg"]) == (0, "The login password is incorrect.")
    login = post(merchant_api, RESETPWD, {"old_password": "wrong", "password": NEW, "password_confirm": NEW})
    assert (login["code"], login["msg"]) == (0, "The old password is incorrect.")
    merchant.refresh_from_db()
    assert merchant.check_password(DEFAULT_PASSWORD) and check_password(DEFAULT_PAY_PASSWORD, merchant.pay_password)
    assert not Notice.objects.exists() and not mail.outbox


def test_a_merchant_without_email_is_told_by_text_message_in_their_language(merchant_api, post):
    merchant = MerchantFactory(email=None, language="ru-RU")
    merchant_api.login_as(merchant)
    new = {"pay_password": "246810", "pay_password_confirm": "246810"}
    assert post(merchant_api, RESETPAY, {**new, "old_pay_password": DEFAULT_PAY_PASSWORD})["code"] == 1
    [(phone, text)] = LoggingSmsBackend.outbox
    assert phone == merchant.phone
    with translation.override("ru"):
        assert text == translation.gettext(EVENTS["pay_password_changed"][1])
    assert "Если это были не вы" in text
    assert not mail.outbox
    notice = Notice.objects.get(merchant=merchant)
    with translation.override("ru"):
        assert notice.rendered_title() == "Платёжный пароль изменён"


@pytest.mark.parametrize("event", sorted(EVENTS))
def test_every_notice_is_translated_in_every_language(event):
    params = {
        "old": "a",
        "new": "b",
        "contact": "c",
        "reason": "d",
        "hours": 72,
        "date": "2026-12-01 10:00 (UTC)",
        "name": "e",
    }
    title, body = EVENTS[event]
    for language in ("ru", "zh-hans", "zh-hant", "ko", "ja", "th"):
        with translation.override(language):
            assert translation.gettext(title) != title, (event, language)
            assert translation.gettext(body) != body, (event, language)
            translation.gettext(body) % params  # every placeholder of the translation is known


def test_the_notice_is_sent_after_the_commit_and_only_once_per_address(merchant, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        security_notice(
            merchant=merchant, event="password_changed", to=[merchant.email, merchant.email, merchant.phone]
        )
    assert [m.to for m in mail.outbox] == [[merchant.email]]
    assert [phone for phone, _text in LoggingSmsBackend.outbox] == [merchant.phone]
