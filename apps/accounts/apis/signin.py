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
    _signed_in,
)


# ---------- sign-in ----------
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
        device = serializers.CharField(
            max_length=64,
            required=False,
            default="",
            help_text="This browser's random key, kept by the app: tells a device seen before from a new one.",
        )

    @extend_schema(request=InputSerializer, responses=SignedInOutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        merchant, token = services.merchant_login(**serializer.validated_data, **_client(request))
        return ok(_signed_in(request, merchant, token), _("Login successful"))


# ---------- third-party sign-in ----------
class PartnerPayloadSerializer(serializers.Serializer):
    data = serializers.CharField(  # type: ignore[assignment]  # a field named `data` (spec), not Serializer.data
        max_length=4096, error_messages=_say(gettext_lazy("The sign-in link is incomplete"))
    )
    code = serializers.CharField(max_length=128, error_messages=_say(gettext_lazy("The sign-in link is incomplete")))
    mer = serializers.CharField(max_length=64, error_messages=_say(gettext_lazy("The sign-in link is incomplete")))


class ThirdApi(PublicApi):
    throttle_classes = [LoginIpThrottle]

    class InputSerializer(PartnerPayloadSerializer):
        device = serializers.CharField(
            max_length=64,
            required=False,
            default="",
            help_text="This browser's random key, kept by the app: tells a device seen before from a new one.",
        )

    @extend_schema(request=InputSerializer, responses=ThirdOutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        payload = serializer.validated_data
        merchant, token = services.third_party_login(
            data=payload["data"],
            code=payload["code"],
            partner=payload["mer"],
            device=payload["device"],
            **_client(request),
        )
        if merchant is None or token is None:
            return ok(ThirdOutputSerializer({"status": 0}).data, _("Please complete your registration"))
        return ok(_signed_in(request, merchant, token, status=1), _("Login successful"))


class LogoutApi(ApiView):
    @extend_schema(request=None, responses=None)
    def post(self, request: Request) -> Response:
        services.session_revoke(token_ids=[request.auth.pk])
        return ok(None, _("You have signed out"))
