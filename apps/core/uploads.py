"""Looking up, linking and serving uploads. Public images get their storage URL. Private ones (ID documents,
licenses, vouchers, support images) are served by the app, never by the storage, and only after it knows who asks
(api.md: to their owner and to operators): the merchant app gets an expiring signed link, `common/file/<signed>`,
served to the session of the upload's owner; the admin a link served to an operator who may view a record holding
the file (admin_site.OperatorAdminSite.private_file)."""

import mimetypes
import re
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.contrib.auth import get_permission_codename
from django.core import signing
from django.core.files.storage import FileSystemStorage, Storage, storages
from django.db.models import ForeignObjectRel
from django.http import FileResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from .errors import AppError, ErrorCode
from .models import Upload
from .private import scheme_host

_SALT = "private-upload"
# A name of segments of letters, digits, "-" and "_" with dots inside them, such as the random names this app stores
# (Upload and ProductImage's upload_to): a file system storage's URL of it is its base URL followed by the name, what
# Django's quoting and urljoin make of it for 50 Python calls (tests/core/test_upload.py compares the two).
_PLAIN_NAME = re.compile(r"[\w-]+(?:\.[\w-]+)*(?:/[\w-]+(?:\.[\w-]+)*)*", re.ASCII)


def storage_url(name: str | None, storage: Storage | None = None) -> str | None:
    """The storage's URL (the default storage's) of a stored file by its name (None for none). A page of 20 cards
    asks for 20 of them: a file system's URL of a plain name is written here; S3's is signed and expires, and is asked
    for every time. The default storage is taken from `storages`, not through the lazy `default_storage`, whose
    every attribute costs Python calls."""
    if not name:
        return None
    storage = storages["default"] if storage is None else storage
    if isinstance(storage, FileSystemStorage) and _PLAIN_NAME.fullmatch(name):
        return storage.base_url + name
    return storage.url(name)


def absolute_url(request: Any, url: str | None) -> str | None:
    """`request.build_absolute_uri(url)` of a storage's URL (None for none), in 2 Python calls instead of 15 (a list
    writes 20 pictures). A storage's URL is already quoted (Django's `filepath_to_uri`, S3's signing), so an absolute
    one is kept and a path only needs the request's scheme and host, which Django works out once per request."""
    if not url:
        return None
    if url.startswith("/") and not url.startswith("//"):
        return scheme_host(request) + url
    return url


def upload_get(*, key: str, merchant_id: int | None, kinds: Iterable[str]) -> Upload:
    """The upload `key` of this merchant (None: an anonymous upload made during registration) of one of `kinds`.

    Someone else's upload answers exactly like a missing one.
    """
    upload = Upload.objects.filter(key=key, owner_id=merchant_id, kind__in=list(kinds)).first()
    if upload is None:
        raise AppError(_("The uploaded file was not found. Please upload it again."), ErrorCode.NOT_FOUND)
    return upload


def upload_url(upload: Upload | None, request=None) -> str | None:
    """An absolute URL for an image (api.md: images are absolute URLs)."""
    if upload is None:
        return None
    return stored_upload_url(upload.pk, upload.file.name, upload.is_private, request)


def stored_upload_url(pk: int | None, name: str | None, is_private: bool, request=None) -> str | None:
    """`upload_url` of an upload read as plain values (its id, file name and privacy); None when there is none."""
    if pk is None:
        return None
    if is_private:
        url = reverse("private-file", kwargs={"signed": signing.dumps(pk, salt=_SALT)})
    else:
        url = storage_url(name) or ""
    return absolute_url(request, url) if request is not None and url else url


def upload_from_signed(signed: str) -> Upload | None:
    try:
        pk = signing.loads(signed, salt=_SALT, max_age=settings.PRIVATE_LINK_TTL_SECONDS)
    except signing.BadSignature:
        return None
    return Upload.objects.filter(pk=pk, is_private=True).first()


def operator_upload_url(upload: Upload | None) -> str | None:
    """The admin's link to an image: a public one's storage URL, a private one's operator link (served only to an
    operator who may view a record holding it)."""
    if upload is None:
        return None
    if upload.is_private:
        return reverse("admin:private_file", kwargs={"pk": upload.pk})
    return storage_url(upload.file.name)


def _holders() -> list[ForeignObjectRel]:
    """Every foreign key to Upload, from the side of Upload (the merchant's documents, a deposit's voucher, a support
    message's image, and any added later)."""
    return [
        field
        for field in Upload._meta.get_fields(include_hidden=True)
        if isinstance(field, ForeignObjectRel) and not field.many_to_many
    ]


def upload_visible_to_operator(user: Any, upload: Upload) -> bool:
    """Whether the operator may view a record that holds `upload`: the view (or change) permission of its model, as
    the admin asks it (a superuser has them all). A file held by nothing is seen by nobody."""
    for relation in _holders():
        model = relation.related_model
        opts = model._meta
        may_view = any(
            user.has_perm(f"{opts.app_label}.{get_permission_codename(action, opts)}") for action in ("view", "change")
        )
        if may_view and model._base_manager.filter(**{relation.field.name: upload}).exists():
            return True
    return False


def file_response(upload: Upload) -> FileResponse:
    """The stored file of `upload`, streamed by the app (from the disk or the bucket), kept by the browser only."""
    content_type = mimetypes.guess_type(upload.file.name or "")[0] or "application/octet-stream"
    response = FileResponse(upload.file.open("rb"), content_type=content_type)
    response["Cache-Control"] = "private, max-age=300"
    response["X-Content-Type-Options"] = "nosniff"
    return response
