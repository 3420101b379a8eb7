"""The lists build their items from plain values (apis.common.card_data, goods_page): each must read exactly as
the serializer that documents it (ProductCardSerializer, GoodsOutputSerializer) would write it."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db.models import Q
from django.utils import timezone, translation
from rest_framework.test import APIRequestFactory

from apps.catalog.apis.center import ProductListApi
from apps.catalog.apis.common import GoodsOutputSerializer, ProductCardSerializer
from apps.catalog.apis.goods import ProductDetailApi
from apps.catalog.models import Product, Promotion, PromotionGoods, ShopGoods
from apps.catalog.pricing import prices_for
from apps.catalog.selectors import promoted_until
from apps.catalog.services import product_image_add
from apps.core.i18n import django_lang
from tests.answers import data, queries
from tests.factories import ProductFactory, PromotionPackageFactory, ShopGoodsFactory, image_bytes

pytestmark = pytest.mark.django_db


def priced(products, *, merchant) -> list:
    """The products as the serializers read them: each with `prices` at the merchant's level."""
    items = list(products)
    for product in items:
        product.prices = prices_for(retail=product.retail_price, margin=merchant.level.profit_margin)
    return items


def context(merchant, **more) -> dict:
    request = APIRequestFactory().get("/")
    request.user = merchant
    return {"request": request, **more}


def written(serializer_class, items, merchant):
    return serializer_class(items, many=True, context=context(merchant)).data


@pytest.mark.parametrize("lang", ["en", "tai"])  # Thai: the factory's products have no Thai text (fallbacks)
def test_items_read_as_their_serializers_write_them(merchant_api, merchant, level, make_products, lang):
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

    translation.activate(django_lang(lang))  # the references below read the titles in the request's language
    products = priced(Product.objects.filter(is_active=True).prefetch_related("images"), merchant=merchant)
    cards = written(ProductCardSerializer, products, merchant)
    assert center == [{**card, "added": True} for card in cards]
    assert set(center[0]) == set(ProductListApi.OutputSerializer().fields)
    goods = list(
        ShopGoods.objects.filter(merchant=merchant)
        .annotate(promoted_until=promoted_until(now), is_promoted=Q(promoted_until__isnull=False))
        .select_related("product")
        .prefetch_related("product__images")
        .order_by("-created_at", "-id")
    )
    priced((item.product for item in goods), merchant=merchant)
    assert manage == written(GoodsOutputSerializer, goods, merchant)
    assert [item["is_promoted"] for item in manage] == [True, False]
    assert center[1]["image"].startswith("http://testserver/media/catalog/thumbs/") and center[0]["image"] is None


@pytest.mark.parametrize("lang", ["en", "tai"])  # Thai: the factory's products have no Thai text (fallbacks)
def test_the_detail_reads_as_its_serializer_writes_it_and_follows_writes(
    merchant_api, merchant, level, make_products, lang
):
    product, other = make_products(2, stock=4)
    product_image_add(product=product, content=image_bytes(size=(400, 300), colour="blue"), position=1)
    goods = ShopGoodsFactory(merchant=merchant, product=product)
    merchant_api.lang = lang

    by_id = data(merchant_api.get("/merchant/product/detail", {"id": product.pk}))
    by_goods = data(merchant_api.get("/merchant/product/detail", {"goods_id": goods.pk}))
    unlisted = data(merchant_api.get("/merchant/product/detail", {"id": other.pk}))

    [priced_product] = priced([Product.objects.prefetch_related("images").get(pk=product.pk)], merchant=merchant)
    with translation.override(django_lang(lang)):
        written = ProductDetailApi.OutputSerializer(priced_product, context=context(merchant, goods=goods)).data
    assert by_id == by_goods == written and len(by_id["images"]) == 2
    assert written["title"] and written["description"] and written["category_name"]
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
