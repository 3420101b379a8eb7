# ruff: noqa: RUF001  (translated messages in other scripts)
from datetime import timedelta

import pytest
from django.utils import timezone

from apps.accounts.models import AuthToken, Merchant
from apps.core.models import Upload
from apps.shop.models import Level
from tests.factories import MerchantFactory, fund, upload_image

MERINFO = "/merchant/merchant/getMerInfo"
SET_LANGUAGE = "/merchant/merchant/set_language"
LANGUAGE_LIST = "/merchant/merchant/language_list"
pytestmark = pytest.mark.django_db


def test_getmerinfo_shape(merchant_api, merchant):
    level = Level.objects.create(rank=1, name="Bronze", profit_margin="0.1500", product_quantity=20, upgrade_price=0)
    Merchant.objects.filter(pk=merchant.pk).update(level=level)
    logo = upload_image(kind=Upload.Kind.LOGO, owner=merchant)
    merchant.shop.logo = logo
    merchant.shop.save()

    body = merchant_api.get(MERINFO).json()

    assert body["code"] == 1
    data = body["data"]
    assert data["phone"] == merchant.phone
    assert data["verified"] is True
    assert (data["status"], data["status_label"], data["status_reason"]) == ("active", "Active", "")
    assert data["has_pay_password"] is True
    assert data["invite_code"] == merchant.invite_code
    assert data["shop"]["name"] == merchant.shop.name
    assert data["shop"]["logo"].startswith("http://testserver/media/public/logo/")
    assert data["level"] == {"id": level.pk, "rank": 1, "name": "Bronze", "profit_margin": "0.1500"}
    assert {"balance", "pending_amount", "held_amount", "pending_sales", "total_income"} <= set(data)
    assert "password" not in data and "pay_password" not in data


def test_getmerinfo_gives_the_avatar_email_wallet_and_the_platforms_zone_by_default(merchant_api, merchant, settings):
    Merchant.objects.filter(pk=merchant.pk).update(email="shop@example.com", time_zone="")
    fund(merchant, "12.50")
    merchant_api.post("/merchant/merchant/avatar", {"avatar": upload_image(kind="avatar", owner=merchant).key})

    answer = merchant_api.get(MERINFO).json()["data"]

    assert answer["avatar"].startswith("http://testserver/media/") and answer["email"] == "shop@example.com"
    assert (answer["balance"], answer["held_amount"], answer["time_zone"]) == ("12.50", "0.00", settings.TIME_ZONE)
    assert answer["created_at"].endswith("Z") and "token" not in answer


def test_getmerinfo_without_a_shop_or_pictures(api):
    merchant = MerchantFactory(pay_password="")
    merchant.shop.delete()  # an account the operators made by hand
    data = api.login_as(merchant).get(MERINFO).json()["data"]
    assert (data["shop"], data["avatar"], data["level"], data["has_pay_password"]) == (None, None, None, False)


def test_getmerinfo_in_russian_labels_the_status(api):
    merchant = MerchantFactory(status="pending", pay_password="")
    api.login_as(merchant).lang = "ru-RU"
    data = api.get(MERINFO).json()["data"]
    assert (data["status"], data["status_label"], data["verified"]) == ("pending", "На проверке", False)
    assert data["has_pay_password"] is False
    assert data["level"] is None


def test_getmerinfo_query_count_is_constant(merchant_api, django_assert_max_num_queries):
    # Session lookup, sliding-expiry touch (at most), merchant with shop/level/avatar, wallet figures.
    with django_assert_max_num_queries(6):
        assert merchant_api.get(MERINFO).json()["code"] == 1


@pytest.mark.parametrize(
    ("lang", "message"),
    [("en", "Please log in first"), ("ru-RU", "Пожалуйста, сначала войдите в систему")],
)
def test_without_a_token_is_401(api, lang, message):
    api.lang = lang
    res = api.get(MERINFO)
    assert res.status_code == 401
    assert res.json() == {"code": 401, "msg": message, "data": None}


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "Your session has expired. Please sign in again."),
        ("zh-CN", "您的登录已过期，请重新登录。"),
    ],
)
def test_unknown_expired_or_revoked_token_is_401(api, merchant, lang, message):
    api.lang = lang
    api.token = "not-a-real-token"
    assert api.get(MERINFO).json() == {"code": 401, "msg": message, "data": None}
    api.login_as(merchant)
    AuthToken.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    res = api.get(MERINFO)
    assert (res.status_code, res.json()["code"]) == (401, 401)
    api.login_as(merchant)
    AuthToken.objects.update(revoked_at=timezone.now())
    assert api.get(MERINFO).status_code == 401


def test_sliding_expiry_extends_an_active_session(merchant_api):
    token = AuthToken.objects.get()
    old = timezone.now() - timedelta(days=10)
    AuthToken.objects.update(last_used_at=old, expires_at=old + timedelta(days=30))
    merchant_api.get(MERINFO)
    token.refresh_from_db()
    assert token.expires_at > timezone.now() + timedelta(days=29)


def test_set_language_saves_and_answers_in_the_new_language(merchant_api, merchant):
    body = merchant_api.get(SET_LANGUAGE, {"lang": "ri"}).json()
    assert body["code"] == 1
    assert body["data"] == {"lang": "ri"}
    assert body["msg"] == "言語を保存しました"
    merchant.refresh_from_db()
    assert merchant.language == "ri"


@pytest.mark.parametrize(
    ("lang", "message", "missing"),
    [
        ("en", "This language is not supported.", "Please choose a language"),
        ("ru-RU", "Этот язык не поддерживается.", "Выберите язык"),
    ],
)
def test_set_language_refuses_unknown_codes(merchant_api, merchant, lang, message, missing):
    merchant_api.lang = lang
    body = merchant_api.get(SET_LANGUAGE, {"lang": "fr"}).json()
    assert (body["code"], body["msg"]) == (0, message)
    assert merchant_api.get(SET_LANGUAGE).json()["data"]["errors"] == {"lang": [missing]}
    merchant.refresh_from_db()
    assert merchant.language == "ru-RU"


def test_set_language_needs_a_session(api):
    assert api.get(SET_LANGUAGE, {"lang": "en"}).status_code == 401


def test_language_list_works_signed_out_even_with_a_stale_token(api):
    api.token = "stale"
    body = api.get(LANGUAGE_LIST).json()
    assert body["code"] == 1
    assert body["data"]["list"] == [
        {"code": "en", "name": "English"},
        {"code": "zh-CN", "name": "简体中文"},
        {"code": "zh-Hant", "name": "繁體中文"},
        {"code": "ru-RU", "name": "Русский"},
        {"code": "han", "name": "한국어"},
        {"code": "ri", "name": "日本語"},
        {"code": "tai", "name": "ไทย"},
    ]
