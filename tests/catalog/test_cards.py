"""The lists build their items from plain values (apis.common.card_data, goods_page): each must read exactly as
the serializer that documents it (ProductCardSerializer, GoodsOutputSerializer) would write it."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db.models import Q
from django.utils import timezone
from rest_framework.test import APIRequestFactory

from apps.catalog.apis.center import ProductListApi
from apps.catalog.apis.common import GoodsOutputSerializer, ProductCardSerializer
from apps.catalog.apis.goods import ProductDetailApi
from apps.catalog.models import Product, Promotion, PromotionGoods, ShopGoods
from apps.catalog.pricing import prices_for
from apps.catalog.selectors import goods_list, promoted_until
from apps.catalog.services import product_image_add
from tests.answers import data, queries
from tests.catalog.conftest import png_bytes
from tests.factories import ProductFactory, PromotionPackageFactory, ShopGoodsFactory

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


def test_items_read_as_their_serializers_write_them(merchant_api, merchant, level, make_products):
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
    merchant_api.lang = "en"

    center = data(merchant_api.get("/merchant/product/product"))["list"]
    manage = data(merchant_api.get("/merchant/product/manage"))["list"]

    products = priced(Product.objects.filter(is_active=True).prefetch_related("images"), merchant=merchant)
    cards = written(ProductCardSerializer, products, merchant)
    assert center == [{**card, "added": True} for card in cards]
    assert set(center[0]) == set(ProductListApi.OutputSerializer().fields)
    goods = list(
        ShopGoods.objects.filter(pk__in=[item["id"] for item in goods_list(merchant=merchant)])
        .annotate(promoted_until=promoted_until(now), is_promoted=Q(promoted_until__isnull=False))
        .select_related("product")
        .prefetch_related("product__images")
        .order_by("-created_at", "-id")
    )
    priced((item.product for item in goods), merchant=merchant)
    assert manage == written(GoodsOutputSerializer, goods, merchant)
    assert [item["is_promoted"] for item in manage] == [True, False]
    assert center[1]["image"].startswith("http://testserver/media/catalog/thumbs/") and center[0]["image"] is None


def test_the_detail_reads_as_its_serializer_writes_it_and_follows_writes(merchant_api, merchant, level, make_products):
    product, other = make_products(2, stock=4)
    product_image_add(product=product, content=png_bytes("blue"), position=1)
    goods = ShopGoodsFactory(merchant=merchant, product=product)
    merchant_api.lang = "en"

    by_id = data(merchant_api.get("/merchant/product/detail", {"id": product.pk}))
    by_goods = data(merchant_api.get("/merchant/product/detail", {"goods_id": goods.pk}))
    unlisted = data(merchant_api.get("/merchant/product/detail", {"id": other.pk}))

    [priced_product] = priced([Product.objects.prefetch_related("images").get(pk=product.pk)], merchant=merchant)
    written = ProductDetailApi.OutputSerializer(priced_product, context=context(merchant, goods=goods)).data
    assert by_id == by_goods == written and len(by_id["images"]) == 2
    assert unlisted["goods"] is None
    # token, stock, the listing: the rest is cached
    assert queries(lambda: merchant_api.get("/merchant/product/detail", {"id": product.pk})) == 3
    # Cached per language until the catalogue changes; the stock is read fresh.
    Product.objects.filter(pk=product.pk).update(stock=1)
    assert data(merchant_api.get("/merchant/product/detail", {"id": product.pk}))["stock"] == 1
    product.description_en = "Now with a lid"
    product.save()
    assert data(merchant_api.get("/merchant/product/detail", {"id": product.pk}))["description"] == "Now with a lid"
    product.is_active = False
    product.save()
    assert merchant_api.get("/merchant/product/detail", {"id": product.pk}).json()["code"] == 0
