# ruff: noqa: RUF001  (translated messages in other scripts)
from datetime import timedelta

import pytest
from django.contrib.auth.hashers import make_password
from django.utils import timezone

from apps.accounts.models import Merchant
from tests.factories import DEFAULT_PASSWORD, DEFAULT_PAY_PASSWORD, MerchantFactory

RESET_PAY = "/merchant/merchant/resetPay"
VERIFY_PAY = "/merchant/merchant/verify_pay"
pytestmark = pytest.mark.django_db


@pytest.fixture
def newcomer_api(api):
    return api.login_as(MerchantFactory(pay_password=""))


def test_first_payment_password_needs_no_old_one(newcomer_api):
    body = newcomer_api.post(RESET_PAY, {"pay_password": "246810", "pay_password_confirm": "246810"}).json()
    assert body["code"] == 1
    merchant = Merchant.objects.get(pay_password__gt="")
    assert merchant.pay_password != "246810"
    assert merchant.pay_password.startswith(("md5$", "argon2"))
    assert newcomer_api.post(VERIFY_PAY, {"pay_password": "246810"}).json()["code"] == 1


@pytest.mark.parametrize(
    ("lang", "message"), [("en", "Passwords entered do not match"), ("ru-RU", "Введённые пароли не совпадают")]
)
def test_entries_must_match(newcomer_api, lang, message):
    newcomer_api.lang = lang
    body = newcomer_api.post(RESET_PAY, {"pay_password": "246810", "pay_password_confirm": "246811"}).json()
    assert (body["code"], body["msg"]) == (0, message)
    assert not Merchant.objects.filter(pay_password__gt="").exists()


@pytest.mark.parametrize("value", ["12345", "1234567", "12345a", "１２３４５６", " 12345"])
@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "The payment password must be exactly 6 digits"),
        ("zh-CN", "支付密码必须是6位数字"),
    ],
)
def test_exactly_six_digits(newcomer_api, value, lang, message):
    newcomer_api.lang = lang
    body = newcomer_api.post(RESET_PAY, {"pay_password": value, "pay_password_confirm": value}).json()
    assert (body["code"], body["msg"]) == (0, message)


def test_changing_needs_the_old_one_or_the_login_password(merchant_api, merchant):
    body = merchant_api.post(RESET_PAY, {"pay_password": "246810", "pay_password_confirm": "246810"}).json()
    assert body["code"] == 0
    assert "old_pay_password" in body["data"]["errors"]

    body = merchant_api.post(
        RESET_PAY, {"pay_password": "246810", "pay_password_confirm": "246810", "password": "wrong"}
    ).json()
    assert (body["code"], body["msg"]) == (0, "The login password is incorrect.")
    merchant.refresh_from_db()
    assert (
        merchant.pay_password
        and merchant_api.post(VERIFY_PAY, {"pay_password": DEFAULT_PAY_PASSWORD}).json()["code"] == 1
    )

    body = merchant_api.post(
        RESET_PAY, {"pay_password": "246810", "pay_password_confirm": "246810", "old_pay_password": "000000"}
    ).json()
    assert body["code"] == 0
    assert body["data"]["tries_left"] == 4

    body = merchant_api.post(
        RESET_PAY,
        {"pay_password": "246810", "pay_password_confirm": "246810", "old_pay_password": DEFAULT_PAY_PASSWORD},
    ).json()
    assert body["code"] == 1
    assert merchant_api.post(VERIFY_PAY, {"pay_password": "246810"}).json()["code"] == 1

    body = merchant_api.post(
        RESET_PAY, {"pay_password": "135135", "pay_password_confirm": "135135", "password": DEFAULT_PASSWORD}
    ).json()
    assert body["code"] == 1
    assert merchant_api.post(VERIFY_PAY, {"pay_password": "135135"}).json()["code"] == 1


@pytest.mark.parametrize(
    ("lang", "wrong", "locked"),
    [
        ("en", "Wrong payment password. 4 tries left.", "Too many wrong passwords or codes. Try again in 15 minutes."),
        (
            "ru-RU",
            "Неверный платёжный пароль. Осталось попыток: 4.",
            "Слишком много неверных паролей или кодов. Повторите через 15 мин.",
        ),
    ],
)
def test_five_wrong_tries_lock_for_15_minutes(merchant_api, merchant, lang, wrong, locked):
    merchant_api.lang = lang
    first = merchant_api.post(VERIFY_PAY, {"pay_password": "000000"}).json()
    assert (first["code"], first["msg"]) == (0, wrong)
    for _ in range(3):
        merchant_api.post(VERIFY_PAY, {"pay_password": "000000"})
    fifth = merchant_api.post(VERIFY_PAY, {"pay_password": "000000"}).json()
    assert fifth["msg"] == locked
    # Locked: even the right password is refused.
    right = merchant_api.post(VERIFY_PAY, {"pay_password": DEFAULT_PAY_PASSWORD}).json()
    assert right["code"] == 0
    assert right["data"]["error"] == 1005
    # After the lock the right one works again.
    Merchant.objects.filter(pk=merchant.pk).update(pay_password_locked_until=timezone.now() - timedelta(seconds=1))
    assert merchant_api.post(VERIFY_PAY, {"pay_password": DEFAULT_PAY_PASSWORD}).json()["code"] == 1


def test_verify_pay_needs_a_value_and_a_set_password(newcomer_api):
    body = newcomer_api.post(VERIFY_PAY, {}).json()
    assert (body["code"], body["msg"]) == (0, "Please enter the payment password")
    body = newcomer_api.post(VERIFY_PAY, {"pay_password": "123456"}).json()
    assert (body["code"], body["msg"]) == (0, "Please set a payment password first.")


def test_pay_password_calls_need_a_session(api):
    for path in (RESET_PAY, VERIFY_PAY):
        res = api.post(path, {"pay_password": "123456", "pay_password_confirm": "123456"})
        assert res.status_code == 401


def test_the_one_lockout_also_refuses_replacing_the_pay_password_with_the_login_password(merchant_api, merchant):
    """Locked by wrong payment passwords: the login password cannot replace it until the lock ends (one lockout)."""
    Merchant.objects.filter(pk=merchant.pk).update(
        pay_password=make_password("111111"), pay_password_locked_until=timezone.now() + timedelta(minutes=10)
    )
    reset = {"pay_password": "246810", "pay_password_confirm": "246810", "password": DEFAULT_PASSWORD}
    body = merchant_api.post(RESET_PAY, reset).json()
    assert (body["code"], body["data"]["error"]) == (0, 1005)
    assert merchant_api.post(VERIFY_PAY, {"pay_password": "111111"}).json()["data"]["error"] == 1005
    Merchant.objects.filter(pk=merchant.pk).update(pay_password_locked_until=timezone.now() - timedelta(seconds=1))
    assert merchant_api.post(RESET_PAY, reset).json()["code"] == 1
    assert merchant_api.post(VERIFY_PAY, {"pay_password": "246810"}).json()["code"] == 1


def test_a_right_payment_password_is_rehashed_to_the_current_hasher(api, settings):
    """Hashes made with older settings (Django's default Argon2 parameters) are upgraded at the next right check."""
    from django.contrib.auth.hashers import Argon2PasswordHasher, identify_hasher

    from apps.accounts.services import pay_password_check

    old = Argon2PasswordHasher()
    merchant = MerchantFactory(pay_password=old.encode(DEFAULT_PAY_PASSWORD, old.salt()))
    settings.PASSWORD_HASHERS = ["apps.accounts.hashers.Argon2Hasher"]

    pay_password_check(merchant=merchant, raw=DEFAULT_PAY_PASSWORD)

    stored = Merchant.objects.get(pk=merchant.pk).pay_password
    assert "m=19456,t=2,p=1" in stored
    assert not identify_hasher(stored).must_update(stored)
    pay_password_check(merchant=Merchant.objects.get(pk=merchant.pk), raw=DEFAULT_PAY_PASSWORD)  # still right


def test_the_login_password_on_reset_pay_has_five_tries_then_waits(merchant_api, merchant):
    wrong = {"pay_password": "246810", "pay_password_confirm": "246810", "password": "wrong"}
    lefts = [merchant_api.post(RESET_PAY, wrong).json() for _ in range(4)]
    assert [b["data"]["tries_left"] for b in lefts] == [4, 3, 2, 1]
    assert {b["msg"] for b in lefts} == {"The login password is incorrect."}
    merchant_api.lang = "ru-RU"
    fifth = merchant_api.post(RESET_PAY, wrong).json()
    assert (fifth["code"], fifth["data"]["error"]) == (0, 1005)
    assert fifth["msg"] == "Слишком много неверных паролей или кодов. Повторите через 15 мин."
    right = merchant_api.post(RESET_PAY, {**wrong, "password": DEFAULT_PASSWORD}).json()
    assert (right["code"], right["data"]["error"]) == (0, 1005)
    # One lockout: the payment password waits too, until the lock ends.
    assert merchant_api.post(VERIFY_PAY, {"pay_password": DEFAULT_PAY_PASSWORD}).json()["data"]["error"] == 1005
    Merchant.objects.filter(pk=merchant.pk).update(pay_password_locked_until=timezone.now() - timedelta(seconds=1))
    assert merchant_api.post(RESET_PAY, {**wrong, "password": DEFAULT_PASSWORD}).json()["code"] == 1


def test_a_wrong_old_payment_password_on_reset_pay_stays_counted(merchant_api, merchant):
    body = {"pay_password": "246810", "pay_password_confirm": "246810", "old_pay_password": "000000"}
    assert merchant_api.post(RESET_PAY, body).json()["data"]["tries_left"] == 4
    assert merchant_api.post(VERIFY_PAY, {"pay_password": "000000"}).json()["data"]["tries_left"] == 3
