# ruff: noqa: RUF001  (translated messages in other scripts)
"""An image is refused from its header when it declares more pixels than the app decodes (issue 8, finding 10):
a small file can declare a huge picture, and decoding it would cost seconds and gigabytes."""

import struct
import zlib

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from apps.core.models import Upload
from apps.core.services import MAX_PIXELS

UPLOAD = "/merchant/common/upload"
pytestmark = pytest.mark.django_db


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def crafted_png(width: int, height: int, *, pixels: bool = True) -> bytes:
    """A well-formed greyscale PNG of `width` x `height` whose rows are all zero: a few KB for any size. Without
    `pixels`, the image data is a token (only the header matters)."""
    if pixels:
        compressor = zlib.compressobj(9)
        row = b"\x00" * (width + 1)  # filter byte + one byte per pixel
        data = b"".join(compressor.compress(row) for _ in range(height)) + compressor.flush()
    else:
        data = zlib.compress(b"\x00" * 64)
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", data) + _chunk(b"IEND", b"")


def post(api, content: bytes):
    file = SimpleUploadedFile("huge.png", content, content_type="image/png")
    return api.post(UPLOAD, {"file": file, "kind": "banner"}, format="multipart").json()


@pytest.mark.parametrize(
    ("size", "pixels"),
    [((6000, 4500), True), ((100_000, 100_000), False), ((2**31 - 1, 2**31 - 1), False)],
    ids=["27MP", "10 gigapixels", "largest PNG"],
)
@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "The image is too large: at most 24 megapixels."),
        ("zh-CN", "图片过大：最多 24 百万像素。"),
    ],
)
def test_an_image_declaring_too_many_pixels_is_refused_and_nothing_is_stored(merchant_api, size, pixels, lang, message):
    content = crafted_png(*size, pixels=pixels)
    assert len(content) < 200_000
    merchant_api.lang = lang
    body = post(merchant_api, content)
    assert body["code"] == 0
    assert body["msg"] == message
    assert body["data"]["errors"] == {"file": [message]}
    assert not Upload.objects.exists()


def test_an_image_at_the_limit_is_taken(merchant_api):
    width = 6000
    body = post(merchant_api, crafted_png(width, MAX_PIXELS // width))
    assert body["code"] == 1, body
    upload = Upload.objects.get()
    assert max(upload.width, upload.height) <= 4096  # stored at most 4096 px on its longest side
