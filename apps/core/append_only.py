"""Append-only tables: on PostgreSQL the database itself refuses UPDATE and DELETE on their rows (as on the ledger),
with the trigger function `core_append_only()` that apps/core/migrations/0003 created. TRUNCATE is not a row event,
so test database flushes still work. Other databases rely on the models, which refuse to update or delete them."""

from typing import Any

from django.db import migrations


def append_only_triggers(*tables: str) -> migrations.RunPython:
    """A migration operation that adds the append-only trigger to each table (and removes it when migrated back).
    The migration must depend on ("core", "0003_statuschange_idempotency_result")."""

    def forwards(apps: Any, schema_editor: Any) -> None:
        if schema_editor.connection.vendor != "postgresql":
            return
        for table in tables:
            schema_editor.execute(
                f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION core_append_only();"
            )

    def backwards(apps: Any, schema_editor: Any) -> None:
        if schema_editor.connection.vendor != "postgresql":
            return
        for table in tables:
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_append_only ON {table};")

    return migrations.RunPython(forwards, backwards)
