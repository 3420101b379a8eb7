"""Core writes: storing uploaded images."""

import io
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils.translation import gettext as _
from PIL import Image, ImageOps

from .errors import AppError, field_error
from .models import Upload

# Pillow format -> stored file suffix. Anything else is refused.
ALLOWED_FORMATS = {"JPEG": ".jpg", "PNG": ".png", "WEBP": ".webp"}
# Decoding costs time and memory by the pixel, whatever the file size (a 150 KB PNG can declare 40 megapixels):
# the size is read from the header and checked before any pixel is decoded. 24 MP covers a 6000 x 4000 camera
# photo; logos, banners, ID documents and vouchers need far less.
MAX_PIXELS = 24_000_000
# What is stored is at most this many pixels on its longest side (a JPEG is decoded at a reduced scale directly).
MAX_SIDE = 4096


def _not_image() -> AppError:
    return field_error("file", _("Only JPG, PNG and WebP images can be uploaded."))


def _too_large() -> AppError:
    return field_error(
        "file",
        _("The image is too large: at most %(megapixels)d megapixels.") % {"megapixels": MAX_PIXELS // 1_000_000},
    )


@contextmanager
def image_open(raw: IO[bytes]) -> Iterator[Image.Image]:
    """Opens an uploaded image for decoding, after reading only its header: a format other than JPEG, PNG or WebP,
    broken chunks, or more than MAX_PIXELS are refused before a single pixel is decoded. JPEGs are set to decode
    at the smallest scale that still gives MAX_SIDE."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(raw) as probe:  # the header only
                fmt, (width, height) = probe.format or "", probe.size
                if fmt not in ALLOWED_FORMATS:
                    raise _not_image()
                if width * height > MAX_PIXELS:
                    raise _too_large()
                probe.verify()  # chunk structure and checksums, without decoding
            raw.seek(0)
            image = Image.open(raw)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise _too_large() from None
    except (OSError, SyntaxError, ValueError):
        raise _not_image() from None
    with image:
        if fmt == "JPEG":
            image.draft(image.mode, (MAX_SIDE, MAX_SIDE))
        yield image


def _reencode(raw: UploadedFile) -> tuple[bytes, str, tuple[int, int]]:
    """Checks the bytes are a JPEG, PNG or WebP image and writes a fresh copy without EXIF or other metadata."""
    with image_open(raw) as image:
        fmt = image.format or ""
        try:
            image.load()
            clean = ImageOps.exif_transpose(image)
        except (OSError, SyntaxError, ValueError):
            raise _not_image() from None
    clean.thumbnail((MAX_SIDE, MAX_SIDE))
    if fmt == "JPEG" and clean.mode not in ("RGB", "L"):
        clean = clean.convert("RGB")
    out = io.BytesIO()
    # Saving without exif=/pnginfo=/icc_profile= drops the metadata of the original.
    clean.save(out, format=fmt, **({"quality": 90} if fmt in ("JPEG", "WEBP") else {}))
    return out.getvalue(), ALLOWED_FORMATS[fmt], clean.size


@transaction.atomic
def upload_create(*, file: UploadedFile, kind: str, owner_id: int | None) -> Upload:
    """Stores an image under a random name. ID documents, licenses and vouchers are private."""
    if file.size is not None and file.size > settings.UPLOAD_MAX_BYTES:
        raise field_error(
            "file",
            _("The file is too large. The limit is %(mb)d MB.") % {"mb": settings.UPLOAD_MAX_BYTES // (1024 * 1024)},
        )
    content, suffix, (width, height) = _reencode(file)
    upload = Upload(
        owner_id=owner_id,
        kind=kind,
        is_private=kind in Upload.PRIVATE_KINDS,
        size=len(content),
    )
    upload.file.save(f"image{suffix}", ContentFile(content), save=False)
    upload.width, upload.height = width, height  # known already; saving the file would not fill them
    upload.save()
    return upload
