import secrets
from pathlib import PurePosixPath

from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils.translation import gettext_lazy as _


class TimeStampedModel(models.Model):
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True


def _upload_path(instance: "Upload", filename: str) -> str:
    # Random names only: the client's file name never reaches the storage.
    folder = "private" if instance.is_private else "public"
    suffix = PurePosixPath(filename).suffix.lower() or ".jpg"
    return f"{folder}/{instance.kind}/{secrets.token_urlsafe(18)}{suffix}"


def _new_key() -> str:
    return secrets.token_urlsafe(18)


class Upload(TimeStampedModel):
    """An image a merchant (or the platform) uploaded, re-encoded by Pillow before it is stored."""

    class Kind(models.TextChoices):
        AVATAR = "avatar", _("Avatar")
        LOGO = "logo", _("Store logo")
        BANNER = "banner", _("Banner")
        ID_DOCUMENT = "id_document", _("ID document")
        LICENSE = "license", _("Business license")
        VOUCHER = "voucher", _("Recharge voucher")
        PRODUCT = "product", _("Product image")

    PRIVATE_KINDS = {Kind.ID_DOCUMENT, Kind.LICENSE, Kind.VOUCHER}

    # The id the API hands out: random, so an upload made before sign-in (registration) can be claimed only
    # by whoever uploaded it.
    key = models.CharField(max_length=32, unique=True, default=_new_key, editable=False)
    owner = models.ForeignKey(
        "accounts.Merchant", null=True, blank=True, on_delete=models.SET_NULL, related_name="uploads"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    file = models.ImageField(upload_to=_upload_path, width_field="width", height_field="height")
    width = models.PositiveIntegerField(default=0)
    height = models.PositiveIntegerField(default=0)
    size = models.PositiveIntegerField(default=0)
    is_private = models.BooleanField(default=False)

    class Meta:
        verbose_name = _("upload")
        verbose_name_plural = _("uploads")

    def __str__(self) -> str:
        return f"{self.kind}:{self.pk}"


class IdempotencyRecord(models.Model):
    """The first answer to a money-moving request sent with an `Idempotency-Key` (apps.core.idempotency)."""

    merchant = models.ForeignKey("accounts.Merchant", on_delete=models.CASCADE, related_name="+")
    scope = models.CharField(max_length=64)
    key = models.CharField(max_length=100)
    request_hash = models.CharField(max_length=64)
    status_code = models.PositiveSmallIntegerField(default=200)
    response = models.JSONField(null=True, encoder=DjangoJSONEncoder)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("idempotency record")
        verbose_name_plural = _("idempotency records")
        constraints = [
            models.UniqueConstraint(fields=["merchant", "scope", "key"], name="idempotency_once_per_key"),
        ]

    def __str__(self) -> str:
        return f"{self.scope}:{self.key}"
