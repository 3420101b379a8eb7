"""The product cards of the distribution center, the shop's listings and the product detail (their writers are
checked against their serializers by tests/core/test_writers.py)."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone, translation

from apps.catalog.models import Product, Promotion, PromotionGoods
from apps.catalog.services import product_image_add
from apps.core.i18n import django_lang
from tests.answers import data, queries
from tests.factories import ProductFactory, PromotionPackageFactory, ShopGoodsFactory, image_bytes

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("lang", ["en", "tai"])  # Thai: the factory's products have no Thai text (fallbacks)
def test_cards_are_priced_at_the_merchants_level_in_the_readers_language(
    merchant_api, merchant, level, make_products, lang
):
    on_sale, no_picture = make_products(1, retail_price=Decimal("19.99")) + make_products(1, images=False)
    ProductFactory(is_active=False)
    ShopGoodsFactory(merchant=merchant, product=on_sale)
    off_shelf = ShopGoodsFactory(merchant=merchant, product=no_picture, on_shelf=False)
    now = timezone.now()
    window = {"starts_at": now, "ends_at": now + timedelta(days=1)}
    package = PromotionPackageFactory()
    promotion = Promotion.objects.create(
        merchant=merchant, package=package, name="Boost", price=Decimal("5.00"), product_quantity=1,
        duration_hours=24, **window,
    )  # fmt: skip
    PromotionGoods.objects.create(promotion=promotion, goods=off_shelf, product=no_picture, title="x", **window)
    merchant_api.lang = lang

    center = data(merchant_api.get("/merchant/product/product"))["list"]
    manage = data(merchant_api.get("/merchant/product/manage"))["list"]

    with translation.override(django_lang(lang)):
        titles = {product.pk: product.title for product in (on_sale, no_picture)}
    assert [(card["id"], card["title"], card["added"]) for card in center] == [
        (no_picture.pk, titles[no_picture.pk], True),
        (on_sale.pk, titles[on_sale.pk], True),
    ]
    assert (center[1]["retail_price"], center[1]["purchase_price"], center[1]["profit"]) == ("19.99", "17.99", "2.00")
    assert center[1]["image"].startswith("http://testserver/media/catalog/thumbs/") and center[0]["image"] is None
    assert [item["product"] for item in manage] == [
        {name: value for name, value in card.items() if name != "added"} for card in center
    ]
    assert [(item["status"], item["is_promoted"], bool(item["promoted_until"])) for item in manage] == [
        ("stock", True, True),
        ("selling", False, False),
    ]
    assert manage[1]["status_label"] == ("Selling" if lang == "en" else "กำลังขาย")


@pytest.mark.parametrize("lang", ["en", "tai"])  # Thai: the factory's products have no Thai text (fallbacks)
def test_the_detail_is_the_same_by_product_and_by_listing_and_follows_writes(
    merchant_api, merchant, level, make_products, lang
):
    product, other = make_products(2, stock=4)
    product_image_add(product=product, content=image_bytes(size=(400, 300), colour="blue"), position=1)
    goods = ShopGoodsFactory(merchant=merchant, product=product)
    merchant_api.lang = lang

    by_id = data(merchant_api.get("/merchant/product/detail", {"id": product.pk}))
    by_goods = data(merchant_api.get("/merchant/product/detail", {"goods_id": goods.pk}))
    unlisted = data(merchant_api.get("/merchant/product/detail", {"id": other.pk}))

    assert by_id == by_goods and len(by_id["images"]) == 2
    assert all(image["url"].startswith("http://testserver/media/") for image in by_id["images"])
    assert by_id["image"] == by_id["images"][0]["thumbnail"]
    with translation.override(django_lang(lang)):
        product.refresh_from_db()
        expected = (product.title, product.description, product.category.name)
    assert (by_id["title"], by_id["description"], by_id["category_name"]) == expected and all(expected)
    assert (by_id["goods"]["id"], by_id["goods"]["on_shelf"], by_id["stock"]) == (goods.pk, True, 4)
    assert unlisted["goods"] is None
    # token, stock, the listing: the rest is cached
    assert queries(lambda: merchant_api.get("/merchant/product/detail", {"id": product.pk})) == 3
    # Cached per language until the catalogue changes; the stock is read fresh.
    Product.objects.filter(pk=product.pk).update(stock=1)
    assert data(merchant_api.get("/merchant/product/detail", {"id": product.pk}))["stock"] == 1
    product.description_en = product.description_ru = "Now with a lid"
    product.save()
    assert data(merchant_api.get("/merchant/product/detail", {"id": product.pk}))["description"] == "Now with a lid"
    product.is_active = False
    product.save()
    assert merchant_api.get("/merchant/product/detail", {"id": product.pk}).json()["code"] == 0


def test_shop_goods_cards_follow_writes_and_fall_back_as_modeltranslation_does(
    merchant_api, merchant, level, make_products
):
    """The listings' cards are read in one query, their titles translated with modeltranslation's fallbacks in SQL."""
    first, second = make_products(2, stock=5)
    ShopGoodsFactory(merchant=merchant, product=first)
    ShopGoodsFactory(merchant=merchant, product=second)
    Product.objects.filter(pk=second.pk).update(title_th="", title_ru="")  # Thai falls back to Russian, then English
    merchant_api.lang = "en"

    def cards() -> dict[int, dict]:
        items = data(merchant_api.get("/merchant/product/manage"))["list"]
        hot = data(merchant_api.get("/merchant/product/hot"))["list"]
        assert sorted(item["id"] for item in hot) == sorted(item["id"] for item in items)
        return {item["product"]["id"]: item["product"] for item in items}

    assert cards()[first.pk]["stock"] == 5
    assert queries(lambda: merchant_api.get("/merchant/product/manage")) == 3  # token, the tab's count, page with cards
    Product.objects.filter(pk=first.pk).update(stock=2)
    second.refresh_from_db()
    second.title_en = "Another title"
    second.save()
    assert {pk: (card["title"], card["stock"]) for pk, card in cards().items()} == {
        first.pk: (first.title_en, 2),
        second.pk: ("Another title", 5),
    }
    for lang, django_code in (("ru-RU", "ru"), ("tai", "th")):
        merchant_api.lang = lang
        with translation.override(django_code):
            expected = {pk: Product.objects.get(pk=pk).title for pk in (first.pk, second.pk)}
        assert {pk: card["title"] for pk, card in cards().items()} == expected
    assert expected == {first.pk: first.title_ru, second.pk: "Another title"}  # no Thai title: Russian, then English
