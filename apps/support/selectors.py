"""Support reads."""

from .models import Notice


def notice_unread_count(*, merchant_id: int) -> int:
    return Notice.objects.filter(merchant_id=merchant_id, is_read=False).count()
