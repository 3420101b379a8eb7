"""The shop's goods: the list, one product in detail, on and off shelf, removal."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts.authentication import signed_in
from apps.core.apiview import ApiView
from apps.core.envelope import ok
from apps.core.fields import IdField
from apps.core.pagination import PageInputSerializer, page_answer
from apps.core.schema import paged
from apps.core.writers import PictureField, writer
from apps.levels.selectors import level_terms

from ..filters import GOODS_TABS
from ..selectors import (
    goods_get,
    goods_of_product,
    goods_page_rows,
    product_detail,
    product_stock,
)
from ..services import goods_remove, goods_switch
from .common import GoodsOutputSerializer, ProductCardSerializer, goods_page, priced


class GoodsManageApi(ApiView):
    """The shop's listings: tab all / selling (on shelf) / stock (off shelf), newest first."""

    class InputSerializer(PageInputSerializer):
        tab = serializers.ChoiceField(choices=list(GOODS_TABS), required=False, default="all")

    @extend_schema(responses=paged(GoodsOutputSerializer))
    def get(self, request: Request) -> Response:
        query = self.valid_query(self.InputSerializer)
        page, limit = query["page"], query["limit"]
        total, rows = goods_page_rows(merchant=signed_in(request), tab=query["tab"], page=page, limit=limit)
        return ok(page_answer(total, goods_page(request, rows), page=page, limit=limit))


class ProductImageSerializer(serializers.Serializer):
    url = PictureField(url=True, read_only=True)
    thumbnail = PictureField(url=True, read_only=True)


class ProductGoodsSerializer(serializers.Serializer):
    """The merchant's listing of a product (product/detail)."""

    id = serializers.IntegerField()
    on_shelf = serializers.BooleanField()
    clicks = serializers.IntegerField()
    sales = serializers.IntegerField()
    created_at = serializers.DateTimeField()


class ProductDetailApi(ApiView):
    """One product: by `id` (a distribution center product) or by `goods_id` (a listing of this shop)."""

    class InputSerializer(serializers.Serializer):
        id = IdField(required=False)
        goods_id = IdField(required=False)

        def validate(self, attrs: dict) -> dict:
            if ("id" in attrs) == ("goods_id" in attrs):
                raise serializers.ValidationError(_("Please select a product"))
            return attrs

    class OutputSerializer(ProductCardSerializer):
        description = serializers.CharField()
        category_name = serializers.CharField()
        images = ProductImageSerializer(many=True, read_only=True)
        goods = ProductGoodsSerializer(allow_null=True, read_only=True)

    def get(self, request: Request) -> Response:
        params = self.valid_query(self.InputSerializer)
        merchant = signed_in(request)
        if "goods_id" in params:
            listed = goods_get(merchant=merchant, goods_id=params["goods_id"])
            detail = product_detail(product_id=listed.product_id)
        else:
            detail = product_detail(product_id=params["id"])
        goods = goods_of_product(merchant=merchant, product_id=detail["id"])
        margin, _quantity = level_terms(merchant=merchant)
        product = priced(detail, margin)
        product["stock"] = product_stock(product_id=detail["id"])
        product["images"] = [{"url": url, "thumbnail": thumbnail} for url, thumbnail in detail["images"]]
        product["goods"] = goods
        return ok(write_detail.one(product, {"request": request}))


write_detail = writer(ProductDetailApi.OutputSerializer)


class GoodsSwitchApi(ApiView):
    """Puts a listing on shelf (selling) or off shelf (in stock)."""

    class InputSerializer(serializers.Serializer):
        id = IdField()
        on_shelf = serializers.BooleanField()

    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        on_shelf = serializers.BooleanField()

    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        values = serializer.validated_data
        goods = goods_switch(merchant=signed_in(request), goods_id=values["id"], on_shelf=values["on_shelf"])
        msg = _("The product is now on sale.") if goods.on_shelf else _("The product was taken off the shelf.")
        return ok(self.OutputSerializer(goods).data, msg)


class GoodsRemoveApi(ApiView):
    class InputSerializer(serializers.Serializer):
        id = IdField()

    @extend_schema(responses=None)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        goods_remove(merchant=signed_in(request), goods_id=serializer.validated_data["id"])
        return ok(None, _("Removed from your shop."))
