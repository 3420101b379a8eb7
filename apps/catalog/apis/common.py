"""What the catalogue endpoints share: the priced product card and the shop listing."""

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request

from apps.accounts.authentication import signed_in
from apps.core.money import MoneySerializerField

from ..models import Product, ShopGoods
from ..selectors import (
    priced,
)


def _absolute(request: Request, field) -> str | None:  # type: ignore[no-untyped-def]
    return request.build_absolute_uri(field.url) if field else None


def _cover(request: Request, product: Product) -> str | None:
    """The first picture's thumbnail (images are prefetched in position order by the selectors)."""
    images = list(product.images.all())
    return _absolute(request, images[0].thumbnail) if images else None


class ProductCardSerializer(serializers.Serializer):
    """A product as the merchant sees it: retail (selling) price, purchase price and profit at the merchant's level."""

    id = serializers.IntegerField()
    title = serializers.CharField()
    category_id = serializers.IntegerField()
    image = serializers.SerializerMethodField()
    retail_price = MoneySerializerField(source="prices.retail")
    purchase_price = MoneySerializerField(source="prices.purchase")
    profit = MoneySerializerField(source="prices.profit")
    stock = serializers.IntegerField()
    is_hot = serializers.BooleanField()

    def get_image(self, product: Product) -> str | None:
        return _cover(self.context["request"], product)


class GoodsOutputSerializer(serializers.Serializer):
    """A listing of the merchant's shop (product/manage, product/hot)."""

    id = serializers.IntegerField()
    product = ProductCardSerializer()
    on_shelf = serializers.BooleanField()
    status = serializers.SerializerMethodField()
    status_label = serializers.SerializerMethodField()
    clicks = serializers.IntegerField()
    sales = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    # The shop express lane (selectors.goods_list): whether a promotion runs for it now, and until when.
    is_promoted = serializers.BooleanField()
    promoted_until = serializers.DateTimeField(allow_null=True)

    @extend_schema_field(serializers.ChoiceField(choices=["selling", "stock"]))
    def get_status(self, goods: ShopGoods) -> str:
        return "selling" if goods.on_shelf else "stock"

    def get_status_label(self, goods: ShopGoods) -> str:
        return _("Selling") if goods.on_shelf else _("In stock")


def _goods_page(request: Request, goods: Iterable[ShopGoods]) -> Any:
    items = list(goods)
    priced((item.product for item in items), merchant=signed_in(request))
    return GoodsOutputSerializer(items, many=True, context={"request": request}).data
