"""Where each order came from (its source, and the storefront key of an external storefront), the ship window and the
pickup windows that pause while a shop is closed (issue 32).

Orders already received keep the source "shared_secret" (the intake's former shared secret) until the storefront's
migration marks those its own checkout placed. A paid order without a payment reference gets "(not recorded)" before
the constraint that forbids one. Orders already picked up and not shipped get a ship deadline counted from now, not
from their pickup: the window is published today. Orders awaiting pickup in a shop closed now are paused.
"""

from datetime import timedelta

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.models import DurationField, ExpressionWrapper, F, Value
from django.utils import timezone

AWAITING_PICKUP, AWAITING_SHIPMENT = 5, 1


def forwards(apps, schema_editor):
    Order = apps.get_model("orders", "Order")
    now = timezone.now()
    Order.objects.filter(paid_at__isnull=False, payment_reference="").update(payment_reference="(not recorded)")
    hours = getattr(settings, "ORDER_SHIP_WINDOW_HOURS", 72)  # a one-off read: the app reads selectors.ship_window()
    Order.objects.filter(status=AWAITING_SHIPMENT, ship_deadline__isnull=True).update(
        ship_deadline=now + timedelta(hours=hours)
    )
    Order.objects.filter(
        status=AWAITING_PICKUP, merchant__status="closed", pickup_deadline__gt=now
    ).update(
        pickup_paused_left=ExpressionWrapper(F("pickup_deadline") - Value(now), output_field=DurationField()),
        pickup_deadline=None,
    )


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0010_operator_action'),
        ('orders', '0004_order_stock_reserved'),
        ('shop', '0005_promotion_package'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='order',
            name='pickup_paused_left',
            field=models.DurationField(blank=True, null=True, verbose_name='pickup time left, paused'),
        ),
        migrations.AddField(
            model_name='order',
            name='ship_deadline',
            field=models.DateTimeField(blank=True, null=True, verbose_name='ship deadline'),
        ),
        migrations.AddField(
            model_name='order',
            name='source',
            field=models.CharField(choices=[('storefront', "The platform's storefront"), ('external', 'External storefront'), ('shared_secret', 'Order intake with the former shared secret')], default='shared_secret', max_length=16, verbose_name='source'),
            preserve_default=False,
        ),
        migrations.CreateModel(
            name='StorefrontKey',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=100, unique=True, verbose_name='name')),
                ('key_id', models.CharField(editable=False, max_length=32, unique=True, verbose_name='key id')),
                ('secret', models.CharField(editable=False, max_length=64)),
                ('is_active', models.BooleanField(default=True, verbose_name='active')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created at')),
                ('deactivated_at', models.DateTimeField(blank=True, null=True, verbose_name='deactivated at')),
                ('deactivation_reason', models.CharField(blank=True, max_length=255, verbose_name='reason for deactivation')),
                ('created_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='created by')),
                ('deactivated_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='deactivated by')),
                ('shops', models.ManyToManyField(related_name='+', to='shop.shop', verbose_name='shops it serves')),
            ],
            options={
                'verbose_name': 'storefront key',
                'verbose_name_plural': 'storefront keys',
                'ordering': ['name'],
            },
        ),
        migrations.AddField(
            model_name='order',
            name='storefront_key',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='orders', to='orders.storefrontkey', verbose_name='storefront key'),
        ),
        migrations.AddIndex(
            model_name='order',
            index=models.Index(fields=['status', 'ship_deadline'], name='orders_ship_due_idx'),
        ),
        migrations.RunPython(forwards, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='order',
            constraint=models.CheckConstraint(condition=models.Q(('paid_at__isnull', True), models.Q(('payment_reference', ''), _negated=True), _connector='OR'), name='orders_paid_has_payment_reference'),
        ),
        migrations.AddConstraint(
            model_name='order',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('source', 'external'), ('storefront_key__isnull', False)), models.Q(models.Q(('source', 'external'), _negated=True), ('storefront_key__isnull', True)), _connector='OR'), name='orders_source_key'),
        ),
        migrations.AddConstraint(
            model_name='order',
            constraint=models.CheckConstraint(condition=models.Q(('pickup_paused_left__isnull', True), ('pickup_deadline__isnull', True), _connector='OR'), name='orders_pickup_paused_or_running'),
        ),
    ]
