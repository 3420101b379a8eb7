"""The merchant's signed-in devices (their open sessions), signing one or all the others out, and "This wasn't me"
on a security notice."""

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core.apiview import ApiView
from apps.core.envelope import ok
from apps.core.fields import IdField
from apps.core.pagination import PageInputSerializer, paginate

from .. import selectors, services
from ..authentication import signed_in
from ..models import AuthToken


class DeviceListApi(ApiView):
    """GET merchant/devices: the merchant's open sessions, the most recently used first, paged: the device in words
    (browser and system, or the browser's own name for it shortened), its address and place where known, when it
    signed in and was last used (to within five minutes), and `current` for the session of this request."""

    InputSerializer = PageInputSerializer

    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField(help_text="The session's id (device_signout's id).")
        device = serializers.SerializerMethodField(help_text="In words (Chrome on Android), in the reader's language.")
        browser = serializers.SerializerMethodField(help_text="Chrome, Safari, Firefox, Edge, Samsung Internet or ''.")
        system = serializers.SerializerMethodField(help_text="Android, iOS, Windows, macOS or Linux; or ''.")
        ip = serializers.IPAddressField(allow_null=True, help_text="The address it signed in from.")
        place = serializers.SerializerMethodField(help_text="The address's city and country where known, else null.")
        signed_in_at = serializers.DateTimeField(source="created_at")
        last_used_at = serializers.DateTimeField()
        current = serializers.SerializerMethodField(help_text="This request's own session.")

        @extend_schema_field(OpenApiTypes.STR)
        def get_device(self, token: AuthToken) -> str:
            return services.device_words(token.user_agent).label()

        @extend_schema_field(OpenApiTypes.STR)
        def get_browser(self, token: AuthToken) -> str:
            return services.device_words(token.user_agent).browser

        @extend_schema_field(OpenApiTypes.STR)
        def get_system(self, token: AuthToken) -> str:
            return services.device_words(token.user_agent).system

        @extend_schema_field({"type": "string", "nullable": True})
        def get_place(self, token: AuthToken) -> str | None:
            return services.place_of(token.ip)

        @extend_schema_field(OpenApiTypes.BOOL)
        def get_current(self, token: AuthToken) -> bool:
            return token.pk == self.context["current_id"]

    @extend_schema(parameters=[PageInputSerializer])
    def get(self, request: Request) -> Response:
        page = self.valid_query(PageInputSerializer)
        sessions = selectors.device_session_list(merchant=signed_in(request))
        context = {"current_id": request.auth.pk}
        serialize = lambda items: self.OutputSerializer(items, many=True, context=context).data  # noqa: E731
        return ok(paginate(sessions, **page, serialize=serialize))


class DeviceSignoutApi(ApiView):
    """POST merchant/device_signout: {id} ends one of the merchant's sessions (another merchant's, or one no longer
    open, is answered as missing and nothing changes); {all_others: true} ends every one but this request's."""

    class InputSerializer(serializers.Serializer):
        id = IdField(required=False, help_text="The session's id (merchant/devices).")
        all_others = serializers.BooleanField(required=False, default=False, help_text="Every session but this one.")

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            if ("id" in attrs) == attrs["all_others"]:
                raise serializers.ValidationError({"id": [_("Choose one device, or all the other devices.")]})
            return attrs

    class OutputSerializer(serializers.Serializer):
        signed_out = serializers.IntegerField(help_text="How many sessions ended.")

    @extend_schema(request=InputSerializer, responses=OutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        merchant = signed_in(request)
        ended = services.device_signout(merchant=merchant, token_id=data.get("id"), current_id=request.auth.pk)
        message = _("The device was signed out.") if "id" in data else _("The other devices were signed out.")
        return ok(self.OutputSerializer({"signed_out": ended}).data, message)


class NotMeApi(ApiView):
    """POST merchant/not_me: "This wasn't me" on a security notice (the message's target id, kind "security"):
    money movements are locked, every other session ends, and the merchant is told what was done and how to unlock.
    Once per notice; another merchant's notice is answered as missing."""

    class InputSerializer(serializers.Serializer):
        id = IdField(help_text="The security notice's id: target.id of a message whose target.kind is security.")

    class OutputSerializer(serializers.Serializer):
        money_locked_at = serializers.DateTimeField()
        signed_out = serializers.IntegerField(help_text="How many other sessions ended.")

    @extend_schema(request=InputSerializer, responses=OutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        result = services.not_me_report(
            merchant_id=signed_in(request).pk,
            notice_id=serializer.validated_data["id"],
            via="app",
            keep_token_id=request.auth.pk,
        )
        answer = {"money_locked_at": result.merchant.money_locked_at, "signed_out": result.signed_out}
        return ok(
            self.OutputSerializer(answer).data,
            _("Money movements are locked and your other devices were signed out."),
        )
