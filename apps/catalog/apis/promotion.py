"""The shop express lane (product.md section 8): the packages and running promotions, and the purchase records.
Buying is a money operation: POST index/buy_train lives in the wallet (apps/wallet/apis/balance.py)."""

from django.conf import settings
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts.authentication import signed_in
from apps.core.apiview import ApiView
from apps.core.envelope import ok
from apps.core.money import MoneySerializerField
from apps.core.pagination import PageInputSerializer, paginate
from apps.shop.models import PromotionPackage
from apps.shop.selectors import package_list

from ..models import PromotionGoods
from ..selectors import promotion_list, promotions_running


class PromotionPackageSerializer(serializers.Serializer):
    """A package as the merchant reads it before paying: what it costs, how many products, for how long."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    description = serializers.CharField()
    price = MoneySerializerField()
    product_quantity = serializers.IntegerField()
    duration_hours = serializers.IntegerField()


class PromotedGoodsSerializer(serializers.Serializer):
    """One product of a running promotion: `goods_id` is null once the listing was removed from the shop."""

    goods_id = serializers.IntegerField(allow_null=True)
    product_id = serializers.IntegerField(allow_null=True)
    title = serializers.SerializerMethodField()
    image = serializers.SerializerMethodField()

    def get_title(self, item: PromotionGoods) -> str:
        # The title in the reader's language while the product exists; the title as bought otherwise.
        return item.product.title if item.product is not None else item.title

    def get_image(self, item: PromotionGoods) -> str | None:
        images = list(item.product.images.all()) if item.product is not None else []
        thumbnail = images[0].thumbnail if images else None
        return self.context["request"].build_absolute_uri(thumbnail.url) if thumbnail else None


class RunningPromotionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField(source="package.name", help_text="The package's name in the reader's language.")
    price = MoneySerializerField()
    product_quantity = serializers.IntegerField()
    duration_hours = serializers.IntegerField()
    starts_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField()
    goods = PromotedGoodsSerializer(source="items.all", many=True)


class TrainApi(ApiView):
    """GET index/train: the packages on sale, and the merchant's promotions running now with their end and goods."""

    class OutputSerializer(serializers.Serializer):
        currency = serializers.CharField()
        packages = PromotionPackageSerializer(many=True)
        promotions = RunningPromotionSerializer(many=True)

    def get(self, request: Request) -> Response:
        merchant = signed_in(request)
        packages: list[PromotionPackage] = list(package_list())
        data = {
            "currency": settings.PLATFORM_CURRENCY,
            "packages": packages,
            "promotions": promotions_running(merchant=merchant),
        }
        return ok(self.OutputSerializer(data, context={"request": request}).data)


class BuyTrainBillApi(ApiView):
    """GET index/buy_train_bill: the promotion purchases, newest first: type (the package), time, amount."""

    InputSerializer = PageInputSerializer

    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        type = serializers.CharField(source="package.name", help_text="The package's name in the reader's language.")
        amount = MoneySerializerField(source="price")
        created_at = serializers.DateTimeField()
        product_quantity = serializers.IntegerField()
        duration_hours = serializers.IntegerField()
        product_count = serializers.IntegerField()
        starts_at = serializers.DateTimeField()
        ends_at = serializers.DateTimeField()

    @extend_schema(parameters=[PageInputSerializer])
    def get(self, request: Request) -> Response:
        page = self.valid_query(PageInputSerializer)
        purchases = promotion_list(merchant=signed_in(request))
        serialize = lambda items: self.OutputSerializer(items, many=True).data  # noqa: E731
        return ok(paginate(purchases, **page, serialize=serialize))
