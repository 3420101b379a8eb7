"""The API answers the envelope for every path and status, also under DEBUG (finding 11)."""

import pytest
from django.http import Http404, HttpRequest, HttpResponse
from django.test import Client, override_settings
from django.urls import include, path

from apps.accounts.services import session_create
from apps.core.models import Upload
from apps.core.uploads import upload_url
from tests.factories import upload_image

pytestmark = pytest.mark.django_db


def _boom(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("secret detail of a bug")


def _missing(request: HttpRequest) -> HttpResponse:
    raise Http404("secret detail of a lookup")


# The project's URLs plus two plain Django views under /merchant/ that fail the way a bug would.
urlpatterns = [
    path("merchant/test/boom", _boom),
    path("merchant/test/missing", _missing),
    path("", include("config.urls")),
]


def client() -> Client:
    return Client(raise_request_exception=False, HTTP_LANG="en")


def assert_envelope(response, status: int, msg: str) -> None:
    assert response.status_code == status
    assert response["Content-Type"].startswith("application/json")
    assert response.json() == {"code": 0, "msg": msg, "data": None}


@override_settings(DEBUG=True)
@pytest.mark.parametrize("path", ["/merchant/no/such/call", "/merchant/merchant/getMerInfo/", "/merchant/"])
def test_unknown_api_path_under_debug(path):
    assert_envelope(client().get(path), 404, "Not found.")


@override_settings(DEBUG=True)
def test_wrong_method_under_debug():
    response = client().put("/merchant/merchant/login", {}, content_type="application/json")
    assert response.status_code == 405
    assert response["Content-Type"].startswith("application/json")
    assert (response.json()["code"], response.json()["msg"]) == (0, 'Method "PUT" not allowed.')


@override_settings(DEBUG=True, ROOT_URLCONF=__name__)
def test_a_view_that_raises_answers_the_500_envelope_under_debug():
    response = client().get("/merchant/test/boom")
    assert_envelope(response, 500, "Something went wrong. Please try again later.")
    assert b"secret detail" not in response.content


@override_settings(DEBUG=True, ROOT_URLCONF=__name__)
def test_a_plain_view_raising_http404_answers_the_404_envelope_under_debug():
    response = client().get("/merchant/test/missing", HTTP_LANG="ru-RU")
    assert response.status_code == 404
    assert response.json() == {"code": 0, "msg": "Не найдено.", "data": None}  # noqa: RUF001
    assert b"secret detail" not in response.content


@override_settings(DEBUG=True)
def test_a_private_link_whose_file_is_gone_answers_the_500_envelope_under_debug(merchant):
    upload = upload_image(kind="voucher", owner=merchant)
    link = upload_url(upload)
    upload.file.storage.delete(upload.file.name)  # the file vanished from the storage, the row is still there
    assert Upload.objects.filter(pk=upload.pk).exists()
    response = client().get(link, HTTP_TOKEN=session_create(merchant=merchant))  # its owner asks
    assert_envelope(response, 500, "Something went wrong. Please try again later.")


@override_settings(DEBUG=True, ROOT_URLCONF=__name__)
def test_pages_outside_the_api_keep_django_answers():
    response = client().get("/test-not-an-api-path")
    assert response.status_code == 404
    assert not response["Content-Type"].startswith("application/json")
