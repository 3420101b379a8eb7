"""Every compiled writer (apps.core.writers) writes what its serializer's own `.data` writes, for rows made from the
serializer's field kinds: nulls where a field allows them, decimals, times of several zones, unicode, labels in
every language."""

import random
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.test import RequestFactory
from django.urls import get_resolver
from django.utils import translation
from rest_framework import serializers

from apps.core.writers import LabelField, PictureField, Writer, fields_of, writer, writers

get_resolver().url_patterns  # noqa: B018 - imports every API module, which compile their writers
WRITERS = writers()
LANGUAGES = ["en", "zh-hans", "th"]
TEXTS = ["", "Lamp", "Ünïcødé 商品 สินค้า 😀", " spaced  "]
ZONES = [UTC, ZoneInfo("Asia/Shanghai"), ZoneInfo("America/Los_Angeles")]
NAMES = ["", "products/lamp_1.jpg", "uploads/2026/商品 one.png"]
URLS = [None, "/media/products/lamp_1.jpg", "https://bucket.example.com/a.jpg?X-Amz-Signature=ab%20c"]


def _value(field: serializers.Field, rng: random.Random) -> Any:
    if isinstance(field, LabelField):
        return rng.choice(field.choices_class.values)
    if isinstance(field, PictureField):
        return rng.choice(URLS if field.url else NAMES)
    if isinstance(field, serializers.ChoiceField):
        return rng.choice(list(field.choices))
    if isinstance(field, serializers.BooleanField):
        return rng.choice([True, False])
    if isinstance(field, serializers.IntegerField):
        return rng.randrange(0, 10**9)
    if isinstance(field, serializers.DecimalField):
        places, digits = field.decimal_places or 0, min(field.max_digits or 20, 15) - 1  # what a database holds
        number = Decimal(rng.randrange(-(10**digits), 10**digits)).scaleb(-rng.choice([places, places + 1]))
        return rng.choice([Decimal(0), Decimal(5), number])  # SQLite's 5 as much as 5.00, and a rounding
    if isinstance(field, serializers.DateTimeField):
        moment = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(seconds=rng.randrange(0, 10**8) / 7)
        return moment.astimezone(rng.choice(ZONES))
    if isinstance(field, serializers.DateField):
        return date(2026, 1, 1) + timedelta(days=rng.randrange(0, 400))
    if isinstance(field, serializers.DictField):
        return {rng.choice(TEXTS): _value(field.child, rng) for _ in range(3)}
    if isinstance(field, serializers.EmailField):
        return rng.choice(["ana@example.com", "名@例子.中国"])
    if isinstance(field, serializers.CharField):
        return rng.choice(TEXTS)
    raise AssertionError(f"No value for a {type(field).__name__} yet: add its kind here")


def _row(compiled: Writer, rng: random.Random) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for field in compiled.fields:
        if isinstance(field, serializers.ListSerializer):
            row[field.source] = [_row(writer(type(field.child)), rng) for _ in range(rng.randrange(0, 3))]
        elif isinstance(field, serializers.Serializer):
            nested = _row(writer(type(field)), rng)
            row[field.source] = None if field.allow_null and rng.random() < 0.3 else nested
        elif hasattr(field, "examples"):  # apps.core.writers.derived
            for source, examples in field.examples.items():
                row.setdefault(source, rng.choice(list(examples)))
        elif field.source not in row:
            row[field.source] = None if field.allow_null and rng.random() < 0.3 else _value(field, rng)
    return row


def test_every_api_answer_with_a_writer_is_found():
    names = {compiled.serializer.__qualname__ for compiled in WRITERS}
    assert {"OrderSummarySerializer", "OrderDetailApi.OutputSerializer", "RefundStateSerializer"} <= names


@pytest.mark.parametrize("compiled", WRITERS, ids=lambda compiled: compiled.serializer.__qualname__)
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_writer_writes_what_its_serializer_writes(compiled, language):
    rng = random.Random(f"{compiled.serializer.__qualname__}:{language}")
    context = {"request": RequestFactory().get("/", HTTP_HOST="shop.example.com")}
    rows = [_row(compiled, rng) for _ in range(40)]
    with translation.override(language):
        assert compiled.many(rows, context) == compiled.serializer(rows, many=True, context=context).data
        assert compiled.one(rows[0], context) == compiled.serializer(rows[0], context=context).data


@pytest.mark.parametrize("compiled", WRITERS, ids=lambda compiled: compiled.serializer.__qualname__)
def test_a_selector_reads_every_value_its_writer_writes(compiled):
    rng = random.Random(compiled.serializer.__qualname__)
    row = _row(compiled, rng)
    nested = {field.source for field in compiled.fields if isinstance(field, serializers.BaseSerializer)}
    assert set(fields_of(compiled.serializer)) == set(row) - nested
