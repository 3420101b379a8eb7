# The order windows and the settlement delay become published terms (apps.core.terms): the first version holds the
# values the settings give now, in force at once; the next ones are announced by operators. Append-only.

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models
from django.utils import timezone

from apps.core.append_only import append_only_triggers


def first_version(apps, schema_editor):
    OrderTerms = apps.get_model("orders", "OrderTerms")
    if not OrderTerms.objects.exists():
        now = timezone.now()
        OrderTerms.objects.create(
            effective_from=now,
            announced_at=now,
            pickup_window_hours=settings.ORDER_PICKUP_WINDOW_HOURS,
            ship_window_hours=settings.ORDER_SHIP_WINDOW_HOURS,
            receive_days_after_shipment=settings.ORDER_RECEIVE_DAYS_AFTER_SHIPMENT,
            receive_days_after_delivery=settings.ORDER_RECEIVE_DAYS_AFTER_DELIVERY,
            settlement_delay_days=settings.ORDER_SETTLEMENT_DELAY_DAYS,
        )


class Migration(migrations.Migration):

    dependencies = [
        ('core', '0003_statuschange_idempotency_result'),
        ('orders', '0005_sources_keys_windows'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='OrderTerms',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('effective_from', models.DateTimeField(db_index=True, default=django.utils.timezone.now, verbose_name='in force from')),
                ('announced_at', models.DateTimeField(default=django.utils.timezone.now, editable=False, verbose_name='announced at')),
                ('change_note', models.CharField(blank=True, max_length=255, verbose_name='what changes and why')),
                ('pickup_window_hours', models.PositiveIntegerField(help_text='A paid order not picked up within this many hours is cancelled and its buyer refunded.', verbose_name='pickup window (hours)')),
                ('ship_window_hours', models.PositiveIntegerField(help_text='A picked-up order not shipped within this many hours is cancelled: its cost back to the merchant, the buyer refunded, no credit lost.', verbose_name='ship window (hours)')),
                ('receive_days_after_shipment', models.PositiveIntegerField(help_text='A shipped order counts as received this many days after shipment, unless the buyer confirms.', verbose_name='received after shipment (days)')),
                ('receive_days_after_delivery', models.PositiveIntegerField(help_text='A delivered order counts as received this many days after delivery, if that comes first.', verbose_name='received after delivery (days)')),
                ('settlement_delay_days', models.PositiveIntegerField(help_text='A received order settles (its sales become available) this many days later, with no open refund.', verbose_name='settlement delay (days)')),
                ('announced_by', models.ForeignKey(blank=True, editable=False, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='operator')),
            ],
            options={
                'verbose_name': 'order windows and settlement delay',
                'verbose_name_plural': 'order windows and settlement delay',
                'ordering': ['-effective_from', '-id'],
            },
        ),
        append_only_triggers("orders_orderterms"),
        migrations.RunPython(first_version, migrations.RunPython.noop),
    ]
