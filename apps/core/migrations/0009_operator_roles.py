"""The operators' roles (issue 35): named Groups with least privilege, as apps.core.roles defines them.

The table is a frozen copy of apps.core.roles.ROLES as it was when this migration was written: a migration must do the
same on a fresh database whatever the module says later, and can name only the permissions of models that exist at
its point in the history. A later change of the roles comes with its own migration and its own copy.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

VIEW_EVERYTHING = "view:*"  # every view_ permission
EVERYTHING = "*"  # every permission

ROLES = {
    "registrations": [
        "accounts.approve_accountrecovery",
        "accounts.approve_merchant",
        "accounts.change_merchant",
        "accounts.request_accountrecovery",
        "accounts.view_accountrecovery",
        "accounts.view_invitationcode",
        "accounts.view_merchant",
        "shop.view_shop",
    ],
    "finance": [
        "wallet.add_adjustment",
        "wallet.approve_adjustment",
        "wallet.change_deposit",
        "wallet.change_withdrawal",
        "wallet.view_adjustment",
        "wallet.view_bankdepositdetails",
        "wallet.view_deposit",
        "wallet.view_depositnetwork",
        "wallet.view_withdrawal",
        "wallet.view_withdrawalfeerule",
    ],
    "fulfilment": [
        "orders.change_order",
        "orders.change_refund",
        "orders.view_creditevent",
        "orders.view_order",
        "orders.view_orderline",
        "orders.view_orderterms",
        "orders.view_refund",
        "orders.view_trackingevent",
    ],
    "support": [
        "support.add_announcement",
        "support.add_broadcast",
        "support.add_supportlink",
        "support.change_announcement",
        "support.change_conversation",
        "support.change_supportlink",
        "support.delete_announcement",
        "support.delete_supportlink",
        "support.view_announcement",
        "support.view_broadcast",
        "support.view_conversation",
        "support.view_supportlink",
        "support.view_supportmessage",
    ],
    "catalogue": [
        "catalog.add_category",
        "catalog.add_product",
        "catalog.add_productimage",
        "catalog.change_category",
        "catalog.change_product",
        "catalog.change_productimage",
        "catalog.delete_category",
        "catalog.delete_product",
        "catalog.delete_productimage",
        "catalog.remove_shopgoods",
        "catalog.view_category",
        "catalog.view_product",
        "catalog.view_productimage",
        "catalog.view_shopgoods",
    ],
    "auditor": 'view:*',
    "administrator": '*',
}


def create_roles(apps, schema_editor):
    # The permissions of every app first (they are otherwise created after the last migration), as Django's
    # documentation advises for a data migration that uses them.
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    rows = {f"{p.content_type.app_label}.{p.codename}": p for p in Permission.objects.select_related("content_type")}
    for name, spec in ROLES.items():
        if spec == EVERYTHING:
            wanted = set(rows)
        elif spec == VIEW_EVERYTHING:
            wanted = {key for key in rows if key.split(".", 1)[1].startswith("view_")}
        else:
            missing = set(spec) - set(rows)
            if missing:
                raise LookupError(f"role {name}: no permission {sorted(missing)}")
            wanted = set(spec)
        group, _created = Group.objects.get_or_create(name=name)
        group.permissions.set([rows[key] for key in sorted(wanted)])


def remove_roles(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name__in=list(ROLES)).delete()


class Migration(migrations.Migration):
    # The latest migration of every app whose models' permissions the roles hold (the administrator: all of them).
    dependencies = [
        ("core", "0008_statuschange_params"),
        ("accounts", "0011_contact_codes_and_account_recovery"),
        ("alliance", "0002_referral_rate_versions"),
        ("catalog", "0007_promotion_results"),
        ("orders", "0009_tracking_step"),
        ("shop", "0007_figures_one_basis"),
        ("storefront", "0004_orders_from_the_storefront"),
        ("support", "0005_broadcast_any_language"),
        ("wallet", "0008_terms_versions"),
        ("admin", "0003_logentry_add_action_flag_choices"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("sessions", "0001_initial"),
        ("axes", "0010_accessattemptexpiration"),
        ("otp_totp", "0003_add_timestamps"),
        ("otp_static", "0003_add_timestamps"),
    ]

    operations = [migrations.RunPython(create_roles, remove_roles)]
