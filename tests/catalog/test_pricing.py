from decimal import Decimal

import pytest

from apps.catalog.pricing import prices_for


@pytest.mark.parametrize(
    ("retail", "margin", "purchase", "profit"),
    [
        ("100.00", "0.10", "90.00", "10.00"),
        ("19.99", "0.15", "16.99", "3.00"),  # 16.9915 rounds down
        ("0.05", "0.10", "0.05", "0.00"),  # 0.045 rounds half up
        ("33.33", "0.2500", "25.00", "8.33"),  # 24.9975 rounds up
        ("10.00", "0", "10.00", "0.00"),
    ],
)
def test_purchase_price_and_profit_are_exact_cents(retail, margin, purchase, profit):
    prices = prices_for(retail=Decimal(retail), margin=Decimal(margin))
    assert (str(prices.purchase), str(prices.profit)) == (purchase, profit)
    assert prices.purchase + prices.profit == prices.retail
