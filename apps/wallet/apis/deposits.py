"""Deposits: the networks and bank details, a deposit request, the deposit records."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts.authentication import signed_in
from apps.core.apiview import ApiView
from apps.core.envelope import ok
from apps.core.idempotency import IdempotencyKey
from apps.core.money import MoneySerializerField, money_max
from apps.core.pagination import PageInputSerializer, paginate
from apps.core.qr import qr_data_url
from apps.core.schema import paged

from .. import selectors, services
from ..constants import CARD_NUMBER_PATTERN, DepositStatus, Method
from .common import _amount_field


class GetBlockchainApi(ApiView):
    class NetworkSerializer(serializers.Serializer):
        code = serializers.CharField()
        currency = serializers.CharField()
        address = serializers.CharField()
        qr_code = serializers.SerializerMethodField()
        minimum = MoneySerializerField()
        confirmations = serializers.IntegerField()

        def get_qr_code(self, network) -> str:
            return qr_data_url(network["address"])

    class BankSerializer(serializers.Serializer):
        bank_name = serializers.CharField()
        account_name = serializers.CharField()
        account_number = serializers.CharField()
        branch = serializers.CharField()
        note = serializers.CharField()

    OutputSerializer = inline_serializer(
        "GetBlockchainApiOutput",
        {
            "networks": NetworkSerializer(many=True),
            "banks": BankSerializer(many=True),
            "notice": serializers.CharField(),
            "maximum": MoneySerializerField(help_text="The largest deposit one request may declare."),
            "card_pattern": serializers.CharField(help_text="The card number format as a regular expression."),
        },
    )

    @extend_schema(responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        return ok(
            {
                "networks": self.NetworkSerializer(selectors.networks_active(), many=True).data,
                "banks": self.BankSerializer(selectors.bank_details_active(), many=True).data,
                "notice": _("Deposits through a decentralized exchange, BSC or HECO are not supported."),
                "maximum": f"{money_max('deposit'):.2f}",
                "card_pattern": CARD_NUMBER_PATTERN,
            }
        )


class DepositOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.CharField()
    created_at = serializers.DateTimeField()
    method = serializers.ChoiceField(choices=Method.choices)
    method_label = serializers.CharField(source="get_method_display")
    network = serializers.CharField(source="network.code", default=None, allow_null=True)
    amount = MoneySerializerField()
    currency = serializers.SerializerMethodField(help_text="The amount's currency: the chain token, or the platform's.")
    credited_amount = MoneySerializerField(allow_null=True, help_text="In the platform currency.")
    tx_hash = serializers.CharField()
    status = serializers.ChoiceField(choices=DepositStatus.choices)
    status_label = serializers.CharField(source="get_status_display")
    reason = serializers.SerializerMethodField()

    def get_currency(self, deposit) -> str:
        return deposit.currency

    def get_reason(self, deposit) -> str:
        return deposit.review_note if deposit.status == DepositStatus.REJECTED else ""


class RechargeApi(ApiView):
    class InputSerializer(serializers.Serializer):
        type = serializers.ChoiceField(
            choices=Method.choices, error_messages={"invalid_choice": gettext_lazy("Please choose a deposit method.")}
        )
        amount = _amount_field("deposit")
        network = serializers.CharField(required=False, allow_blank=True, default="")
        voucher = serializers.CharField(required=False, allow_blank=True, default="")
        tx_hash = serializers.CharField(required=False, allow_blank=True, default="")
        name = serializers.CharField(required=False, allow_blank=True, default="")
        card_number = serializers.CharField(required=False, allow_blank=True, default="")
        bank_name = serializers.CharField(required=False, allow_blank=True, default="")

    idempotency_scope = "wallet.recharge"

    @extend_schema(request=InputSerializer, responses=DepositOutputSerializer)
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        deposit = services.deposit_create(
            merchant=signed_in(request),
            method=v["type"],
            amount=v["amount"],
            network_code=v["network"],
            voucher_key=v["voucher"],
            tx_hash=v["tx_hash"],
            payer_name=v["name"],
            card_number=v["card_number"],
            bank_name=v["bank_name"],
            idempotency=IdempotencyKey.from_request(request, self),
        )
        return ok(DepositOutputSerializer(deposit).data, _("Deposit submitted. It is credited after review."))


class RechargeLogApi(ApiView):
    class InputSerializer(PageInputSerializer):
        status = serializers.ChoiceField(choices=DepositStatus.choices, required=False)

    @extend_schema(parameters=[InputSerializer], responses=paged(DepositOutputSerializer))
    def get(self, request: Request) -> Response:
        v = self.valid_query(self.InputSerializer)
        deposits = selectors.deposit_list(merchant=signed_in(request), status=v.get("status"))
        return ok(
            paginate(
                deposits,
                page=v["page"],
                limit=v["limit"],
                serialize=lambda rows: DepositOutputSerializer(rows, many=True).data,
            )
        )
