import pytest
from django.db import connection

from apps.catalog.models import Product
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
    assert names == {f"catalog_product_title_{lang}_trgm" for lang in LANGUAGES}


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


TITLES = {"zh_hans": ["手机壳 红色", "电视机", "智能手表"], "en": ["Phone case", "TV stand", "Smart tv box"]}
SHORT = [  # (language, keyword, the titles it finds)
    ("zh-hans", "手机", {"手机壳 红色"}),
    ("zh-hans", "机", {"手机壳 红色", "电视机"}),
    ("zh-hans", "表", {"智能手表"}),
    ("zh-hans", "红手", set()),
    ("en", "tv", {"TV stand", "Smart tv box"}),
    ("en", "TV", {"TV stand", "Smart tv box"}),
    ("en", "e ", {"Phone case"}),
    ("en", "%", set()),
    ("en", "x", {"Smart tv box"}),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "keyword", "found"), SHORT)
def test_a_keyword_of_one_or_two_characters_finds_what_icontains_finds(language, keyword, found):
    from django.utils import translation

    from apps.catalog.selectors import product_filter

    for zh, en in zip(TITLES["zh_hans"], TITLES["en"], strict=True):
        ProductFactory(title_zh_hans=zh, title_en=en)
    column = "title_zh_hans" if language == "zh-hans" else "title_en"
    with translation.override(language):
        titles = set(product_filter(keyword=keyword).values_list(column, flat=True))
    assert titles == found


@pytest.mark.django_db
def test_a_two_character_keyword_is_served_by_an_index_on_postgresql():
    """Trigram indexes cannot serve `LIKE '%手机%'`: the titles' character pairs do (migration 0004)."""
    if connection.vendor != "postgresql":
        pytest.skip("the indexes exist on PostgreSQL only")
    from django.utils import translation

    from apps.catalog.selectors import product_filter

    category = ProductFactory(title_zh_hans="手机壳").category
    Product.objects.bulk_create(
        ProductFactory.build(category=category, title_zh_hans=f"商品 {n}", title_en=f"Item {n}") for n in range(2000)
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE catalog_product")
    with translation.override("zh-hans"):
        plan = product_filter(keyword="手机").values("pk").explain()
    assert "Bitmap Index Scan on catalog_product_title_zh_hans_grams" in plan
    assert "Seq Scan on catalog_product " not in plan
