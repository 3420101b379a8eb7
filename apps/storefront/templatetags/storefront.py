"""The storefront's template filters: money in the platform's currency as the page's language writes it, star marks,
a country's name, a stored picture's address."""

import json
from decimal import ROUND_HALF_UP, Decimal

from django import template
from django.utils.safestring import SafeString, mark_safe
from django_countries import countries

from apps.core.money import money_local
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
