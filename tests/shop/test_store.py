# ruff: noqa: RUF001 - Russian texts in the assertions
"""merchant/store and merchant/store_banner: the shop's settings, its pictures and its https-only links."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from apps.core.models import Upload
from apps.shop.models import Shop
from tests.factories import image_bytes

pytestmark = pytest.mark.django_db

STORE = "/merchant/merchant/store"
BANNER = "/merchant/merchant/store_banner"
UPLOAD_MISSING = "The uploaded file was not found. Please upload it again."


def make_upload(owner, kind) -> Upload:
    picture = image_bytes(size=(20, 20), colour="blue")
    return Upload.objects.create(owner=owner, kind=kind, file=SimpleUploadedFile("x.png", picture))


def test_shows_the_current_settings(merchant_api, merchant):
    merchant.shop.welcome_message = "Hello"
    merchant.shop.save()
    data = merchant_api.get(STORE).json()["data"]
    assert data["name"] == merchant.shop.name
    assert data["welcome_message"] == "Hello"
    assert data["logo"] is None and data["store_banner"] is None


def test_saves_basic_info_and_logo(merchant_api, merchant):
    logo = make_upload(merchant, Upload.Kind.LOGO)
    payload = {
        "name": "Corner Store",
        "logo": logo.key,
        "phone": "+1 555 0100",
        "address": "1 Main St",
        "introduction": "Useful things.",
        "welcome_message": "Welcome!",
    }
    body = merchant_api.post(STORE, payload).json()

    assert body["code"] == 1
    assert body["data"]["logo"]["key"] == logo.key
    assert body["data"]["logo"]["url"].startswith("http://testserver/media/")
    shop = Shop.objects.get(merchant=merchant)
    assert (shop.name, shop.logo_id, shop.phone, shop.welcome_message) == (
        "Corner Store",
        logo.id,
        "+1 555 0100",
        "Welcome!",
    )


def test_fields_of_another_client_are_refused_by_name_and_nothing_is_saved(merchant_api, merchant):
    """An integrator's client sent its own names: "Saved" with nothing stored was the old answer (issue 16)."""
    before = Shop.objects.values().get(merchant=merchant)
    merchant_api.lang = "ru-RU"
    body = merchant_api.post(STORE, {"name": "Corner Store", "mer_name": "Corner Store", "status": "active"}).json()

    assert body["code"] == 0
    assert body["msg"] == "Неизвестные параметры: mer_name, status"
    assert set(body["data"]["errors"]) == {"mer_name", "status"}
    assert Shop.objects.values().get(merchant=merchant) == before  # not even the known `name`


def test_a_partial_update_keeps_the_other_fields(merchant_api, merchant):
    merchant.shop.address = "Old street 5"
    merchant.shop.save()
    merchant_api.post(STORE, {"twitter_url": "https://twitter.com/corner"})
    shop = Shop.objects.get(merchant=merchant)
    assert (shop.address, shop.twitter_url) == ("Old street 5", "https://twitter.com/corner")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("twitter_url", "http://twitter.com/corner"),
        ("google_url", "http://google.com/maps/place/x"),
        ("google_url", "javascript:alert(1)"),
        ("twitter_url", "ftp://example.com"),
    ],
)
def test_social_links_must_be_https(merchant_api, merchant, field, value):
    merchant_api.lang = "ru-RU"
    body = merchant_api.post(STORE, {field: value}).json()
    assert body["code"] == 0
    assert body["msg"] == "Ссылки должны использовать HTTPS и начинаться с https://"
    assert list(body["data"]["errors"]) == [field]
    assert getattr(Shop.objects.get(merchant=merchant), field) == ""


def test_links_can_be_cleared(merchant_api, merchant):
    merchant.shop.google_url = "https://google.com/x"
    merchant.shop.save()
    assert merchant_api.post(STORE, {"google_url": ""}).json()["code"] == 1
    assert Shop.objects.get(merchant=merchant).google_url == ""


@pytest.mark.parametrize(
    "payload", [{"name": ""}, {"name": "x" * 101}, {"phone": "call me"}, {"welcome_message": "x" * 256}]
)
def test_bad_input_changes_nothing(merchant_api, merchant, payload):
    before = Shop.objects.get(merchant=merchant).name
    body = merchant_api.post(STORE, payload).json()
    assert body["code"] == 0 and list(body["data"]["errors"]) == list(payload)
    assert Shop.objects.get(merchant=merchant).name == before


def test_someone_elses_logo_answers_like_a_missing_one(merchant_api, merchant, other_merchant):
    foreign = make_upload(other_merchant, Upload.Kind.LOGO)
    banner = make_upload(merchant, Upload.Kind.BANNER)  # wrong kind
    answers = [merchant_api.post(STORE, {"logo": key}).json() for key in (foreign.key, "no-such-key", banner.key)]
    assert answers[0] == answers[1] == answers[2]
    assert (answers[0]["code"], answers[0]["msg"]) == (0, UPLOAD_MISSING)
    assert Shop.objects.get(merchant=merchant).logo_id is None


def test_saves_banners(merchant_api, merchant):
    store_banner, ad_banner = make_upload(merchant, Upload.Kind.BANNER), make_upload(merchant, Upload.Kind.BANNER)
    body = merchant_api.post(BANNER, {"store_banner": store_banner.key, "ad_banner": ad_banner.key}).json()
    assert body["code"] == 1
    assert (body["data"]["store_banner"]["key"], body["data"]["ad_banner"]["key"]) == (store_banner.key, ad_banner.key)

    assert merchant_api.post(BANNER, {"ad_banner": ""}).json()["code"] == 1
    shop = Shop.objects.get(merchant=merchant)
    assert (shop.store_banner_id, shop.ad_banner_id) == (store_banner.id, None)


def test_banner_of_another_merchant_answers_like_missing(merchant_api, merchant, other_merchant):
    foreign = make_upload(other_merchant, Upload.Kind.BANNER)
    foreign_answer = merchant_api.post(BANNER, {"store_banner": foreign.key}).json()
    missing_answer = merchant_api.post(BANNER, {"store_banner": "missing"}).json()
    assert foreign_answer == missing_answer
    assert (foreign_answer["code"], foreign_answer["msg"]) == (0, UPLOAD_MISSING)
    assert Shop.objects.get(merchant=merchant).store_banner_id is None


def test_bad_banner_key_is_refused(merchant_api, merchant):
    body = merchant_api.post(BANNER, {"store_banner": "x" * 40}).json()
    assert (body["code"], body["msg"]) == (0, "Ensure this field has no more than 32 characters.")
    assert Shop.objects.get(merchant=merchant).store_banner_id is None


def test_needs_sign_in(api):
    assert api.post(STORE, {"name": "x"}).status_code == 401
    assert api.post(BANNER, {}).status_code == 401
