"""What the catalogue endpoints share: the priced product card and the shop listing, written from plain values by
their serializers' compiled writers (apps.core.writers)."""

from collections.abc import Iterable
from decimal import Decimal

from django.utils.translation import gettext as _
from rest_framework import serializers
from rest_framework.request import Request

from apps.accounts.authentication import signed_in
from apps.core.writers import derived, writer
from apps.levels.selectors import level_terms

from ..answers import ProductCardSerializer
from ..pricing import prices_for


def _status(on_shelf: bool) -> str:
    return "selling" if on_shelf else "stock"


def _status_label(on_shelf: bool) -> str:
    return _("Selling") if on_shelf else _("In stock")


class GoodsOutputSerializer(serializers.Serializer):
    """A listing of the merchant's shop (product/manage, product/hot)."""

    id = serializers.IntegerField()
    product = ProductCardSerializer(source="card")
    on_shelf = serializers.BooleanField()
    status = derived(
        serializers.ChoiceField,
        _status,
        sources={"on_shelf": [True, False]},
        choices=["selling", "stock"],
        read_only=True,
    )
    status_label = derived(serializers.CharField, _status_label, sources={"on_shelf": [True, False]}, read_only=True)
    clicks = serializers.IntegerField()
    sales = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    # The shop express lane (selectors.goods_page_rows): whether a promotion runs for it now, and until when.
    is_promoted = serializers.BooleanField()
    promoted_until = serializers.DateTimeField(allow_null=True)


write_goods = writer(GoodsOutputSerializer)


def priced(card: dict, margin: Decimal) -> dict:
    """A card row of the selectors (product_cards, product_card_page, product_detail) with its prices at `margin`:
    a ProductCardSerializer row once it has its stock."""
    prices = prices_for(retail=card["retail_price"], margin=margin)
    return {**card, "retail_price": prices.retail, "purchase_price": prices.purchase, "profit": prices.profit}


def goods_page(request: Request, goods: Iterable[dict]) -> list[dict]:
    """GoodsOutputSerializer items of selectors.goods_page_rows rows (each with its product's card)."""
    margin, _quantity = level_terms(merchant=signed_in(request))
    rows = [{**item, "card": priced(item["card"], margin)} for item in goods]
    return write_goods.many(rows, {"request": request})
