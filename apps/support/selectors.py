"""Support reads."""

from django.db.models import Count, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.accounts.models import Merchant
from apps.core.errors import AppError, ErrorCode
from apps.core.prepared import Param, Prepared
from apps.shop.models import Level

from .constants import BroadcastAudience
from .models import Announcement, Broadcast, Conversation, Notice, SupportLink, SupportMessage

_UNREAD = Prepared(
    lambda: (
        Notice.objects.filter(merchant_id=Param("merchant"), is_read=False)
        .values("merchant_id")
        .annotate(n=Count("id"))
        .values("n")
    )
)


def notice_unread_count(*, merchant_id: int) -> int:
    row = _UNREAD.row(merchant=merchant_id)
    return row["n"] if row is not None else 0


# Messages and announcements
def notice_list(*, merchant: Merchant, is_read: bool | None = None) -> QuerySet[Notice]:
    """The merchant's messages, newest first (all, read or unread), with their broadcasts (one query a page)."""
    rows = Notice.objects.filter(merchant=merchant).select_related("broadcast")
    return rows if is_read is None else rows.filter(is_read=is_read)


def notice_missing() -> str:
    return _("This message does not exist.")


def notice_get(*, merchant: Merchant, notice_id: int) -> Notice:
    """One of the merchant's messages; another merchant's is missing."""
    notice = notice_list(merchant=merchant).filter(pk=notice_id).first()
    if notice is None:
        raise AppError(notice_missing(), ErrorCode.NOT_FOUND)
    return notice


def broadcast_recipients(*, broadcast: Broadcast) -> QuerySet[Merchant]:
    """The merchants a broadcast is for: all of them, one level's (on any version of its rank), or the chosen ones."""
    merchants = Merchant.objects.all()
    if broadcast.audience == BroadcastAudience.LEVEL:
        if broadcast.level_id is None:
            return merchants.none()
        return merchants.filter(level__rank=Level.objects.filter(pk=broadcast.level_id).values("rank")[:1])
    if broadcast.audience == BroadcastAudience.CHOSEN:
        return merchants.filter(pk__in=broadcast.merchants.values("pk"))
    return merchants


def announcement_current() -> QuerySet[Announcement]:
    """The announcements in force now (active, started, not ended), newest first."""
    now = timezone.now()
    return Announcement.objects.filter(Q(ends_at__isnull=True) | Q(ends_at__gt=now), is_active=True, starts_at__lte=now)


# Customer support


def support_links(*, limit: int) -> list[SupportLink]:
    """The active support links in the operators' order (one query)."""
    return list(SupportLink.objects.filter(is_active=True).order_by("position", "id")[:limit])


def conversation_of(*, merchant_id: int) -> Conversation | None:
    return Conversation.objects.filter(merchant_id=merchant_id).first()


def support_unread(*, merchant_id: int) -> int:
    """Operator replies the merchant has not read yet (0 before any conversation)."""
    unread = Conversation.objects.filter(merchant_id=merchant_id).values_list("merchant_unread", flat=True).first()
    return unread or 0


def support_messages(
    *, conversation: Conversation, before_id: int | None, limit: int
) -> tuple[list[SupportMessage], bool]:
    """One page of a conversation, newest first, older than `before_id` when given; and whether older ones remain.

    One query whatever the page holds (images joined).
    """
    rows = SupportMessage.objects.filter(conversation=conversation).select_related("image").order_by("-id")
    if before_id is not None:
        rows = rows.filter(id__lt=before_id)
    page = list(rows[: limit + 1])
    return page[:limit], len(page) > limit
