"""Private files (ID documents, licenses, deposit vouchers, support images) are served only to their owner's session
and to operators who may view a record that holds them; a link alone opens nothing (issue 31, finding 5).

The merchant app reads a private file with its `token` header (common/file/<signed>); the admin links to its own
address (admin:private_file), served to an operator's session with the view permission of the holding model."""

from decimal import Decimal

import pytest
from django.contrib.auth.models import Permission
from django.core.files.storage import InMemoryStorage
from django.test import Client
from django.urls import reverse

from apps.accounts.services import session_create
from apps.core.models import Upload
from apps.core.uploads import operator_upload_url, upload_url
from apps.support import services as support
from apps.wallet import services as wallet
from tests.factories import DepositNetworkFactory, MerchantFactory, staff_operator, upload_image

pytestmark = pytest.mark.django_db


def _content(response) -> bytes:
    return b"".join(response.streaming_content)


def _stored(upload: Upload) -> bytes:
    with upload.file.open("rb") as stored:
        return stored.read()


def merchant_get(link: str, merchant=None, **headers):
    """GET a merchant link as the app does: with the session token of `merchant` (None: signed out)."""
    if merchant is not None:
        headers["HTTP_TOKEN"] = session_create(merchant=merchant)
    return Client().get(link, HTTP_LANG="en", **headers)


@pytest.fixture
def id_document(merchant):
    merchant.id_front = upload_image(kind=Upload.Kind.ID_DOCUMENT, owner=merchant)
    merchant.save(update_fields=["id_front"])
    return merchant.id_front


@pytest.fixture
def voucher(merchant):
    upload = upload_image(kind=Upload.Kind.VOUCHER, owner=merchant)
    wallet.deposit_create(
        merchant=merchant,
        method="chain",
        amount=Decimal("60"),
        network_code=DepositNetworkFactory().code,
        voucher_key=upload.key,
    )
    return upload


@pytest.fixture
def support_image(merchant):
    upload = upload_image(kind=Upload.Kind.SUPPORT, owner=merchant)
    support.support_send(merchant=merchant, image_id=upload.key)
    return upload


# --- the merchant's link ---


@pytest.mark.parametrize("kind", ["id_document", "license", "voucher", "support"])
def test_a_link_alone_opens_nothing(merchant, kind):
    upload = upload_image(kind=kind, owner=merchant)
    response = merchant_get(upload_url(upload))
    assert response.status_code == 404
    assert response.json() == {"code": 0, "msg": "Not found.", "data": None}


def test_a_stale_or_revoked_session_opens_nothing(merchant, id_document):
    assert merchant_get(upload_url(id_document), HTTP_TOKEN="not-a-session").status_code == 404


def test_another_merchants_session_is_refused(merchant, id_document):
    response = merchant_get(upload_url(id_document), MerchantFactory())
    assert response.status_code == 404
    assert b"".join(getattr(response, "streaming_content", [response.content])) != _stored(id_document)


@pytest.mark.parametrize("kind", ["id_document", "license", "voucher", "support"])
def test_the_owners_session_gets_the_file(merchant, kind):
    upload = upload_image(kind=kind, owner=merchant)
    response = merchant_get(upload_url(upload), merchant)
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert response["Cache-Control"] == "private, max-age=300"
    assert _content(response) == _stored(upload)


def test_an_operators_session_does_not_open_the_merchants_link(operator, merchant, id_document):
    client = Client()
    client.force_login(operator)
    assert client.get(upload_url(id_document), HTTP_LANG="en").status_code == 404


def test_an_operators_reply_image_is_the_merchants_to_see(merchant, operator):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tests.factories import image_bytes

    support.support_send(merchant=merchant, text="Where is my parcel?")
    conversation = merchant.support_conversation
    picture = SimpleUploadedFile("a.png", image_bytes(), content_type="image/png")
    reply = support.support_reply(conversation_id=conversation.pk, operator=operator, image_file=picture)
    link = upload_url(reply.image)
    assert merchant_get(link, merchant).status_code == 200
    assert merchant_get(link, MerchantFactory()).status_code == 404
    assert merchant_get(link).status_code == 404


# --- the operators' link ---


def _operator(*permissions: str):
    client = Client()
    client.force_login(staff_operator("viewer", *permissions))
    return client


HOLDERS = [
    ("id_document", "accounts.view_merchant"),
    ("voucher", "wallet.view_deposit"),
    ("support_image", "support.view_supportmessage"),
]


@pytest.mark.parametrize(("holder", "permission"), HOLDERS)
def test_an_operator_who_may_view_the_holder_gets_the_file(request, holder, permission):
    upload = request.getfixturevalue(holder)
    link = operator_upload_url(upload)
    assert link == reverse("admin:private_file", args=[upload.pk])
    response = _operator(permission).get(link)
    assert response.status_code == 200
    assert _content(response) == _stored(upload)


@pytest.mark.parametrize(("holder", "permission"), HOLDERS)
def test_an_operator_without_the_permission_is_refused(request, holder, permission):
    upload = request.getfixturevalue(holder)
    others = [other for _, other in HOLDERS if other != permission]  # allowed to view the other holders only
    response = _operator(*others, "accounts.view_invitationcode").get(operator_upload_url(upload))
    assert response.status_code == 403
    assert _stored(upload) not in response.content


def test_a_change_permission_is_enough_as_in_the_admin(voucher):
    assert _operator("wallet.change_deposit").get(operator_upload_url(voucher)).status_code == 200


def test_a_superuser_gets_every_held_file(operator, id_document, voucher, support_image):
    client = Client()
    client.force_login(operator)
    for upload in (id_document, voucher, support_image):
        assert client.get(operator_upload_url(upload)).status_code == 200


def test_without_an_operators_session_the_admin_link_opens_nothing(merchant, id_document, django_user_model):
    link = operator_upload_url(id_document)
    assert Client().get(link).status_code == 404  # signed out
    assert Client().get(link, HTTP_TOKEN=session_create(merchant=merchant)).status_code == 404  # its merchant
    not_staff = django_user_model.objects.create_user("someone", "someone@example.com", "Someone-pass-2026")
    not_staff.user_permissions.add(Permission.objects.get(codename="view_merchant"))
    client = Client()
    client.force_login(not_staff)
    assert client.get(link).status_code == 404


def test_an_operator_without_the_second_factor_is_refused(settings, operator, id_document):
    settings.ADMIN_REQUIRE_OTP = True
    client = Client()
    client.force_login(operator)  # the password only: not verified
    assert client.get(operator_upload_url(id_document)).status_code == 404


def test_a_file_that_nothing_holds_is_seen_by_nobody(operator):
    orphan = upload_image(kind=Upload.Kind.ID_DOCUMENT)  # uploaded during a registration never sent
    client = Client()
    client.force_login(operator)
    assert client.get(operator_upload_url(orphan)).status_code == 403


def test_a_public_upload_is_not_served_by_the_admin_link(operator, merchant):
    logo = upload_image(kind=Upload.Kind.LOGO, owner=merchant)
    client = Client()
    client.force_login(operator)
    assert client.get(reverse("admin:private_file", args=[logo.pk])).status_code == 404
    assert operator_upload_url(logo) == logo.file.url


# --- a storage that is not the disk (S3 in production) ---


@pytest.fixture
def bucket(settings):
    """A storage that is not a file system, whose URLs, like S3's signed ones, would open a file to anyone."""
    settings.STORAGES = {
        **settings.STORAGES,
        "default": {"BACKEND": InMemoryStorage.__module__ + ".InMemoryStorage",
                    "OPTIONS": {"base_url": "https://bucket.example/"}},
    }  # fmt: skip


def test_with_a_bucket_private_files_are_streamed_by_the_app_after_the_check(bucket, merchant, operator):
    upload = upload_image(kind=Upload.Kind.VOUCHER, owner=merchant)
    public = upload_image(kind=Upload.Kind.LOGO, owner=merchant)
    assert upload_url(public).startswith("https://bucket.example/")  # public: the storage's own URL
    link = upload_url(upload)
    assert link.startswith("/merchant/common/file/") and "bucket.example" not in link
    assert operator_upload_url(upload).startswith("/admin/")
    assert merchant_get(link).status_code == 404
    assert merchant_get(link, MerchantFactory()).status_code == 404
    response = merchant_get(link, merchant)
    assert response.status_code == 200
    assert _content(response) == _stored(upload)
