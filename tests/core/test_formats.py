"""apps.core.formats writes what the serializers' fields write."""

from datetime import UTC, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from rest_framework.fields import DateTimeField

from apps.core import formats
from apps.core.formats import money
from apps.core.money import MoneySerializerField

AMOUNTS = ["0", "0.00", "1", "-1.5", "12.345", "12.355", "-12.345", "0.005", "0.015", "99999999999999999.99", "1E+3"]


@pytest.mark.parametrize("amount", AMOUNTS)
def test_money_is_written_as_the_money_field_writes_it(amount):
    assert money(Decimal(amount)) == MoneySerializerField().to_representation(Decimal(amount))


TIMES = [
    datetime(2026, 11, 26, 4, 30, 15, tzinfo=UTC),
    datetime(2026, 11, 26, 4, 30, 15, 123456, tzinfo=UTC),
    datetime(2026, 11, 26, 12, 0, tzinfo=ZoneInfo("Asia/Shanghai")),
    datetime(2026, 3, 29, 1, 30, tzinfo=ZoneInfo("Europe/Berlin")),
    datetime(2026, 11, 26, 4, 30),  # naive: taken in settings.TIME_ZONE, as DRF does
]


@pytest.mark.parametrize("value", TIMES)
@pytest.mark.parametrize("zone", ["UTC", "Asia/Bangkok"])
def test_a_time_is_written_as_the_datetime_field_writes_it(value, zone, settings, monkeypatch):
    settings.TIME_ZONE = zone
    monkeypatch.setattr(formats, "_ZONE", ZoneInfo(zone))
    monkeypatch.setattr(formats, "_TIME", DateTimeField(default_timezone=ZoneInfo(zone)))
    assert formats.time(value) == DateTimeField().to_representation(value)
