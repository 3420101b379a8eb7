"""The merchant verifies the current phone or email with a code sent to it (issue 36, item 6): the summary says which
are verified; a change made with a code to the new address marks it verified, an account recovery clears the mark."""

import re
from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone, translation
from django.utils.translation import gettext

from apps.accounts.constants import CodePurpose
from apps.accounts.models import Merchant, OneTimeCode
from apps.accounts.services import (
    merchant_details_change,
    recovery_apply,
    recovery_approve,
    recovery_request,
)
from apps.accounts.sms import LoggingSmsBackend
from apps.core.errors import AppError
from apps.support.models import Notice
from tests.factories import DEFAULT_PASSWORD, MerchantFactory

SEND = "/merchant/merchant/send_verify_code"
VERIFY = "/merchant/merchant/verify_contact"
MERINFO = "/merchant/merchant/getMerInfo"
SEND_CONTACT = "/merchant/merchant/send_contact_code"
CHANGE = "/merchant/merchant/change_contact"
SEND_CODE = "/merchant/merchant/send_code"
RESETPWD = "/merchant/merchant/resetpwd"
INVALID = "The verification code is invalid or has expired."
pytestmark = pytest.mark.django_db


@pytest.fixture
def merchant(db):
    return MerchantFactory(language="en")


def _code(text: str) -> str:
    return re.search(r"\b(\d{6})\b", text).group(1)


def _mail_to(address):
    return [message for message in mail.outbox if message.to == [address]]


def _flags(api) -> tuple[bool, bool]:
    data = api.get(MERINFO).json()["data"]
    return data["phone_verified"], data["email_verified"]


def _sms_code(post, api, merchant) -> str:
    assert post(api, SEND, {"kind": "phone"})["code"] == 1
    to, text = LoggingSmsBackend.outbox[-1]
    assert to == merchant.phone
    return _code(text)


def test_the_phone_is_verified_with_a_code_sent_to_it_by_text_message(merchant_api, merchant, post):
    assert _flags(merchant_api) == (False, False)
    merchant_api.lang = "ru-RU"  # the answer speaks the request's language; the text, the merchant's (en)
    body = post(merchant_api, SEND, {"kind": "phone"})
    assert (body["code"], body["msg"], body["data"]) == (1, "Код подтверждения отправлен на ваш номер телефона.", None)
    [(to, text)] = LoggingSmsBackend.outbox
    assert to == merchant.phone
    assert text.startswith("Your code to verify this address for your shop account is ")
    assert not mail.outbox
    code = _code(text)
    otc = OneTimeCode.objects.get(merchant=merchant)
    assert (otc.purpose, otc.target) == (CodePurpose.VERIFY, f"phone:{merchant.phone}")
    assert code not in otc.code_hash

    merchant_api.lang = "en"
    body = post(merchant_api, VERIFY, {"kind": "phone", "code": f" {code} "})
    assert (body["code"], body["msg"]) == (1, "Phone number verified")
    assert (body["data"]["phone_verified"], body["data"]["email_verified"], body["data"]["verified"]) == (
        True,
        False,
        True,  # the identity review, unchanged
    )
    assert Merchant.objects.get(pk=merchant.pk).phone_verified_at is not None
    assert _flags(merchant_api) == (True, False)
    # Verified once: asking again is refused with a clear message, and nothing is sent.
    body = post(merchant_api, SEND, {"kind": "phone"})
    assert (body["code"], body["msg"]) == (0, "Your phone number is already verified.")
    body = post(merchant_api, VERIFY, {"kind": "phone", "code": code})
    assert (body["code"], body["msg"]) == (0, "Your phone number is already verified.")
    assert len(LoggingSmsBackend.outbox) == 1
    assert not Notice.objects.exists()  # nothing changed that the merchant must be warned of


def test_the_text_is_written_in_the_merchants_language(api, post):
    merchant = MerchantFactory(language="tai")
    post(api.login_as(merchant), SEND, {"kind": "phone"})
    [(_to, text)] = LoggingSmsBackend.outbox
    assert re.search(r"[\u0e00-\u0e7f]", text) and _code(text)  # Thai


def test_the_email_is_verified_with_a_code_sent_by_mail(merchant_api, merchant, post):
    body = post(merchant_api, SEND, {"kind": "email"})
    assert (body["code"], body["msg"]) == (1, "A verification code has been sent to your email address.")
    [message] = mail.outbox
    assert (message.to, message.subject) == ([merchant.email], "Your verification code")
    assert not LoggingSmsBackend.outbox
    body = post(merchant_api, VERIFY, {"kind": "email", "code": _code(message.body)})
    assert (body["code"], body["msg"], body["data"]["email_verified"]) == (1, "Email address verified", True)
    assert _flags(merchant_api) == (False, True)


def test_a_wrong_code_is_refused_on_its_field_and_counted(merchant_api, merchant, post):
    code = _sms_code(post, merchant_api, merchant)
    wrong = "000000" if code != "000000" else "111111"
    for _ in range(4):
        body = post(merchant_api, VERIFY, {"kind": "phone", "code": wrong})
        assert (body["code"], body["msg"], body["data"]["errors"]) == (0, INVALID, {"code": [INVALID]})
    assert OneTimeCode.objects.get(merchant=merchant).failures == 4
    assert Merchant.objects.get(pk=merchant.pk).phone_verified_at is None
    post(merchant_api, VERIFY, {"kind": "phone", "code": wrong})  # the fifth spends the code
    body = post(merchant_api, VERIFY, {"kind": "phone", "code": code})
    assert (body["code"], body["msg"]) == (0, INVALID)
    assert _flags(merchant_api) == (False, False)


def test_codes_of_other_purposes_do_not_verify_and_a_verification_code_serves_nothing_else(
    merchant_api, merchant, post
):
    # A password-reset code sent to the same email does not verify it.
    post(merchant_api.__class__(), SEND_CODE, {"account": merchant.email})
    reset_code = _code(_mail_to(merchant.email)[-1].body)
    assert post(merchant_api, VERIFY, {"kind": "email", "code": reset_code})["msg"] == INVALID
    # A contact-change code to a new address does not verify the current one.
    post(merchant_api, SEND_CONTACT, {"kind": "email", "value": "new@example.org"})
    contact_code = _code(_mail_to("new@example.org")[-1].body)
    assert post(merchant_api, VERIFY, {"kind": "email", "code": contact_code})["msg"] == INVALID
    # A verification code neither resets the password nor changes a contact.
    post(merchant_api, SEND, {"kind": "email"})
    verify_code = _code(_mail_to(merchant.email)[-1].body)
    new = "Brand-new-pass-2026"
    body = post(
        merchant_api.__class__(),
        RESETPWD,
        {"account": merchant.email, "code": verify_code, "password": new, "password_confirm": new},
    )
    assert (body["code"], body["msg"]) == (0, INVALID)
    body = post(
        merchant_api,
        CHANGE,
        {"kind": "email", "value": merchant.email, "code": verify_code, "password": DEFAULT_PASSWORD},
    )
    assert body["code"] == 0
    merchant.refresh_from_db()
    assert merchant.check_password(DEFAULT_PASSWORD) and merchant.email_verified_at is None
    # And it still verifies the email it was sent to.
    assert post(merchant_api, VERIFY, {"kind": "email", "code": verify_code})["code"] == 1


def test_a_code_sent_before_a_change_does_not_verify_the_new_phone(merchant_api, merchant, post):
    old_code = _sms_code(post, merchant_api, merchant)
    # The phone changes, even in a way that spends no code: the code names the address it was sent to.
    Merchant.objects.filter(pk=merchant.pk).update(phone="+19990009999")
    body = post(merchant_api, VERIFY, {"kind": "phone", "code": old_code})
    assert (body["code"], body["msg"]) == (0, INVALID)
    assert Merchant.objects.get(pk=merchant.pk).phone_verified_at is None
    # A code for the new phone verifies it.
    merchant.refresh_from_db()
    assert post(merchant_api, VERIFY, {"kind": "phone", "code": _sms_code(post, merchant_api, merchant)})["code"] == 1


def test_a_code_whose_sending_waited_past_a_change_is_not_sent(merchant):
    """The worker sends only to the address that is still the merchant's (the request recorded the old one)."""
    from apps.accounts.services import contact_verify_code_deliver

    assert not contact_verify_code_deliver(
        merchant_id=merchant.pk, kind="phone", value="+19990000000", requested_at=timezone.now()
    )
    assert not LoggingSmsBackend.outbox and not OneTimeCode.objects.exists()


def test_changing_a_contact_with_a_code_to_it_verifies_it(merchant_api, merchant, post):
    new_phone = "+442079460000"
    post(merchant_api, SEND_CONTACT, {"kind": "phone", "value": new_phone})
    [(to, text)] = LoggingSmsBackend.outbox
    assert to == new_phone
    body = post(
        merchant_api, CHANGE, {"kind": "phone", "value": new_phone, "code": _code(text), "password": DEFAULT_PASSWORD}
    )
    assert (body["code"], body["data"]["phone"], body["data"]["phone_verified"]) == (1, new_phone, True)
    assert body["data"]["email_verified"] is False  # the other contact is not touched
    assert post(merchant_api, SEND, {"kind": "phone"})["msg"] == "Your phone number is already verified."


def test_changing_the_email_keeps_the_phones_mark_and_its_pending_code(merchant_api, merchant, post):
    phone_code = _sms_code(post, merchant_api, merchant)
    post(merchant_api, SEND_CONTACT, {"kind": "email", "value": "new@example.org"})
    code = _code(_mail_to("new@example.org")[0].body)
    body = post(
        merchant_api, CHANGE, {"kind": "email", "value": "new@example.org", "code": code, "password": DEFAULT_PASSWORD}
    )
    assert (body["data"]["email_verified"], body["data"]["phone_verified"]) == (True, False)
    assert post(merchant_api, VERIFY, {"kind": "phone", "code": phone_code})["code"] == 1
    assert _flags(merchant_api) == (True, True)


@pytest.fixture
def second(django_user_model):
    return django_user_model.objects.create_superuser("second", "second@example.com", "Operator-pass-2026")


def test_an_account_recovery_clears_the_mark_of_what_it_changes(merchant_api, merchant, operator, second, post):
    now = timezone.now()
    Merchant.objects.filter(pk=merchant.pk).update(phone_verified_at=now, email_verified_at=now)
    recovery = recovery_request(
        merchant_id=merchant.pk, new_email="found@example.org", new_phone="", reason="Lost mailbox", operator=operator
    )
    recovery_approve(recovery_id=recovery.pk, approver=second)
    assert recovery_apply(recovery_id=recovery.pk, now=timezone.now() + timedelta(days=4))
    merchant.refresh_from_db()
    assert merchant.email == "found@example.org"
    assert merchant.email_verified_at is None  # nobody proved the new address
    assert merchant.phone_verified_at == now  # unchanged, still proved
    api = merchant_api.__class__().login_as(merchant)  # the recovery signed every device out
    assert _flags(api) == (True, False)
    # The merchant verifies the new address.
    post(api, SEND, {"kind": "email"})
    assert post(api, VERIFY, {"kind": "email", "code": _code(_mail_to("found@example.org")[-1].body)})["code"] == 1


def test_an_operator_cannot_edit_a_contact_so_its_mark_stays(merchant, operator):
    now = timezone.now()
    Merchant.objects.filter(pk=merchant.pk).update(phone_verified_at=now)
    with pytest.raises(AppError):
        merchant_details_change(
            merchant_id=merchant.pk, operator=operator, changes={"phone": "+15550001111"}, reason="typo"
        )
    merchant.refresh_from_db()
    assert merchant.phone_verified_at == now and merchant.phone != "+15550001111"


def test_no_email_and_bad_kinds_are_refused_and_nothing_is_sent(merchant_api, merchant, post):
    Merchant.objects.filter(pk=merchant.pk).update(email=None)
    merchant_api.lang = "ru-RU"
    body = post(merchant_api, SEND, {"kind": "email"})
    no_email = "Your account has no email address. Add one first."
    with translation.override("ru"):
        assert (body["code"], body["msg"]) == (0, gettext(no_email)) and body["msg"] != no_email
    body = post(merchant_api, VERIFY, {"kind": "email", "code": "123456"})
    assert body["code"] == 0
    merchant_api.lang = "en"
    body = post(merchant_api, SEND, {"kind": "fax"})
    assert (body["code"], body["data"]["errors"]) == (0, {"kind": ["Choose email or phone."]})
    body = post(merchant_api, VERIFY, {"kind": "phone"})
    assert body["data"]["errors"] == {"code": ["Please enter the verification code"]}
    assert _flags(merchant_api) == (False, False)
    assert not mail.outbox and not LoggingSmsBackend.outbox and not OneTimeCode.objects.exists()


def test_asking_for_codes_is_rate_limited_per_merchant_and_per_address(merchant_api, merchant, throttle_rates, post):
    throttle_rates(send_code="2/hour")
    assert post(merchant_api, SEND, {"kind": "phone"})["code"] == 1
    assert post(merchant_api, SEND, {"kind": "email"})["code"] == 1
    body = post(merchant_api, SEND, {"kind": "phone"})
    assert (body["code"], body["data"]["error"]) == (0, 1003)
    # Per address, counted with send_code: someone asking password-reset codes for this phone holds it too.
    other = MerchantFactory(language="en")
    other_api = merchant_api.__class__().login_as(other)
    anonymous = merchant_api.__class__()
    assert post(anonymous, SEND_CODE, {"account": other.phone})["code"] == 1
    assert post(anonymous, SEND_CODE, {"account": other.phone})["code"] == 1
    body = post(other_api, SEND, {"kind": "phone"})
    assert (body["code"], body["data"]["error"]) == (0, 1003)
    assert post(other_api, SEND, {"kind": "email"})["code"] == 1  # another address
    assert len(LoggingSmsBackend.outbox) == 3 and len(mail.outbox) == 2


def test_signed_out_nobody_asks_or_verifies(api):
    assert api.post(SEND, {"kind": "phone"}).status_code == 401
    assert api.post(VERIFY, {"kind": "phone", "code": "123456"}).status_code == 401
