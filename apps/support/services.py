"""Support writes: the merchant's messages."""

from typing import Any

from django.db import transaction
from django.utils import timezone

from apps.accounts.models import Merchant

from .constants import BROADCAST_BATCH, BroadcastStatus, NoticeType
from .models import Broadcast, Notice


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


# Messages and announcements
def notice_mark_read(*, merchant: Merchant, notice_id: int) -> Notice:
    """Marks one of the merchant's messages read (again: no change) and returns it; another merchant's is missing."""
    from .selectors import notice_get

    notice = notice_get(merchant=merchant, notice_id=notice_id)
    if not notice.is_read:
        Notice.objects.filter(pk=notice.pk, is_read=False).update(is_read=True, updated_at=timezone.now())
        notice.is_read = True
    return notice


def broadcast_enqueue(*, broadcast: Broadcast) -> None:
    """Queues the broadcast's send once the operator's save is committed (tasks.broadcast_send)."""
    from .tasks import broadcast_send  # the task calls back into this module

    pk = broadcast.pk
    transaction.on_commit(lambda: broadcast_send.delay(pk))


def broadcast_deliver(*, broadcast_id: int, batch: int = BROADCAST_BATCH) -> int:
    """The worker's half: one message per recipient, `batch` merchants at a time (one read of ids, one bulk insert).

    Safe to run again (a retry, a second worker, an operator's resend): a merchant who has the broadcast's message is
    skipped by the unique (broadcast, merchant) constraint, and a sent broadcast is left alone. Returns the number of
    recipients.
    """
    from .selectors import broadcast_recipients

    claimed = Broadcast.objects.filter(
        pk=broadcast_id, status__in=[BroadcastStatus.QUEUED, BroadcastStatus.SENDING]
    ).update(status=BroadcastStatus.SENDING, updated_at=timezone.now())
    broadcast = Broadcast.objects.get(pk=broadcast_id)
    if not claimed:
        return broadcast.recipients
    recipients = broadcast_recipients(broadcast=broadcast).order_by("pk").values_list("pk", flat=True)
    last = 0
    while ids := list(recipients.filter(pk__gt=last)[:batch]):
        Notice.objects.bulk_create(
            [Notice(merchant_id=pk, broadcast_id=broadcast.pk, type=broadcast.type, title="", body="") for pk in ids],
            ignore_conflicts=True,
        )
        last = ids[-1]
    count = Notice.objects.filter(broadcast_id=broadcast.pk).count()
    Broadcast.objects.filter(pk=broadcast.pk).update(
        status=BroadcastStatus.SENT, sent_at=timezone.now(), recipients=count, updated_at=timezone.now()
    )
    return count
