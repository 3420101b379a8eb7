"""Issue 37's models (support.PushSubscription, PushPreference, PushDelivery; orders.Order's new field changes no
permission) in the operators' roles: the administrator holds every permission and the auditor every view_ permission,
the new models' included; no other role touches them (no operator sends pushes or reads a device's keys).

Frozen like 0009: the change is written here, not read from apps.core.roles.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations


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


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0010_roles_security_models"),
        ("support", "0008_push"),
        ("orders", "0010_order_pickup_reminded_at"),
    ]

    operations = [migrations.RunPython(extend_roles, migrations.RunPython.noop)]
