"""Issue 36's models in the operators' roles: finance views the merchants' payout destinations; the administrator
holds every permission and the auditor every view_ permission, the new models' included.

Frozen like 0009: the change is written here, not read from apps.core.roles.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

FINANCE_ADDS = ["wallet.view_payoutdestination"]


def _permissions(apps):
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Permission = apps.get_model("auth", "Permission")
    return {f"{p.content_type.app_label}.{p.codename}": p for p in Permission.objects.select_related("content_type")}


def extend_roles(apps, schema_editor):
    rows = _permissions(apps)
    Group = apps.get_model("auth", "Group")
    for group in Group.objects.filter(name="administrator"):
        group.permissions.set(list(rows.values()))
    for group in Group.objects.filter(name="auditor"):
        group.permissions.set([p for key, p in rows.items() if key.split(".", 1)[1].startswith("view_")])
    for group in Group.objects.filter(name="finance"):
        group.permissions.add(*[rows[key] for key in FINANCE_ADDS])


def narrow_finance(apps, schema_editor):
    rows = _permissions(apps)
    for group in apps.get_model("auth", "Group").objects.filter(name="finance"):
        group.permissions.remove(*[rows[key] for key in FINANCE_ADDS])


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0009_operator_roles"),
        ("accounts", "0015_passkey"),
        ("support", "0007_notice_target_security"),
        ("wallet", "0010_withdrawal_destinations_existing"),
    ]

    operations = [migrations.RunPython(extend_roles, narrow_finance)]
