from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from apps.core.models import TimeStampedModel

from .constants import SUPPORT_TEXT_MAX, SUPPORT_URL_SCHEMES, MessageAuthor, NoticeType, SupportLinkKind


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

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("message")
        verbose_name_plural = _("messages")

    def __str__(self) -> str:
        return self.title

    def rendered_title(self) -> str:
        return gettext(self.title) % self.params if self.params else gettext(self.title)

    def rendered_body(self) -> str:
        return gettext(self.body) % self.params if self.params and self.body else gettext(self.body)


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
