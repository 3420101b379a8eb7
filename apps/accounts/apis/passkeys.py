"""Passkeys: registered by the signed-in merchant, then signing in without the password (services.passkeys)."""

import json
from typing import Any

from django.conf import settings
from django.http.request import split_domain_port
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core.apiview import ApiView
from apps.core.envelope import ok
from apps.core.fields import IdField

from .. import selectors, services
from ..authentication import signed_in
from ..throttles import LoginIpThrottle
from ..webauthn import RelyingParty
from .common import PublicApi, SignedInOutputSerializer, _client, _say, _signed_in

CREDENTIAL_MAX_CHARS = 16384


def relying_party(request: Request) -> RelyingParty:
    """The site passkeys belong to: settings.WEBAUTHN_RP_ID / WEBAUTHN_ORIGIN, else the request's host name and
    scheme://host (the host Django accepted through ALLOWED_HOSTS)."""
    host = request.get_host()
    rp_id = settings.WEBAUTHN_RP_ID or split_domain_port(host)[0]
    origin = settings.WEBAUTHN_ORIGIN or f"{request.scheme}://{host}"
    return RelyingParty(id=rp_id, origin=origin, name=settings.WEBAUTHN_RP_NAME)


class CredentialField(serializers.JSONField):
    """The browser's PublicKeyCredential as JSON (toJSON(): id, rawId, type, response with base64url members)."""

    default_error_messages = {"invalid": gettext_lazy("The passkey could not be verified. Please try again.")}

    def to_internal_value(self, data: Any) -> Any:
        value = super().to_internal_value(data)
        if not isinstance(value, dict) or len(json.dumps(value)) > CREDENTIAL_MAX_CHARS:
            self.fail("invalid")
        return value


def _credential_field(help_text: str) -> CredentialField:
    return CredentialField(
        help_text=help_text, error_messages=_say(gettext_lazy("The passkey could not be verified. Please try again."))
    )


class OptionsOutputSerializer(serializers.Serializer):
    options = serializers.JSONField(
        help_text="WebAuthn options in their JSON form (binary members base64url), for the browser's "
        "navigator.credentials.create or .get."
    )


class PasskeyOptionsApi(ApiView):
    """POST merchant/passkey_options: the login password (counted like every signed-in password check), then the
    options to create a passkey (discoverable, user verification preferred, the merchant's passkeys excluded)."""

    class InputSerializer(serializers.Serializer):
        password = serializers.CharField(
            max_length=128, trim_whitespace=False, error_messages=_say(gettext_lazy("Please enter the password"))
        )

    @extend_schema(request=InputSerializer, responses=OptionsOutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        options = services.passkey_options(
            merchant=signed_in(request), password=serializer.validated_data["password"], rp=relying_party(request)
        )
        return ok({"options": options})


class PasskeyOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField(help_text="The merchant's label for it (by default the browser and system).")
    created_at = serializers.DateTimeField()
    last_used_at = serializers.DateTimeField(allow_null=True, help_text="Its last sign-in or check; null: never.")


class PasskeyListOutputSerializer(serializers.Serializer):
    list = PasskeyOutputSerializer(many=True)


class PasskeyAddApi(ApiView):
    """POST merchant/passkey_add: the browser's answer to passkey_options, and a name; the passkey is kept."""

    class InputSerializer(serializers.Serializer):
        credential = _credential_field("The PublicKeyCredential from navigator.credentials.create, as JSON.")
        name = serializers.CharField(
            max_length=64, required=False, default="", allow_blank=True, help_text="Empty: the browser and system."
        )

    @extend_schema(request=InputSerializer, responses=PasskeyOutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        passkey = services.passkey_add(
            merchant=signed_in(request),
            rp=relying_party(request),
            user_agent=request.headers.get("user-agent", ""),
            **serializer.validated_data,
        )
        return ok(PasskeyOutputSerializer(passkey).data, _("Passkey added"))


class PasskeyListApi(ApiView):
    """GET merchant/passkeys: the merchant's passkeys (at most ten), oldest first."""

    @extend_schema(responses=PasskeyListOutputSerializer)
    def get(self, request: Request) -> Response:
        passkeys = selectors.passkey_list(merchant=signed_in(request))
        return ok(PasskeyListOutputSerializer({"list": passkeys}).data)


class PasskeyRemoveApi(ApiView):
    """POST merchant/passkey_remove: one of the merchant's passkeys, with the login password."""

    class InputSerializer(serializers.Serializer):
        id = IdField()
        password = serializers.CharField(
            max_length=128, trim_whitespace=False, error_messages=_say(gettext_lazy("Please enter the password"))
        )

    @extend_schema(request=InputSerializer, responses=None)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        services.passkey_remove(merchant=signed_in(request), passkey_id=data["id"], password=data["password"])
        return ok(None, _("Passkey removed"))


class PasskeyVerifyOptionsApi(ApiView):
    """POST merchant/passkey_verify_options: options to answer with one of the merchant's passkeys where the second
    factor is asked (the answer goes as `passkey` instead of the code)."""

    @extend_schema(request=None, responses=OptionsOutputSerializer)
    def post(self, request: Request) -> Response:
        options = services.passkey_verify_options(merchant=signed_in(request), rp=relying_party(request))
        return ok({"options": options})


# ---------- signing in without the password ----------
class LoginPasskeyOptionsApi(PublicApi):
    """POST merchant/login_passkey_options: options for any passkey of this site (the browser offers them)."""

    throttle_classes = [LoginIpThrottle]

    @extend_schema(request=None, responses=OptionsOutputSerializer)
    def post(self, request: Request) -> Response:
        return ok({"options": services.passkey_login_options(rp=relying_party(request))})


class LoginPasskeyApi(PublicApi):
    """POST merchant/login_passkey: a passkey's answer (with user verification) to login_passkey_options; answers
    like merchant/login, and the device is trusted (the passkey is two factors)."""

    throttle_classes = [LoginIpThrottle]

    class InputSerializer(serializers.Serializer):
        credential = _credential_field("The PublicKeyCredential from navigator.credentials.get, as JSON.")
        time_zone = serializers.CharField(max_length=64, required=False, default="", help_text="As for login.")
        device = serializers.CharField(max_length=64, required=False, default="", help_text="As for login.")

    @extend_schema(request=InputSerializer, responses=SignedInOutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        merchant, token = services.passkey_login(
            **serializer.validated_data, rp=relying_party(request), **_client(request)
        )
        return ok(_signed_in(request, merchant, token), _("Login successful"))


class LoginFactorOptionsApi(PublicApi):
    """POST merchant/login_factor_options: the sign-in's second step with a passkey: options for the passkeys of the
    ticket's merchant (the ticket login answered, from the same browser). The answer goes to login_factor."""

    throttle_classes = [LoginIpThrottle]

    class InputSerializer(serializers.Serializer):
        ticket = serializers.CharField(
            max_length=512, error_messages=_say(gettext_lazy("This sign-in has expired. Please sign in again."))
        )
        device = serializers.CharField(max_length=64, required=False, default="", help_text="As for login.")

    @extend_schema(request=InputSerializer, responses=OptionsOutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        options = services.login_factor_passkey_options(**serializer.validated_data, rp=relying_party(request))
        return ok({"options": options})
