"""The merchant's shop goods: product/manage, product/hot, product/detail, product/setSwitch, product/del."""

from decimal import Decimal

import pytest

from apps.catalog.models import GoodsView, ShopGoods
from apps.catalog.services import goods_sales_add, goods_view_record
from tests.factories import ProductFactory, ShopGoodsFactory

pytestmark = pytest.mark.django_db

MANAGE = "/merchant/product/manage"
HOT = "/merchant/product/hot"
DETAIL = "/merchant/product/detail"
SWITCH = "/merchant/product/setSwitch"
DELETE = "/merchant/product/del"
NOT_FOUND = {"code": 0, "msg": "The product does not exist or is no longer available.", "data": {"error": 1001}}


class TestManage:
    def test_tabs_split_selling_and_in_stock(self, merchant_api, merchant, other_merchant, level):
        selling = ShopGoodsFactory(merchant=merchant, on_shelf=True, product__retail_price=Decimal("80.00"))
        stock = ShopGoodsFactory(merchant=merchant, on_shelf=False)
        ShopGoodsFactory(merchant=other_merchant)

        tabs = {tab: merchant_api.get(MANAGE, {"tab": tab}).json()["data"] for tab in ("all", "selling", "stock")}

        assert {item["id"] for item in tabs["all"]["list"]} == {selling.id, stock.id}
        assert [item["id"] for item in tabs["selling"]["list"]] == [selling.id]
        assert [item["id"] for item in tabs["stock"]["list"]] == [stock.id]
        item = tabs["selling"]["list"][0]
        assert item["product"]["retail_price"] == "80.00"
        assert item["product"]["purchase_price"] == "72.00"
        assert item["product"]["profit"] == "8.00"
        assert (item["status"], item["status_label"], item["clicks"], item["sales"]) == ("selling", "Selling", 0, 0)
        assert tabs["stock"]["list"][0]["status_label"] == "In stock"

    def test_status_label_is_translated(self, merchant_api, merchant, level):
        ShopGoodsFactory(merchant=merchant, on_shelf=False)
        merchant_api.lang = "zh-Hant"
        assert merchant_api.get(MANAGE).json()["data"]["list"][0]["status_label"] == "倉庫中"

    def test_bad_tab_is_refused(self, merchant_api, level):
        body = merchant_api.get(MANAGE, {"tab": "sold"}).json()
        assert body["code"] == 0 and "tab" in body["data"]["errors"]

    @pytest.mark.parametrize("rows", [2, 12])
    def test_query_count_does_not_grow_with_rows(
        self, merchant_api, merchant, level, make_products, rows, django_assert_num_queries
    ):
        for product in make_products(rows):
            ShopGoodsFactory(merchant=merchant, product=product)
        merchant_api.get(MANAGE)  # the first request after a level is saved reads it again (levels.authentication)
        with django_assert_num_queries(3):  # token, count, the page with its products' cards
            body = merchant_api.get(MANAGE).json()
        assert len(body["data"]["list"]) == rows
        assert body["data"]["list"][0]["product"]["image"].startswith("http://testserver/media/")


class TestHot:
    def test_best_sellers_by_recorded_sales_then_clicks(self, merchant_api, merchant, other_merchant, level):
        quiet = ShopGoodsFactory(merchant=merchant)
        viewed = ShopGoodsFactory(merchant=merchant)
        sold = ShopGoodsFactory(merchant=merchant)
        ShopGoodsFactory(merchant=other_merchant)
        goods_view_record(goods_id=viewed.id, visitor_key="v1")
        goods_view_record(goods_id=viewed.id, visitor_key="v2")
        goods_sales_add(merchant_id=merchant.id, product_id=sold.product_id, quantity=3)

        data = merchant_api.get(HOT).json()["data"]

        assert [item["id"] for item in data["list"]] == [sold.id, viewed.id, quiet.id]
        assert (data["list"][0]["sales"], data["list"][1]["clicks"]) == (3, 2)

    @pytest.mark.parametrize("rows", [2, 12])
    def test_query_count_does_not_grow_with_rows(
        self, merchant_api, merchant, level, make_products, rows, django_assert_num_queries
    ):
        for product in make_products(rows):
            ShopGoodsFactory(merchant=merchant, product=product)
        merchant_api.get(HOT)  # the first request after a level is saved reads it again
        with django_assert_num_queries(3):
            assert len(merchant_api.get(HOT).json()["data"]["list"]) == rows

    def test_bad_page_is_refused(self, merchant_api, level):
        body = merchant_api.get(HOT, {"page": "-1"}).json()
        assert (body["code"], body["msg"]) == (0, "Page must be 1 or more.")


class TestEvents:
    def test_a_view_is_recorded_and_counted(self, merchant):
        goods = ShopGoodsFactory(merchant=merchant)
        view = goods_view_record(goods_id=goods.id, visitor_key="visitor")
        goods.refresh_from_db()
        assert goods.clicks == 1
        assert (view.merchant_id, view.product_id, view.goods_id) == (merchant.id, goods.product_id, goods.id)

    def test_views_outlive_the_listing(self, merchant):
        goods = ShopGoodsFactory(merchant=merchant)
        goods_view_record(goods_id=goods.id)
        goods.delete()
        assert GoodsView.objects.get().goods_id is None

    def test_counters_are_not_editable_fields(self):
        for name in ("clicks", "sales"):
            assert ShopGoods._meta.get_field(name).editable is False


class TestDetail:
    def test_by_product_id_with_images_description_and_prices(self, merchant_api, merchant, level, make_products):
        product = make_products(1, retail_price=Decimal("10.00"), description_en="Made of steel.")[0]
        goods = ShopGoodsFactory(merchant=merchant, product=product, on_shelf=False)

        data = merchant_api.get(DETAIL, {"id": product.id}).json()["data"]

        assert (data["id"], data["description"], data["category_name"]) == (
            product.id,
            "Made of steel.",
            product.category.name_en,
        )
        assert (data["retail_price"], data["purchase_price"], data["profit"]) == ("10.00", "9.00", "1.00")
        assert data["images"][0]["url"].startswith("http://testserver/media/catalog/products/")
        assert data["images"][0]["thumbnail"].startswith("http://testserver/media/catalog/thumbs/")
        assert data["goods"]["id"] == goods.id and data["goods"]["on_shelf"] is False

    def test_by_goods_id(self, merchant_api, merchant, level):
        goods = ShopGoodsFactory(merchant=merchant)
        data = merchant_api.get(DETAIL, {"goods_id": goods.id}).json()["data"]
        assert (data["id"], data["goods"]["id"]) == (goods.product_id, goods.id)

    def test_product_not_in_shop_has_no_goods(self, merchant_api, level):
        product = ProductFactory()
        assert merchant_api.get(DETAIL, {"id": product.id}).json()["data"]["goods"] is None

    def test_another_merchants_goods_answer_like_missing(self, merchant_api, other_merchant, level):
        foreign = ShopGoodsFactory(merchant=other_merchant)
        foreign_answer = merchant_api.get(DETAIL, {"goods_id": foreign.id})
        missing_answer = merchant_api.get(DETAIL, {"goods_id": foreign.id + 1000})
        assert foreign_answer.status_code == missing_answer.status_code
        assert foreign_answer.json() == missing_answer.json() == NOT_FOUND

    def test_inactive_product_answers_like_missing(self, merchant_api, level):
        product = ProductFactory(is_active=False)
        assert merchant_api.get(DETAIL, {"id": product.id}).json() == NOT_FOUND

    @pytest.mark.parametrize(
        ("params", "message"),
        [
            ({}, "Please select a product"),
            ({"id": 1, "goods_id": 1}, "Please select a product"),
            ({"id": "x"}, "Please enter a valid number."),
        ],
    )
    def test_bad_query_is_refused(self, merchant_api, level, params, message):
        body = merchant_api.get(DETAIL, params).json()
        assert (body["code"], body["msg"]) == (0, message)

    def test_translated_description_with_fallback(self, merchant_api, level):
        product = ProductFactory(description_ru="Прочный корпус.", description_ja="丈夫なボディ。", description_en="")
        merchant_api.lang = "ri"
        assert merchant_api.get(DETAIL, {"id": product.id}).json()["data"]["description"] == "丈夫なボディ。"
        merchant_api.lang = "en"
        assert merchant_api.get(DETAIL, {"id": product.id}).json()["data"]["description"] == "Прочный корпус."


class TestSwitch:
    def test_off_and_on_shelf(self, merchant_api, merchant, level):
        goods = ShopGoodsFactory(merchant=merchant, on_shelf=True)
        off = merchant_api.post(SWITCH, {"id": goods.id, "on_shelf": False}).json()
        assert off["code"] == 1 and off["data"] == {"id": goods.id, "on_shelf": False}
        goods.refresh_from_db()
        assert goods.on_shelf is False
        merchant_api.post(SWITCH, {"id": goods.id, "on_shelf": True})
        goods.refresh_from_db()
        assert goods.on_shelf is True

    def test_another_merchants_goods_answer_like_missing(self, merchant_api, other_merchant, level):
        foreign = ShopGoodsFactory(merchant=other_merchant, on_shelf=True)
        foreign_answer = merchant_api.post(SWITCH, {"id": foreign.id, "on_shelf": False}).json()
        missing_answer = merchant_api.post(SWITCH, {"id": foreign.id + 1000, "on_shelf": False}).json()
        assert foreign_answer == missing_answer == NOT_FOUND
        foreign.refresh_from_db()
        assert foreign.on_shelf is True

    @pytest.mark.parametrize(
        ("payload", "message"),
        [
            ({}, "This field is required."),
            ({"id": 1}, "This field is required."),
            ({"id": "x", "on_shelf": True}, "Please enter a valid number."),
            ({"id": 1, "on_shelf": "maybe"}, "Must be a valid boolean."),
        ],
    )
    def test_bad_input_is_refused(self, merchant_api, merchant, level, payload, message):
        goods = ShopGoodsFactory(merchant=merchant, on_shelf=True)
        body = merchant_api.post(SWITCH, {k: goods.id if v == 1 else v for k, v in payload.items()}).json()
        assert (body["code"], body["msg"]) == (0, message)
        goods.refresh_from_db()
        assert goods.on_shelf is True


class TestRemove:
    def test_removes_the_listing_only(self, merchant_api, merchant, level):
        goods = ShopGoodsFactory(merchant=merchant)
        body = merchant_api.post(DELETE, {"id": goods.id}).json()
        assert body["code"] == 1
        assert not ShopGoods.objects.filter(pk=goods.id).exists()
        goods.product.refresh_from_db()  # the catalogue product stays

    def test_another_merchants_goods_answer_like_missing(self, merchant_api, other_merchant, level):
        foreign = ShopGoodsFactory(merchant=other_merchant)
        foreign_answer = merchant_api.post(DELETE, {"id": foreign.id}).json()
        missing_answer = merchant_api.post(DELETE, {"id": foreign.id + 1000}).json()
        assert foreign_answer == missing_answer == NOT_FOUND
        assert ShopGoods.objects.filter(pk=foreign.id).exists()

    def test_bad_input_is_refused(self, merchant_api, merchant, level):
        goods = ShopGoodsFactory(merchant=merchant)
        body = merchant_api.post(DELETE, {"id": "abc"}).json()
        assert (body["code"], body["msg"]) == (0, "Please enter a valid number.")
        assert ShopGoods.objects.filter(pk=goods.pk).exists()
