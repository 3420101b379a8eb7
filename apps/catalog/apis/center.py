"""The distribution center: categories, products, distributing them to the shop; the best sellers."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts.authentication import signed_in
from apps.core.apiview import ApiView
from apps.core.envelope import ok
from apps.core.fields import IdField
from apps.core.pagination import PageInputSerializer, page_answer, paginate
from apps.core.schema import paged
from apps.core.writers import writer
from apps.levels.selectors import level_terms

from ..selectors import (
    category_list,
    goods_page_rows,
    product_card_page,
    product_marks,
    shop_room,
)
from ..services import goods_add, goods_add_filtered, goods_add_hot
from .common import GoodsOutputSerializer, ProductCardSerializer, goods_page, priced


class ProductHotApi(ApiView):
    """The shop's best sellers: its listings by sales, then clicks (both counted from recorded events)."""

    @extend_schema(parameters=[PageInputSerializer], responses=paged(GoodsOutputSerializer))
    def get(self, request: Request) -> Response:
        page = self.valid_query(PageInputSerializer)
        number, limit = page["page"], page["limit"]
        total, rows = goods_page_rows(merchant=signed_in(request), order="hot", page=number, limit=limit)
        return ok(page_answer(total, goods_page(request, rows), page=number, limit=limit))


class CategoryListApi(ApiView):
    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        name = serializers.CharField()
        product_count = serializers.IntegerField()

    @extend_schema(parameters=[PageInputSerializer], responses=paged(OutputSerializer))
    def get(self, request: Request) -> Response:
        page = self.valid_query(PageInputSerializer)
        data = paginate(
            category_list(),
            **page,
            serialize=lambda items: self.OutputSerializer(items, many=True).data,
        )
        return ok(data)


class FilterInputSerializer(serializers.Serializer):
    category = IdField(required=False, allow_null=True)
    keyword = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")


class ProductListApi(ApiView):
    """The distribution center: active products by category and keyword; `added` marks those in the shop."""

    class InputSerializer(FilterInputSerializer, PageInputSerializer):
        pass

    class OutputSerializer(ProductCardSerializer):
        added = serializers.BooleanField(help_text="The product is in the merchant's shop.")

    class PageSerializer(paged(OutputSerializer)):  # type: ignore[misc]  # the page, plus the shop's room
        goods_count = serializers.IntegerField(help_text="Products in the merchant's shop now.")
        product_quantity = serializers.IntegerField(help_text="The most products the merchant's level allows.")

    @extend_schema(parameters=[InputSerializer], responses=PageSerializer)
    def get(self, request: Request) -> Response:
        query = self.valid_query(self.InputSerializer)
        merchant = signed_in(request)
        total, rows = product_card_page(
            category_id=query.get("category"), keyword=query["keyword"], page=query["page"], limit=query["limit"]
        )
        margin, _quantity = level_terms(merchant=merchant)
        marks = product_marks(merchant=merchant, product_ids=[row["id"] for row in rows])
        cards = [
            {**priced(row, margin), "stock": marks[row["id"]][0], "added": marks[row["id"]][1]}
            for row in rows
            if row["id"] in marks  # not one deleted while its page was read
        ]
        items = write_cards.many(cards, {"request": request})
        data = {"total": total, "list": items, "page": query["page"], "limit": query["limit"]}
        data["goods_count"], data["product_quantity"] = shop_room(merchant=merchant)
        return ok(data)


write_cards = writer(ProductListApi.OutputSerializer)


class DistributeOutputSerializer(serializers.Serializer):
    """What a distribution did (services.DistributeResult): added now, skipped for the level's product quantity."""

    added = serializers.IntegerField()
    skipped = serializers.IntegerField()
    already = serializers.IntegerField()
    limit = serializers.IntegerField()


class ProductAddApi(ApiView):
    class InputSerializer(serializers.Serializer):
        ids = serializers.ListField(child=IdField(), required=False, default=list)

    @extend_schema(responses=DistributeOutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        result = goods_add(merchant=signed_in(request), product_ids=serializer.validated_data["ids"])
        return ok(result.as_data(), result.message())


class ProductAddAllApi(ApiView):
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


class ProductAddAllHotApi(ApiView):
    @extend_schema(request=None, responses=DistributeOutputSerializer)
    def post(self, request: Request) -> Response:
        result = goods_add_hot(merchant=signed_in(request))
        return ok(result.as_data(), result.message())
