"""Wallet endpoints: views translate HTTP and call one service or selector (conventions.md)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.accounts.authentication import signed_in
from apps.core.envelope import ok
from apps.core.idempotency import IdempotencyKey
from apps.core.money import MoneySerializerField
from apps.core.pagination import PageInputSerializer, paginate
from apps.core.schema import paged

from . import selectors, services
from .constants import BILL_TABS, AddressFormat, DepositStatus, EntryKind, Method, WithdrawalStatus

AMOUNT_ERRORS = {
    "required": gettext_lazy("Please enter the amount."),
    "null": gettext_lazy("Please enter the amount."),
    "invalid": gettext_lazy("Please enter a valid amount."),
    "max_decimal_places": gettext_lazy("At most 2 decimal places."),
    "max_digits": gettext_lazy("Please enter a valid amount."),
    "max_whole_digits": gettext_lazy("Please enter a valid amount."),
}


def _amount_field() -> MoneySerializerField:
    return MoneySerializerField(error_messages=AMOUNT_ERRORS)


class GetBlockchainApi(APIView):
    class NetworkSerializer(serializers.Serializer):
        code = serializers.CharField()
        currency = serializers.CharField()
        address = serializers.CharField()
        qr_code = serializers.SerializerMethodField()
        minimum = MoneySerializerField()
        confirmations = serializers.IntegerField()

        def get_qr_code(self, network) -> str:  # type: ignore[no-untyped-def]
            return selectors.qr_data_url(network.address)

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
        },
    )

    @extend_schema(responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        return ok(
            {
                "networks": self.NetworkSerializer(selectors.networks_active(), many=True).data,
                "banks": self.BankSerializer(selectors.bank_details_active(), many=True).data,
                "notice": _("Deposits through a decentralized exchange, BSC or HECO are not supported."),
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
    credited_amount = MoneySerializerField(allow_null=True)
    tx_hash = serializers.CharField()
    status = serializers.ChoiceField(choices=DepositStatus.choices)
    status_label = serializers.CharField(source="get_status_display")
    reason = serializers.SerializerMethodField()

    def get_reason(self, deposit) -> str:  # type: ignore[no-untyped-def]
        return deposit.review_note if deposit.status == DepositStatus.REJECTED else ""


class RechargeApi(APIView):
    class InputSerializer(serializers.Serializer):
        type = serializers.ChoiceField(
            choices=Method.choices, error_messages={"invalid_choice": gettext_lazy("Please choose a deposit method.")}
        )
        amount = _amount_field()
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


class RechargeLogApi(APIView):
    class InputSerializer(PageInputSerializer):
        status = serializers.ChoiceField(choices=DepositStatus.choices, required=False)

    @extend_schema(parameters=[InputSerializer], responses=paged(DepositOutputSerializer))
    def get(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.query_params)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        deposits = selectors.deposit_list(merchant=signed_in(request), status=v.get("status"))  # type: ignore[arg-type]
        return ok(
            paginate(
                deposits,
                page=v["page"],
                limit=v["limit"],
                serialize=lambda rows: DepositOutputSerializer(rows, many=True).data,
            )
        )


class WithdrawalOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.CharField()
    created_at = serializers.DateTimeField()
    method = serializers.ChoiceField(choices=Method.choices)
    method_label = serializers.CharField(source="get_method_display")
    currency = serializers.CharField()
    network = serializers.CharField(source="network.code", default=None, allow_null=True)
    account = serializers.CharField()
    amount = MoneySerializerField()
    fee = MoneySerializerField()
    actual_amount = MoneySerializerField()
    status = serializers.ChoiceField(choices=WithdrawalStatus.choices)
    status_label = serializers.CharField(source="get_status_display")
    reason = serializers.SerializerMethodField()

    def get_reason(self, withdrawal) -> str:  # type: ignore[no-untyped-def]
        return withdrawal.review_note if withdrawal.status == WithdrawalStatus.REJECTED else ""


class ExtractApi(APIView):
    idempotency_scope = "wallet.extract"

    class PreviewSerializer(serializers.Serializer):
        amount = MoneySerializerField(required=False, error_messages=AMOUNT_ERRORS)

    class InputSerializer(serializers.Serializer):
        method = serializers.ChoiceField(
            choices=Method.choices,
            error_messages={"invalid_choice": gettext_lazy("Please choose a withdrawal method.")},
        )
        currency = serializers.CharField(required=False, allow_blank=True, default="")
        network = serializers.CharField(required=False, allow_blank=True, default="")
        full_name = serializers.CharField(
            max_length=100, error_messages={"blank": gettext_lazy("Please enter your full name.")}
        )
        bank_name = serializers.CharField(required=False, allow_blank=True, default="", max_length=100)
        account = serializers.CharField(
            max_length=128, error_messages={"blank": gettext_lazy("Please enter the card number or address.")}
        )
        amount = _amount_field()
        pay_password = serializers.CharField(required=False, allow_blank=True, default="", trim_whitespace=False)

    class OutputSerializer(serializers.Serializer):
        class MethodSerializer(serializers.Serializer):
            code = serializers.ChoiceField(choices=Method.choices)
            label = serializers.CharField()  # type: ignore[assignment]  # a field, not Field.label

        class NetworkSerializer(serializers.Serializer):
            code = serializers.CharField()
            currency = serializers.CharField()
            address_format = serializers.ChoiceField(choices=AddressFormat.choices)

        class FeePreviewSerializer(serializers.Serializer):
            amount = MoneySerializerField()
            fee = MoneySerializerField()
            actual_amount = MoneySerializerField()

        balance = MoneySerializerField()
        currency = serializers.CharField()
        methods = MethodSerializer(many=True)
        networks = NetworkSerializer(many=True)
        address_formats = serializers.DictField(child=serializers.CharField())
        fee_fixed = MoneySerializerField()
        fee_percent = serializers.DecimalField(max_digits=5, decimal_places=2)
        minimum = MoneySerializerField()
        preview = FeePreviewSerializer(allow_null=True)

    @extend_schema(parameters=[PreviewSerializer], responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        """The form: balance, methods, networks, the fee rule, the minimum; `amount` adds a fee preview."""
        preview = None
        if request.query_params.get("amount"):
            params = self.PreviewSerializer(data=request.query_params)
            params.is_valid(raise_exception=True)
            preview = selectors.withdrawal_preview(amount=params.validated_data["amount"])
        form = selectors.withdrawal_form(merchant=signed_in(request), preview=preview)
        return ok(self.OutputSerializer(form).data)

    @extend_schema(request=InputSerializer, responses=WithdrawalOutputSerializer)
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        withdrawal = services.withdrawal_create(
            merchant=signed_in(request),
            pay_password=v["pay_password"],
            method=v["method"],
            amount=v["amount"],
            full_name=v["full_name"],
            account=v["account"],
            bank_name=v["bank_name"],
            network_code=v["network"],
            currency=v["currency"],
            idempotency=IdempotencyKey.from_request(request, self),
        )
        return ok(WithdrawalOutputSerializer(withdrawal).data, _("Withdrawal submitted. It is paid after review."))


class ExtractLogApi(APIView):
    class InputSerializer(PageInputSerializer):
        status = serializers.ChoiceField(choices=WithdrawalStatus.choices, required=False)

    @extend_schema(parameters=[InputSerializer], responses=paged(WithdrawalOutputSerializer))
    def get(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.query_params)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        rows = selectors.withdrawal_list(merchant=signed_in(request), status=v.get("status"))
        return ok(
            paginate(
                rows,
                page=v["page"],
                limit=v["limit"],
                serialize=lambda items: WithdrawalOutputSerializer(items, many=True).data,
            )
        )


class BillApi(APIView):
    class InputSerializer(PageInputSerializer):
        type = serializers.ChoiceField(choices=["all", *BILL_TABS], default="all")

    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        kind = serializers.CharField(source="entry.kind")
        title = serializers.SerializerMethodField()
        memo = serializers.CharField(source="entry.memo")
        amount = MoneySerializerField()
        balance_after = MoneySerializerField()
        created_at = serializers.DateTimeField(source="entry.created_at")

        def get_title(self, line) -> str:  # type: ignore[no-untyped-def]
            kind = line.entry.kind
            return str(EntryKind(kind).label) if kind in EntryKind.values else kind

    @extend_schema(parameters=[InputSerializer], responses=paged(OutputSerializer))
    def get(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.query_params)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        lines = selectors.bill_lines(merchant=signed_in(request), tab=v["type"])
        return ok(
            paginate(
                lines,
                page=v["page"],
                limit=v["limit"],
                serialize=lambda rows: self.OutputSerializer(rows, many=True).data,
            )
        )


class LevelUpgradeApi(APIView):
    idempotency_scope = "wallet.level_upgrade"

    class InputSerializer(serializers.Serializer):
        level_id = serializers.IntegerField(error_messages={"required": gettext_lazy("Please choose a level.")})
        pay_password = serializers.CharField(required=False, allow_blank=True, default="", trim_whitespace=False)

    class OutputSerializer(serializers.Serializer):
        class LevelSerializer(serializers.Serializer):
            id = serializers.IntegerField()
            rank = serializers.IntegerField()
            name = serializers.CharField()

        class WalletSerializer(serializers.Serializer):
            balance = MoneySerializerField()
            pending_amount = MoneySerializerField()
            total_income = MoneySerializerField()

        level = LevelSerializer()
        wallet = WalletSerializer()

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
