"""On PostgreSQL, keywords of one or two characters (a two-character Chinese word, "TV") are served by an index too.

A trigram index (0002) cannot serve them: `LIKE '%ab%'` has no trigram, so such a search read every product. Each
title column gets a GIN index of its characters and character pairs (upper-cased, as icontains compares), and the
filter asks whether a title's pairs contain the keyword's (apps.catalog.filters.ProductFilter): the same products
as `UPPER(title) LIKE UPPER('%ab%')`.
"""

from django.db import migrations

LANGUAGES = ["en", "zh_hans", "zh_hant", "ru", "ko", "ja", "th"]

GRAMS = """
CREATE OR REPLACE FUNCTION catalog_title_grams(title text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT coalesce(array_agg(DISTINCT substr(upper(title), start, size)), '{}')
    FROM generate_series(1, char_length(title)) AS start, (VALUES (1), (2)) AS sizes (size)
    WHERE start + size - 1 <= char_length(title)
$$;
"""


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(GRAMS)
    for lang in LANGUAGES:
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS catalog_product_title_{lang}_grams ON catalog_product "
            f"USING gin (catalog_title_grams(title_{lang}::text));"
        )


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for lang in LANGUAGES:
        schema_editor.execute(f"DROP INDEX IF EXISTS catalog_product_title_{lang}_grams;")
    schema_editor.execute("DROP FUNCTION IF EXISTS catalog_title_grams(text);")


class Migration(migrations.Migration):
    dependencies = [("catalog", "0003_promotion")]

    operations = [migrations.RunPython(forwards, backwards)]
