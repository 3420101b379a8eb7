"""What the account endpoints share: field messages, password rules, the merchant summary, public views."""

import re
from typing import Any

from django.contrib.auth import password_validation
from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core.apiview import ApiView
from apps.core.envelope import ok
from apps.core.throttles import client_ip
from apps.core.writers import writer

from ..answers import MerInfoSerializer, MerInfoWithTokenSerializer
from ..models import Merchant
from ..selectors import merchant_summary
from ..services import SignIn

PAY_PASSWORD_RE = re.compile(r"[0-9]{6}")
CHINESE = {"zh-hans", "zh-hant"}


def _say(message: Any) -> dict[str, Any]:
    """The same translated message whether a field is missing, blank or null."""
    return {"required": message, "blank": message, "null": message}


def _client(request: Request) -> dict[str, Any]:
    return {"user_agent": request.headers.get("user-agent", ""), "ip": client_ip(request)}


def _password_rules(password: str, confirm: str, merchant: Merchant | None = None) -> None:
    """Both entries must match and pass Django's password validators."""
    if password != confirm:
        raise serializers.ValidationError({"password_confirm": [_("Passwords entered do not match")]})
    try:
        # arg-type: typed for a User; the validators read only the fields a Merchant has too (name, email, phone)
        password_validation.validate_password(password, merchant)  # type: ignore[arg-type]
    except DjangoValidationError as exc:
        raise serializers.ValidationError({"password": list(exc.messages)}) from None


class PasswordPairSerializer(serializers.Serializer):
    password = serializers.CharField(
        max_length=128, trim_whitespace=False, error_messages=_say(gettext_lazy("Please enter the new password"))
    )
    password_confirm = serializers.CharField(
        max_length=128, trim_whitespace=False, error_messages=_say(gettext_lazy("Please enter the password again"))
    )

    def validate(self, attrs: dict) -> dict:
        _password_rules(attrs["password"], attrs["password_confirm"], self.context.get("merchant"))
        return attrs


class SecondStepSerializer(serializers.Serializer):
    ticket = serializers.CharField(help_text="Signed, for this merchant and browser, valid 5 minutes: login_factor.")
    methods = serializers.ListField(
        child=serializers.CharField(), help_text='What the second step accepts: "totp", "recovery".'
    )


class SignedInOutputSerializer(serializers.Serializer):
    """login: {merinfo}, or {second_factor} (and no token) when two-step sign-in is on and this device has not
    passed it: then login_factor."""

    merinfo = MerInfoWithTokenSerializer(required=False)
    second_factor = SecondStepSerializer(required=False)


class ThirdOutputSerializer(serializers.Serializer):
    """third: {status: 1, merinfo} for a linked identity, {status: 2, second_factor} when it must pass two-step
    sign-in first (login_factor), {status: 0} for an unknown one."""

    status = serializers.ChoiceField(choices=[0, 1, 2])
    merinfo = MerInfoWithTokenSerializer(required=False)
    second_factor = SecondStepSerializer(required=False)


# getMerInfo is asked for on every screen: its answer is written from plain values by MerInfoSerializer's compiled
# writer (apps.core.writers).
write_merinfo = writer(MerInfoSerializer)


def merinfo(request: Request, merchant: Merchant) -> dict[str, Any]:
    """The merchant summary (MerInfoSerializer) of `merchant`, its fields read fresh; its level is `merchant.level`
    (the signed-in merchant's, as authentication read it)."""
    row = merchant_summary(merchant=merchant)
    level = merchant.level
    if level is not None:
        row["level"] = {"id": level.pk, "rank": level.rank, "name": level.name, "profit_margin": level.profit_margin}
    return write_merinfo.one(row, {"request": request})


def _signed_in(request: Request, merchant: Merchant, token: str, **extra: object) -> dict:
    return {**extra, "merinfo": {**merinfo(request, merchant), "token": token}}


def sign_in_answer(request: Request, sign_in: SignIn, **extra: object) -> Response:
    """A sign-in's answer: the merchant summary with the new token, or the second step (no token)."""
    if sign_in.second_factor is not None:
        second = {**extra, "second_factor": sign_in.second_factor}
        if "status" in extra:
            second["status"] = 2
        return ok(second, _("Enter the code from your authenticator app"))
    assert sign_in.token is not None
    return ok(_signed_in(request, sign_in.merchant, sign_in.token, **extra), _("Login successful"))


class PublicApi(ApiView):
    """Signed-out screens: no token is read, so a stale one cannot turn the answer into a 401."""

    authentication_classes: list = []
    permission_classes = [permissions.AllowAny]
