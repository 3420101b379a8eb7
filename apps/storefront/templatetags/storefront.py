"""The storefront's template filters: money in the platform's currency and times as the page's language writes them
(as the app does), star marks, a country's name, a stored picture's address."""

import json
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal

from babel.dates import format_date, format_time, get_datetime_format
from django import template
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django_countries import countries

from apps.core.money import babel_locale, money_local
from apps.core.uploads import storage_url

register = template.Library()

STARS = 5
# What a <script> data block must not contain as it is (Django's json_script escapes the same).
_SCRIPT_ESCAPES = {ord("<"): "\\u003C", ord(">"): "\\u003E", ord("&"): "\\u0026"}


@register.filter
def money(amount: Decimal | str) -> str:
    """12.5 -> "$12.50" in English, "12,50 $" in Russian, "US$12.50" in Traditional Chinese (apps.core.money)."""
    return money_local(amount)


@register.filter
def when(value: datetime | None, part: str = "") -> str:
    """A time as the app writes it (frontend/src/lib/money formatDateTime: Intl's medium date and short time, the
    same CLDR data through Babel), in the current time zone: "Nov 27, 2026, 9:00 AM", "2026/11/27 9:00".
    `|when:"date"` writes the date alone ("Nov 27, 2026")."""
    if value is None:
        return ""
    locale = babel_locale()
    local = timezone.localtime(value) if timezone.is_aware(value) else value
    day = format_date(local, "medium", locale=locale)
    if part == "date":
        return day
    pattern = str(get_datetime_format("medium", locale=locale))  # "{1}, {0}": the date, then the time
    return pattern.format(format_time(local, "short", locale=locale), day)


@register.filter
def stars(value: int | Decimal | None) -> str:
    """Five marks, as many filled as the value rounded (4.4 -> ★★★★☆)."""
    filled = int(Decimal(value or 0).quantize(Decimal(1), ROUND_HALF_UP))
    return "★" * filled + "☆" * (STARS - filled)


@register.filter
def ld_json(data: dict) -> SafeString:
    """A structured-data block's JSON, safe inside <script type="application/ld+json">."""
    return mark_safe(json.dumps(data, ensure_ascii=False).translate(_SCRIPT_ESCAPES))  # noqa: S308


@register.filter
def country_name(code: str) -> str:
    """ "JP" -> "Japan", "日本", "Япония"...: the name in the page's language."""
    return str(countries.name(code)) or code


@register.filter
def media_url(name: str) -> str:
    """The address of a stored file (an order line's picture) in the storage in use."""
    return storage_url(name) or ""
