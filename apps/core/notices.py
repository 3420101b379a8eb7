"""Messages to a merchant from any app. The support app owns the messages and fills these hooks in."""

from typing import Any, Protocol

from django.db import models
from django.utils.translation import gettext_lazy as _

from .hooks import Hook


class NoticeTarget(models.TextChoices):
    """What a message is about, which the app opens from it (with the thing's id): an order, a refund request, a
    deposit or a withdrawal; or a security notice (accounts.SecurityNotice), on which the app offers "This wasn't
    me"."""

    ORDER = "order", _("order")
    REFUND = "refund", _("refund request")
    DEPOSIT = "deposit", _("deposit")
    WITHDRAWAL = "withdrawal", _("withdrawal")
    SECURITY = "security", _("security notice")


# (NoticeTarget, the thing's id)
Target = tuple[NoticeTarget, int]


class Notify(Protocol):
    def __call__(
        self,
        *,
        merchant: Any,
        title: str,
        body: str = "",
        params: dict[str, Any] | None = None,
        target: Target | None = None,
    ) -> object:
        """A message to the merchant (an accounts.Merchant, which this app cannot name): title and body are msgids
        marked with gettext_noop, translated when the merchant reads them; params fill their %(name)s placeholders;
        `target` is what it is about, which the app opens from it."""


class UnreadCount(Protocol):
    def __call__(self, *, merchant_id: int) -> int:
        """The merchant's messages not read yet (Home's figure)."""


class Announce(Protocol):
    def __call__(self, *, title: str, body: str, params: dict[str, Any] | None = None) -> object:
        """A message to every merchant (a broadcast), from msgids marked with gettext_noop written out in each of the
        seven languages; params fill their %(name)s placeholders."""


notify: Hook[Notify] = Hook("notify")
unread_count: Hook[UnreadCount] = Hook("unread_count")
announce: Hook[Announce] = Hook("announce")
