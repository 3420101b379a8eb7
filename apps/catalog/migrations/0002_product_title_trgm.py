"""On PostgreSQL, trigram indexes make the distribution center's keyword search (`UPPER(title_xx) LIKE '%word%'`,
what icontains generates) an index scan instead of a sequential scan over every product (see docs/performance.md).
"""

from django.db import migrations

LANGUAGES = ["en", "zh_hans", "zh_hant", "ru", "ko", "ja", "th"]


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm;")
    for lang in LANGUAGES:
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS catalog_product_title_{lang}_trgm ON catalog_product "
            f"USING gin (UPPER(title_{lang}::text) gin_trgm_ops);"
        )


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for lang in LANGUAGES:
        schema_editor.execute(f"DROP INDEX IF EXISTS catalog_product_title_{lang}_trgm;")


class Migration(migrations.Migration):
    dependencies = [("catalog", "0001_initial")]

    operations = [migrations.RunPython(forwards, backwards)]
