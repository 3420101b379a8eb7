"""Support writes: the merchant's messages."""

from typing import Any

from apps.accounts.models import Merchant

from .constants import NoticeType
from .models import Notice


def notice_create(
    *,
    merchant: Merchant,
    title: str,
    body: str = "",
    params: dict[str, Any] | None = None,
    type: int = NoticeType.SYSTEM,
) -> Notice:
    """Sends a message to a merchant. Pass msgids marked with gettext_noop; they are translated when read.

    The apps below support call it through apps.core.notices.notify, e.g.
    notify(merchant=m, title=gettext_noop("Deposit credited"),
           body=gettext_noop("%(amount)s was added to your balance."), params={"amount": "10.00"})
    """
    return Notice.objects.create(merchant=merchant, title=title, body=body, params=params or {}, type=type)
