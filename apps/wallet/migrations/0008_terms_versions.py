"""Withdrawal fee rules, deposit networks and bank deposit details become published terms (apps.core.terms): rows
are versions, added and never changed. Each existing row is kept as a version in force since it was made
(effective_from = created_at); a network is a version of its code, a bank account of its label (each existing account
its own: "main" for the first, "account-<id>" for the others). A fee rule that was switched off is not kept: the rule
that applied is the newest active one, and it stays in force."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

from apps.core.append_only import append_only_triggers

MODELS = ("bankdepositdetails", "depositnetwork", "withdrawalfeerule")


def versions_in_force(apps, schema_editor):
    apps.get_model("wallet", "WithdrawalFeeRule").objects.filter(is_active=False).delete()
    for name in MODELS:
        model = apps.get_model("wallet", name)
        for row in model.objects.order_by("id"):
            model.objects.filter(pk=row.pk).update(effective_from=row.created_at, announced_at=row.created_at)
    bank = apps.get_model("wallet", "BankDepositDetails")
    for index, row in enumerate(bank.objects.order_by("id")):
        bank.objects.filter(pk=row.pk).update(label="main" if index == 0 else f"account-{row.pk}")


def versions_back(apps, schema_editor):
    for name in MODELS:
        model = apps.get_model("wallet", name)
        for row in model.objects.all():
            model.objects.filter(pk=row.pk).update(created_at=row.effective_from)


def version_fields(model_name):
    return [
        migrations.AddField(
            model_name=model_name,
            name="announced_at",
            field=models.DateTimeField(default=django.utils.timezone.now, editable=False, verbose_name="announced at"),
        ),
        migrations.AddField(
            model_name=model_name,
            name="announced_by",
            field=models.ForeignKey(
                blank=True,
                editable=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
                verbose_name="operator",
            ),
        ),
        migrations.AddField(
            model_name=model_name,
            name="change_note",
            field=models.CharField(blank=True, max_length=255, verbose_name="what changes and why"),
        ),
        migrations.AddField(
            model_name=model_name,
            name="effective_from",
            field=models.DateTimeField(db_index=True, default=django.utils.timezone.now, verbose_name="in force from"),
        ),
    ]


class Migration(migrations.Migration):
    dependencies = [
        ("wallet", "0007_alter_journalentry_kind"),
        ("core", "0003_statuschange_idempotency_result"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        *version_fields("bankdepositdetails"),
        *version_fields("depositnetwork"),
        *version_fields("withdrawalfeerule"),
        migrations.AddField(
            model_name="bankdepositdetails",
            name="label",
            field=models.SlugField(
                default="main",
                help_text="Names this account across its versions: a new version with the same label replaces it.",
                max_length=32,
                verbose_name="account label",
            ),
        ),
        migrations.RunPython(versions_in_force, versions_back),
        migrations.RemoveField(model_name="bankdepositdetails", name="created_at"),
        migrations.RemoveField(model_name="bankdepositdetails", name="updated_at"),
        migrations.RemoveField(model_name="depositnetwork", name="created_at"),
        migrations.RemoveField(model_name="depositnetwork", name="updated_at"),
        migrations.RemoveField(model_name="withdrawalfeerule", name="created_at"),
        migrations.RemoveField(model_name="withdrawalfeerule", name="is_active"),
        migrations.RemoveField(model_name="withdrawalfeerule", name="updated_at"),
        migrations.AlterField(
            model_name="depositnetwork",
            name="code",
            field=models.CharField(help_text="For example USDT-TRC20.", max_length=32, verbose_name="code"),
        ),
        migrations.AlterModelOptions(
            name="bankdepositdetails",
            options={
                "ordering": ["label", "-effective_from"],
                "verbose_name": "bank deposit details",
                "verbose_name_plural": "bank deposit details",
            },
        ),
        migrations.AlterModelOptions(
            name="depositnetwork",
            options={
                "ordering": ["sort", "code", "-effective_from"],
                "verbose_name": "deposit network",
                "verbose_name_plural": "deposit networks",
            },
        ),
        migrations.AlterModelOptions(
            name="withdrawalfeerule",
            options={
                "ordering": ["-effective_from", "-id"],
                "verbose_name": "withdrawal fee rule",
                "verbose_name_plural": "withdrawal fee rules",
            },
        ),
        migrations.AddConstraint(
            model_name="bankdepositdetails",
            constraint=models.UniqueConstraint(fields=("label", "effective_from"), name="bank_details_version_start"),
        ),
        migrations.AddConstraint(
            model_name="depositnetwork",
            constraint=models.UniqueConstraint(fields=("code", "effective_from"), name="deposit_network_version_start"),
        ),
        migrations.AddConstraint(
            model_name="depositnetwork",
            constraint=models.CheckConstraint(
                condition=models.Q(("minimum__gte", 0)), name="deposit_network_minimum_not_negative"
            ),
        ),
        migrations.AddConstraint(
            model_name="depositnetwork",
            constraint=models.CheckConstraint(
                condition=models.Q(("confirmations__gte", 1)), name="deposit_network_confirmations"
            ),
        ),
        migrations.AddConstraint(
            model_name="withdrawalfeerule",
            constraint=models.UniqueConstraint(fields=("effective_from",), name="withdrawal_fee_rule_version_start"),
        ),
        migrations.AddConstraint(
            model_name="withdrawalfeerule",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("fixed_fee__gte", 0), ("minimum__gte", 0), ("percent_fee__gte", 0), ("percent_fee__lte", 100)
                ),
                name="withdrawal_fee_rule_within_bounds",
            ),
        ),
        append_only_triggers("wallet_bankdepositdetails", "wallet_depositnetwork", "wallet_withdrawalfeerule"),
    ]
