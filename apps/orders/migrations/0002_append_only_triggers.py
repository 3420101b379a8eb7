"""On PostgreSQL the database itself refuses UPDATE and DELETE on tracking and credit events (as on the ledger), with
the function apps/core/migrations/0003 created."""

from django.db import migrations

TABLES = ["orders_trackingevent", "orders_creditevent"]


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for table in TABLES:
        schema_editor.execute(
            f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION core_append_only();"
        )


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for table in TABLES:
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_append_only ON {table};")


class Migration(migrations.Migration):
    dependencies = [("orders", "0001_initial"), ("core", "0003_statuschange_idempotency_result")]

    operations = [migrations.RunPython(forwards, backwards)]
