"""The level cap holds under concurrent distribution (PostgreSQL: real transactions in parallel threads)."""

import threading

import pytest
from django.db import connections

from apps.catalog.models import ShopGoods
from apps.catalog.services import goods_add
from apps.core.errors import AppError
from tests.factories import LevelFactory, ProductFactory

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]


def test_concurrent_distributions_never_pass_the_level_cap(merchant):
    merchant.level = LevelFactory(rank=1, product_quantity=3)
    merchant.save(update_fields=["level"])
    products = ProductFactory.create_batch(10)
    barrier = threading.Barrier(len(products))
    results: list = [None] * len(products)

    def add(index: int) -> None:
        try:
            barrier.wait()
            results[index] = goods_add(merchant=merchant, product_ids=[products[index].id])
        except AppError as exc:
            results[index] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=add, args=(i,)) for i in range(len(products))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert ShopGoods.objects.filter(merchant=merchant).count() == 3
    assert sum(1 for r in results if isinstance(r, AppError)) == 7
