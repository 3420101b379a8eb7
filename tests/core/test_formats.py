"""apps.core.formats writes what the serializers' fields write."""

from decimal import Decimal

import pytest

from apps.core.formats import money
from apps.core.money import MoneySerializerField

AMOUNTS = ["0", "0.00", "1", "-1.5", "12.345", "12.355", "-12.345", "0.005", "0.015", "99999999999999999.99", "1E+3"]


@pytest.mark.parametrize("amount", AMOUNTS)
def test_money_is_written_as_the_money_field_writes_it(amount):
    assert money(Decimal(amount)) == MoneySerializerField().to_representation(Decimal(amount))
