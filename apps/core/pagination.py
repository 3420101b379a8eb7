"""Lists: `page` from 1, `limit` default 20, max 100; answer {total, list, page, limit}."""

from collections.abc import Callable, Iterable
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

DEFAULT_LIMIT = 20
MAX_LIMIT = 100
# Past 10,000 pages of 100 nobody reads a list page by page; the bound keeps the offset a sane number.
MAX_PAGE = 10_000


class PageInputSerializer(serializers.Serializer):
    page = serializers.IntegerField(
        min_value=1,
        max_value=MAX_PAGE,
        default=1,
        error_messages={
            "min_value": _("Page must be 1 or more."),
            "max_value": _("Page must be at most 10000."),
            "max_string_length": _("Page must be at most 10000."),
        },
    )
    limit = serializers.IntegerField(
        min_value=1,
        max_value=MAX_LIMIT,
        default=DEFAULT_LIMIT,
        error_messages={
            "max_value": _("At most 100 records per page."),
            "max_string_length": _("At most 100 records per page."),
            "min_value": _("Limit must be 1 or more."),
        },
    )


def paginate(
    queryset: QuerySet | list,
    *,
    page: int,
    limit: int,
    serialize: Callable[[Iterable[Any]], Any],
) -> dict:
    """Slices a queryset (two queries: count and page) and returns the list envelope's data."""
    total = queryset.count() if isinstance(queryset, QuerySet) else len(queryset)
    start = (page - 1) * limit
    items = list(queryset[start : start + limit])
    return page_answer(total, serialize(items), page=page, limit=limit)


def page_answer(total: int, items: list, *, page: int, limit: int) -> dict:
    """The list envelope's data of a page read some other way (a prepared read, apps.core.prepared)."""
    return {"total": total, "list": items, "page": page, "limit": limit}
