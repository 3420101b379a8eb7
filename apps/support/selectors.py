"""Support reads."""

from .models import Conversation, Notice, SupportLink, SupportMessage


def notice_unread_count(*, merchant_id: int) -> int:
    return Notice.objects.filter(merchant_id=merchant_id, is_read=False).count()


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
