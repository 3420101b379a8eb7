"""The levels on offer (GET index/level) and moving up one (POST index/level_upgrade, paid from the balance)."""

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
from apps.core.schema import paged
from apps.core.uploads import upload_url
from apps.shop.models import Level
from apps.wallet.apis.balance import WalletSummarySerializer
from apps.wallet.selectors import wallet_summary

from .selectors import levels_priced
from .services import level_upgrade


class LevelUpcomingSerializer(serializers.Serializer):
    """A level's next version, announced and not in force yet: its terms and the date they apply from."""

    effective_from = serializers.DateTimeField()
    profit_margin = serializers.DecimalField(max_digits=5, decimal_places=4)
    product_quantity = serializers.IntegerField()
    upgrade_price = MoneySerializerField()


class LevelListApi(ApiView):
    """The levels in force with their terms (the merchant's own level as the version it has, whose terms it keeps), the
    current one marked, what an upgrade would cost now, and each level's next announced version, if any: buying now
    buys the terms in force now."""

    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        rank = serializers.IntegerField()
        name = serializers.CharField()
        image = serializers.SerializerMethodField()
        profit_margin = serializers.DecimalField(max_digits=5, decimal_places=4)
        product_quantity = serializers.IntegerField()
        upgrade_price = MoneySerializerField()
        upgrade_cost = MoneySerializerField(allow_null=True)  # null for the current and lower levels
        is_current = serializers.BooleanField()
        upcoming = LevelUpcomingSerializer(allow_null=True)  # the next version of this level, announced

        def get_image(self, level: Level) -> str | None:
            return upload_url(level.image, self.context["request"])

    class PageSerializer(paged(OutputSerializer)):  # type: ignore[misc]  # the page of levels, plus the current
        current_level_id = serializers.IntegerField(allow_null=True)

    @extend_schema(parameters=[PageInputSerializer], responses=PageSerializer)
    def get(self, request: Request) -> Response:
        page = self.valid_query(PageInputSerializer)
        levels, current = levels_priced(merchant=signed_in(request))
        context = {"request": request}
        data = paginate(
            levels,
            **page,
            serialize=lambda items: self.OutputSerializer(items, many=True, context=context).data,
        )
        data["current_level_id"] = current.pk if current is not None else None
        return ok(data)


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
        level = level_upgrade(
            merchant=signed_in(request),
            level_id=data.validated_data["level_id"],
            pay_password=data.validated_data["pay_password"],
            idempotency=IdempotencyKey.from_request(request, self),
        )
        answer = {"level": level, "wallet": wallet_summary(merchant=signed_in(request))}
        return ok(self.OutputSerializer(answer).data, _("Level upgraded."))
