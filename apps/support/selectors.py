"""Support reads."""

from typing import Any

from django.db.models import Count, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.accounts.models import Merchant
from apps.core.errors import AppError, ErrorCode
from apps.core.i18n import APP_TO_DJANGO
from apps.core.notices import PushKind
from apps.core.prepared import Param, Prepared
from apps.shop.models import Level

from .constants import BroadcastAudience
from .models import Announcement, Broadcast, Conversation, Notice, SupportLink, SupportMessage
from .push import application_server_key, kinds_on

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


def audience_languages(*, broadcast: Broadcast) -> list[tuple[str, int]]:
    """[(app language code, how many of the broadcast's merchants read it)], most read first (one query)."""
    rows = broadcast_recipients(broadcast=broadcast).order_by().values("language").annotate(n=Count("pk"))
    return sorted(((row["language"], row["n"]) for row in rows), key=lambda item: (-item[1], item[0]))


def audience_reading(*, broadcast: Broadcast) -> list[tuple[str, int, str | None]]:
    """The Send step's table: [(app language code, merchants of the audience reading it, the language (Django code)
    they receive the broadcast in: Broadcast.language_for, the sending's own choice)], most read first (one query)."""
    return [
        (lang, count, broadcast.language_for(APP_TO_DJANGO.get(lang, lang)))
        for lang, count in audience_languages(broadcast=broadcast)
    ]


def languages_by_audience() -> list[tuple[str, list[tuple[str, int]]]]:
    """What the broadcast form tells the operator before choosing: [(the audience's name, [(app language code,
    merchants)], most read first)] for all merchants and for each level in force (one query)."""
    rows = Merchant.objects.order_by().values("level__rank", "language").annotate(n=Count("pk"))
    by_rank: dict[int | None, dict[str, int]] = {}
    every: dict[str, int] = {}
    for row in rows:
        by_rank.setdefault(row["level__rank"], {})[row["language"]] = row["n"]
        every[row["language"]] = every.get(row["language"], 0) + row["n"]

    def ranked(counts: dict[str, int]) -> list[tuple[str, int]]:
        return sorted(counts.items(), key=lambda item: (-item[1], item[0]))

    audiences = [(str(BroadcastAudience.ALL.label), ranked(every))]
    for level in Level.objects.in_force().order_by("rank"):
        audiences.append((str(level), ranked(by_rank.get(level.rank, {}))))
    return audiences


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


def conversation_thread(*, conversation: Conversation, limit: int) -> tuple[list[SupportMessage], int]:
    """The operator's view of a conversation: its last `limit` messages, oldest first (the newest right above the
    reply box), with their images and operators; and how many older ones are left out. Two queries."""
    rows = SupportMessage.objects.filter(conversation=conversation)
    page = list(rows.select_related("image", "operator").order_by("-id")[:limit])
    older = rows.filter(id__lt=page[-1].pk).count() if len(page) == limit else 0
    return page[::-1], older


# Push notifications
def push_settings(*, merchant: Merchant) -> dict[str, Any]:
    """The app's push settings: the VAPID application server key browsers subscribe with, and each push kind
    (PushKind's order) on or off for the merchant."""
    on = kinds_on(merchant.pk)
    return {
        "public_key": application_server_key(),
        "kinds": [{"kind": kind, "on": kind in on} for kind in PushKind.values],
    }
