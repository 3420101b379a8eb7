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


@pytest.mark.django_db
@pytest.mark.parametrize(("tab", "order", "index"), [
    ("all", "newest", "catalog_goods_all_idx"),
    ("selling", "newest", "catalog_goods_tab_idx"),
    ("all", "hot", "catalog_goods_hot_idx"),
])  # fmt: skip
def test_a_page_of_a_shops_goods_is_read_in_order_from_an_index_on_postgresql(tab, order, index):
    """A page's listings are read in the list's order to its last key, the id: not all of the shop's sorted."""
    if connection.vendor != "postgresql":
        pytest.skip("the plan is PostgreSQL's")
    from apps.catalog.models import ShopGoods
    from apps.catalog.selectors import GOODS_ORDER, _goods
    from tests.factories import MerchantFactory, ShopGoodsFactory

    category = ProductFactory().category
    products = Product.objects.bulk_create(ProductFactory.build(category=category) for _ in range(1000))
    merchants = MerchantFactory.create_batch(6)  # a shop's listings are a few of the table's
    ShopGoods.objects.bulk_create(
        ShopGoodsFactory.build(merchant=merchant, product=product, on_shelf=n % 2 == 0, sales=n % 7)
        for merchant in merchants
        for n, product in enumerate(products)
    )
    merchant = merchants[3]
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE catalog_shopgoods")
    plan = _goods(merchant.pk, tab).order_by(*GOODS_ORDER[order]).values("pk")[20:40].explain()
    assert f"Index Only Scan using {index}" in plan or f"Index Scan using {index}" in plan
    assert "Sort" not in plan
