"""A merchant's prices for a product (product.md section 4), computed here and nowhere else."""

from dataclasses import dataclass
from decimal import Decimal

from apps.core.money import quantize


@dataclass(frozen=True)
class Prices:
    retail: Decimal
    purchase: Decimal
    profit: Decimal


def prices_for(*, retail: Decimal, margin: Decimal) -> Prices:
    """purchase = retail x (1 - margin), rounded half up to the cent; profit = retail - purchase (exact)."""
    retail = quantize(retail)
    purchase = quantize(retail * (Decimal(1) - Decimal(margin)))
    return Prices(retail=retail, purchase=purchase, profit=retail - purchase)
