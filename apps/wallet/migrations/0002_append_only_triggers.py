"""On PostgreSQL the database itself refuses UPDATE and DELETE on journal and audit rows (product.md section 6).

TRUNCATE is not a row event, so test database flushes still work. Balances live on wallet_ledgeraccount,
which stays updatable.
"""

from django.db import migrations

TABLES = ["wallet_journalentry", "wallet_journalline", "wallet_statuschange"]

FUNCTION = """
CREATE OR REPLACE FUNCTION wallet_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'append-only table %: % refused', TG_TABLE_NAME, TG_OP;
END;
$$ LANGUAGE plpgsql;
"""


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(FUNCTION, params=None)
    for table in TABLES:
        schema_editor.execute(
            f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION wallet_append_only();"
        )


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for table in TABLES:
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_append_only ON {table};")
    schema_editor.execute("DROP FUNCTION IF EXISTS wallet_append_only();")


class Migration(migrations.Migration):
    dependencies = [("wallet", "0001_initial")]

    operations = [migrations.RunPython(forwards, backwards)]
