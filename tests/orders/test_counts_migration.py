"""The tab counters' migration (orders 0011) fills them from the orders already there, per shop and status."""

from decimal import Decimal

from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.factories import MerchantFactory

BEFORE = [("orders", "0010_order_pickup_reminded_at")]
AFTER = [("orders", "0011_order_counts")]


def test_the_counters_start_as_the_orders_grouped_by_shop_and_status(migrate_to):
    one, two = MerchantFactory().pk, MerchantFactory().pk
    old = migrate_to(BEFORE)
    Order = old.get_model("orders", "Order")
    fields = {"quantity": 1, "ship_name": "A", "ship_phone": "1", "ship_address": "a", "ship_country": "US"}
    for n, (merchant, status, cost) in enumerate(
        [(one, 5, "18.00"), (one, 5, "4.50"), (one, 4, "18.00"), (two, 5, "9.00"), (two, -1, "1.00")]
    ):
        Order.objects.create(
            merchant_id=merchant,
            number=f"O{n}",
            external_ref=f"REF-{n}",
            source="storefront",
            status=status,
            total_payment=Decimal(cost) + 2,
            total_cost=Decimal(cost),
            earnings=Decimal("2.00"),
            **fields,
        )

    new = migrate_to(AFTER)
    counts = new.get_model("orders", "OrderCount").objects.values_list("merchant_id", "status", "orders", "cost")
    assert sorted(counts) == [
        (one, 4, 1, Decimal("18.00")),
        (one, 5, 2, Decimal("22.50")),
        (two, -1, 1, Decimal("1.00")),
        (two, 5, 1, Decimal("9.00")),
    ]
    # Rows written by hand (no figures, no ledger): gone again before the figures are checked, on the latest schema.
    new.get_model("orders", "OrderCount").objects.all().delete()
    new.get_model("orders", "Order").objects.all().delete()
    migrate_to(MigrationExecutor(connection).loader.graph.leaf_nodes())
