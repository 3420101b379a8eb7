"""What the account endpoints share: field messages, password rules, the merchant summary, public views."""

import re
from typing import Any

from django.contrib.auth import password_validation
from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import permissions, serializers
from rest_framework.request import Request

from apps.core.apiview import ApiView
from apps.core.throttles import client_ip
from apps.core.writers import writer

from ..answers import MerInfoSerializer, MerInfoWithTokenSerializer
from ..models import Merchant
from ..selectors import merchant_summary

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


class SignedInOutputSerializer(serializers.Serializer):
    """login: {merinfo}."""

    merinfo = MerInfoWithTokenSerializer()


class ThirdOutputSerializer(serializers.Serializer):
    """third: {status: 1, merinfo} for a linked identity, {status: 0} for an unknown one."""

    status = serializers.ChoiceField(choices=[0, 1])
    merinfo = MerInfoWithTokenSerializer(required=False)


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


class PublicApi(ApiView):
    """Signed-out screens: no token is read, so a stale one cannot turn the answer into a 401."""

    authentication_classes: list = []
    permission_classes = [permissions.AllowAny]
