"""The API's renderer (orjson) writes what DRF's JSONRenderer writes, byte for byte."""

import uuid
from datetime import UTC, date, datetime, time, timedelta, timezone
from decimal import Decimal

import pytest
from django.utils.translation import gettext_lazy
from rest_framework.renderers import JSONRenderer

from apps.accounts.constants import MerchantStatus
from apps.core.renderers import ApiJSONRenderer

VALUES = [
    {"code": 1, "msg": "ok", "data": {"total": 3, "list": [{"id": 1, "price": "12.30", "on": True, "cover": None}]}},
    {"at": datetime(2026, 11, 26, 13, 54, 44, 68738, tzinfo=UTC), "naive": datetime(2026, 1, 2, 3, 4, 5)},
    {"local": datetime(2026, 11, 26, 8, 0, tzinfo=timezone(timedelta(hours=7))), "day": date(2026, 2, 28)},
    {"time": time(9, 30, 15, 250000), "amount": Decimal("10.50"), "id": uuid.UUID(int=7)},
    {"lazy": gettext_lazy("Unknown parameter: %(names)s"), "status": MerchantStatus.ACTIVE, "set": {5}},
    {"text": '人字拖 Шлёпанцы รองเท้า \u2028 \u2029 "quoted" \\ \n', 1: "a key that is a number"},
    [1, -2.5, 1e-7, 10**20, [], {}],  # beyond 64 bits: DRF's renderer writes it
]


@pytest.mark.parametrize("value", VALUES)
def test_same_bytes_as_drf(value):
    assert ApiJSONRenderer().render(value) == JSONRenderer().render(value)


def test_nothing_and_indented_answers_as_drf():
    assert ApiJSONRenderer().render(None) == b""
    context = {"indent": 2}
    assert ApiJSONRenderer().render(VALUES[0], "application/json", context) == JSONRenderer().render(
        VALUES[0], "application/json", context
    )
