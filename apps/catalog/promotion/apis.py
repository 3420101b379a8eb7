"""The shop express lane (product.md section 8): the packages and running promotions, buying one from the balance,
and the purchase records."""

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts.authentication import signed_in
from apps.core.apiview import ApiView
from apps.core.envelope import ok
from apps.core.fields import IdField
from apps.core.idempotency import IdempotencyKey
from apps.core.money import MoneySerializerField
from apps.core.pagination import PageInputSerializer, paginate
from apps.shop.models import PROMOTION_MAX_PRODUCTS, PromotionPackage
from apps.wallet.apis.balance import WalletSummarySerializer
from apps.wallet.selectors import wallet_summary

from ..models import PromotionGoods
from .selectors import package_list, promotion_list, promotions_running
from .services import promotion_buy


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
    clicks = serializers.IntegerField(help_text="Storefront views of the listing while the promotion runs, so far.")
    orders = serializers.IntegerField(help_text="Paid orders of the product while the promotion runs, so far.")

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


class PromotionBuyApi(ApiView):
    """POST index/buy_train: buys a promotion package for some of the shop's on-shelf goods (pay password)."""

    idempotency_scope = "wallet.promotion_buy"

    class InputSerializer(serializers.Serializer):
        package_id = IdField(error_messages={"required": gettext_lazy("Please choose a package.")})
        goods_ids = serializers.ListField(
            child=IdField(),
            required=False,
            default=list,
            max_length=PROMOTION_MAX_PRODUCTS,
            error_messages={
                "not_a_list": gettext_lazy("Please choose the products to promote."),
                "max_length": gettext_lazy("At most 100 products."),
            },
        )
        pay_password = serializers.CharField(required=False, allow_blank=True, default="", trim_whitespace=False)

    class OutputSerializer(serializers.Serializer):
        class PromotionSerializer(serializers.Serializer):
            id = serializers.IntegerField()
            name = serializers.CharField()
            price = MoneySerializerField()
            product_quantity = serializers.IntegerField()
            duration_hours = serializers.IntegerField()
            starts_at = serializers.DateTimeField()
            ends_at = serializers.DateTimeField()

        promotion = PromotionSerializer()
        wallet = WalletSummarySerializer()

    @extend_schema(request=InputSerializer, responses=OutputSerializer)
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        promotion = promotion_buy(
            merchant=signed_in(request),
            package_id=data.validated_data["package_id"],
            goods_ids=data.validated_data["goods_ids"],
            pay_password=data.validated_data["pay_password"],
            idempotency=IdempotencyKey.from_request(request, self),
        )
        answer = {"promotion": promotion, "wallet": wallet_summary(merchant=signed_in(request))}
        return ok(self.OutputSerializer(answer).data, _("Promotion started."))
