import pytest
from django.db import connection

from tests.factories import ProductFactory

LANGUAGES = ["en", "zh_hans", "zh_hant", "ru", "ko", "ja", "th"]


@pytest.mark.django_db
def test_keyword_search_has_a_trigram_index_per_language_on_postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("trigram indexes exist on PostgreSQL only")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT indexname FROM pg_indexes WHERE tablename = 'catalog_product' AND indexname LIKE '%trgm'"
        )
        names = {row[0] for row in cursor.fetchall()}
    assert names == {
        f"catalog_product_title_{lang}_trgm" for lang in ["en", "zh_hans", "zh_hant", "ru", "ko", "ja", "th"]
    }


@pytest.mark.django_db
def test_the_index_expression_is_what_the_search_query_uses():
    """The index is on UPPER(title_xx::text); the search must keep generating that expression to use it."""
    if connection.vendor != "postgresql":
        pytest.skip("trigram indexes exist on PostgreSQL only")
    from django.utils import translation

    from apps.catalog.selectors import product_filter

    ProductFactory()
    with translation.override("en"):
        sql = str(product_filter(keyword="lamp").query)
    assert 'UPPER("catalog_product"."title_en"::text) LIKE UPPER(' in sql
