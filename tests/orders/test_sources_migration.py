"""The orders received before issue 32's migrations: the platform's storefront's orders get it as their source, the
others the retired shared secret; a paid order without a reference gets "(not recorded)"; an order awaiting shipment
gets a ship deadline counted from the migration; a closed shop's orders awaiting pickup are paused."""

from datetime import timedelta
from decimal import Decimal

from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from apps.accounts.constants import MerchantStatus
from tests.factories import MerchantFactory

BEFORE = [("orders", "0004_order_stock_reserved"), ("storefront", "0003_buyerorder_client")]
AFTER = [("storefront", "0004_orders_from_the_storefront")]


def test_orders_before_the_migration_get_their_source_deadlines_and_pauses(migrate_to):
    # Merchants as they are now (the accounts app is not migrated back), orders as they were before.
    open_shop, closed_shop = MerchantFactory().pk, MerchantFactory(status=MerchantStatus.CLOSED).pk
    old = migrate_to(BEFORE)
    Order = old.get_model("orders", "Order")
    now = timezone.now()

    def order(merchant, n, status, **fields):
        return Order.objects.create(
            merchant_id=merchant,
            number=f"O{n}",
            external_ref=f"REF-{n}",
            status=status,
            quantity=1,
            total_payment=Decimal("20.00"),
            total_cost=Decimal("18.00"),
            earnings=Decimal("2.00"),
            ship_name="A",
            ship_phone="1",
            ship_address="a",
            ship_country="US",
            **fields,
        ).pk

    intake = order(open_shop, 1, 1, paid_at=now, picked_at=now - timedelta(days=10), payment_reference="PSP-1")
    ours = order(open_shop, 2, 5, paid_at=now, pickup_deadline=now + timedelta(hours=40), payment_reference="")
    old.get_model("storefront", "BuyerOrder").objects.create(
        order_id=ours, token="t" * 43, email="a@example.com", language="en"
    )
    paused = order(closed_shop, 3, 5, paid_at=now, pickup_deadline=now + timedelta(hours=30), payment_reference="P")
    unpaid = order(closed_shop, 4, 0)

    new = migrate_to(AFTER)
    rows = {row["id"]: row for row in new.get_model("orders", "Order").objects.values()}
    assert {pk: rows[pk]["source"] for pk in rows} == {
        intake: "shared_secret",
        ours: "storefront",
        paused: "shared_secret",
        unpaid: "shared_secret",
    }
    assert rows[ours]["payment_reference"] == "(not recorded)" and rows[unpaid]["payment_reference"] == ""
    # Picked up ten days ago and not shipped: 72 hours from the migration, not from the pickup.
    assert rows[intake]["ship_deadline"] > timezone.now() + timedelta(hours=71)
    assert rows[paused]["pickup_deadline"] is None
    assert timedelta(hours=29) < rows[paused]["pickup_paused_left"] <= timedelta(hours=30)
    assert rows[ours]["pickup_paused_left"] is None and rows[ours]["pickup_deadline"] is not None
    # Rows written by hand (no figures, no ledger): gone again before the figures are checked.
    new.get_model("storefront", "BuyerOrder").objects.all().delete()
    new.get_model("orders", "Order").objects.all().delete()
    migrate_to(MigrationExecutor(connection).loader.graph.leaf_nodes())  # the figures checked after read newer tables
