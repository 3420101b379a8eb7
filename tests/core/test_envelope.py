# ruff: noqa: RUF001  (translated messages in other scripts)
import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("lang", "message"), [("en", "Not found."), ("ru-RU", "Не найдено.")])
def test_unknown_merchant_path_is_a_404_envelope(api, lang, message):
    api.lang = lang
    res = api.get("/merchant/merchant/no_such_call")
    assert res.status_code == 404
    assert res.json() == {"code": 0, "msg": message, "data": None}


@pytest.mark.parametrize("header", [None, "", "fr", "zh"])
def test_missing_or_unknown_lang_falls_back_to_russian(api, header):
    api.lang = header
    res = api.get("/merchant/merchant/getMerInfo")
    assert res.json()["msg"] == "Пожалуйста, сначала войдите в систему"
    assert res["Content-Language"] == "ru"


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "Please log in first"),
        ("zh-CN", "请先登录"),
        ("zh-Hant", "請先登入"),
        ("han", "먼저 로그인해 주세요"),
        ("ri", "先にログインしてください"),
        ("tai", "กรุณาเข้าสู่ระบบก่อน"),
    ],
)
def test_each_app_language_header_is_honoured(api, lang, message):
    api.lang = lang
    assert api.get("/merchant/merchant/getMerInfo").json()["msg"] == message


def test_wrong_method_is_an_envelope(api):
    res = api.get("/merchant/merchant/login")
    assert res.status_code == 405
    assert (res.json()["code"], res.json()["msg"]) == (0, 'Method "GET" not allowed.')


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_an_unrouted_write_under_merchant_is_a_404_envelope_not_a_csrf_page(method):
    client = Client(enforce_csrf_checks=True)  # as a browser without the CSRF cookie would
    response = getattr(client, method)("/merchant/nowhere/at_all", HTTP_LANG="en")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert response.json() == {"code": 0, "msg": "Not found.", "data": None}


def test_a_model_validation_error_names_its_fields():
    from django.core.exceptions import ValidationError

    from apps.core.exceptions import envelope_exception_handler

    response = envelope_exception_handler(ValidationError({"twitter_url": ["Use an https:// link."]}), {})
    assert response.data == {
        "code": 0,
        "msg": "Use an https:// link.",
        "data": {"error": 1000, "errors": {"twitter_url": ["Use an https:// link."]}},
    }


@pytest.mark.django_db
def test_an_unknown_app_address_is_the_app_with_404_and_other_areas_keep_theirs(client):
    """/nowhere opens the app, which shows its own not-found screen; API and admin paths keep their own 404."""
    page = client.get("/nowhere/at/all")
    assert page.status_code == 404
    assert page["Content-Type"].startswith("text/html")
    assert b'<div id="root"' in page.content
    api = client.get("/merchant/nowhere", HTTP_LANG="en")
    assert (api.status_code, api.json()["code"], api.json()["msg"]) == (404, 0, "Not found.")
    assert b'<div id="root"' not in client.get("/admin/nowhere/").content
