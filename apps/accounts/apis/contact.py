"""The merchant's contact details (a code to the new address, then the code and the login password) and the account
recovery in progress, which the merchant can cancel."""

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core.apiview import ApiView
from apps.core.envelope import ok
from apps.core.fields import IdField

from .. import services
from ..authentication import signed_in
from ..constants import ContactKind, RecoveryStatus
from ..selectors import recovery_open
from ..throttles import ContactCodeAddressThrottle, ContactCodeMerchantThrottle
from .common import MerInfoSerializer, _say, merinfo
from .security import factor_code_field


class ContactInputSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        choices=ContactKind.choices,
        help_text="Which contact detail changes: email or phone.",
        error_messages={
            **_say(gettext_lazy("Choose email or phone.")),
            "invalid_choice": gettext_lazy("Choose email or phone."),
        },
    )
    value = serializers.CharField(
        max_length=254,
        help_text="The new email address or phone number.",
        error_messages=_say(gettext_lazy("Please enter the new email address or phone number")),
    )


class SendContactCodeApi(ApiView):
    """A 6-digit code sent to the new email or phone (10 minutes, one use, only for that address); throttled per
    merchant and per address like send_code."""

    throttle_classes = [ContactCodeMerchantThrottle, ContactCodeAddressThrottle]

    class InputSerializer(ContactInputSerializer):
        pass

    @extend_schema(request=InputSerializer, responses=None)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        services.contact_code_send(merchant=signed_in(request), kind=data["kind"], value=data["value"])
        if data["kind"] == ContactKind.EMAIL:
            return ok(None, _("A verification code has been sent to the new email address."))
        return ok(None, _("A verification code has been sent to the new phone number."))


class ChangeContactApi(ApiView):
    """The new email or phone, with the code sent to it and the login password. The old address and the app are
    told; the other sessions are kept. An address another account has is refused on `value`, nothing changed."""

    class InputSerializer(ContactInputSerializer):
        code = serializers.CharField(
            max_length=12, error_messages=_say(gettext_lazy("Please enter the verification code"))
        )
        password = serializers.CharField(
            max_length=128, trim_whitespace=False, error_messages=_say(gettext_lazy("Please enter the password"))
        )
        factor_code = factor_code_field(required=False, allow_blank=True, default="")

    @extend_schema(request=InputSerializer, responses=MerInfoSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        merchant = services.contact_change(
            merchant=signed_in(request),
            kind=data["kind"],
            value=data["value"],
            code=data["code"],
            password=data["password"],
            factor_code=data["factor_code"],
        )
        if data["kind"] == ContactKind.EMAIL:
            return ok(merinfo(request, merchant), _("Email address changed"))
        return ok(merinfo(request, merchant), _("Phone number changed"))


class RecoverySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=RecoveryStatus.choices)
    status_label = serializers.CharField(source="get_status_display")
    new_email = serializers.CharField(help_text="The new email address; empty when the email does not change.")
    new_phone = serializers.CharField(help_text="The new phone number; empty when the phone does not change.")
    reason = serializers.CharField(help_text="The requesting operator's reason, as typed.")
    created_at = serializers.DateTimeField()
    effective_at = serializers.DateTimeField(
        allow_null=True, help_text="When it takes effect: set when a second operator approves it."
    )


class RecoveryOutputSerializer(serializers.Serializer):
    recovery = RecoverySerializer(allow_null=True, help_text="The account recovery in progress, if any.")
    delay_hours = serializers.IntegerField(help_text="How long after its approval a recovery takes effect.")


def _recovery_answer(request: Request) -> dict:
    recovery = recovery_open(merchant=signed_in(request))
    return RecoveryOutputSerializer({"recovery": recovery, "delay_hours": settings.ACCOUNT_RECOVERY_DELAY_HOURS}).data


class RecoveryApi(ApiView):
    """The account recovery operators started for this account and not applied yet (requested or approved), which
    the merchant can still cancel; null when there is none."""

    @extend_schema(responses=RecoveryOutputSerializer)
    def get(self, request: Request) -> Response:
        return ok(_recovery_answer(request))


class CancelRecoveryApi(ApiView):
    """Cancels the account recovery in progress: it ends, nothing changes, and the merchant is told."""

    class InputSerializer(serializers.Serializer):
        id = IdField(help_text="The recovery's id (recovery.id of merchant/recovery).")

    @extend_schema(request=InputSerializer, responses=RecoveryOutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.recovery_cancel(merchant=signed_in(request), recovery_id=serializer.validated_data["id"])
        return ok(_recovery_answer(request), _("Account recovery cancelled. Nothing was changed."))
