from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from apps.core.models import TimeStampedModel

from .constants import NoticeType


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
