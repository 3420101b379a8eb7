"""Private uploads leave only through the app's links (to their owner, to operators), never as plain media
(finding 8)."""

import importlib

import pytest
from django.test import Client
from django.urls import clear_url_caches

from apps.accounts.services import session_create
from apps.core.uploads import upload_url
from tests.factories import upload_image

pytestmark = pytest.mark.django_db


@pytest.fixture
def urls_as_under_make_run(settings):
    """The URLs as `make run` builds them (local settings: DEBUG and SERVE_MEDIA on); they are read at import."""
    import config.urls

    settings.DEBUG = True
    settings.SERVE_MEDIA = True
    importlib.reload(config.urls)
    clear_url_caches()
    yield
    settings.DEBUG = False
    importlib.reload(config.urls)
    clear_url_caches()


@pytest.mark.parametrize("kind", ["id_document", "license", "voucher"])
def test_private_file_is_not_served_as_media(urls_as_under_make_run, merchant, kind):
    upload = upload_image(kind=kind, owner=merchant)
    assert upload.is_private and upload.file.name.startswith("private/")
    client = Client()
    for path in (
        f"/media/{upload.file.name}",
        f"/media/public/../{upload.file.name}",
        f"/media//{upload.file.name}",
        f"/media/./{upload.file.name}",
    ):
        response = client.get(path)
        assert response.status_code == 404, path
        assert b"".join(getattr(response, "streaming_content", [response.content])) != upload.file.open("rb").read()


def test_private_file_is_served_through_its_signed_link_to_its_owner(urls_as_under_make_run, merchant):
    upload = upload_image(kind="id_document", owner=merchant)
    assert Client().get(upload_url(upload)).status_code == 404  # the link alone opens nothing
    response = Client().get(upload_url(upload), HTTP_TOKEN=session_create(merchant=merchant))
    assert response.status_code == 200
    assert response["Cache-Control"] == "private, max-age=300"
    with upload.file.open("rb") as stored:
        assert b"".join(response.streaming_content) == stored.read()


def test_public_upload_is_still_served_as_media(urls_as_under_make_run, merchant):
    upload = upload_image(kind="banner", owner=merchant)
    response = Client().get(f"/media/{upload.file.name}")
    assert response.status_code == 200
    with upload.file.open("rb") as stored:
        assert b"".join(response.streaming_content) == stored.read()
