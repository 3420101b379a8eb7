"""What the account endpoints share: field messages, password rules, the merchant summary, public views."""

import re
from typing import Any

from django.conf import settings
from django.contrib.auth import password_validation
from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import permissions, serializers
from rest_framework.request import Request

from apps.core.apiview import ApiView
from apps.core.formats import labels, time
from apps.core.throttles import client_ip
from apps.core.uploads import stored_upload_url, upload_url

from ..constants import MerchantStatus
from ..models import Merchant
from ..selectors import MERCHANT_SUMMARY_FIELDS, merchant_summary

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


# ---------- the merchant summary (getMerInfo and `merinfo`) ----------
class _ShopSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    logo = serializers.SerializerMethodField()
    phone = serializers.CharField()
    address = serializers.CharField()

    def get_logo(self, shop) -> str | None:
        return upload_url(shop.logo, self.context.get("request"))


class _LevelSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    rank = serializers.IntegerField()
    name = serializers.CharField()
    profit_margin = serializers.DecimalField(max_digits=5, decimal_places=4)


class MerInfoSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    phone = serializers.CharField()
    email = serializers.EmailField(allow_null=True)
    real_name = serializers.CharField()
    country = serializers.CharField()
    avatar = serializers.SerializerMethodField()
    verified = serializers.SerializerMethodField(
        help_text="The identity documents were reviewed and approved (KYC); says nothing of the phone number."
    )
    status = serializers.ChoiceField(choices=MerchantStatus.choices)
    status_label = serializers.CharField(source="get_status_display")
    status_reason = serializers.CharField()
    language = serializers.CharField()
    time_zone = serializers.SerializerMethodField(help_text="The IANA zone the shop's dates are counted in.")
    has_pay_password = serializers.SerializerMethodField()
    invite_code = serializers.CharField()
    created_at = serializers.DateTimeField()
    shop = _ShopSummarySerializer(allow_null=True)
    level = _LevelSummarySerializer(allow_null=True)
    balance = serializers.CharField(source="wallet.balance")
    pending_amount = serializers.CharField(
        source="wallet.pending_amount", help_text="held_amount + pending_sales (the spec's 'pending amount')."
    )
    held_amount = serializers.CharField(source="wallet.held_amount", help_text="Held for withdrawals in review.")
    pending_sales = serializers.CharField(source="wallet.pending_sales", help_text="Sales awaiting settlement.")
    total_income = serializers.CharField(source="wallet.total_income")

    def get_avatar(self, merchant: Merchant) -> str | None:
        return upload_url(merchant.avatar, self.context.get("request"))

    def get_verified(self, merchant: Merchant) -> bool:
        return merchant.status == "active"

    def get_time_zone(self, merchant: Merchant) -> str:
        return merchant.time_zone or settings.TIME_ZONE

    def get_has_pay_password(self, merchant: Merchant) -> bool:
        return bool(merchant.pay_password)


class MerInfoWithTokenSerializer(MerInfoSerializer):
    token = serializers.SerializerMethodField()

    def get_token(self, merchant: Merchant) -> str:
        return self.context["token"]


class SignedInOutputSerializer(serializers.Serializer):
    """login: {merinfo}."""

    merinfo = MerInfoWithTokenSerializer()


class ThirdOutputSerializer(serializers.Serializer):
    """third: {status: 1, merinfo} for a linked identity, {status: 0} for an unknown one."""

    status = serializers.ChoiceField(choices=[0, 1])
    merinfo = MerInfoWithTokenSerializer(required=False)


# getMerInfo is asked for on every screen: its answer is built from plain values (apps.core.formats), so it reads
# exactly as MerInfoSerializer (the schema) would write it (tests/accounts/test_merinfo.py).
_MARGIN = _LevelSummarySerializer().fields["profit_margin"]


def merinfo(request: Request, merchant: Merchant) -> dict[str, Any]:
    """The merchant summary (MerInfoSerializer) of `merchant`, its fields read fresh; its level is `merchant.level`
    (the signed-in merchant's, as authentication read it)."""
    row = merchant_summary(merchant=merchant)
    level = merchant.level
    shop = None
    if row["shop__id"] is not None:
        shop = {"id": row["shop__id"], "name": row["shop__name"], "logo": _picture(request, row, "shop__logo"),
                "phone": row["shop__phone"], "address": row["shop__address"]}  # fmt: skip
    return {
        **{name: row[name] for name in MERCHANT_SUMMARY_FIELDS},
        "avatar": _picture(request, row, "avatar"),
        "verified": row["status"] == MerchantStatus.ACTIVE,
        "status_label": labels(MerchantStatus)[row["status"]],
        "time_zone": row["time_zone"] or settings.TIME_ZONE,
        "has_pay_password": row["has_pay_password"],
        "created_at": time(row["created_at"]),
        "shop": shop,
        "level": None if level is None else _level(level),
        **row["wallet"],
    }


def _picture(request: Request, row: dict[str, Any], upload: str) -> str | None:
    return stored_upload_url(row[f"{upload}__id"], row[f"{upload}__file"], row[f"{upload}__is_private"], request)


def _level(level: Any) -> dict[str, Any]:
    return {"id": level.pk, "rank": level.rank, "name": level.name,
            "profit_margin": _MARGIN.to_representation(level.profit_margin)}  # fmt: skip


def _signed_in(request: Request, merchant: Merchant, token: str, **extra: object) -> dict:
    return {**extra, "merinfo": {**merinfo(request, merchant), "token": token}}


class PublicApi(ApiView):
    """Signed-out screens: no token is read, so a stale one cannot turn the answer into a 401."""

    authentication_classes: list = []
    permission_classes = [permissions.AllowAny]
