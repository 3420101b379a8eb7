"""What the catalogue endpoints share: the priced product card and the shop listing, documented by their serializers
and built from plain values."""

from collections.abc import Iterable
from decimal import Decimal

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request

from apps.accounts.authentication import signed_in
from apps.core.formats import money, time, time_or_none
from apps.core.money import MoneySerializerField
from apps.core.uploads import absolute_url
from apps.levels.selectors import level_terms

from ..models import Product, ShopGoods
from ..pricing import prices_for


def _absolute(request: Request, field) -> str | None:
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
    # The shop express lane (selectors.goods_page_rows): whether a promotion runs for it now, and until when.
    is_promoted = serializers.BooleanField()
    promoted_until = serializers.DateTimeField(allow_null=True)

    @extend_schema_field(serializers.ChoiceField(choices=["selling", "stock"]))
    def get_status(self, goods: ShopGoods) -> str:
        return "selling" if goods.on_shelf else "stock"

    def get_status_label(self, goods: ShopGoods) -> str:
        return _("Selling") if goods.on_shelf else _("In stock")


# The lists build their items from plain values (selectors.product_cards and goods_page_rows), written as the
# serializers above write them (apps.core.formats; tests/catalog/test_cards.py).
def card_data(request: Request, row: dict, margin: Decimal) -> dict:
    """A ProductCardSerializer item from a card row of the selectors (product_cards, product_card_page and
    product_detail, with the stock), priced at `margin`."""
    prices = prices_for(retail=row["retail_price"], margin=margin)
    return {
        "id": row["id"],
        "title": row["title"],
        "category_id": row["category_id"],
        "image": absolute_url(request, row["cover"]),
        "retail_price": money(prices.retail),
        "purchase_price": money(prices.purchase),
        "profit": money(prices.profit),
        "stock": row["stock"],
        "is_hot": row["is_hot"],
    }


def goods_page(request: Request, goods: Iterable[dict]) -> list[dict]:
    """GoodsOutputSerializer items of selectors.goods_page_rows rows (each with its product's card)."""
    margin, _quantity = level_terms(merchant=signed_in(request))
    selling, stock = _("Selling"), _("In stock")
    return [
        {
            "id": item["id"],
            "product": card_data(request, item["card"], margin),
            "on_shelf": item["on_shelf"],
            "status": "selling" if item["on_shelf"] else "stock",
            "status_label": selling if item["on_shelf"] else stock,
            "clicks": item["clicks"],
            "sales": item["sales"],
            "created_at": time(item["created_at"]),
            "is_promoted": item["is_promoted"],
            "promoted_until": time_or_none(item["promoted_until"]),
        }
        for item in goods
    ]
