"""Lists: `page` from 1, `limit` default 20, max 100; answer {total, list, page, limit}."""

from collections.abc import Callable, Iterable
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

DEFAULT_LIMIT = 20
MAX_LIMIT = 100


class PageInputSerializer(serializers.Serializer):
    page = serializers.IntegerField(min_value=1, default=1, error_messages={"min_value": _("Page must be 1 or more.")})
    limit = serializers.IntegerField(
        min_value=1,
        max_value=MAX_LIMIT,
        default=DEFAULT_LIMIT,
        error_messages={"max_value": _("At most 100 records per page."), "min_value": _("Limit must be 1 or more.")},
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
    return {"total": total, "list": serialize(items), "page": page, "limit": limit}
