"""How answers built from plain values write money, times and choice labels: the text the serializers' own fields
write, for a fraction of the calls (apps.core.writers compiles the serializers' fields to these).

The hot reads skip DRF's serializers (docs/performance.md): a serializer deep-copies its fields for every
instance, and a DateTimeField asks for the current time zone on every value. The API never activates a time zone
of its own, so times are written in settings.TIME_ZONE, as DRF does then.
"""

from datetime import datetime
from decimal import Context, Decimal
from functools import lru_cache
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db.models import Choices
from django.utils import translation
from rest_framework import serializers

_ZONE = ZoneInfo(settings.TIME_ZONE)
_TIME = serializers.DateTimeField(default_timezone=_ZONE)
# apps.core.money.MoneySerializerField writes 2 places at a precision of 20 digits, rounding half to even (the
# default context's), in 8 calls a value; an answer writes 60 of them (tests/core/test_formats.py compares the two).
_CENT = Decimal("0.01")
_MONEY_CONTEXT = Context(prec=20)


def money(value: Decimal) -> str:
    return f"{value.quantize(_CENT, context=_MONEY_CONTEXT):f}"


def time(value: datetime) -> str:
    """DRF's ISO 8601 in settings.TIME_ZONE ("Z" for UTC), in 4 calls instead of 12 for a time read from the
    database (aware); a naive one goes through the field."""
    if value.tzinfo is None:
        return _TIME.to_representation(value)
    text = value.astimezone(_ZONE).isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


def time_or_none(value: datetime | None) -> str | None:
    return time(value) if value is not None else None


class Labels(dict):
    """{value: label}; a value no longer among the choices is its own label (written as stored)."""

    def __missing__(self, key: object) -> object:
        return key


def labels(choices: type[Choices]) -> Labels:
    """{value: label} of `choices` in the active language (a get_FOO_display() for plain values)."""
    return _labels(choices, translation.get_language())


@lru_cache(maxsize=256)
def _labels(choices: type[Choices], language: str | None) -> Labels:
    return Labels((value, str(label)) for value, label in choices.choices)
