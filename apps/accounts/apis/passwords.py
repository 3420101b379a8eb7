"""Passwords: change or reset the login password, set or check the payment password."""

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema
from rest_framework import permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core.apiview import ApiView
from apps.core.envelope import ok

from .. import services
from ..authentication import signed_in, signed_in_or_none
from ..throttles import SendCodeAccountThrottle, SendCodeIpThrottle
from .common import (
    PAY_PASSWORD_RE,
    PasswordPairSerializer,
    PublicApi,
    _say,
)
from .security import factor_code_field


# ---------- passwords ----------
class ResetPwdApi(ApiView):
    """Signed in: change the password with the old one. Signed out: reset it with a one-time code."""

    permission_classes = [permissions.AllowAny]

    class ChangeInputSerializer(PasswordPairSerializer):
        old_password = serializers.CharField(
            max_length=128, trim_whitespace=False, error_messages=_say(gettext_lazy("Please enter the old password"))
        )
        code = factor_code_field(required=False, allow_blank=True, default="")

    class ResetInputSerializer(PasswordPairSerializer):
        account = serializers.CharField(
            max_length=254, error_messages=_say(gettext_lazy("Please enter phone number or email"))
        )
        code = serializers.CharField(
            max_length=12, error_messages=_say(gettext_lazy("Please enter the verification code"))
        )

    @extend_schema(
        request=PolymorphicProxySerializer(
            component_name="ResetPwdInput",
            serializers=[ChangeInputSerializer, ResetInputSerializer],
            resource_type_field_name=None,
        ),
        responses=None,
    )
    def post(self, request: Request) -> Response:
        merchant = signed_in_or_none(request)
        if merchant is not None:
            change = self.ChangeInputSerializer(data=request.data, context={"merchant": merchant})
            change.is_valid(raise_exception=True)
            services.password_change(
                merchant=merchant,
                old_password=change.validated_data["old_password"],
                password=change.validated_data["password"],
                code=change.validated_data["code"],
            )
        else:
            reset = self.ResetInputSerializer(data=request.data)
            reset.is_valid(raise_exception=True)
            services.password_reset(
                account=reset.validated_data["account"],
                code=reset.validated_data["code"],
                password=reset.validated_data["password"],
            )
        return ok(None, _("Password changed. Please sign in again."))


class SendCodeApi(PublicApi):
    throttle_classes = [SendCodeIpThrottle, SendCodeAccountThrottle]

    class InputSerializer(serializers.Serializer):
        account = serializers.CharField(
            max_length=254, error_messages=_say(gettext_lazy("Please enter phone number or email"))
        )

    @extend_schema(request=InputSerializer, responses=None)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.one_time_code_send(account=serializer.validated_data["account"])
        return ok(None, _("If this account exists, a verification code has been sent to it."))


# ---------- payment password ----------
class PayPasswordField(serializers.CharField):
    def __init__(self, missing: Any, **kwargs: Any) -> None:
        super().__init__(max_length=32, trim_whitespace=False, error_messages=_say(missing), **kwargs)


class ResetPayApi(ApiView):
    class InputSerializer(serializers.Serializer):
        pay_password = PayPasswordField(gettext_lazy("Please enter the payment password"))
        pay_password_confirm = PayPasswordField(gettext_lazy("Please enter the payment password again"))
        old_pay_password = serializers.CharField(max_length=32, required=False, allow_blank=True, default="")
        password = serializers.CharField(
            max_length=128, required=False, allow_blank=True, default="", trim_whitespace=False
        )
        code = factor_code_field(required=False, allow_blank=True, default="")

        def validate_pay_password(self, value: str) -> str:
            if not PAY_PASSWORD_RE.fullmatch(value):
                raise serializers.ValidationError(_("The payment password must be exactly 6 digits"))
            return value

        def validate(self, attrs: dict) -> dict:
            if attrs["pay_password"] != attrs["pay_password_confirm"]:
                raise serializers.ValidationError({"pay_password_confirm": [_("Passwords entered do not match")]})
            return attrs

    @extend_schema(request=InputSerializer, responses=None)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        services.pay_password_set(
            merchant=signed_in(request),
            pay_password=data["pay_password"],
            old_pay_password=data["old_pay_password"],
            password=data["password"],
            code=data["code"],
        )
        return ok(None, _("Payment password saved"))


class VerifyPayApi(ApiView):
    class InputSerializer(serializers.Serializer):
        pay_password = PayPasswordField(gettext_lazy("Please enter the payment password"))

    @extend_schema(request=InputSerializer, responses=None)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.pay_password_check(merchant=signed_in(request), raw=serializer.validated_data["pay_password"])
        return ok(None, _("Payment password verified"))
