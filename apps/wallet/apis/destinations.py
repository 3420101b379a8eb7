"""Payout destinations: the list with the published cooling-off, add, remove, and confirm at once with the second
factor (services.destinations)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts.authentication import signed_in
from apps.accounts.services.factors import second_factor_enabled
from apps.core.apiview import ApiView
from apps.core.envelope import ok
from apps.core.fields import IdField

from .. import selectors
from ..answers import DestinationSerializer
from ..constants import DESTINATIONS_MAX, Method
from ..services.destinations import (
    cooling_off_hours,
    destination_add,
    destination_confirm,
    destination_remove,
    payout_fields_valid,
)


class DestinationsApi(ApiView):
    class OutputSerializer(serializers.Serializer):
        cooling_off_hours = serializers.IntegerField(
            help_text="A new destination can be used this many hours after it is added, or at once with the second "
            "factor."
        )
        second_factor_enabled = serializers.BooleanField(
            help_text="Two-step sign-in is on: a waiting destination can be confirmed at once with its code."
        )
        maximum = serializers.IntegerField(help_text="How many destinations a merchant keeps at once.")
        list = DestinationSerializer(many=True)

    @extend_schema(responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        """The merchant's payout destinations (not removed), newest first, each with when it is usable: three
        queries."""
        merchant = signed_in(request)
        return ok(
            self.OutputSerializer(
                {
                    "cooling_off_hours": cooling_off_hours(),
                    "second_factor_enabled": second_factor_enabled(merchant),
                    "maximum": DESTINATIONS_MAX,
                    "list": selectors.destination_list(merchant=merchant),
                }
            ).data
        )


class DestinationAddApi(ApiView):
    class InputSerializer(serializers.Serializer):
        method = serializers.ChoiceField(
            choices=Method.choices,
            error_messages={"invalid_choice": gettext_lazy("Please choose a withdrawal method.")},
        )
        currency = serializers.CharField(required=False, allow_blank=True, default="", max_length=16)
        network = serializers.CharField(required=False, allow_blank=True, default="", max_length=32)
        full_name = serializers.CharField(
            max_length=100, error_messages={"blank": gettext_lazy("Please enter your full name.")}
        )
        bank_name = serializers.CharField(required=False, allow_blank=True, default="", max_length=100)
        account = serializers.CharField(
            max_length=128, error_messages={"blank": gettext_lazy("Please enter the card number or address.")}
        )
        name = serializers.CharField(
            required=False, allow_blank=True, default="", max_length=64, help_text="The merchant's label."
        )

    @extend_schema(request=InputSerializer, responses=DestinationSerializer)
    def post(self, request: Request) -> Response:
        """Adds a destination: usable after the cooling-off (or at once with the second factor, destination_confirm).
        The same fields as a live destination answer it unchanged; the same account with other fields replaces it."""
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        fields = payout_fields_valid(
            method=v["method"],
            account=v["account"],
            holder=v["full_name"],
            bank_name=v["bank_name"],
            network_code=v["network"],
            currency=v["currency"],
        )
        destination = destination_add(merchant=signed_in(request), fields=fields, name=v["name"])
        return ok(DestinationSerializer(destination).data, _("Payout destination saved."))


class DestinationRemoveApi(ApiView):
    class InputSerializer(serializers.Serializer):
        id = IdField()

    @extend_schema(request=InputSerializer, responses=DestinationSerializer)
    def post(self, request: Request) -> Response:
        """Removes one of the merchant's destinations, also during its wait. Its withdrawals keep it."""
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        destination = destination_remove(merchant=signed_in(request), destination_id=data.validated_data["id"])
        return ok(DestinationSerializer(destination).data, _("Payout destination removed."))


class DestinationConfirmApi(ApiView):
    class InputSerializer(serializers.Serializer):
        id = IdField()
        code = serializers.CharField(
            max_length=32,
            help_text="The authenticator app's code, or a recovery code.",
            error_messages={"blank": gettext_lazy("Please enter the code.")},
        )

    @extend_schema(request=InputSerializer, responses=DestinationSerializer)
    def post(self, request: Request) -> Response:
        """Makes a waiting destination usable at once with the second factor's code (a wrong one is counted)."""
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        destination = destination_confirm(merchant=signed_in(request), destination_id=v["id"], code=v["code"])
        return ok(DestinationSerializer(destination).data, _("Payout destination confirmed. It can be used now."))
