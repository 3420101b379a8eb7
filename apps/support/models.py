from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from modeltranslation.utils import build_localized_fieldname

from apps.core.models import TimeStampedModel
from apps.core.money import localized_params
from apps.core.notices import NoticeTarget

from .constants import (
    PUSH_AUTH_MAX,
    PUSH_ENDPOINT_MAX,
    PUSH_P256DH_MAX,
    SUPPORT_TEXT_MAX,
    SUPPORT_URL_SCHEMES,
    BroadcastAudience,
    BroadcastStatus,
    MessageAuthor,
    NoticeType,
    SupportLinkKind,
)


class Notice(TimeStampedModel):
    """A message to one merchant, created by an event or an operator broadcast.

    Title and body are stored as gettext msgids plus parameters and rendered in the reader's language.
    """

    merchant = models.ForeignKey("accounts.Merchant", on_delete=models.CASCADE, related_name="notices")
    type = models.PositiveSmallIntegerField(_("type"), choices=NoticeType.choices, default=NoticeType.SYSTEM)
    sender = models.CharField(_("sender"), max_length=64, blank=True)
    title = models.CharField(_("title"), max_length=255)
    body = models.TextField(_("content"), blank=True)
    params = models.JSONField(default=dict, blank=True)
    is_read = models.BooleanField(_("read"), default=False, db_index=True)
    # What it is about (apps.core.notices.NoticeTarget and the thing's id), which the app opens from it; empty: nothing.
    target_kind = models.CharField(_("about"), max_length=16, choices=NoticeTarget.choices, blank=True)
    target_id = models.PositiveBigIntegerField(null=True, blank=True)
    # A broadcast's copy: its title and content are the broadcast's, in the reader's language (title/body stay empty).
    broadcast = models.ForeignKey(
        "support.Broadcast", null=True, blank=True, on_delete=models.CASCADE, related_name="notices"
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("message")
        verbose_name_plural = _("messages")
        constraints = [
            # A broadcast reaches a merchant once, however often its task runs (bulk_create ignores the duplicates).
            models.UniqueConstraint(fields=["broadcast", "merchant"], name="support_notice_one_per_broadcast"),
        ]

    def __str__(self) -> str:
        return self.title

    @property
    def target(self) -> dict[str, Any] | None:
        """{kind, id} of what the message is about, or None."""
        return {"kind": self.target_kind, "id": self.target_id} if self.target_kind else None

    def rendered_title(self) -> str:
        if self.broadcast is not None:
            return self.broadcast.read("title")
        return gettext(self.title) % localized_params(self.params) if self.params else gettext(self.title)

    def rendered_body(self) -> str:
        if self.broadcast is not None:
            return self.broadcast.read("content")
        return gettext(self.body) % localized_params(self.params) if self.params and self.body else gettext(self.body)

    def rendered_sender(self) -> str:
        """Who sent it, as the merchant reads it: the broadcast's sender label, or the platform."""
        if self.broadcast is not None:
            return self.broadcast.read("sender") or gettext("Platform")
        return gettext(self.sender) if self.sender else gettext("Platform")  # a msgid, like the title


def reading_order(language: str | None) -> list[str]:
    """The languages (Django codes) a reader of `language` reads a broadcast in, best first: their own, the other
    Chinese script for a Chinese reader, English, then the others in settings.LANGUAGES order."""
    codes = [code for code, _name in settings.LANGUAGES]
    own = [language] if language in codes else []
    sibling = {"zh-hans": ["zh-hant"], "zh-hant": ["zh-hans"]}.get(language or "", [])
    return list(dict.fromkeys([*own, *sibling, "en", *codes]))


# Messages and announcements
class Broadcast(TimeStampedModel):
    """An operator's message to many merchants (all, one level's, or chosen ones), written in the seven languages.

    Saving it in the admin queues its send (tasks.broadcast_send): one Notice per recipient, inserted in batches.
    No language is required (blank): the operator writes the ones they can, at least one (admin.BroadcastForm).
    """

    title = models.CharField(_("title"), max_length=255, blank=True)
    content = models.TextField(_("content"), blank=True)
    sender = models.CharField(
        _("sender"), max_length=64, blank=True, help_text=_("The sender merchants see. Leave empty for the platform.")
    )
    type = models.PositiveSmallIntegerField(_("type"), choices=NoticeType.choices, default=NoticeType.USER)
    audience = models.CharField(
        _("audience"), max_length=8, choices=BroadcastAudience.choices, default=BroadcastAudience.ALL
    )
    level = models.ForeignKey(
        "shop.Level", null=True, blank=True, on_delete=models.PROTECT, related_name="+", verbose_name=_("level")
    )
    merchants = models.ManyToManyField(
        "accounts.Merchant", blank=True, related_name="+", verbose_name=_("chosen merchants")
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.PROTECT,
        related_name="+",
        editable=False,
        verbose_name=_("sent by"),
    )
    status = models.CharField(
        _("status"), max_length=8, choices=BroadcastStatus.choices, default=BroadcastStatus.QUEUED, editable=False
    )
    sent_at = models.DateTimeField(_("sent at"), null=True, blank=True, editable=False)
    recipients = models.PositiveIntegerField(_("recipients"), default=0, editable=False)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("broadcast")
        verbose_name_plural = _("broadcasts")

    def __str__(self) -> str:
        return self.title

    def written_in(self) -> list[str]:
        """The languages (Django codes) the broadcast has a title and a content in, in settings.LANGUAGES order."""
        return [
            code
            for code, _name in settings.LANGUAGES
            if getattr(self, build_localized_fieldname("title", code)) and self.text_in("content", code)
        ]

    def text_in(self, field: str, code: str) -> str:
        return getattr(self, build_localized_fieldname(field, code)) or ""

    def language_for(self, language: str | None) -> str | None:
        """The language a reader of `language` reads it in (reading_order): their own when the operator wrote it,
        else one the operator wrote; None when nothing is written."""
        written = self.written_in()
        return next((code for code in reading_order(language) if code in written), None)

    def read(self, field: str) -> str:
        """Its title, content or sender as the reader of the active language reads it: all three in one language
        (language_for), never mixed, and never one the operator did not write."""
        code = self.language_for(translation.get_language())
        return self.text_in(field, code) if code is not None else ""


class Announcement(TimeStampedModel):
    """A platform announcement (affiche): shown to every merchant while it is active and within its window."""

    title = models.CharField(_("title"), max_length=255)
    content = models.TextField(_("content"))
    starts_at = models.DateTimeField(_("starts at"), default=timezone.now, db_index=True)
    ends_at = models.DateTimeField(_("ends at"), null=True, blank=True, help_text=_("Leave empty for no end."))
    is_active = models.BooleanField(_("active"), default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.PROTECT,
        related_name="+",
        editable=False,
        verbose_name=_("created by"),
    )

    class Meta:
        ordering = ["-starts_at", "-id"]
        verbose_name = _("announcement")
        verbose_name_plural = _("announcements")
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_at__isnull=True) | Q(ends_at__gt=models.F("starts_at")),
                name="support_announcement_ends_after_start",
                violation_error_message=_("An announcement must end after it starts."),
            ),
        ]

    def __str__(self) -> str:
        return self.title


# Customer support


def validate_support_url(value: str) -> None:
    """A support link opens a web page over https, a Telegram chat (tg:) or an e-mail (mailto:), and nothing else:
    no http: (readable and changeable on the way), no javascript: or data: (code run in the app)."""
    parts = urlsplit(value.strip())
    scheme = parts.scheme.lower()
    usable = scheme in SUPPORT_URL_SCHEMES and (
        bool(parts.netloc) if scheme == "https" else bool(parts.path or parts.query or parts.netloc)
    )
    if not usable or any(ch.isspace() for ch in value.strip()):
        raise ValidationError(
            _("A support link must start with https:, tg: or mailto:."), code="scheme", params={"value": value}
        )


class SupportLink(models.Model):
    """A customer-service link operators configure (kf url): a Telegram chat, a WhatsApp number, an e-mail, a page."""

    label = models.CharField(_("label"), max_length=64)  # translated (translation.py)
    kind = models.CharField(_("kind"), max_length=16, choices=SupportLinkKind.choices)
    url = models.CharField(
        _("link"),
        max_length=500,
        validators=[validate_support_url],
        help_text=_("https://..., tg://resolve?domain=... or mailto:...; no other kind of link is accepted."),
    )
    position = models.PositiveSmallIntegerField(_("position"), default=0, help_text=_("Smaller numbers come first."))
    is_active = models.BooleanField(_("active"), default=True)

    class Meta:
        ordering = ["position", "id"]
        verbose_name = _("support link")
        verbose_name_plural = _("support links")

    def __str__(self) -> str:
        return self.label


class Conversation(models.Model):
    """A merchant's support conversation with the operators (one per merchant, created on first use).

    The counters move with F() in the transaction that adds a message (services); `waiting`: the last message is
    the merchant's, so the conversation is in the operators' queue.
    """

    merchant = models.OneToOneField(
        "accounts.Merchant", on_delete=models.CASCADE, related_name="support_conversation", verbose_name=_("merchant")
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    last_message_at = models.DateTimeField(_("last message"), null=True, blank=True, db_index=True)
    merchant_unread = models.PositiveIntegerField(_("replies unread by the merchant"), default=0)
    operator_unread = models.PositiveIntegerField(_("messages unread by operators"), default=0)
    waiting = models.BooleanField(_("waiting for an answer"), default=False, db_index=True)

    class Meta:
        ordering = ["-waiting", "-last_message_at", "-id"]
        verbose_name = _("support conversation")
        verbose_name_plural = _("support conversations")

    def __str__(self) -> str:
        return str(self.merchant)


class SupportMessage(models.Model):
    """One message of a support conversation: text, an image, or both. Never changed once sent."""

    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="messages")
    author = models.CharField(_("author"), max_length=16, choices=MessageAuthor.choices)
    operator = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("operator"),
    )
    text = models.TextField(_("text"), max_length=SUPPORT_TEXT_MAX, blank=True)
    image = models.ForeignKey(
        "core.Upload", null=True, blank=True, on_delete=models.PROTECT, related_name="+", verbose_name=_("image")
    )
    created_at = models.DateTimeField(_("sent"), auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        verbose_name = _("support message")
        verbose_name_plural = _("support messages")
        indexes = [models.Index(fields=["conversation", "-id"], name="support_msg_conv_id")]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(text="") | models.Q(image__isnull=False), name="support_message_not_empty"
            ),
        ]

    def __str__(self) -> str:
        return self.text[:40] or str(_("Image"))


# Push notifications


class PushSubscription(models.Model):
    """One browser's Web Push subscription (PushManager.subscribe) for a merchant: where its push service takes the
    pushes for it, and the keys the payload is encrypted to (RFC 8291). The endpoint is unique: a browser signed in
    to another merchant moves its subscription to them. The keys are secrets of the device: never shown to
    operators."""

    merchant = models.ForeignKey(
        "accounts.Merchant", on_delete=models.CASCADE, related_name="push_subscriptions", verbose_name=_("merchant")
    )
    endpoint = models.CharField(_("push service address"), max_length=PUSH_ENDPOINT_MAX, unique=True)
    p256dh = models.CharField(max_length=PUSH_P256DH_MAX)
    auth = models.CharField(max_length=PUSH_AUTH_MAX)
    created_at = models.DateTimeField(_("subscribed"), auto_now_add=True)
    last_success_at = models.DateTimeField(_("last delivered"), null=True, blank=True)
    failures = models.PositiveSmallIntegerField(_("failures in a row"), default=0)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("push subscription")
        verbose_name_plural = _("push subscriptions")

    def __str__(self) -> str:
        return urlsplit(self.endpoint).hostname or ""


class PushPreference(models.Model):
    """The push kinds (apps.core.notices.PushKind) a merchant turned off; no row: every kind is on."""

    merchant = models.OneToOneField(
        "accounts.Merchant", on_delete=models.CASCADE, related_name="push_preference", verbose_name=_("merchant")
    )
    kinds_off = models.JSONField(_("kinds turned off"), default=list, blank=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("push preference")
        verbose_name_plural = _("push preferences")

    def __str__(self) -> str:
        return str(self.merchant_id)


class PushDelivery(models.Model):
    """One push to one subscription: what makes sending idempotent. `key` names what is pushed ("notice:<id>",
    "support:<message id>"); a retry or a second task claims the row (claimed_at) and sends only while it is not
    sent, so a subscription gets each push once."""

    subscription = models.ForeignKey(PushSubscription, on_delete=models.CASCADE, related_name="deliveries")
    key = models.CharField(max_length=40)
    created_at = models.DateTimeField(auto_now_add=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["-id"]
        verbose_name = _("push delivery")
        verbose_name_plural = _("push deliveries")
        constraints = [
            models.UniqueConstraint(fields=["key", "subscription"], name="support_push_delivery_once"),
        ]

    def __str__(self) -> str:
        return self.key
