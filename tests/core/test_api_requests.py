"""What an API request goes through and what it does not (apps.core.middleware.PagesOnly, apiview.EnvelopeNegotiation):
its language is its `lang` header's alone, it answers the envelope whatever it accepts, and pages keep sessions,
Accept-Language and the operators' sign-in."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

SIGN_IN_FIRST = {"en": "Please log in first", "ru": "Пожалуйста, сначала войдите в систему", "zh-CN": "请先登录"}


@pytest.mark.parametrize(("lang", "expected"), [(None, "ru"), ("en", "en"), ("zh-CN", "zh-CN")])
def test_an_api_answer_speaks_its_lang_header_not_accept_language(lang, expected):
    headers = {"HTTP_ACCEPT_LANGUAGE": "th, ja;q=0.9"} | ({"HTTP_LANG": lang} if lang else {})
    response = Client().get("/merchant/merchant/getMerInfo", **headers)
    assert response.status_code == 401
    assert response.json()["msg"] == SIGN_IN_FIRST[expected]
    # Caches keep one answer whatever Accept-Language says: it does not change it.
    assert "accept-language" not in response.get("Vary", "").lower()


def test_a_page_still_speaks_accept_language():
    response = Client().get("/admin/login/", HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert response.status_code == 200
    assert response["Content-Language"] == "zh-hans"
    assert "Accept-Language" in response["Vary"]


@pytest.mark.parametrize("accept", ["text/html", "application/xml", "image/*", "application/json; indent=4"])
def test_an_api_answer_is_the_json_envelope_whatever_the_client_accepts(merchant_api, accept):
    response = merchant_api.get("/merchant/merchant/getMerInfo", HTTP_ACCEPT=accept)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.content.startswith(b'{"code":1,')


def test_a_json_body_and_a_form_body_are_still_read_by_their_content_type(api):
    for body, content_type in (
        ('{"account": "nobody@example.com", "password": "wrong-password"}', "application/json"),
        ("account=nobody%40example.com&password=wrong-password", "application/x-www-form-urlencoded"),
    ):
        response = Client().post("/merchant/merchant/login", body, content_type=content_type, HTTP_LANG="en")
        assert response.status_code == 200
        # read, checked and refused, not a missing field
        assert (response.json()["code"], response.json()["msg"]) == (0, "Incorrect account or password.")


def test_an_operators_session_does_not_sign_in_to_the_api(django_user_model):
    """The admin's sign-in, lockout and second factor go through the page middleware (test_admin_sign_in.py)."""
    client = Client()
    client.force_login(django_user_model.objects.create_superuser("operator", "operator@example.com", "x"))
    assert client.get("/admin/").status_code == 200
    api = client.get("/merchant/merchant/getMerInfo", HTTP_LANG="en")
    assert api.status_code == 401  # the API reads the `token` header only
    assert "sessionid" not in api.cookies
