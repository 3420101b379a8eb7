"""Core writes: storing uploaded images."""

import io
import warnings

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils.translation import gettext as _
from PIL import Image, ImageOps

from .errors import field_error
from .models import Upload

# Pillow format -> stored file suffix. Anything else is refused.
ALLOWED_FORMATS = {"JPEG": ".jpg", "PNG": ".png", "WEBP": ".webp"}
MAX_PIXELS = 40_000_000


def _reencode(raw: UploadedFile) -> tuple[bytes, str, tuple[int, int]]:
    """Checks the bytes are a JPEG, PNG or WebP image and writes a fresh copy without EXIF or other metadata."""
    not_image = field_error("file", _("Only JPG, PNG and WebP images can be uploaded."))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(raw) as probe:
                fmt = probe.format or ""
                probe.verify()
            raw.seek(0)
            with Image.open(raw) as image:
                if fmt not in ALLOWED_FORMATS:
                    raise not_image
                if image.width * image.height > MAX_PIXELS:
                    raise field_error("file", _("The image is too large."))
                image.load()
                clean = ImageOps.exif_transpose(image)
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise not_image from None
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
