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


def test_login_is_throttled_per_account(api, merchant, throttle_rates):
    throttle_rates(login_account="3/min")
    for _ in range(3):
        assert api.post(LOGIN, {"account": merchant.email, "password": "wrong"}).json()["code"] == 0
    body = api.post(LOGIN, {"account": merchant.email, "password": DEFAULT_PASSWORD}).json()
    assert body["code"] == 0
    assert body["msg"].startswith("Too many attempts")
    assert not AuthToken.objects.exists()
    # Another account from the same address is not blocked by this one's counter.
    other = MerchantFactory()
    assert api.post(LOGIN, {"account": other.email, "password": DEFAULT_PASSWORD}).json()["code"] == 1


def test_login_is_throttled_per_ip(api, merchant, throttle_rates):
    throttle_rates(login_ip="2/min")
    for n in range(2):
        api.post(LOGIN, {"account": f"someone{n}@example.com", "password": "wrong"})
    api.lang = "ru-RU"
    body = api.post(LOGIN, {"account": merchant.email, "password": DEFAULT_PASSWORD}).json()
    assert body["code"] == 0
    assert body["msg"].startswith("Слишком много попыток")
    assert body["data"]["wait"] > 0
