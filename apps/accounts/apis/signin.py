"""Signing in and out: account and password, a partner's signed link."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core.apiview import ApiView
from apps.core.envelope import ok

from .. import services
from ..throttles import LoginAccountThrottle, LoginIpThrottle, LoginPairThrottle
from .common import (
    PublicApi,
    SignedInOutputSerializer,
    ThirdOutputSerializer,
    _client,
    _say,
    sign_in_answer,
)
from .passkeys import CredentialField, relying_party


# ---------- sign-in ----------
def _device_field() -> serializers.CharField:
    return serializers.CharField(
        max_length=64,
        required=False,
        default="",
        help_text="This browser's random key, kept by the app: tells a device seen before from a new one.",
    )


class LoginApi(PublicApi):
    throttle_classes = [LoginIpThrottle, LoginPairThrottle, LoginAccountThrottle]

    class InputSerializer(serializers.Serializer):
        account = serializers.CharField(
            max_length=254, error_messages=_say(gettext_lazy("Please enter phone number or email"))
        )
        password = serializers.CharField(
            max_length=128, trim_whitespace=False, error_messages=_say(gettext_lazy("Please enter the password"))
        )
        time_zone = serializers.CharField(
            max_length=64,
            required=False,
            default="",
            help_text="The browser's IANA time zone: the shop's until it has one (an unknown zone is left aside).",
        )
        device = _device_field()

    @extend_schema(request=InputSerializer, responses=SignedInOutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return sign_in_answer(request, services.merchant_login(**serializer.validated_data, **_client(request)))


class LoginFactorApi(PublicApi):
    """The sign-in's second step: the ticket login (or third) answered, from the same browser, and a code of the
    authenticator app or a recovery code, or instead `passkey`: a passkey's answer to login_factor_options.
    Answers like a successful login; the device is trusted from then on."""

    throttle_classes = [LoginIpThrottle]

    class InputSerializer(serializers.Serializer):
        ticket = serializers.CharField(
            max_length=512, error_messages=_say(gettext_lazy("This sign-in has expired. Please sign in again."))
        )
        code = serializers.CharField(max_length=32, required=False, default="", allow_blank=True)
        passkey = CredentialField(
            required=False,
            default=None,
            help_text="Instead of the code: the PublicKeyCredential from navigator.credentials.get, as JSON.",
        )
        device = _device_field()

    @extend_schema(request=InputSerializer, responses=SignedInOutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        sign_in = services.login_factor(**serializer.validated_data, rp=relying_party(request), **_client(request))
        return sign_in_answer(request, sign_in)


# ---------- third-party sign-in ----------
class PartnerPayloadSerializer(serializers.Serializer):
    data = serializers.CharField(  # type: ignore[assignment]  # a field named `data` (spec), not Serializer.data
        max_length=4096, error_messages=_say(gettext_lazy("The sign-in link is incomplete"))
    )
    code = serializers.CharField(max_length=128, error_messages=_say(gettext_lazy("The sign-in link is incomplete")))
    mer = serializers.CharField(max_length=64, error_messages=_say(gettext_lazy("The sign-in link is incomplete")))


class ThirdInputSerializer(PartnerPayloadSerializer):
    device = _device_field()


class ThirdApi(PublicApi):
    throttle_classes = [LoginIpThrottle]

    @extend_schema(request=ThirdInputSerializer, responses=ThirdOutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = ThirdInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        payload = serializer.validated_data
        sign_in = services.third_party_login(
            data=payload["data"],
            code=payload["code"],
            partner=payload["mer"],
            device=payload["device"],
            **_client(request),
        )
        if sign_in is None:
            return ok(ThirdOutputSerializer({"status": 0}).data, _("Please complete your registration"))
        return sign_in_answer(request, sign_in, status=1)


class LogoutApi(ApiView):
    @extend_schema(request=None, responses=None)
    def post(self, request: Request) -> Response:
        services.session_revoke(token_ids=[request.auth.pk])
        return ok(None, _("You have signed out"))
