# ruff: noqa: RUF001 - Russian texts in the assertions
"""The distribution center: product/product, product/category, product/add, addAll, addAllHot."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db.models import F
from django.utils import timezone

from apps.accounts.constants import MerchantStatus
from apps.catalog.models import Product, ShopGoods
from apps.core.models import AppendOnlyError
from tests.factories import CategoryFactory, LevelFactory, ProductFactory, ShopGoodsFactory

pytestmark = pytest.mark.django_db

LIST = "/merchant/product/product"
CATEGORIES = "/merchant/product/category"
ADD = "/merchant/product/add"
ADD_ALL = "/merchant/product/addAll"
ADD_HOT = "/merchant/product/addAllHot"


def goods_ids(merchant) -> set[int]:
    return set(ShopGoods.objects.filter(merchant=merchant).values_list("product_id", flat=True))


def _level_with(merchant, **terms):
    """A newer version of level 1 with these terms, in force now, that the merchant is on."""
    version = LevelFactory(rank=1, effective_from=timezone.now() - timedelta(minutes=1), **terms)
    merchant.level = version
    merchant.save(update_fields=["level"])
    return version


class TestProductList:
    def test_lists_products_with_prices_at_the_merchant_level_and_marks_added(self, merchant_api, merchant, level):
        product, added = ProductFactory(retail_price=Decimal("19.99")), ProductFactory(retail_price=Decimal("50.00"))
        ShopGoodsFactory(merchant=merchant, product=added)

        body = merchant_api.get(LIST).json()

        assert body["code"] == 1
        data = body["data"]
        assert (data["total"], data["page"], data["limit"]) == (2, 1, 20)
        by_id = {item["id"]: item for item in data["list"]}
        assert by_id[product.id]["retail_price"] == "19.99"
        assert by_id[product.id]["purchase_price"] == "17.99"  # 19.99 x 0.90 = 17.991
        assert by_id[product.id]["profit"] == "2.00"
        assert by_id[product.id]["added"] is False
        assert by_id[added.id]["added"] is True
        assert by_id[added.id]["purchase_price"] == "45.00"
        # The shop's room, so the screen can say it is full before the merchant asks to distribute more.
        assert (data["goods_count"], data["product_quantity"]) == (1, level.product_quantity)

    def test_a_new_level_version_leaves_the_merchants_prices_alone(self, merchant_api, merchant, level):
        """A level row is a version that never changes (the session keeps it in memory): a new version of the rank is
        another row, which prices only the merchants on it."""
        ProductFactory(retail_price=Decimal("20.00"))
        assert merchant_api.get(LIST).json()["data"]["list"][0]["purchase_price"] == "18.00"
        LevelFactory(rank=1, profit_margin=Decimal("0.2500"), effective_from=timezone.now() - timedelta(minutes=1))
        assert merchant_api.get(LIST).json()["data"]["list"][0]["purchase_price"] == "18.00"
        level.profit_margin = Decimal("0.5000")
        with pytest.raises(AppendOnlyError):
            level.save()
        _level_with(merchant, profit_margin=Decimal("0.5000"))
        assert [item["purchase_price"] for item in merchant_api.get(LIST).json()["data"]["list"]] == ["10.00"]

    def test_filters_by_category_and_keyword(self, merchant_api, level):
        shoes = CategoryFactory()
        runner = ProductFactory(category=shoes, title_en="Trail running shoe", title_ru="Кроссовки для бега")
        ProductFactory(category=shoes, title_en="Leather boot", title_ru="Кожаный ботинок")
        ProductFactory(title_en="Running watch", title_ru="Часы для бега")

        by_category = merchant_api.get(LIST, {"category": shoes.id}).json()["data"]
        both = merchant_api.get(LIST, {"category": shoes.id, "keyword": "RUNNING"}).json()["data"]

        assert by_category["total"] == 2
        assert [item["id"] for item in both["list"]] == [runner.id]

    def test_keyword_matches_the_request_language(self, merchant_api, level):
        product = ProductFactory(title_en="Desk lamp", title_ru="Настольная лампа", title_ja="デスクランプ")
        merchant_api.lang = "ri"
        assert [item["id"] for item in merchant_api.get(LIST, {"keyword": "ランプ"}).json()["data"]["list"]] == [
            product.id
        ]

    def test_hides_inactive_products_and_categories(self, merchant_api, level):
        ProductFactory(is_active=False)
        ProductFactory(category=CategoryFactory(is_active=False))
        assert merchant_api.get(LIST).json()["data"]["total"] == 0

    def test_titles_follow_the_lang_header_with_russian_fallback(self, merchant_api, level):
        ProductFactory(title_ru="Чайник", title_en="Kettle", title_zh_hans="电水壶", title_th="")
        titles = {}
        for lang in ("en", "zh-CN", "tai", "ru-RU", "xx"):
            merchant_api.lang = lang
            titles[lang] = merchant_api.get(LIST).json()["data"]["list"][0]["title"]
        assert titles == {"en": "Kettle", "zh-CN": "电水壶", "tai": "Чайник", "ru-RU": "Чайник", "xx": "Чайник"}

    @pytest.mark.parametrize("params", [{"page": 0}, {"limit": 101}, {"category": "shoes"}, {"keyword": "x" * 101}])
    def test_bad_query_is_refused_with_a_message(self, merchant_api, level, params):
        merchant_api.lang = "ru-RU"
        body = merchant_api.get(LIST, params).json()
        assert body["code"] == 0
        assert body["msg"]
        assert list(body["data"]["errors"]) == list(params)

    @pytest.mark.parametrize("rows", [2, 12])
    def test_query_count_does_not_grow_with_rows(
        self, merchant_api, merchant, level, make_products, rows, django_assert_num_queries
    ):
        products = make_products(rows)
        ShopGoodsFactory(merchant=merchant, product=products[0])
        merchant_api.lang = "en"
        merchant_api.get(LIST, {"limit": 1})  # the first request after a level is saved reads it again
        # token, count, page (with each cover), stock and already-added marks, the shop's goods count
        with django_assert_num_queries(5):
            first = merchant_api.get(LIST).json()
        with django_assert_num_queries(3):  # the page is cached: token, marks, the shop's goods count
            body = merchant_api.get(LIST).json()
        assert body == first and len(body["data"]["list"]) == rows
        assert body["data"]["list"][-1]["image"].startswith("http://testserver/media/catalog/thumbs/")

    def test_a_cached_page_shows_every_write_on_the_next_read(self, merchant_api, merchant, level, make_products):
        kettle, lamp = make_products(2, stock=5)
        merchant_api.lang = "en"
        merchant_api.get(LIST)

        def listed() -> dict[int, dict]:
            return {item["id"]: item for item in merchant_api.get(LIST).json()["data"]["list"]}

        lamp.title_en = "Desk lamp"
        lamp.save()
        Product.objects.filter(pk=kettle.pk).update(stock=F("stock") - 2)  # an order took two (no signal)
        ShopGoodsFactory(merchant=merchant, product=kettle)
        assert listed()[lamp.pk]["title"] == "Desk lamp"
        assert (listed()[kettle.pk]["stock"], listed()[kettle.pk]["added"]) == (3, True)
        lamp.images.get().delete()
        assert listed()[lamp.pk]["image"] is None
        kettle.is_active = False
        kettle.save()
        assert list(listed()) == [lamp.pk]
        lamp.category.is_active = False
        lamp.category.save()
        assert listed() == {}

    def test_needs_sign_in(self, api):
        assert api.get(LIST).status_code == 401


class TestCategories:
    def test_lists_active_categories_with_translated_names_and_counts(self, merchant_api, level):
        category = CategoryFactory(name_ru="Обувь", name_en="Shoes", name_ko="신발")
        ProductFactory.create_batch(2, category=category)
        ProductFactory(category=category, is_active=False)
        CategoryFactory(is_active=False)
        merchant_api.lang = "han"

        data = merchant_api.get(CATEGORIES).json()["data"]

        assert data["total"] == 1
        assert data["list"] == [{"id": category.id, "name": "신발", "product_count": 2}]

    @pytest.mark.parametrize("rows", [2, 12])
    def test_query_count_does_not_grow_with_rows(self, merchant_api, level, rows, django_assert_num_queries):
        for category in CategoryFactory.create_batch(rows):
            ProductFactory(category=category)
        merchant_api.get(CATEGORIES)  # the first request after a level is saved reads it again
        with django_assert_num_queries(3):  # token, count, page
            assert len(merchant_api.get(CATEGORIES).json()["data"]["list"]) == rows

    def test_bad_page_is_refused(self, merchant_api, level):
        body = merchant_api.get(CATEGORIES, {"limit": "many"}).json()
        assert (body["code"], body["msg"]) == (0, "A valid integer is required.")


class TestAdd:
    def test_adds_chosen_products_once(self, merchant_api, merchant, level):
        first, second = ProductFactory(), ProductFactory()
        body = merchant_api.post(ADD, {"ids": [first.id, second.id, first.id]}).json()
        assert body["code"] == 1
        assert body["data"] == {"added": 2, "skipped": 0, "already": 0, "limit": 20}
        assert goods_ids(merchant) == {first.id, second.id}

        again = merchant_api.post(ADD, {"ids": [first.id]}).json()
        assert again["code"] == 1
        assert again["data"]["added"] == 0 and again["data"]["already"] == 1
        assert ShopGoods.objects.filter(merchant=merchant).count() == 2

    def test_new_goods_are_on_sale(self, merchant_api, merchant, level):
        product = ProductFactory()
        merchant_api.post(ADD, {"ids": [product.id]})
        assert ShopGoods.objects.get(merchant=merchant).on_shelf is True

    @pytest.mark.parametrize("payload", [{}, {"ids": []}])
    def test_no_ids_asks_to_select_a_product(self, merchant_api, level, payload):
        merchant_api.lang = "zh-CN"
        body = merchant_api.post(ADD, payload).json()
        assert body == {"code": 0, "msg": "请选择商品", "data": {"error": 1000}}

    def test_unknown_or_inactive_id_adds_nothing(self, merchant_api, merchant, level):
        product, inactive = ProductFactory(), ProductFactory(is_active=False)
        for ids in ([product.id, 999999], [product.id, inactive.id]):
            body = merchant_api.post(ADD, {"ids": ids}).json()
            assert body["code"] == 0
            assert body["msg"] == "The product does not exist or is no longer available."
        assert goods_ids(merchant) == set()

    def test_bad_ids_are_refused(self, merchant_api, merchant, level):
        body = merchant_api.post(ADD, {"ids": ["abc"]}).json()
        assert body["code"] == 0 and "ids" in body["data"]["errors"]

    def test_level_cap_adds_what_fits_and_says_what_did_not(self, merchant_api, merchant, level):
        _level_with(merchant, product_quantity=3)
        products = ProductFactory.create_batch(5)
        ShopGoodsFactory(merchant=merchant, product=products[0])

        body = merchant_api.post(ADD, {"ids": [p.id for p in products]}).json()

        assert body["code"] == 1
        assert body["data"] == {"added": 2, "skipped": 2, "already": 1, "limit": 3}
        assert body["msg"] == "Added: 2. Not added: 2 (product limit for your level: 3)."
        assert len(goods_ids(merchant)) == 3

    def test_full_shop_is_refused_with_a_message_naming_the_limit(self, merchant_api, merchant, level):
        _level_with(merchant, product_quantity=1)
        ShopGoodsFactory(merchant=merchant)
        product = ProductFactory()
        merchant_api.lang = "ru-RU"

        body = merchant_api.post(ADD, {"ids": [product.id]}).json()

        assert body["code"] == 0
        assert body["msg"] == "Лимит товаров для вашего уровня: 1. Повысьте уровень, чтобы добавлять больше товаров."
        assert body["data"] == {"error": 1007, "added": 0, "skipped": 1, "already": 0, "limit": 1}
        assert product.id not in goods_ids(merchant)

    def test_merchant_without_level_uses_level_one(self, merchant_api, merchant, level):
        _level_with(merchant, product_quantity=1)  # level 1 in force now
        merchant.level = None
        merchant.save(update_fields=["level"])
        first, second = ProductFactory(), ProductFactory()
        body = merchant_api.post(ADD, {"ids": [first.id, second.id]}).json()
        assert body["data"]["added"] == 1 and body["data"]["limit"] == 1

    def test_closed_shop_cannot_distribute(self, merchant_api, merchant, level):
        merchant.status = MerchantStatus.CLOSED
        merchant.save(update_fields=["status"])
        product = ProductFactory()
        for path, payload in ((ADD, {"ids": [product.id]}), (ADD_ALL, {}), (ADD_HOT, {})):
            ProductFactory(is_hot=True)
            body = merchant_api.post(path, payload).json()
            assert body["code"] == 0
            assert body["msg"] == "The store is closed, please contact customer service"
        assert goods_ids(merchant) == set()

    def test_other_merchants_goods_do_not_count(self, merchant_api, merchant, other_merchant, level):
        _level_with(merchant, product_quantity=1)
        ShopGoodsFactory(merchant=other_merchant)
        product = ProductFactory()
        assert merchant_api.post(ADD, {"ids": [product.id]}).json()["data"]["added"] == 1


class TestAddAll:
    def test_adds_every_product_of_the_filter(self, merchant_api, merchant, level):
        shoes = CategoryFactory()
        wanted = [
            ProductFactory(category=shoes, title_en="Red sneaker"),
            ProductFactory(category=shoes, title_en="Blue sneaker"),
        ]
        ProductFactory(category=shoes, title_en="Boot")
        ProductFactory(title_en="Sneaker cleaner")

        body = merchant_api.post(ADD_ALL, {"category": shoes.id, "keyword": "sneaker"}).json()

        assert body["code"] == 1
        assert body["data"]["added"] == 2
        assert goods_ids(merchant) == {p.id for p in wanted}

    def test_without_filter_adds_what_fits_newest_first(self, merchant_api, merchant, level):
        _level_with(merchant, product_quantity=2)
        products = ProductFactory.create_batch(4)
        body = merchant_api.post(ADD_ALL, {}).json()
        assert body["data"] == {"added": 2, "skipped": 2, "already": 0, "limit": 2}
        assert goods_ids(merchant) == {products[3].id, products[2].id}

    def test_empty_filter_result_is_refused(self, merchant_api, merchant, level):
        ProductFactory(title_en="Lamp")
        body = merchant_api.post(ADD_ALL, {"keyword": "nothing like this"}).json()
        assert body["code"] == 0 and body["msg"] == "No products match this filter."

    def test_bad_category_is_refused(self, merchant_api, level):
        body = merchant_api.post(ADD_ALL, {"category": "shoes"}).json()
        assert body["code"] == 0 and "category" in body["data"]["errors"]


class TestAddAllHot:
    def test_adds_only_hot_products(self, merchant_api, merchant, level):
        hot = ProductFactory.create_batch(2, is_hot=True)
        ProductFactory(is_hot=False)
        ProductFactory(is_hot=True, is_active=False)
        body = merchant_api.post(ADD_HOT).json()
        assert body["code"] == 1 and body["data"]["added"] == 2
        assert goods_ids(merchant) == {p.id for p in hot}

    def test_cap_applies(self, merchant_api, merchant, level):
        _level_with(merchant, product_quantity=1)
        ProductFactory.create_batch(3, is_hot=True)
        body = merchant_api.post(ADD_HOT).json()
        assert body["data"] == {"added": 1, "skipped": 2, "already": 0, "limit": 1}

    def test_no_hot_products(self, merchant_api, level):
        ProductFactory(is_hot=False)
        body = merchant_api.post(ADD_HOT).json()
        assert body["code"] == 0 and body["msg"] == "There are no hot products right now."
