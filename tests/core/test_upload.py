# ruff: noqa: RUF001  (translated messages in other scripts)
import io

import pytest
from django.core import signing
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from apps.core.errors import AppError
from apps.core.models import Upload
from apps.core.uploads import upload_get, upload_url
from tests.factories import image_bytes, upload_image

UPLOAD = "/merchant/common/upload"
pytestmark = pytest.mark.django_db


def post_image(api, kind, content=None, name="photo.png", content_type="image/png"):
    file = SimpleUploadedFile(name, content if content is not None else image_bytes(), content_type=content_type)
    return api.post(UPLOAD, {"file": file, "kind": kind}, format="multipart")


def exif_with_camera() -> bytes:
    exif = Image.Exif()
    exif[0x010F] = "SecretCam"  # Make
    return exif.tobytes()


@pytest.mark.parametrize(("fmt", "suffix"), [("JPEG", ".jpg"), ("PNG", ".png"), ("WEBP", ".webp")])
def test_signed_in_public_upload(merchant_api, merchant, fmt, suffix):
    body = post_image(merchant_api, "banner", image_bytes(fmt), name="holiday.BMP").json()
    assert body["code"] == 1
    upload = Upload.objects.get(key=body["data"]["id"])
    assert upload.owner == merchant and not upload.is_private
    assert upload.file.name.startswith("public/banner/") and upload.file.name.endswith(suffix)
    assert "holiday" not in upload.file.name
    assert body["data"]["url"] == f"http://testserver/media/{upload.file.name}"
    assert (upload.width, upload.height) == (12, 8)


@pytest.mark.parametrize("fmt", ["JPEG", "PNG", "WEBP"])
def test_reencoding_drops_exif(merchant_api, fmt):
    original = image_bytes(fmt, exif=exif_with_camera())
    assert b"SecretCam" in original
    body = post_image(merchant_api, "avatar", original).json()
    upload = Upload.objects.get(key=body["data"]["id"])
    with upload.file.open("rb") as stored:
        data = stored.read()
    assert b"SecretCam" not in data
    assert not Image.open(io.BytesIO(data)).getexif()


@pytest.mark.parametrize(
    ("content", "lang", "message"),
    [
        (b"GIF89a" + b"\x00" * 50, "en", "Only JPG, PNG and WebP images can be uploaded."),
        (b"<?php echo 1; ?>", "ru-RU", "Можно загружать только изображения JPG, PNG и WebP."),
        (image_bytes("GIF"), "en", "Only JPG, PNG and WebP images can be uploaded."),
        (image_bytes("PNG")[:40], "en", "Only JPG, PNG and WebP images can be uploaded."),
    ],
)
def test_only_real_jpg_png_webp(merchant_api, content, lang, message):
    merchant_api.lang = lang
    body = post_image(merchant_api, "avatar", content).json()
    assert (body["code"], body["msg"]) == (0, message)
    assert body["data"]["errors"]["file"] == [message]
    assert not Upload.objects.exists()


@pytest.mark.parametrize(
    ("lang", "message"),
    [("en", "The file is too large. The limit is 1 MB."), ("zh-CN", "文件过大，上限为 1 MB。")],
)
def test_size_limit(merchant_api, settings, lang, message):
    merchant_api.lang = lang
    settings.UPLOAD_MAX_BYTES = 1024 * 1024
    big = image_bytes("PNG") + b"\x00" * (1024 * 1024)
    body = post_image(merchant_api, "avatar", big).json()
    assert (body["code"], body["msg"]) == (0, message)
    assert not Upload.objects.exists()


def test_missing_file_and_unknown_kind(merchant_api):
    body = merchant_api.post(UPLOAD, {"kind": "avatar"}, format="multipart").json()
    assert (body["code"], body["msg"]) == (0, "Please choose an image")
    body = post_image(merchant_api, "product").json()
    assert body["code"] == 0
    assert body["data"]["errors"]["kind"] == ["This kind of image cannot be uploaded here."]


@pytest.mark.parametrize("kind", ["logo", "id_document", "license"])
def test_signed_out_registration_kinds(api, kind):
    body = post_image(api, kind).json()
    assert body["code"] == 1
    upload = Upload.objects.get(key=body["data"]["id"])
    assert upload.owner is None
    assert upload.is_private == (kind != "logo")


@pytest.mark.parametrize("kind", ["avatar", "banner", "voucher"])
def test_signed_out_other_kinds_are_refused(api, kind):
    body = post_image(api, kind).json()
    assert (body["code"], body["msg"]) == (0, "Please log in first")
    assert not Upload.objects.exists()


def test_signed_out_uploads_are_throttled(api, throttle_rates):
    throttle_rates(upload="2/min")
    assert post_image(api, "logo").json()["code"] == 1
    assert post_image(api, "logo").json()["code"] == 1
    body = post_image(api, "logo").json()
    assert body["code"] == 0 and body["data"]["error"] == 1003
    assert Upload.objects.count() == 2


def test_private_documents_are_served_by_signed_link_only(merchant_api, api):
    body = post_image(merchant_api, "voucher").json()
    upload = Upload.objects.get(key=body["data"]["id"])
    assert upload.is_private and upload.file.name.startswith("private/voucher/")
    url = body["data"]["url"]
    assert "/merchant/common/file/" in url
    assert type(api)().get(url.replace("http://testserver", "")).status_code == 404  # the link alone opens nothing
    res = merchant_api.get(url.replace("http://testserver", ""))  # the owner's session does
    assert res.status_code == 200
    assert res["Content-Type"] == "image/png"
    assert b"".join(res.streaming_content) == upload.file.open("rb").read()


def test_tampered_or_expired_private_link_is_not_found(api, merchant, settings):
    upload = upload_image(kind=Upload.Kind.ID_DOCUMENT, owner=merchant)
    path = upload_url(upload)
    api.login_as(merchant)  # even to its owner
    assert api.get(path).status_code == 200
    tampered = path[:-3] + ("AAA" if not path.endswith("AAA") else "BBB")
    for bad in (tampered, "/merchant/common/file/" + signing.dumps(upload.pk, salt="other")):
        res = api.get(bad)
        assert res.status_code == 404
        assert (res.json()["code"], res.json()["msg"]) == (0, "Not found.")
    # A public upload's pk signed correctly is still refused: only private files go through this view.
    public = upload_image(kind=Upload.Kind.LOGO, owner=merchant)
    assert api.get("/merchant/common/file/" + signing.dumps(public.pk, salt="private-upload")).status_code == 404
    settings.PRIVATE_LINK_TTL_SECONDS = -1
    assert api.get(path).status_code == 404


def test_another_merchants_upload_key_is_not_found(merchant, other_merchant):
    theirs = upload_image(kind=Upload.Kind.VOUCHER, owner=other_merchant)
    with pytest.raises(AppError) as foreign:
        upload_get(key=theirs.key, merchant_id=merchant.pk, kinds=[Upload.Kind.VOUCHER])
    with pytest.raises(AppError) as missing:
        upload_get(key="no-such-key", merchant_id=merchant.pk, kinds=[Upload.Kind.VOUCHER])
    assert foreign.value.message == missing.value.message
    assert foreign.value.error_code == missing.value.error_code
    assert upload_get(key=theirs.key, merchant_id=other_merchant.pk, kinds=[Upload.Kind.VOUCHER]) == theirs


NAMES = [
    "catalog/products/Ab-c_D9e.jpg",  # the names the app stores
    "public/avatar/x.png",
    "a.b.c.jpeg",
    "catalog/a b.png",  # what the storage quotes
    "catalog/日本.png",
    "a/../b.png",  # what urljoin resolves
    "a/./b.png",
    "a//b.png",
    "./a.png",
    ".hidden",
    "a/.b",
    "a..b.png",
    "a/b.",
    "/rooted.png",
    "q?x=1#f.png",
    "c:/x.png",
]


@pytest.mark.parametrize("base_url", ["/media/", "/media", "https://cdn.example.com/m/"])
@pytest.mark.parametrize("name", NAMES)
def test_a_file_systems_url_is_what_the_storage_answers(name, base_url):
    from django.core.files.storage import FileSystemStorage

    from apps.core.uploads import storage_url

    storage = FileSystemStorage(base_url=base_url)
    assert storage_url(name, storage) == storage.url(name)


def test_a_signing_storage_is_asked_every_time():
    """S3 signs its URLs, and a signature expires."""
    from django.core.files.storage import Storage, default_storage

    from apps.core.uploads import storage_url

    assert storage_url("catalog/a b.png") == default_storage.url("catalog/a b.png")
    assert storage_url("") is None and storage_url(None) is None

    class Signing(Storage):
        calls = 0

        def url(self, name):
            Signing.calls += 1
            return f"https://bucket.example/{name}?signature={Signing.calls}"

    signing = Signing()
    assert storage_url("x.png", signing) != storage_url("x.png", signing)  # a fresh signature each time


def test_the_default_storage_is_the_one_the_settings_name_now(settings):
    """storage_url reads `storages`, which Django resets when STORAGES changes, as it resets `default_storage`."""
    from apps.core.uploads import storage_url

    settings.STORAGES = {
        **settings.STORAGES,
        "default": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"base_url": "https://cdn.example/m/"},
        },
    }
    assert storage_url("catalog/a.png") == "https://cdn.example/m/catalog/a.png"
