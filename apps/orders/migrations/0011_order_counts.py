"""The order list's tab counts (apps.orders.counts): one row per shop and status, filled from the orders grouped by
merchant and status (what `manage.py rebuild_figures` also writes). Order steps count themselves from then on."""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import Count, Sum


def backfill(apps, schema_editor):
    Order = apps.get_model("orders", "Order")
    OrderCount = apps.get_model("orders", "OrderCount")
    groups = Order.objects.order_by().values("merchant_id", "status").annotate(n=Count("id"), cost=Sum("total_cost"))
    OrderCount.objects.bulk_create(
        (OrderCount(merchant_id=g["merchant_id"], status=g["status"], orders=g["n"], cost=g["cost"]) for g in groups),
        batch_size=2000,
    )


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0015_passkey'),
        ('orders', '0010_order_pickup_reminded_at'),
    ]

    operations = [
        migrations.CreateModel(
            name='OrderCount',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('status', models.SmallIntegerField()),
                ('orders', models.PositiveIntegerField(default=0)),
                ('cost', models.DecimalField(decimal_places=2, default=0, max_digits=20)),
                ('merchant', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='accounts.merchant')),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('merchant', 'status'), name='orders_count_once')],
                'default_permissions': (),
            },
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
    ]
