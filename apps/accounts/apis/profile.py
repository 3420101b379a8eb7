"""The signed-in merchant: summary, avatar, language, time zone."""

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core.apiview import ApiView
from apps.core.envelope import ok
from apps.core.i18n import NATIVE_NAMES, django_lang

from .. import services
from ..authentication import signed_in
from .common import (
    MerInfoSerializer,
    PublicApi,
    _say,
    merinfo,
)


# ---------- profile and language ----------
class GetMerInfoApi(ApiView):
    @extend_schema(responses=MerInfoSerializer)
    def get(self, request: Request) -> Response:
        return ok(merinfo(request, signed_in(request)))


class AvatarApi(ApiView):
    """Sets the avatar to an image uploaded with common/upload (kind avatar); an empty key removes it."""

    class InputSerializer(serializers.Serializer):
        avatar = serializers.CharField(
            max_length=32,
            allow_blank=True,
            error_messages={
                "required": gettext_lazy("Please choose an avatar image"),
                "null": gettext_lazy("Please choose an avatar image"),
            },
        )

    @extend_schema(request=InputSerializer, responses=MerInfoSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        avatar = serializer.validated_data["avatar"]
        me = signed_in(request)
        services.merchant_avatar_set(merchant=me, avatar=avatar)
        return ok(merinfo(request, me), _("Avatar saved") if avatar else _("Avatar removed"))


class SetLanguageApi(ApiView):
    class InputSerializer(serializers.Serializer):
        lang = serializers.CharField(max_length=16, error_messages=_say(gettext_lazy("Please choose a language")))

    class OutputSerializer(serializers.Serializer):
        lang = serializers.CharField()

    @extend_schema(parameters=[InputSerializer], responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        lang = self.valid_query(self.InputSerializer)["lang"]
        services.merchant_language_set(merchant=signed_in(request), lang=lang)
        with translation.override(django_lang(lang)):
            return ok(self.OutputSerializer({"lang": lang}).data, _("Language saved"))


class TimeZoneApi(ApiView):
    class InputSerializer(serializers.Serializer):
        time_zone = serializers.CharField(
            max_length=64,
            help_text="An IANA time zone, e.g. Asia/Bangkok.",
            error_messages=_say(gettext_lazy("Please choose a time zone")),
        )

    @extend_schema(request=InputSerializer, responses=MerInfoSerializer)
    def post(self, request: Request) -> Response:
        """The zone the shop's dates (today, yesterday, this week) are counted in; the figures are recounted in it."""
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        me = signed_in(request)
        services.merchant_time_zone_set(merchant=me, time_zone=serializer.validated_data["time_zone"])
        return ok(merinfo(request, me), _("Time zone saved"))


class LanguageSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()


class LanguageListApi(PublicApi):
    class OutputSerializer(serializers.Serializer):
        list = LanguageSerializer(many=True)

    @extend_schema(responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        languages = [{"code": code, "name": name} for code, name in NATIVE_NAMES.items()]
        return ok(self.OutputSerializer({"list": languages}).data)
