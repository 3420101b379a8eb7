"""Messages to a merchant from any app. The support app owns the messages and fills this hook in."""

from .hooks import Hook

# notify(*, merchant, title, body="", params=None): title and body are msgids marked with gettext_noop,
# translated when the merchant reads them; params fill their %(name)s placeholders.
notify = Hook("notify")

# unread_count(*, merchant_id) -> int: the merchant's messages not read yet (Home's figure).
unread_count = Hook("unread_count")

# announce(*, title, body, params): a message to every merchant (a broadcast), from msgids marked with gettext_noop
# written out in each of the seven languages; params fill their %(name)s placeholders.
announce = Hook("announce")
