from decimal import Decimal

import pytest

from apps.catalog.services import product_image_add
from tests.factories import LevelFactory, ProductFactory, image_bytes


@pytest.fixture
def level(merchant):
    """Level 1 (margin 10 %, 20 products), assigned to the signed-in merchant."""
    level = LevelFactory(rank=1, profit_margin=Decimal("0.1000"), product_quantity=20, upgrade_price=Decimal(0))
    merchant.level = level
    merchant.save(update_fields=["level"])
    return level


@pytest.fixture
def make_products(db):
    def make(count: int, *, images: bool = True, **kwargs):
        products = ProductFactory.create_batch(count, **kwargs)
        if images:
            for product in products:
                product_image_add(product=product, content=image_bytes(size=(400, 300)))
        return products

    return make
