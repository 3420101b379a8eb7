"""Registration: the invitation code, the form with its documents, documents sent again."""

import re

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core.apiview import ApiView
from apps.core.envelope import ok

from .. import services
from ..authentication import signed_in
from ..constants import MERCHANT_COUNTRIES, MerchantStatus
from ..models import Merchant
from ..selectors import invitation_verify
from .common import (
    CHINESE,
    PasswordPairSerializer,
    PublicApi,
    _say,
)
from .signin import PartnerPayloadSerializer


# ---------- registration ----------
class IdDocumentsSerializer(serializers.Serializer):
    """The KYC images: keys returned by common/upload (kind id_document; license: kind license, optional)."""

    id_front = serializers.CharField(
        max_length=32, error_messages=_say(gettext_lazy("Please upload the front of your ID card"))
    )
    id_back = serializers.CharField(
        max_length=32, error_messages=_say(gettext_lazy("Please upload the back of your ID card"))
    )
    id_hand = serializers.CharField(
        max_length=32, error_messages=_say(gettext_lazy("Please upload a photo of you holding your ID card"))
    )
    license = serializers.CharField(max_length=32, required=False, allow_blank=True, default="")


class RegistrationInputSerializer(IdDocumentsSerializer, PasswordPairSerializer):
    invite_code = serializers.CharField(
        max_length=32, error_messages=_say(gettext_lazy("Please enter the invitation code"))
    )
    logo = serializers.CharField(max_length=32, error_messages=_say(gettext_lazy("Please upload the shop logo")))
    shop_name = serializers.CharField(max_length=100, error_messages=_say(gettext_lazy("Please enter the shop name")))
    shop_address = serializers.CharField(
        max_length=255, error_messages=_say(gettext_lazy("Please enter the shop address"))
    )
    country = serializers.CharField(max_length=64, error_messages=_say(gettext_lazy("Please enter the country")))
    phone = serializers.CharField(max_length=32, error_messages=_say(gettext_lazy("Please enter the phone number")))
    real_name = serializers.CharField(max_length=100, error_messages=_say(gettext_lazy("Please enter your real name")))
    email = serializers.EmailField(
        max_length=254,
        required=False,
        allow_blank=True,
        default="",
        error_messages={"invalid": gettext_lazy("Please enter a valid email address")},
    )

    def validate_country(self, value: str) -> str:
        if value not in MERCHANT_COUNTRIES:  # the ISO 3166-1 alpha-2 code the front end's country list sends
            raise serializers.ValidationError(_("Please choose a country from the list"))
        return value

    def validate_phone(self, value: str) -> str:
        phone = re.sub(r"[\s\-().]", "", value)
        if not re.fullmatch(r"\+?[0-9]{6,20}", phone):
            raise serializers.ValidationError(_("Please enter a valid phone number"))
        return phone

    def validate(self, attrs: dict) -> dict:
        # Email is optional only when the interface language is Chinese (product.md section 3).
        if not attrs.get("email") and translation.get_language() not in CHINESE:
            raise serializers.ValidationError({"email": [_("Please enter your email address")]})
        return super().validate(attrs)

    def registration(self) -> services.Registration:
        data = dict(self.validated_data)
        data.pop("password_confirm")
        return services.Registration(**data)


class RegisterOutputSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=MerchantStatus.choices)
    status_label = serializers.CharField()


def _registered(merchant: Merchant | None) -> Response:
    """The answer to a registration; None (the phone or email has an account, whose owner alone is told) answers
    the same as a new registration under review."""
    status = MerchantStatus.PENDING if merchant is None else MerchantStatus(merchant.status)
    return ok(
        RegisterOutputSerializer({"status": status, "status_label": status.label}).data,
        _("Registration submitted. Your documents are under review; we will notify you of the result."),
    )


class RegisterApi(PublicApi):
    @extend_schema(request=RegistrationInputSerializer, responses=RegisterOutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = RegistrationInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return _registered(services.merchant_register(registration=serializer.registration()))


class VerifyCodeApi(PublicApi):
    class InputSerializer(serializers.Serializer):
        invite_code = serializers.CharField(
            max_length=32, error_messages=_say(gettext_lazy("Please enter the invitation code"))
        )

    class OutputSerializer(serializers.Serializer):
        invite_code = serializers.CharField()

    @extend_schema(request=InputSerializer, responses=OutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        code = invitation_verify(code=serializer.validated_data["invite_code"])
        return ok(self.OutputSerializer({"invite_code": code}).data, _("The invitation code is valid"))


class ResubmitApi(ApiView):
    """A rejected merchant sends new ID documents (uploaded while signed in) for another review."""

    @extend_schema(request=IdDocumentsSerializer, responses=RegisterOutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = IdDocumentsSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return _registered(services.merchant_resubmit(merchant=signed_in(request), **serializer.validated_data))


class TkRegisterApi(PublicApi):
    class InputSerializer(RegistrationInputSerializer, PartnerPayloadSerializer):
        def registration(self) -> services.Registration:
            data = dict(self.validated_data)
            for key in ("password_confirm", "data", "code", "mer"):
                data.pop(key)
            return services.Registration(**data)

    @extend_schema(request=InputSerializer, responses=RegisterOutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        payload = serializer.validated_data
        merchant = services.merchant_tkregister(
            registration=serializer.registration(), data=payload["data"], code=payload["code"], partner=payload["mer"]
        )
        return _registered(merchant)
