# ruff: noqa: RUF001  (translated messages in other scripts)
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from apps.core.models import Upload
from tests.factories import image_bytes, upload_image

AVATAR = "/merchant/merchant/avatar"
MERINFO = "/merchant/merchant/getMerInfo"
MISSING = "The uploaded file was not found. Please upload it again."
pytestmark = pytest.mark.django_db


def test_set_avatar_answers_the_merchant_summary_with_it(merchant_api, merchant):
    upload = upload_image(kind=Upload.Kind.AVATAR, owner=merchant)

    body = merchant_api.post(AVATAR, {"avatar": upload.key}).json()

    assert (body["code"], body["msg"]) == (1, "Avatar saved")
    assert body["data"]["avatar"].startswith("http://testserver/media/public/avatar/")
    assert body["data"]["avatar"].endswith(upload.file.name.rsplit("/", 1)[1])
    assert body["data"]["id"] == merchant.pk
    merchant.refresh_from_db()
    assert merchant.avatar_id == upload.pk
    assert merchant_api.get(MERINFO).json()["data"]["avatar"] == body["data"]["avatar"]


def test_an_empty_key_removes_the_avatar(merchant_api, merchant):
    merchant.avatar = upload_image(kind=Upload.Kind.AVATAR, owner=merchant)
    merchant.save()
    merchant_api.lang = "zh-CN"

    body = merchant_api.post(AVATAR, {"avatar": ""}).json()

    assert (body["code"], body["msg"], body["data"]["avatar"]) == (1, "头像已移除", None)
    merchant.refresh_from_db()
    assert merchant.avatar is None


def test_another_merchants_upload_answers_like_a_missing_one(merchant_api, merchant, other_merchant):
    mine = upload_image(kind=Upload.Kind.AVATAR, owner=merchant)
    merchant.avatar = mine
    merchant.save()
    theirs = upload_image(kind=Upload.Kind.AVATAR, owner=other_merchant)

    missing = merchant_api.post(AVATAR, {"avatar": "no-such-key"}).json()
    foreign = merchant_api.post(AVATAR, {"avatar": theirs.key}).json()

    assert foreign == missing
    assert (foreign["code"], foreign["msg"]) == (0, MISSING)
    assert foreign["data"]["errors"] == {"avatar": [MISSING]}
    merchant.refresh_from_db()
    assert merchant.avatar_id == mine.pk


@pytest.mark.parametrize(
    ("lang", "message"),
    [("en", MISSING), ("ru-RU", "Загруженный файл не найден. Загрузите его ещё раз.")],
)
def test_an_image_uploaded_for_something_else_is_refused(merchant_api, merchant, lang, message):
    logo = upload_image(kind=Upload.Kind.LOGO, owner=merchant)
    merchant_api.lang = lang

    body = merchant_api.post(AVATAR, {"avatar": logo.key}).json()

    assert (body["code"], body["msg"]) == (0, message)
    merchant.refresh_from_db()
    assert merchant.avatar is None


@pytest.mark.parametrize(
    ("data", "lang", "message"),
    [({}, "en", "Please choose an avatar image"), ({"avatar": None}, "ri", "アイコンの画像を選んでください")],
)
def test_a_missing_field_is_refused_on_it(merchant_api, data, lang, message):
    merchant_api.lang = lang
    body = merchant_api.post(AVATAR, data).json()
    assert (body["code"], body["msg"]) == (0, message)
    assert body["data"]["errors"] == {"avatar": [message]}


def test_signed_out_is_401(api, merchant):
    upload = upload_image(kind=Upload.Kind.AVATAR, owner=merchant)
    res = api.post(AVATAR, {"avatar": upload.key})
    assert (res.status_code, res.json()["code"]) == (401, 401)
    merchant.refresh_from_db()
    assert merchant.avatar is None


def test_an_avatar_uploaded_by_the_app_can_be_set(merchant_api, merchant):
    """The whole path as the app takes it: common/upload (kind avatar) -> merchant/avatar with the returned id."""
    file = SimpleUploadedFile("me.png", image_bytes("PNG"), content_type="image/png")
    uploaded = merchant_api.post("/merchant/common/upload", {"file": file, "kind": "avatar"}, format="multipart")
    key = uploaded.json()["data"]["id"]

    body = merchant_api.post(AVATAR, {"avatar": key}).json()

    assert body["data"]["avatar"] == uploaded.json()["data"]["url"]
