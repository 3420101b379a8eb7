"""Two-step sign-in: its state, turning it on (a key, then a code of it) and off, new recovery codes."""

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
from .common import _say

CODE_MISSING = gettext_lazy("Please enter the code from your authenticator app or a recovery code.")


def factor_code_field(**kwargs: object) -> serializers.CharField:
    """A second factor's code: 6 digits of the authenticator app or a recovery code ("abcd-efgh-jk")."""
    return serializers.CharField(
        max_length=32,
        help_text="A 6-digit code of the authenticator app or a recovery code; required when two-step sign-in is on.",
        **kwargs,  # type: ignore[arg-type]
    )


class SecurityStateSerializer(serializers.Serializer):
    second_factor = serializers.BooleanField(help_text="Two-step sign-in is on.")
    totp = serializers.BooleanField(help_text="An authenticator app is set up.")
    recovery_codes_left = serializers.IntegerField(help_text="Recovery codes not used yet.")


class RecoveryCodesSerializer(SecurityStateSerializer):
    recovery_codes = serializers.ListField(
        child=serializers.CharField(), help_text="Shown this once: only their hashes are kept."
    )


def _state(request: Request) -> dict:
    return dict(services.security_state(merchant=signed_in(request)))


class SecurityApi(ApiView):
    @extend_schema(responses=SecurityStateSerializer)
    def get(self, request: Request) -> Response:
        return ok(_state(request))


class TotpStartApi(ApiView):
    """The login password (counted), then a new authenticator key, not on until totp_confirm."""

    class InputSerializer(serializers.Serializer):
        password = serializers.CharField(
            max_length=128, trim_whitespace=False, error_messages=_say(gettext_lazy("Please enter the password"))
        )

    class OutputSerializer(serializers.Serializer):
        key = serializers.CharField(help_text="The key in base32, to type into the app by hand.")
        uri = serializers.CharField(help_text="otpauth://totp/... (what the QR code holds).")
        qr = serializers.CharField(help_text="The QR code: an SVG image as a data: URL.")

    @extend_schema(request=InputSerializer, responses=OutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        started = services.totp_start(merchant=signed_in(request), password=serializer.validated_data["password"])
        return ok(started, _("Scan the QR code with your authenticator app"))


class TotpConfirmApi(ApiView):
    """A code of the new key turns two-step sign-in on; answers the recovery codes, shown once."""

    class InputSerializer(serializers.Serializer):
        code = serializers.CharField(
            max_length=32,
            error_messages=_say(gettext_lazy("Please enter the 6-digit code from your authenticator app.")),
        )

    @extend_schema(request=InputSerializer, responses=RecoveryCodesSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        device = services.session_device(token_id=request.auth.pk)
        codes = services.totp_confirm(
            merchant=signed_in(request), code=serializer.validated_data["code"], device=device
        )
        return ok({**_state(request), "recovery_codes": codes}, _("Two-step sign-in is on"))


class RecoveryCodesApi(ApiView):
    """A code (counted), then new recovery codes replacing the old ones, shown once."""

    class InputSerializer(serializers.Serializer):
        code = factor_code_field(error_messages=_say(CODE_MISSING))

    @extend_schema(request=InputSerializer, responses=RecoveryCodesSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        codes = services.recovery_codes_renew(merchant=signed_in(request), code=serializer.validated_data["code"])
        return ok(
            {**_state(request), "recovery_codes": codes}, _("New recovery codes made; the old ones no longer work")
        )


class TotpOffApi(ApiView):
    """The login password and a code (both counted), then two-step sign-in is off."""

    class InputSerializer(serializers.Serializer):
        password = serializers.CharField(
            max_length=128, trim_whitespace=False, error_messages=_say(gettext_lazy("Please enter the password"))
        )
        code = factor_code_field(error_messages=_say(CODE_MISSING))

    @extend_schema(request=InputSerializer, responses=SecurityStateSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.totp_off(merchant=signed_in(request), **serializer.validated_data)
        return ok(_state(request), _("Two-step sign-in is off"))
