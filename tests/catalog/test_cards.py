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
from apps.catalog.models import Product, Promotion, PromotionGoods, ShopGoods
from apps.catalog.selectors import goods_list, priced, promoted_until
from tests.answers import data
from tests.factories import ProductFactory, PromotionPackageFactory, ShopGoodsFactory

pytestmark = pytest.mark.django_db


def written(serializer_class, items, merchant, **context):
    request = APIRequestFactory().get("/")
    request.user = merchant
    return serializer_class(items, many=True, context={"request": request, **context}).data


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
