import pytest

from apps.accounts.models import AuthToken
from tests.factories import DEFAULT_PASSWORD, MerchantFactory

LOGIN = "/merchant/merchant/login"
MERINFO = "/merchant/merchant/getMerInfo"
pytestmark = pytest.mark.django_db


def test_login_with_email_returns_a_token_that_works(api, merchant):
    res = api.post(LOGIN, {"account": merchant.email.upper(), "password": DEFAULT_PASSWORD})

    body = res.json()
    assert body["code"] == 1
    merinfo = body["data"]["merinfo"]
    assert len(merinfo["token"]) >= 32
    assert merinfo["phone"] == merchant.phone
    assert merinfo["shop"]["name"] == merchant.shop.name
    # Only the hash is stored.
    assert not AuthToken.objects.filter(key_hash=merinfo["token"]).exists()
    api.token = merinfo["token"]
    assert api.get(MERINFO).json()["data"]["id"] == merchant.pk


def test_login_with_phone_ignores_spaces_and_dashes(api):
    merchant = MerchantFactory(phone="+15550001234")
    res = api.post(LOGIN, {"account": "+1 555-000 1234", "password": DEFAULT_PASSWORD})
    assert res.json()["code"] == 1
    assert AuthToken.objects.filter(merchant=merchant).count() == 1


@pytest.mark.parametrize(
    ("lang", "message"),
    [("en", "Incorrect account or password."), ("ru-RU", "Неверный аккаунт или пароль.")],
)
def test_wrong_password_and_unknown_account_answer_the_same(api, merchant, lang, message):
    api.lang = lang
    wrong = api.post(LOGIN, {"account": merchant.email, "password": "not-the-password"}).json()
    unknown = api.post(LOGIN, {"account": "nobody@example.com", "password": DEFAULT_PASSWORD}).json()
    assert wrong["code"] == unknown["code"] == 0
    assert wrong["msg"] == unknown["msg"] == message
    assert not AuthToken.objects.exists()


@pytest.mark.parametrize(
    ("lang", "message"),
    [("en", "Please enter phone number or email"), ("zh-CN", "请输入手机号或邮箱")],
)
def test_missing_account_is_named(api, lang, message):
    api.lang = lang
    body = api.post(LOGIN, {"account": "  ", "password": "x"}).json()
    assert body["code"] == 0
    assert body["msg"] == message
    assert body["data"]["errors"]["account"] == [message]


def _from(address: str) -> dict:
    return {"REMOTE_ADDR": address}


def test_wrong_tries_hold_the_guessing_address_not_the_merchant(api, merchant):
    # Default rates: ten wrong tries for one account from one address, then that address waits.
    for _ in range(10):
        assert (
            api.post(LOGIN, {"account": merchant.email, "password": "wrong"}, **_from("198.51.100.1")).json()["code"]
            == 0
        )
    held = api.post(LOGIN, {"account": merchant.email, "password": DEFAULT_PASSWORD}, **_from("198.51.100.1")).json()
    assert held["msg"].startswith("Too many attempts")
    # The merchant, from their own address, signs in: the guesser cannot lock them out.
    own = api.post(LOGIN, {"account": merchant.email, "password": DEFAULT_PASSWORD}, **_from("203.0.113.5")).json()
    assert own["code"] == 1
    # And the guessing address may still sign in to another account.
    other = MerchantFactory()
    assert (
        api.post(LOGIN, {"account": other.email, "password": DEFAULT_PASSWORD}, **_from("198.51.100.1")).json()["code"]
        == 1
    )


def test_the_per_account_limit_slows_many_addresses_but_not_a_known_one(api, merchant, throttle_rates):
    throttle_rates(login_account="5/hour")
    login = {"account": merchant.email, "password": DEFAULT_PASSWORD}
    assert api.post(LOGIN, login, **_from("203.0.113.5")).json()["code"] == 1  # the merchant's usual address
    for n in range(4):  # a guesser spread over addresses
        assert (
            api.post(LOGIN, {**login, "password": "wrong"}, **_from(f"198.51.100.{n}")).json()["msg"]
            == "Incorrect account or password."
        )
    held = api.post(LOGIN, login, **_from("198.51.100.99")).json()
    assert held["msg"].startswith("Too many attempts")
    assert held["data"]["wait"] > 0
    assert api.post(LOGIN, login, **_from("203.0.113.5")).json()["code"] == 1
    assert AuthToken.objects.filter(merchant=merchant).count() == 2


def test_login_is_throttled_per_ip(api, merchant, throttle_rates):
    throttle_rates(login_ip="2/min")
    for n in range(2):
        api.post(LOGIN, {"account": f"someone{n}@example.com", "password": "wrong"})
    api.lang = "ru-RU"
    body = api.post(LOGIN, {"account": merchant.email, "password": DEFAULT_PASSWORD}).json()
    assert body["code"] == 0
    assert body["msg"].startswith("Слишком много попыток")
    assert body["data"]["wait"] > 0
