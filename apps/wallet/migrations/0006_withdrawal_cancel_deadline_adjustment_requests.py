"""Issue 32: withdrawals get a review deadline and may be cancelled; a chain deposit's hash is credited once whoever
approves it; balance adjustments become requests a second operator decides.

Data: a withdrawal made before has its deadline reckoned from when it was made (48 hours, the default); an adjustment
made before was posted at once, so it is approved (with no second operator: there was none); the hashes already
credited are written in their one spelling (lower case, no 0x), and an approved chain deposit with a hash and none
credited gets it, unless an earlier deposit has it (that double credit happened before: kept as it is, and the
deposit's page shows both).
"""

from datetime import timedelta

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

REVIEW_HOURS = 48
APPROVED = 1
CHAIN = "chain"


def tx_hash_key(tx_hash):
    return tx_hash.strip().lower().removeprefix("0x")


def forwards(apps, schema_editor):
    Withdrawal = apps.get_model("wallet", "Withdrawal")
    for withdrawal in Withdrawal.objects.filter(review_due_at__isnull=True).only("pk", "created_at").iterator():
        Withdrawal.objects.filter(pk=withdrawal.pk).update(
            review_due_at=withdrawal.created_at + timedelta(hours=REVIEW_HOURS)
        )
    Deposit = apps.get_model("wallet", "Deposit")
    credited = set()
    for deposit in Deposit.objects.filter(credited_tx_hash__isnull=False).order_by("pk").only("pk", "credited_tx_hash"):
        key = tx_hash_key(deposit.credited_tx_hash)
        Deposit.objects.filter(pk=deposit.pk).update(credited_tx_hash=key)
        credited.add(key)
    approved = Deposit.objects.filter(status=APPROVED, method=CHAIN, credited_tx_hash__isnull=True).exclude(tx_hash="")
    for deposit in approved.order_by("pk").only("pk", "tx_hash"):
        key = tx_hash_key(deposit.tx_hash)
        if key not in credited:
            Deposit.objects.filter(pk=deposit.pk).update(credited_tx_hash=key)
            credited.add(key)


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0010_operator_action'),
        ('wallet', '0005_promotion_refund_kind'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterModelOptions(
            name='adjustment',
            options={'ordering': ['-id'], 'permissions': [('approve_adjustment', 'Can approve or reject balance adjustments requested by others')], 'verbose_name': 'balance adjustment', 'verbose_name_plural': 'balance adjustments'},
        ),
        migrations.AddField(
            model_name='adjustment',
            name='decided_at',
            field=models.DateTimeField(blank=True, null=True, verbose_name='decided at'),
        ),
        migrations.AddField(
            model_name='adjustment',
            name='decided_by',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='decided by'),
        ),
        migrations.AddField(
            model_name='adjustment',
            name='decision_note',
            field=models.CharField(blank=True, max_length=255, verbose_name='reason not approved'),
        ),
        migrations.AddField(
            model_name='adjustment',
            name='status',
            field=models.PositiveSmallIntegerField(choices=[(0, 'Awaiting approval'), (1, 'Approved'), (2, 'Not approved')], db_index=True, default=1, verbose_name='status'),
            preserve_default=False,
        ),
        migrations.AlterField(
            model_name='adjustment',
            name='status',
            field=models.PositiveSmallIntegerField(choices=[(0, 'Awaiting approval'), (1, 'Approved'), (2, 'Not approved')], db_index=True, default=0, verbose_name='status'),
        ),
        migrations.AddField(
            model_name='withdrawal',
            name='overdue_notified_at',
            field=models.DateTimeField(blank=True, null=True, verbose_name='merchant told it is overdue'),
        ),
        migrations.AddField(
            model_name='withdrawal',
            name='review_due_at',
            field=models.DateTimeField(db_index=True, null=True, verbose_name='review deadline'),
        ),
        migrations.RunPython(forwards, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='withdrawal',
            name='review_due_at',
            field=models.DateTimeField(db_index=True, verbose_name='review deadline'),
        ),
        migrations.AlterField(
            model_name='adjustment',
            name='operator',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='requested by'),
        ),
        migrations.AlterField(
            model_name='journalentry',
            name='kind',
            field=models.CharField(choices=[('deposit', 'Deposit'), ('withdrawal', 'Withdrawal request'), ('withdrawal_paid', 'Withdrawal paid'), ('withdrawal_rejected', 'Withdrawal rejected, amount returned'), ('withdrawal_cancelled', 'Withdrawal cancelled, amount returned'), ('level_upgrade', 'Level upgrade'), ('adjustment', 'Balance adjustment'), ('order_paid', 'Order paid by buyer'), ('order_pickup', 'Order pickup'), ('order_received', 'Order received'), ('order_settled', 'Order settled'), ('order_refund', 'Order refund'), ('order_cancelled', 'Order cancelled, buyer refunded'), ('promotion', 'Promotion purchase'), ('referral_reward', 'Referral reward')], db_index=True, max_length=32, verbose_name='kind'),
        ),
        migrations.AlterField(
            model_name='withdrawal',
            name='status',
            field=models.PositiveSmallIntegerField(choices=[(0, 'In review'), (1, 'Withdrawn'), (2, 'Not approved'), (3, 'Cancelled')], db_index=True, default=0, verbose_name='status'),
        ),
        migrations.AddConstraint(
            model_name='adjustment',
            constraint=models.CheckConstraint(condition=models.Q(('decided_by', models.F('operator')), _negated=True), name='adjustment_decided_by_another'),
        ),
    ]
