"""The merchant changes their own email or phone: a code to the new address, then the code and the login password;
the old address and the app are told; an address another account has is refused, nothing changed (issue 32,
attack 1: contact details change only through the merchant)."""

import re

import pytest
from django.core import mail

from apps.accounts.models import AuthToken, Merchant, OneTimeCode
from apps.accounts.sms import LoggingSmsBackend
from apps.support.models import Notice
from tests.factories import DEFAULT_PASSWORD, MerchantFactory

SEND = "/merchant/merchant/send_contact_code"
CHANGE = "/merchant/merchant/change_contact"
MERINFO = "/merchant/merchant/getMerInfo"
SEND_CODE = "/merchant/merchant/send_code"
RESETPWD = "/merchant/merchant/resetpwd"
NEW_EMAIL = "new.address@example.org"
pytestmark = pytest.mark.django_db


@pytest.fixture
def merchant(db):
    """A merchant who reads English (mail and text messages are written in the merchant's language)."""
    return MerchantFactory(language="en")


def _code(text: str) -> str:
    return re.search(r"\b(\d{6})\b", text).group(1)


def _mail_to(address):
    return [message for message in mail.outbox if message.to == [address]]


def test_a_new_email_is_proved_with_a_code_sent_to_it_and_the_old_address_is_told(merchant_api, merchant, post):
    old_email = merchant.email
    other_device = merchant_api.__class__().login_as(merchant)
    body = post(merchant_api, SEND, {"kind": "email", "value": "  New.Address@Example.org "})
    assert (body["code"], body["msg"]) == (1, "A verification code has been sent to the new email address.")
    [code_mail] = _mail_to(NEW_EMAIL)  # to the new address, never to the old one
    assert _mail_to(old_email) == []
    code = _code(code_mail.body)
    assert code not in OneTimeCode.objects.get(merchant=merchant).code_hash

    body = post(merchant_api, CHANGE, {"kind": "email", "value": NEW_EMAIL, "code": code, "password": DEFAULT_PASSWORD})
    assert (body["code"], body["msg"], body["data"]["email"]) == (1, "Email address changed", NEW_EMAIL)
    merchant.refresh_from_db()
    assert merchant.email == NEW_EMAIL
    # The old address is told, saying what changed and what to do if it was not the merchant.
    [notice_mail] = _mail_to(old_email)
    assert notice_mail.subject == "Email address changed"
    assert old_email in notice_mail.body and NEW_EMAIL in notice_mail.body
    assert "If this was not you" in notice_mail.body
    # And the app.
    notice = Notice.objects.get(merchant=merchant)
    assert notice.rendered_title() == "Email address changed"
    assert NEW_EMAIL in notice.rendered_body()
    # The other sessions are kept (they see the notice at once); the code works once.
    assert other_device.get(MERINFO).json()["data"]["email"] == NEW_EMAIL
    again = post(
        merchant_api, CHANGE, {"kind": "email", "value": NEW_EMAIL, "code": code, "password": DEFAULT_PASSWORD}
    )
    assert (again["code"], again["msg"]) == (0, "The verification code is invalid or has expired.")


def test_a_new_phone_is_proved_by_text_message_and_the_old_phone_is_told(merchant_api, merchant, post):
    old_phone = merchant.phone
    body = post(merchant_api, SEND, {"kind": "phone", "value": "+44 (20) 7946-0000"})
    assert body["code"] == 1
    [(to, text)] = LoggingSmsBackend.outbox
    assert to == "+442079460000"
    body = post(
        merchant_api,
        CHANGE,
        {"kind": "phone", "value": "+442079460000", "code": _code(text), "password": DEFAULT_PASSWORD},
    )
    assert (body["code"], body["data"]["phone"]) == (1, "+442079460000")
    assert Merchant.objects.get(pk=merchant.pk).phone == "+442079460000"
    [(to, text)] = LoggingSmsBackend.outbox[1:]
    assert to == old_phone
    assert old_phone in text and "+442079460000" in text
    assert Notice.objects.get(merchant=merchant).rendered_title() == "Phone number changed"


def test_an_address_another_merchant_has_is_refused_on_its_field_and_nothing_changes(merchant_api, merchant, post):
    """Told only to whoever proved the address is theirs (the code): asking for a code answers the same for any
    address, so the form tells nobody which addresses have accounts."""
    other = MerchantFactory(email="taken@example.com")
    free = post(merchant_api, SEND, {"kind": "email", "value": "free@example.com"})
    sent = post(merchant_api, SEND, {"kind": "email", "value": "Taken@example.com"})
    assert sent == free  # a new code replaces the first
    code = _code(_mail_to("taken@example.com")[0].body)
    merchant_api.lang = "ru-RU"
    body = post(
        merchant_api,
        CHANGE,
        {"kind": "email", "value": "taken@example.com", "code": code, "password": DEFAULT_PASSWORD},
    )
    assert body["code"] == 0
    assert body["data"]["errors"] == {"value": ["Этот адрес эл. почты уже используется другим аккаунтом."]}
    merchant.refresh_from_db()
    assert merchant.email != "taken@example.com"
    assert Merchant.objects.get(pk=other.pk).email == "taken@example.com"
    assert not Notice.objects.exists()


def test_the_login_password_is_required_and_counted(merchant_api, merchant, post):
    post(merchant_api, SEND, {"kind": "email", "value": NEW_EMAIL})
    code = _code(_mail_to(NEW_EMAIL)[0].body)
    body = post(merchant_api, CHANGE, {"kind": "email", "value": NEW_EMAIL, "code": code, "password": "wrong"})
    assert (body["code"], body["data"]["tries_left"], list(body["data"]["errors"])) == (0, 4, ["password"])
    merchant.refresh_from_db()
    assert merchant.email != NEW_EMAIL
    # The code was not spent by the refused try: with the right password it works.
    body = post(merchant_api, CHANGE, {"kind": "email", "value": NEW_EMAIL, "code": code, "password": DEFAULT_PASSWORD})
    assert body["code"] == 1


def test_a_code_proves_only_the_address_it_was_sent_to(merchant_api, merchant, post):
    post(merchant_api, SEND, {"kind": "email", "value": NEW_EMAIL})
    code = _code(_mail_to(NEW_EMAIL)[0].body)
    body = post(
        merchant_api,
        CHANGE,
        {"kind": "email", "value": "another@example.org", "code": code, "password": DEFAULT_PASSWORD},
    )
    assert (body["code"], list(body["data"]["errors"])) == (0, ["code"])
    assert Merchant.objects.get(pk=merchant.pk).email == merchant.email


def test_a_contact_code_cannot_reset_the_password_and_a_reset_code_cannot_change_the_contact(
    merchant_api, merchant, post
):
    """A stolen session can ask for a code to an address of the thief's: that code must not reset the password."""
    api = merchant_api.__class__()  # signed out
    post(merchant_api, SEND, {"kind": "email", "value": NEW_EMAIL})
    contact_code = _code(_mail_to(NEW_EMAIL)[0].body)
    new = "Brand-new-pass-2026"
    body = post(
        api, RESETPWD, {"account": merchant.email, "code": contact_code, "password": new, "password_confirm": new}
    )
    assert (body["code"], body["msg"]) == (0, "The verification code is invalid or has expired.")
    merchant.refresh_from_db()
    assert merchant.check_password(DEFAULT_PASSWORD)

    post(api, SEND_CODE, {"account": merchant.email})
    reset_code = _code(_mail_to(merchant.email)[-1].body)
    body = post(
        merchant_api, CHANGE, {"kind": "email", "value": NEW_EMAIL, "code": reset_code, "password": DEFAULT_PASSWORD}
    )
    assert (body["code"], body["msg"]) == (0, "The verification code is invalid or has expired.")
    assert Merchant.objects.get(pk=merchant.pk).email == merchant.email


def test_the_current_address_and_malformed_ones_are_refused_before_any_code(merchant_api, merchant, post):
    body = post(merchant_api, SEND, {"kind": "email", "value": merchant.email.upper()})
    assert (body["code"], body["data"]["errors"]) == (0, {"value": ["This is already your email address."]})
    body = post(merchant_api, SEND, {"kind": "phone", "value": "12ab"})
    assert body["data"]["errors"] == {"value": ["Please enter a valid phone number"]}
    body = post(merchant_api, SEND, {"kind": "fax", "value": "123456"})
    assert list(body["data"]["errors"]) == ["kind"]
    assert not mail.outbox and not LoggingSmsBackend.outbox and not OneTimeCode.objects.exists()


def test_asking_for_codes_is_rate_limited_per_merchant_and_per_address(
    merchant_api, other_merchant, throttle_rates, post
):
    throttle_rates(send_code="2/hour")
    assert post(merchant_api, SEND, {"kind": "email", "value": "a@example.org"})["code"] == 1
    assert post(merchant_api, SEND, {"kind": "email", "value": "b@example.org"})["code"] == 1
    body = post(merchant_api, SEND, {"kind": "email", "value": "c@example.org"})
    assert (body["code"], body["data"]["error"]) == (0, 1003)
    # Another merchant sending to an address already sent to twice is held too (per address, like send_code).
    other = merchant_api.__class__().login_as(other_merchant)
    assert post(other, SEND, {"kind": "email", "value": "a@example.org"})["code"] == 1
    assert post(other, SEND, {"kind": "email", "value": "a@example.org"})["data"]["error"] == 1003
    assert len(mail.outbox) == 3


def test_signed_out_nobody_asks_or_changes(api, post):
    assert api.post(SEND, {"kind": "email", "value": NEW_EMAIL}).status_code == 401
    assert api.post(CHANGE, {"kind": "email", "value": NEW_EMAIL, "code": "1", "password": "x"}).status_code == 401


def test_adding_an_email_tells_the_phone(merchant_api, merchant, post):
    Merchant.objects.filter(pk=merchant.pk).update(email=None)
    post(merchant_api, SEND, {"kind": "email", "value": NEW_EMAIL})
    code = _code(_mail_to(NEW_EMAIL)[0].body)
    assert (
        post(merchant_api, CHANGE, {"kind": "email", "value": NEW_EMAIL, "code": code, "password": DEFAULT_PASSWORD})[
            "code"
        ]
        == 1
    )
    [(to, text)] = LoggingSmsBackend.outbox
    assert to == merchant.phone and NEW_EMAIL in text
    assert AuthToken.objects.filter(merchant=merchant, revoked_at__isnull=True).count() == 1
