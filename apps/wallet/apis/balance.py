"""The balance: funds records, and spending it on a level upgrade or a promotion (the shop express lane)."""

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
from apps.core.pagination import PageInputSerializer, page_answer
from apps.core.schema import paged
from apps.core.writers import writer
from apps.shop.models import PROMOTION_MAX_PRODUCTS

from .. import selectors, services
from ..answers import BillLineSerializer
from ..constants import BILL_TABS


class BillApi(ApiView):
    class InputSerializer(PageInputSerializer):
        type = serializers.ChoiceField(choices=["all", *BILL_TABS], default="all")

    class OutputSerializer(BillLineSerializer):
        pass

    @extend_schema(parameters=[InputSerializer], responses=paged(OutputSerializer))
    def get(self, request: Request) -> Response:
        data = self.valid_query(self.InputSerializer)
        page, limit = data["page"], data["limit"]
        total, lines = selectors.bill_page(merchant=signed_in(request), tab=data["type"], page=page, limit=limit)
        return ok(page_answer(total, write_bill.many(lines), page=page, limit=limit))


write_bill = writer(BillApi.OutputSerializer)


class WalletSummarySerializer(serializers.Serializer):
    """The balances after a payment (wallet.selectors.wallet_summary)."""

    balance = MoneySerializerField()
    pending_amount = MoneySerializerField()
    held_amount = MoneySerializerField()
    pending_sales = MoneySerializerField()
    total_income = MoneySerializerField()


class LevelUpgradeApi(ApiView):
    idempotency_scope = "wallet.level_upgrade"

    class InputSerializer(serializers.Serializer):
        level_id = IdField(error_messages={"required": gettext_lazy("Please choose a level.")})
        pay_password = serializers.CharField(required=False, allow_blank=True, default="", trim_whitespace=False)

    class OutputSerializer(serializers.Serializer):
        class LevelSerializer(serializers.Serializer):
            id = serializers.IntegerField()
            rank = serializers.IntegerField()
            name = serializers.CharField()

        level = LevelSerializer()
        wallet = WalletSummarySerializer()

    @extend_schema(request=InputSerializer, responses=OutputSerializer)
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        level = services.level_upgrade(
            merchant=signed_in(request),
            level_id=data.validated_data["level_id"],
            pay_password=data.validated_data["pay_password"],
            idempotency=IdempotencyKey.from_request(request, self),
        )
        answer = {"level": level, "wallet": selectors.wallet_summary(merchant=signed_in(request))}
        return ok(self.OutputSerializer(answer).data, _("Level upgraded."))


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
        promotion = services.promotion_buy(
            merchant=signed_in(request),
            package_id=data.validated_data["package_id"],
            goods_ids=data.validated_data["goods_ids"],
            pay_password=data.validated_data["pay_password"],
            idempotency=IdempotencyKey.from_request(request, self),
        )
        answer = {"promotion": promotion, "wallet": selectors.wallet_summary(merchant=signed_in(request))}
        return ok(self.OutputSerializer(answer).data, _("Promotion started."))
