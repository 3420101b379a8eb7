"""Messages to a merchant from any app. The support app owns the messages and fills these hooks in."""

from typing import Any, Protocol

from .hooks import Hook


class Notify(Protocol):
    def __call__(self, *, merchant: Any, title: str, body: str = "", params: dict[str, Any] | None = None) -> object:
        """A message to the merchant (an accounts.Merchant, which this app cannot name): title and body are msgids
        marked with gettext_noop, translated when the merchant reads them; params fill their %(name)s placeholders."""


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
