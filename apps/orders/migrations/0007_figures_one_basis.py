"""The figures on one basis (product.md 11): the rows are recounted from the orders once their new columns exist
(apps.shop 0007). The same as `manage.py rebuild_figures`; nothing to do on a new database."""

from django.db import migrations


def rebuild(apps, schema_editor):
    merchants = apps.get_model("accounts", "Merchant")
    if not merchants.objects.exists():
        return
    from apps.orders.figures import figures_rebuild

    figures_rebuild(tabs=False)  # the tab counts' table comes in 0011, which fills it


class Migration(migrations.Migration):
    dependencies = [("orders", "0006_order_terms"), ("shop", "0007_figures_one_basis")]

    operations = [migrations.RunPython(rebuild, migrations.RunPython.noop)]
