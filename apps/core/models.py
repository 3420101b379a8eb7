import secrets
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    # modeltranslation replaces the `objects` of translated models with its MultilingualManager: the mypy plugin finds
    # that class only if mypy loaded its module first, which an incremental run does not otherwise guarantee.
    import modeltranslation.manager  # noqa: F401


class TimeStampedModel(models.Model):
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True


class AppendOnlyError(Exception):
    """Journal and audit rows are never changed or removed; a correction is a new row."""


class AppendOnlyModel(models.Model):
    """Refused in the model layer; on PostgreSQL a trigger refuses UPDATE and DELETE too (see the migrations)."""

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError(f"{type(self).__name__} rows are append-only")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        raise AppendOnlyError(f"{type(self).__name__} rows are append-only")


class StatusChange(AppendOnlyModel):
    """The audit row of one status move of any object with a state machine (apps.core.transitions.transition):
    what moved, from, to, who (an operator; empty for the merchant or the system), why, when.

    Why is either someone's own words (an operator's reason, a reference), kept as written (params None), or the
    platform's wording: a gettext msgid whose %(name)s placeholders params fill, translated when shown, so each
    operator reads the history in their language (as a merchant reads a message: apps.core.notices)."""

    content_type = models.ForeignKey(ContentType, on_delete=models.PROTECT, related_name="+")
    object_id = models.PositiveBigIntegerField()
    target = GenericForeignKey("content_type", "object_id")
    from_status = models.CharField(_("from"), max_length=32)
    to_status = models.CharField(_("to"), max_length=32)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("operator"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    note = models.CharField(_("note"), max_length=255, blank=True)
    params = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(_("time"), default=timezone.now, editable=False, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("status change")
        verbose_name_plural = _("status changes")
        indexes = [models.Index(fields=["content_type", "object_id"])]

    def __str__(self) -> str:
        return f"{self.from_status} -> {self.to_status}"

    def rendered_note(self) -> str:
        """Why, in the reader's language: the platform's wording translated, someone's own words as written."""
        if self.params is None:
            return self.note
        return gettext(self.note) % self.params if self.params else gettext(self.note)


# The folder of private uploads; the media URL never serves it (views.public_media), only `common/file/<signed>`.
PRIVATE_MEDIA_FOLDER = "private"


def _upload_path(instance: "Upload", filename: str) -> str:
    # Random names only: the client's file name never reaches the storage.
    folder = PRIVATE_MEDIA_FOLDER if instance.is_private else "public"
    suffix = PurePosixPath(filename).suffix.lower() or ".jpg"
    return f"{folder}/{instance.kind}/{secrets.token_urlsafe(18)}{suffix}"


def _new_key() -> str:
    return secrets.token_urlsafe(18)


class Upload(TimeStampedModel):
    """An image a merchant (or the platform) uploaded, re-encoded by Pillow before it is stored."""

    class Kind(models.TextChoices):
        AVATAR = "avatar", _("Avatar")
        LOGO = "logo", _("Shop logo")
        BANNER = "banner", _("Banner")
        ID_DOCUMENT = "id_document", _("ID document")
        LICENSE = "license", _("Business license")
        VOUCHER = "voucher", _("Deposit voucher")
        PRODUCT = "product", _("Product image")
        SUPPORT = "support", _("Support conversation image")

    PRIVATE_KINDS = {Kind.ID_DOCUMENT, Kind.LICENSE, Kind.VOUCHER, Kind.SUPPORT}

    # The id the API hands out: random, so an upload made before sign-in (registration) can be claimed only
    # by whoever uploaded it.
    key = models.CharField(max_length=32, unique=True, default=_new_key, editable=False)
    owner = models.ForeignKey(
        settings.MERCHANT_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="uploads"
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
    """The result of the first money-moving request sent with an `Idempotency-Key` (apps.core.idempotency)."""

    merchant = models.ForeignKey(settings.MERCHANT_MODEL, on_delete=models.CASCADE, related_name="+")
    scope = models.CharField(max_length=64)
    key = models.CharField(max_length=100)
    request_hash = models.CharField(max_length=64)
    result = models.JSONField(null=True, encoder=DjangoJSONEncoder)  # {"model": "app.model", "pk": ...}
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("idempotency record")
        verbose_name_plural = _("idempotency records")
        constraints = [
            models.UniqueConstraint(fields=["merchant", "scope", "key"], name="idempotency_once_per_key"),
        ]

    def __str__(self) -> str:
        return f"{self.scope}:{self.key}"


class OutboxEntry(models.Model):
    """A side effect that matters (a refund through the payment provider, a buyer's mail, a one-time code, a
    broadcast), written in the same transaction as its cause and retried until done (apps.core.outbox)."""

    task = models.CharField(_("task"), max_length=200)  # the Celery task's registered name
    kwargs = models.JSONField(_("arguments"), default=dict)
    created_at = models.DateTimeField(_("created"), default=timezone.now, editable=False)
    attempts = models.PositiveIntegerField(_("attempts"), default=0)
    # When the sweep sends it (again): the end of a run's lease, or of the wait after a failure.
    next_attempt_at = models.DateTimeField(_("next attempt"))
    done_at = models.DateTimeField(_("done"), null=True, blank=True)
    last_error = models.TextField(_("last error"), blank=True)

    class Meta:
        verbose_name = _("side effect")
        verbose_name_plural = _("side effects not done")
        indexes = [
            models.Index(
                fields=["next_attempt_at"], condition=models.Q(done_at__isnull=True), name="outbox_not_done_due"
            ),
            models.Index(fields=["done_at"], name="outbox_done"),
        ]

    def __str__(self) -> str:
        return f"{self.task.rsplit('.', 1)[-1]} #{self.pk}"


class Heartbeat(models.Model):
    """When the beat last sent the heartbeat, and when a worker of each queue last ran it (apps.core.heartbeat)."""

    name = models.CharField(max_length=20, primary_key=True)  # "beat", or a queue: "money", "default", "bulk"
    at = models.DateTimeField()

    class Meta:
        verbose_name = _("heartbeat")
        verbose_name_plural = _("heartbeats")

    def __str__(self) -> str:
        return f"{self.name}: {self.at:%Y-%m-%d %H:%M:%S}"
