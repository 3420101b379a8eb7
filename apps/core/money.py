"""Money is Decimal with two places, everywhere; one field, one quantize."""

from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.db import models
from rest_framework import serializers

CENT = Decimal("0.01")
ZERO = Decimal("0.00")


def quantize(value: Decimal | int | str) -> Decimal:
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)


def MoneyField(**kwargs: Any) -> models.DecimalField:  # noqa: N802 - a field factory reads like a field
    kwargs.setdefault("max_digits", 20)
    kwargs.setdefault("decimal_places", 2)
    return models.DecimalField(**kwargs)


class MoneySerializerField(serializers.DecimalField):
    """Money in and out of the API: a 2-place string, never a float."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_digits", 20)
        kwargs.setdefault("decimal_places", 2)
        kwargs.setdefault("coerce_to_string", True)
        super().__init__(**kwargs)
