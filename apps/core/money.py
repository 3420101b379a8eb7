"""Money is Decimal with two places, everywhere; one field, one quantize, one upper bound per operation."""

import re
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache
from typing import Any

from babel import Locale
from babel.numbers import format_currency, format_decimal, is_currency
from django import forms
from django.conf import settings
from django.db import models
from django.utils.translation import get_language, to_locale
from django.utils.translation import gettext as _
from rest_framework import serializers

from .errors import field_error

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
# No setting can lift an amount past this: 15 significant digits, what SQLite (a REAL column under the hood)
# reads back exactly, and far below what the money columns hold (20 digits).
MONEY_CEILING = Decimal("9999999999999.99")
# The operations with their own bound (settings.MONEY_MAX); "input" bounds any other amount a person types.
OPERATIONS = ("input", "deposit", "withdrawal", "adjustment", "credit")


def quantize(value: Decimal | int | str) -> Decimal:
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)


def money_max(operation: str = "input") -> Decimal:
    """The largest amount one `operation` accepts (settings.MONEY_MAX, env MONEY_MAX_<OPERATION>), at most the
    ceiling."""
    if operation not in OPERATIONS:
        raise ValueError(f"unknown money operation {operation!r}")
    return min(quantize(settings.MONEY_MAX[operation]), MONEY_CEILING)


def money_text(amount: Decimal | str, currency: str = "") -> str:
    """An amount as a server message stores it: "10.00 USD", in the platform currency unless another is named (a
    chain token such as USDT); a message's parameters are shown in the reader's money format (localized_params)."""
    return f"{quantize(amount)} {currency or settings.PLATFORM_CURRENCY}"


@lru_cache(maxsize=16)
def _locale(language: str) -> Locale:
    return Locale.parse(to_locale(language))


def babel_locale(language: str | None = None) -> Locale:
    """`language` (the active one by default) as Babel's locale: how money and times are written for a reader."""
    return _locale(language or get_language() or settings.LANGUAGE_CODE)


def money_local(amount: Decimal | str, currency: str = "", language: str | None = None) -> str:
    """An amount as a person reads it in `language` (the active one by default), from Babel's data (CLDR): 12.5 ->
    "$12.50" in English, "12,50 $" in Russian, "US$12.50" in Traditional Chinese; a currency Babel does not know (a
    chain token such as USDT) after the number ("1 000,50 USDT"). The one money format of the storefront's pages and
    of the messages the server writes (localized_params)."""
    code, locale = currency or settings.PLATFORM_CURRENCY, babel_locale(language)
    if is_currency(code):
        return format_currency(Decimal(amount), code, locale=locale)
    return f"{format_decimal(quantize(amount), format='#,##0.00', locale=locale)} {code}"


# What money_text writes: the amount with two places, a space and the currency's code.
_MONEY_TEXT = re.compile(r"(-?\d+\.\d{2}) ([A-Z]{3,5})")


def localized_params(params: dict[str, Any]) -> dict[str, Any]:
    """A message's parameters as the reader reads them: each amount a service stored as money_text ("1000.00 USD") in
    the active language's money format (money_local); the others as they are."""
    shown = dict(params)
    for name, value in params.items():
        if isinstance(value, str) and (found := _MONEY_TEXT.fullmatch(value)):
            shown[name] = money_local(found[1], found[2])
    return shown


def too_large_message(maximum: Decimal) -> str:
    return _("The amount cannot be more than %(maximum)s.") % {"maximum": money_text(maximum)}


def money_bounded(amount: Decimal, *, operation: str, field: str = "amount") -> Decimal:
    """`amount`, quantized, when its size is within the operation's bound; otherwise a rejection naming `field`."""
    amount = quantize(amount)
    maximum = money_max(operation)
    if abs(amount) > maximum:
        raise field_error(field, too_large_message(maximum))
    return amount


class _MoneyModelField(models.DecimalField):
    """A DecimalField whose forms (the admin's) refuse an amount beyond the input bound. Migrations see a plain
    DecimalField: the bound is a setting, not a column property."""

    def formfield(self, **kwargs: Any) -> Any:
        field = super().formfield(**kwargs)
        if isinstance(field, forms.DecimalField):
            field.validators.append(_FormBound("input"))
        return field

    def deconstruct(self) -> Any:
        name, _path, args, kwargs = super().deconstruct()
        return name, "django.db.models.DecimalField", args, kwargs


class _FormBound:
    """A form validator reading the bound when it runs (settings can change between requests in tests)."""

    def __init__(self, operation: str) -> None:
        self.operation = operation

    def __call__(self, value: Decimal | None) -> None:
        if value is not None and abs(value) > money_max(self.operation):
            raise forms.ValidationError(too_large_message(money_max(self.operation)), code="max_value")


def money_form_validator(operation: str) -> _FormBound:
    """A Django form field validator for an amount of `operation` (the admin's decision forms)."""
    return _FormBound(operation)


def MoneyField(**kwargs: Any) -> models.DecimalField:  # noqa: N802 - a field factory reads like a field
    kwargs.setdefault("max_digits", 20)
    kwargs.setdefault("decimal_places", 2)
    return _MoneyModelField(**kwargs)


class MoneySerializerField(serializers.DecimalField):
    """Money in and out of the API: a 2-place string, never a float. An amount sent in is at most the bound of
    its `operation` (settings.MONEY_MAX; the services check it again)."""

    def __init__(self, *, operation: str = "input", **kwargs: Any) -> None:
        if operation not in OPERATIONS:
            raise ValueError(f"unknown money operation {operation!r}")
        self.operation = operation
        kwargs.setdefault("max_digits", 20)
        kwargs.setdefault("decimal_places", 2)
        kwargs.setdefault("coerce_to_string", True)
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> Decimal:
        value = super().to_internal_value(data)
        maximum = money_max(self.operation)
        if abs(value) > maximum:
            raise serializers.ValidationError(too_large_message(maximum), code="max_value")
        return value
