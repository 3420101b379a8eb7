"""Two-step sign-in (issue 36): turning it on with an authenticator code, recovery codes (hashed, single use), the
sign-in's second step on an untrusted device, and the payment-security actions asking for a code. Each code counts
on the one lockout with the payment password and the login password typed while signed in."""

from datetime import UTC, datetime

import pytest
import time_machine
from django.core import signing

from apps.accounts.models import AuthToken, Device, Merchant, RecoveryCode
from apps.accounts.services.factors import totp
from apps.support.models import Notice
from tests.factories import DEFAULT_PASSWORD, DEFAULT_PAY_PASSWORD

from .test_third import THIRD, partner_link

SECURITY = "/merchant/merchant/security"
START = "/merchant/merchant/totp_start"
CONFIRM = "/merchant/merchant/totp_confirm"
OFF = "/merchant/merchant/totp_off"
RECOVERY_CODES = "/merchant/merchant/recovery_codes"
LOGIN = "/merchant/merchant/login"
FACTOR = "/merchant/merchant/login_factor"
RESET_PAY = "/merchant/merchant/resetPay"
VERIFY_PAY = "/merchant/merchant/verify_pay"
RESETPWD = "/merchant/merchant/resetpwd"
CHANGE_CONTACT = "/merchant/merchant/change_contact"
MERINFO = "/merchant/merchant/getMerInfo"
T0 = datetime(2026, 11, 28, 10, 0, 0, tzinfo=UTC)  # the start of a 30-second step
PHONE_DEVICE = "phone-browser-key-aaaaaaaaaaaaaaaa"
NEW_DEVICE = "new-browser-key-bbbbbbbbbbbbbbbbbbbb"
pytestmark = pytest.mark.django_db


def code_at(key: str, when: datetime) -> str:
    otp = totp(key)
    otp.time = when.timestamp()
    return f"{otp.token():06d}"


@pytest.fixture
def clock():
    with time_machine.travel(T0, tick=False) as traveller:
        yield traveller


@pytest.fixture
def signed_in(api, merchant):
    """The merchant signed in on PHONE_DEVICE with the password (two-step sign-in still off)."""
    body = api.post(LOGIN, {"account": merchant.email, "password": DEFAULT_PASSWORD, "device": PHONE_DEVICE}).json()
    api.token = body["data"]["merinfo"]["token"]
    return api


@pytest.fixture
def on(signed_in, merchant, clock):
    """Two-step sign-in turned on from PHONE_DEVICE at T0: (key, recovery codes). The clock then moves one step."""
    key = signed_in.post(START, {"password": DEFAULT_PASSWORD}).json()["data"]["key"]
    body = signed_in.post(CONFIRM, {"code": code_at(key, T0)}).json()
    assert body["code"] == 1, body
    clock.shift(30)
    return key, body["data"]["recovery_codes"]


def now() -> datetime:
    return datetime.now(tz=UTC)


def fresh_client(api):
    return api.__class__()


def login(client, merchant, device=NEW_DEVICE):
    return client.post(LOGIN, {"account": merchant.email, "password": DEFAULT_PASSWORD, "device": device}).json()


# ---------- turning it on ----------
def test_start_asks_the_login_password_and_answers_a_key_its_uri_and_a_qr_image(signed_in, merchant):
    wrong = signed_in.post(START, {"password": "wrong"}).json()
    assert (wrong["code"], wrong["data"]["errors"]) == (0, {"password": ["The login password is incorrect."]})
    assert wrong["data"]["tries_left"] == 4
    assert Merchant.objects.get(pk=merchant.pk).totp_key == ""
    body = signed_in.post(START, {"password": DEFAULT_PASSWORD}).json()["data"]
    assert len(body["key"]) == 32
    assert body["uri"].startswith("otpauth://totp/Merchant%20back-office:")
    assert f"secret={body['key']}" in body["uri"] and "digits=6" in body["uri"] and "period=30" in body["uri"]
    assert body["qr"].startswith("data:image/svg+xml;base64,")
    kept = Merchant.objects.get(pk=merchant.pk)
    assert (kept.totp_key, kept.totp_confirmed_at) == (body["key"], None)  # kept, not on yet
    assert signed_in.get(SECURITY).json()["data"] == {"second_factor": False, "totp": False, "recovery_codes_left": 0}


def test_confirm_turns_it_on_only_with_a_right_code_and_answers_ten_recovery_codes(signed_in, merchant, clock):
    key = signed_in.post(START, {"password": DEFAULT_PASSWORD}).json()["data"]["key"]
    wrong = signed_in.post(CONFIRM, {"code": "000000" if code_at(key, T0) != "000000" else "111111"}).json()
    assert wrong["code"] == 0 and "code" in wrong["data"]["errors"]
    assert Merchant.objects.get(pk=merchant.pk).totp_confirmed_at is None
    body = signed_in.post(CONFIRM, {"code": code_at(key, T0)}).json()
    assert body["code"] == 1
    codes = body["data"]["recovery_codes"]
    assert len(codes) == len(set(codes)) == 10
    assert all(len(code) == 12 and code[4] == code[9] == "-" for code in codes)
    stored = list(RecoveryCode.objects.filter(merchant=merchant).values_list("code_hash", flat=True))
    assert len(stored) == 10 and not any(code.replace("-", "") in h or code in h for code in codes for h in stored)
    assert signed_in.get(SECURITY).json()["data"] == {"second_factor": True, "totp": True, "recovery_codes_left": 10}
    assert Notice.objects.filter(merchant=merchant, title="Two-step sign-in turned on").exists()
    # The confirming code was spent: it does not work again.
    again = signed_in.post(RECOVERY_CODES, {"code": code_at(key, T0)}).json()
    assert again["code"] == 0 and again["data"]["tries_left"] == 4
    # Turning it on again, or starting over, is refused.
    assert signed_in.post(START, {"password": DEFAULT_PASSWORD}).json()["data"]["error"] == 1008


# ---------- the sign-in's second step ----------
def test_a_new_device_is_asked_the_code_and_then_trusted(api, merchant, on):
    key, _codes = on
    body = login(api, merchant)
    assert body["code"] == 1
    assert set(body["data"]) == {"second_factor"}  # no token
    assert body["data"]["second_factor"]["methods"] == ["totp", "recovery"]
    assert AuthToken.objects.filter(merchant=merchant).count() == 1  # only the session that turned it on
    ticket = body["data"]["second_factor"]["ticket"]

    wrong = api.post(FACTOR, {"ticket": ticket, "code": "12345", "device": NEW_DEVICE}).json()
    assert (wrong["code"], wrong["data"]["tries_left"]) == (0, 4)
    right = api.post(FACTOR, {"ticket": ticket, "code": code_at(key, now()), "device": NEW_DEVICE}).json()
    assert right["code"] == 1 and right["msg"] == "Login successful"
    api.token = right["data"]["merinfo"]["token"]
    assert api.get(MERINFO).json()["data"]["id"] == merchant.pk
    assert Merchant.objects.get(pk=merchant.pk).pay_password_failures == 0  # a right code clears the count
    # The device passed: the next sign-in there asks nothing more.
    again = login(fresh_client(api), merchant)
    assert "token" in again["data"]["merinfo"]


def test_the_device_that_turned_it_on_is_trusted_and_devices_seen_before_are_not(api, signed_in, merchant, clock):
    old = "old-browser-key-cccccccccccccccccccccc"
    assert "merinfo" in login(fresh_client(api), merchant, device=old)["data"]  # off: the password is enough
    key = signed_in.post(START, {"password": DEFAULT_PASSWORD}).json()["data"]["key"]
    assert signed_in.post(CONFIRM, {"code": code_at(key, T0)}).json()["code"] == 1
    assert "merinfo" in login(fresh_client(api), merchant, device=PHONE_DEVICE)["data"]
    # A device that signed in before it was turned on is asked like a new one.
    assert "second_factor" in login(fresh_client(api), merchant, device=old)["data"]
    assert Device.objects.filter(merchant=merchant, trusted_at__isnull=False).count() == 1


def test_a_code_works_once_and_a_recovery_code_once(api, merchant, on, clock):
    key, codes = on
    first = login(api, merchant)["data"]["second_factor"]["ticket"]
    code = code_at(key, now())
    assert api.post(FACTOR, {"ticket": first, "code": code, "device": NEW_DEVICE}).json()["code"] == 1
    other_device = "another-browser-key-dddddddddddddddddd"
    second = login(fresh_client(api), merchant, device=other_device)["data"]["second_factor"]["ticket"]
    replay = api.post(FACTOR, {"ticket": second, "code": code, "device": other_device}).json()
    assert replay["code"] == 0 and replay["msg"] == "The code is incorrect. 4 tries left."
    # A recovery code, typed in capitals without its dashes, works once.
    typed = codes[0].replace("-", "").upper()
    assert api.post(FACTOR, {"ticket": second, "code": typed, "device": other_device}).json()["code"] == 1
    third_device = "third-browser-key-eeeeeeeeeeeeeeeeeeeee"
    third = login(fresh_client(api), merchant, device=third_device)["data"]["second_factor"]["ticket"]
    assert api.post(FACTOR, {"ticket": third, "code": codes[0], "device": third_device}).json()["code"] == 0
    assert RecoveryCode.objects.filter(merchant=merchant, used_at__isnull=True).count() == 9


def test_the_ticket_expires_after_5_minutes_and_is_bound_to_its_device_and_password(api, merchant, on, clock):
    key, codes = on
    ticket = login(api, merchant)["data"]["second_factor"]["ticket"]
    other = api.post(FACTOR, {"ticket": ticket, "code": codes[0], "device": PHONE_DEVICE}).json()
    assert (other["code"], other["data"]["error"], other["data"]["restart"]) == (0, 1002, True)
    tampered = signing.loads(ticket, salt="accounts.login_factor")
    forged = signing.dumps({**tampered, "m": tampered["m"]}, salt="another salt")
    assert api.post(FACTOR, {"ticket": forged, "code": codes[0], "device": NEW_DEVICE}).json()["code"] == 0
    assert (
        api.post(FACTOR, {"ticket": ticket[:-2] + "xx", "code": codes[0], "device": NEW_DEVICE}).json()["msg"]
        == "This sign-in has expired. Please sign in again."
    )
    clock.shift(5 * 60 + 1)
    expired = api.post(FACTOR, {"ticket": ticket, "code": code_at(key, now()), "device": NEW_DEVICE}).json()
    assert expired["code"] == 0 and expired["data"]["error"] == 1002
    # A password changed since the ticket was made closes it too.
    fresh = login(api, merchant)["data"]["second_factor"]["ticket"]
    row = Merchant.objects.get(pk=merchant.pk)
    row.set_password("Another-pass-2026")
    row.save()
    assert api.post(FACTOR, {"ticket": fresh, "code": codes[1], "device": NEW_DEVICE}).json()["data"]["error"] == 1002
    assert RecoveryCode.objects.filter(merchant=merchant, used_at__isnull=True).count() == 10  # none was spent


def test_the_partner_sign_in_asks_the_code_on_an_untrusted_device(api, merchant, on):
    from apps.accounts.models import ThirdPartyIdentity

    _key, codes = on
    ThirdPartyIdentity.objects.create(partner="partner-a", uid="partner-user-1", merchant=merchant)
    body = api.post(THIRD, {**partner_link(), "device": NEW_DEVICE}).json()
    assert body["data"]["status"] == 2 and "merinfo" not in body["data"]
    ticket = body["data"]["second_factor"]["ticket"]
    signed = api.post(FACTOR, {"ticket": ticket, "code": codes[2], "device": NEW_DEVICE}).json()
    assert signed["code"] == 1 and signed["data"]["merinfo"]["id"] == merchant.pk
    again = api.post(THIRD, {**partner_link(), "device": NEW_DEVICE}).json()
    assert again["data"]["status"] == 1 and again["data"]["merinfo"]["token"]


# ---------- the one lockout ----------
def test_pay_password_codes_and_login_password_share_one_lockout(signed_in, api, merchant, on):
    key, _codes = on
    assert signed_in.post(VERIFY_PAY, {"pay_password": "000000"}).json()["data"]["tries_left"] == 4
    ticket = login(fresh_client(api), merchant)["data"]["second_factor"]["ticket"]
    client = fresh_client(api)
    assert (
        client.post(FACTOR, {"ticket": ticket, "code": "000000", "device": NEW_DEVICE}).json()["data"]["tries_left"]
        == 3
    )
    pwd = {"old_password": "wrong", "password": "New-pass-2026", "password_confirm": "New-pass-2026", "code": "1"}
    assert signed_in.post(RESETPWD, pwd).json()["data"]["tries_left"] == 2
    assert signed_in.post(RECOVERY_CODES, {"code": "000000"}).json()["data"]["tries_left"] == 1
    locked = signed_in.post(VERIFY_PAY, {"pay_password": "000000"}).json()
    assert (locked["data"]["error"], locked["msg"]) == (
        1005,
        "Too many wrong passwords or codes. Try again in 15 minutes.",
    )
    # Everything waits: the right code at the second step, the right payment password.
    right = client.post(FACTOR, {"ticket": ticket, "code": code_at(key, now()), "device": NEW_DEVICE}).json()
    assert right["data"]["error"] == 1005
    assert signed_in.post(VERIFY_PAY, {"pay_password": DEFAULT_PAY_PASSWORD}).json()["data"]["error"] == 1005
    signed_in.lang = "ru-RU"
    assert signed_in.post(VERIFY_PAY, {"pay_password": DEFAULT_PAY_PASSWORD}).json()["msg"] == (
        "Слишком много неверных паролей или кодов. Повторите через 15 мин."
    )
    # Sign-in passwords are not on this counter: the merchant can still sign in on a trusted device.
    assert "merinfo" in login(fresh_client(api), merchant, device=PHONE_DEVICE)["data"]


def test_a_right_password_does_not_earn_more_code_guesses(signed_in, merchant, on):
    """Actions asking the login password and a code: the right password does not clear the count of wrong codes."""
    body = {"pay_password": "246810", "pay_password_confirm": "246810", "password": DEFAULT_PASSWORD, "code": "000000"}
    lefts = [signed_in.post(RESET_PAY, body).json()["data"].get("tries_left") for _ in range(5)]
    assert lefts == [4, 3, 2, 1, None]
    assert Merchant.objects.get(pk=merchant.pk).pay_password_locked_until is not None


# ---------- the payment-security actions ----------
def test_actions_refuse_without_a_code_and_change_nothing(signed_in, merchant, on, post):
    key, codes = on
    before = Merchant.objects.get(pk=merchant.pk)
    missing = "Please enter the code from your authenticator app or a recovery code."
    pay = {"pay_password": "246810", "pay_password_confirm": "246810", "password": DEFAULT_PASSWORD}
    body = signed_in.post(RESET_PAY, pay).json()
    assert (body["code"], body["data"]["errors"]) == (0, {"code": [missing]})
    pwd = {"old_password": DEFAULT_PASSWORD, "password": "New-pass-2026", "password_confirm": "New-pass-2026"}
    assert signed_in.post(RESETPWD, pwd).json()["data"]["errors"] == {"code": [missing]}
    contact = {"kind": "email", "value": "new@example.org", "code": "123456", "password": DEFAULT_PASSWORD}
    assert signed_in.post(CHANGE_CONTACT, contact).json()["data"]["errors"] == {"factor_code": [missing]}
    signed_in.lang = "ru-RU"
    assert signed_in.post(RESET_PAY, pay).json()["msg"] == (
        "Введите код из приложения-аутентификатора или код восстановления."
    )
    after = Merchant.objects.get(pk=merchant.pk)
    assert (after.pay_password, after.password, after.email, after.pay_password_failures) == (
        before.pay_password,
        before.password,
        before.email,
        0,
    )
    # With the code they work.
    assert post(signed_in, RESET_PAY, {**pay, "code": code_at(key, now())})["code"] == 1
    assert post(signed_in, RESETPWD, {**pwd, "code": codes[0]})["code"] == 1


def test_new_recovery_codes_replace_the_old_ones(signed_in, merchant, on):
    key, codes = on
    body = signed_in.post(RECOVERY_CODES, {"code": code_at(key, now())}).json()
    assert body["code"] == 1 and body["data"]["recovery_codes_left"] == 10
    fresh = body["data"]["recovery_codes"]
    assert not set(fresh) & set(codes)
    assert signed_in.post(RECOVERY_CODES, {"code": codes[0]}).json()["code"] == 0  # an old one no longer works
    assert signed_in.post(RECOVERY_CODES, {"code": fresh[0]}).json()["code"] == 1
    assert Notice.objects.filter(merchant=merchant, title="New recovery codes").count() == 2


def test_turning_it_off_needs_the_password_and_a_code(signed_in, api, merchant, on):
    _key, codes = on
    assert signed_in.post(OFF, {"password": DEFAULT_PASSWORD}).json()["data"]["errors"] == {
        "code": ["Please enter the code from your authenticator app or a recovery code."]
    }
    assert signed_in.post(OFF, {"password": "wrong", "code": codes[0]}).json()["data"]["tries_left"] == 4
    assert RecoveryCode.objects.filter(merchant=merchant, used_at__isnull=True).count() == 10
    body = signed_in.post(OFF, {"password": DEFAULT_PASSWORD, "code": codes[0]}).json()
    assert body["code"] == 1 and body["data"] == {"second_factor": False, "totp": False, "recovery_codes_left": 0}
    assert not RecoveryCode.objects.filter(merchant=merchant).exists()
    assert Notice.objects.filter(merchant=merchant, title="Two-step sign-in turned off").exists()
    assert "merinfo" in login(fresh_client(api), merchant)["data"]  # a new device signs in with the password alone


def test_codes_are_bounded_and_ignored_when_it_is_off(signed_in, merchant):
    long = signed_in.post(CONFIRM, {"code": "1" * 33}).json()
    assert long["code"] == 0 and "code" in long["data"]["errors"]
    assert signed_in.post(RECOVERY_CODES, {"code": "123456"}).json()["msg"] == (
        "Two-step sign-in is not on for this account."
    )
    # Off: the actions need no code (and an empty one is fine).
    pay = {"pay_password": "246810", "pay_password_confirm": "246810", "password": DEFAULT_PASSWORD, "code": ""}
    assert signed_in.post(RESET_PAY, pay).json()["code"] == 1
