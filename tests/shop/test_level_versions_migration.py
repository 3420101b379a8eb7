"""The levels become their first versions (shop 0006): each keeps its terms, in force since it was created."""

from decimal import Decimal

BEFORE = [("shop", "0005_promotion_package")]
AFTER = [("shop", "0006_level_versions")]


def test_each_level_becomes_its_first_version(migrate_to):
    old = migrate_to(BEFORE)
    levels = old.get_model("shop", "Level").objects
    bronze = levels.create(rank=1, name="Bronze", name_ru="Bronze", profit_margin=Decimal("0.1"), product_quantity=20,
                           upgrade_price=Decimal(0))  # fmt: skip
    silver = levels.create(rank=2, name="Silver", name_ru="Silver", profit_margin=Decimal("0.15"), product_quantity=50,
                           upgrade_price=Decimal(100))  # fmt: skip

    new = migrate_to(AFTER)
    rows = new.get_model("shop", "Level").objects.order_by("rank")
    assert [(r.rank, r.profit_margin, r.effective_from, r.announced_at) for r in rows] == [
        (1, Decimal("0.1000"), bronze.created_at, bronze.created_at),
        (2, Decimal("0.1500"), silver.created_at, silver.created_at),
    ]
