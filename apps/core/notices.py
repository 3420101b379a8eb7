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


class PushKind(models.TextChoices):
    """The messages that also reach the merchant's devices as a push notification (Web Push, apps.support.push), each
    a kind the merchant turns on or off in My; a message of no kind is not pushed. The order is the screen's."""

    ORDER_WAITING = "order_waiting", _("A new order awaits pickup")
    PICKUP_DEADLINE = "pickup_deadline", _("A pickup deadline is a few hours away")
    MONEY_DECIDED = "money_decided", _("A deposit or a withdrawal was decided")
    REFUND_REQUEST = "refund_request", _("A buyer asked for a refund")
    SUPPORT_REPLY = "support_reply", _("Customer service replied")
    SECURITY = "security", _("A security notice")


class Notify(Protocol):
    def __call__(
        self,
        *,
        merchant: Any,
        title: str,
        body: str = "",
        params: dict[str, Any] | None = None,
        target: Target | None = None,
        push: PushKind | None = None,
    ) -> object:
        """A message to the merchant (an accounts.Merchant, which this app cannot name): title and body are msgids
        marked with gettext_noop, translated when the merchant reads them; params fill their %(name)s placeholders;
        `target` is what it is about, which the app opens from it; `push`, when given, also sends it to the merchant's
        devices as a push notification of that kind (once the caller's transaction commits, if the kind is on)."""


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
