from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.accounts.authentication import signed_in
from apps.core.envelope import ok
from apps.core.money import MoneySerializerField
from apps.core.pagination import PageInputSerializer, paginate
from apps.core.schema import paged

from .filters import GOODS_TABS
from .models import Product, ProductImage, ShopGoods
from .selectors import (
    category_list,
    goods_get,
    goods_hot_list,
    goods_list,
    goods_of_product,
    priced,
    product_get,
    product_ids_in_shop,
    product_list,
)
from .services import goods_add, goods_add_filtered, goods_add_hot, goods_remove, goods_switch


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

    @extend_schema_field(serializers.ChoiceField(choices=["selling", "stock"]))
    def get_status(self, goods: ShopGoods) -> str:
        return "selling" if goods.on_shelf else "stock"

    def get_status_label(self, goods: ShopGoods) -> str:
        return _("Selling") if goods.on_shelf else _("In stock")


def _goods_page(request: Request, goods: Iterable[ShopGoods]) -> Any:
    items = list(goods)
    priced((item.product for item in items), merchant=signed_in(request))
    return GoodsOutputSerializer(items, many=True, context={"request": request}).data


class ProductHotApi(APIView):
    """The shop's best sellers: its listings by sales, then clicks (both counted from recorded events)."""

    @extend_schema(parameters=[PageInputSerializer], responses=paged(GoodsOutputSerializer))
    def get(self, request: Request) -> Response:
        page = PageInputSerializer(data=request.query_params)
        page.is_valid(raise_exception=True)
        data = paginate(
            goods_hot_list(merchant=signed_in(request)),
            **page.validated_data,
            serialize=lambda items: _goods_page(request, items),
        )
        return ok(data)


class CategoryListApi(APIView):
    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        name = serializers.CharField()
        product_count = serializers.IntegerField()

    @extend_schema(parameters=[PageInputSerializer], responses=paged(OutputSerializer))
    def get(self, request: Request) -> Response:
        page = PageInputSerializer(data=request.query_params)
        page.is_valid(raise_exception=True)
        data = paginate(
            category_list(),
            **page.validated_data,
            serialize=lambda items: self.OutputSerializer(items, many=True).data,
        )
        return ok(data)


class FilterInputSerializer(serializers.Serializer):
    category = serializers.IntegerField(min_value=1, required=False, allow_null=True)
    keyword = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")


class ProductListApi(APIView):
    """The distribution center: active products by category and keyword; `added` marks those in the shop."""

    class InputSerializer(FilterInputSerializer, PageInputSerializer):
        pass

    class OutputSerializer(ProductCardSerializer):
        added = serializers.SerializerMethodField()

        def get_added(self, product: Product) -> bool:
            return product.pk in self.context["added"]

    def get(self, request: Request) -> Response:
        params = self.InputSerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        query = params.validated_data

        def serialize(products: Iterable[Product]) -> Any:
            items = priced(products, merchant=signed_in(request))
            added = product_ids_in_shop(merchant=signed_in(request), product_ids=[item.pk for item in items])
            return self.OutputSerializer(items, many=True, context={"request": request, "added": added}).data

        data = paginate(
            product_list(category_id=query.get("category"), keyword=query["keyword"]),
            page=query["page"],
            limit=query["limit"],
            serialize=serialize,
        )
        return ok(data)


class DistributeOutputSerializer(serializers.Serializer):
    """What a distribution did (services.DistributeResult): added now, skipped for the level's product quantity."""

    added = serializers.IntegerField()
    skipped = serializers.IntegerField()
    already = serializers.IntegerField()
    limit = serializers.IntegerField()


class ProductAddApi(APIView):
    class InputSerializer(serializers.Serializer):
        ids = serializers.ListField(child=serializers.IntegerField(min_value=1), required=False, default=list)

    @extend_schema(responses=DistributeOutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        result = goods_add(merchant=signed_in(request), product_ids=serializer.validated_data["ids"])
        return ok(result.as_data(), result.message())


class ProductAddAllApi(APIView):
    """Distributes every product of the current filter of the distribution center (category, keyword)."""

    @extend_schema(request=FilterInputSerializer, responses=DistributeOutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = FilterInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        result = goods_add_filtered(
            merchant=signed_in(request),
            category_id=serializer.validated_data.get("category"),
            keyword=serializer.validated_data["keyword"],
        )
        return ok(result.as_data(), result.message())


class ProductAddAllHotApi(APIView):
    @extend_schema(request=None, responses=DistributeOutputSerializer)
    def post(self, request: Request) -> Response:
        result = goods_add_hot(merchant=signed_in(request))
        return ok(result.as_data(), result.message())


class GoodsManageApi(APIView):
    """The shop's listings: tab all / selling (on shelf) / stock (off shelf), newest first."""

    class InputSerializer(PageInputSerializer):
        tab = serializers.ChoiceField(choices=list(GOODS_TABS), required=False, default="all")

    @extend_schema(responses=paged(GoodsOutputSerializer))
    def get(self, request: Request) -> Response:
        params = self.InputSerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        query = params.validated_data
        data = paginate(
            goods_list(merchant=signed_in(request), tab=query["tab"]),
            page=query["page"],
            limit=query["limit"],
            serialize=lambda items: _goods_page(request, items),
        )
        return ok(data)


class ProductImageSerializer(serializers.Serializer):
    url = serializers.SerializerMethodField()
    thumbnail = serializers.SerializerMethodField()

    def get_url(self, image: ProductImage) -> str | None:
        return _absolute(self.context["request"], image.image)

    def get_thumbnail(self, image: ProductImage) -> str | None:
        return _absolute(self.context["request"], image.thumbnail)


class ProductGoodsSerializer(serializers.Serializer):
    """The merchant's listing of a product (product/detail)."""

    id = serializers.IntegerField()
    on_shelf = serializers.BooleanField()
    clicks = serializers.IntegerField()
    sales = serializers.IntegerField()
    created_at = serializers.DateTimeField()


class ProductDetailApi(APIView):
    """One product: by `id` (a distribution center product) or by `goods_id` (a listing of this shop)."""

    class InputSerializer(serializers.Serializer):
        id = serializers.IntegerField(min_value=1, required=False)
        goods_id = serializers.IntegerField(min_value=1, required=False)

        def validate(self, attrs: dict) -> dict:
            if ("id" in attrs) == ("goods_id" in attrs):
                raise serializers.ValidationError(_("Please select a product"))
            return attrs

    class OutputSerializer(ProductCardSerializer):
        description = serializers.CharField()
        category_name = serializers.CharField(source="category.name")
        images = serializers.SerializerMethodField()
        goods = serializers.SerializerMethodField()

        @extend_schema_field(ProductImageSerializer(many=True))
        def get_images(self, product: Product) -> Any:
            return ProductImageSerializer(product.images.all(), many=True, context=self.context).data

        @extend_schema_field(ProductGoodsSerializer(allow_null=True))
        def get_goods(self, product: Product) -> dict | None:
            goods = self.context["goods"]
            return ProductGoodsSerializer(goods).data if goods is not None else None

    def get(self, request: Request) -> Response:
        params = self.InputSerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        goods: ShopGoods | None
        if "goods_id" in params.validated_data:
            goods = goods_get(merchant=signed_in(request), goods_id=params.validated_data["goods_id"])
            product = product_get(product_id=goods.product_id)
        else:
            product = product_get(product_id=params.validated_data["id"])
            goods = goods_of_product(merchant=signed_in(request), product=product)
        priced([product], merchant=signed_in(request))
        context = {"request": request, "goods": goods}
        return ok(self.OutputSerializer(product, context=context).data)


class GoodsSwitchApi(APIView):
    """Puts a listing on shelf (selling) or off shelf (in stock)."""

    class InputSerializer(serializers.Serializer):
        id = serializers.IntegerField(min_value=1)
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
        return ok({"id": goods.pk, "on_shelf": goods.on_shelf}, msg)


class GoodsRemoveApi(APIView):
    class InputSerializer(serializers.Serializer):
        id = serializers.IntegerField(min_value=1)

    @extend_schema(responses=None)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        goods_remove(merchant=signed_in(request), goods_id=serializer.validated_data["id"])
        return ok(None, _("Removed from your shop."))
