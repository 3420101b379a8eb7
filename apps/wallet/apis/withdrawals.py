"""Withdrawals: the form with its fee preview and review deadline, a withdrawal request, the withdrawal records, and
the merchant's cancel of a withdrawal still in review."""

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
from apps.core.writers import derived, writer

from .. import selectors, services
from ..answers import WithdrawalDestinationSerializer
from ..constants import ADDRESS_PATTERNS, AddressFormat, Method, WithdrawalStatus
from .common import AMOUNT_ERRORS, _amount_field


class WithdrawalOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.CharField()
    created_at = serializers.DateTimeField()
    method = serializers.ChoiceField(choices=Method.choices)
    method_label = serializers.CharField(source="get_method_display")
    currency = serializers.CharField()
    network = serializers.CharField(source="network.code", default=None, allow_null=True)
    account = serializers.CharField(source="account_shown", help_text="A bank card as its last four digits.")
    destination = WithdrawalDestinationSerializer(
        allow_null=True, help_text="The payout destination it was made to: its name and shortened account."
    )
    amount = MoneySerializerField()
    fee = MoneySerializerField()
    actual_amount = MoneySerializerField()
    status = serializers.ChoiceField(choices=WithdrawalStatus.choices)
    status_label = serializers.CharField(source="get_status_display")
    reason = serializers.SerializerMethodField()
    review_deadline = serializers.DateTimeField(
        allow_null=True, help_text="While in review: when it is due to be decided (the published review deadline)."
    )
    overdue = serializers.BooleanField(help_text="In review past its deadline (the operators were alerted).")

    def get_reason(self, withdrawal) -> str:
        return withdrawal.review_note if withdrawal.status == WithdrawalStatus.REJECTED else ""


class ExtractApi(ApiView):
    idempotency_scope = "wallet.extract"

    class PreviewSerializer(serializers.Serializer):
        amount = MoneySerializerField(operation="withdrawal", required=False, error_messages=AMOUNT_ERRORS)

    class InputSerializer(serializers.Serializer):
        destination = IdField(
            required=False,
            allow_null=True,
            default=None,
            help_text="The payout destination (merchant/destinations). Without it, the payout fields below name one: "
            "a live destination with these fields, or a new one added now, which waits the cooling-off.",
        )
        method = serializers.ChoiceField(
            choices=Method.choices,
            required=False,
            allow_blank=True,
            default="",
            error_messages={"invalid_choice": gettext_lazy("Please choose a withdrawal method.")},
        )
        currency = serializers.CharField(required=False, allow_blank=True, default="")
        network = serializers.CharField(required=False, allow_blank=True, default="")
        full_name = serializers.CharField(required=False, allow_blank=True, default="", max_length=100)
        bank_name = serializers.CharField(required=False, allow_blank=True, default="", max_length=100)
        account = serializers.CharField(required=False, allow_blank=True, default="", max_length=128)
        amount = _amount_field("withdrawal")
        pay_password = serializers.CharField(required=False, allow_blank=True, default="", trim_whitespace=False)

    class OutputSerializer(serializers.Serializer):
        class MethodSerializer(serializers.Serializer):
            code = serializers.ChoiceField(choices=Method.choices)
            label = serializers.CharField()  # type: ignore[assignment]  # a field, not Field.label

        class NetworkSerializer(serializers.Serializer):
            code = serializers.CharField()
            currency = serializers.CharField()
            address_format = serializers.ChoiceField(choices=AddressFormat.choices)
            address_pattern = derived(
                serializers.CharField,
                ADDRESS_PATTERNS.__getitem__,
                sources={"address_format": AddressFormat.values},
                read_only=True,
                help_text="The address format as a regular expression.",
            )

        class FeePreviewSerializer(serializers.Serializer):
            amount = MoneySerializerField()
            fee = MoneySerializerField()
            actual_amount = MoneySerializerField()

        balance = MoneySerializerField()
        currency = serializers.CharField()
        methods = MethodSerializer(many=True)
        networks = NetworkSerializer(many=True)
        address_formats = serializers.DictField(child=serializers.CharField())
        card_pattern = serializers.CharField(help_text="The card number format as a regular expression.")
        fee_fixed = MoneySerializerField()
        fee_percent = serializers.DecimalField(max_digits=5, decimal_places=2)
        minimum = MoneySerializerField()
        maximum = MoneySerializerField(help_text="The largest withdrawal one request may ask for.")
        review_hours = serializers.IntegerField(help_text="A withdrawal is reviewed within this many hours.")
        preview = FeePreviewSerializer(allow_null=True)

    @extend_schema(parameters=[PreviewSerializer], responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        """The form: balance, methods, networks, the fee rule, the minimum and maximum; `amount` adds a fee preview."""
        preview = None
        if request.query_params.get("amount"):
            params = self.valid_query(self.PreviewSerializer)
            preview = selectors.withdrawal_preview(amount=params["amount"])
        return ok(write_form.one(selectors.withdrawal_form(merchant=signed_in(request), preview=preview)))

    @extend_schema(request=InputSerializer, responses=WithdrawalOutputSerializer)
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        withdrawal = services.withdrawal_create(
            merchant=signed_in(request),
            pay_password=v["pay_password"],
            destination_id=v["destination"],
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


# The withdraw screen is opened often: its answer is written from the form's plain values by the compiled writer.
write_form = writer(ExtractApi.OutputSerializer)


class ExtractLogApi(ApiView):
    class InputSerializer(PageInputSerializer):
        status = serializers.ChoiceField(choices=WithdrawalStatus.choices, required=False)

    @extend_schema(parameters=[InputSerializer], responses=paged(WithdrawalOutputSerializer))
    def get(self, request: Request) -> Response:
        v = self.valid_query(self.InputSerializer)
        rows = selectors.withdrawal_list(merchant=signed_in(request), status=v.get("status"))
        return ok(
            paginate(
                rows,
                page=v["page"],
                limit=v["limit"],
                serialize=lambda items: WithdrawalOutputSerializer(items, many=True).data,
            )
        )


class ExtractCancelApi(ApiView):
    idempotency_scope = "wallet.extract_cancel"

    class InputSerializer(serializers.Serializer):
        id = IdField()

    @extend_schema(request=InputSerializer, responses=WithdrawalOutputSerializer)
    def post(self, request: Request) -> Response:
        """Cancels one of the merchant's withdrawals still in review: its amount goes back to the balance. No payment
        password: nothing leaves the balance."""
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        withdrawal = services.withdrawal_cancel(
            merchant=signed_in(request),
            withdrawal_id=data.validated_data["id"],
            idempotency=IdempotencyKey.from_request(request, self),
        )
        done = _("Withdrawal cancelled. The amount is back in your balance.")
        return ok(WithdrawalOutputSerializer(withdrawal).data, done)
