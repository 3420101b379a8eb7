"""The orders the platform's storefront placed (those with a BuyerOrder) have it as their source (issue 32): the
orders migration gave every order received before it the intake's former shared secret."""

from django.db import migrations


def forwards(apps, schema_editor):
    Order = apps.get_model("orders", "Order")
    BuyerOrder = apps.get_model("storefront", "BuyerOrder")
    Order.objects.filter(pk__in=BuyerOrder.objects.values("order_id"), storefront_key__isnull=True).update(
        source="storefront"
    )


class Migration(migrations.Migration):
    dependencies = [
        ("storefront", "0003_buyerorder_client"),
        ("orders", "0005_sources_keys_windows"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
