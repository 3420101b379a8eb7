"""The merchant summary (getMerInfo, `merinfo` of the sign-in answers) as a row: its serializer is the one definition
of the answer (the schema, the compiled writer of apps.core.writers) and of what the selector reads for it."""

from datetime import UTC, datetime

from django.conf import settings
from rest_framework import serializers

from apps.core.writers import LabelField, UploadField, derived

from .constants import MerchantStatus


class _ShopSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    logo = UploadField(read_only=True)
    phone = serializers.CharField()
    address = serializers.CharField()


class _LevelSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    rank = serializers.IntegerField()
    name = serializers.CharField()
    profit_margin = serializers.DecimalField(max_digits=5, decimal_places=4)


def _verified(status: str) -> bool:
    return status == MerchantStatus.ACTIVE


def _proved(verified_at: datetime | None) -> bool:
    return verified_at is not None


_EXAMPLE_TIME = datetime(2026, 11, 21, 8, 30, tzinfo=UTC)


def _time_zone(time_zone: str) -> str:
    return time_zone or settings.TIME_ZONE


class MerInfoSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    phone = serializers.CharField()
    email = serializers.EmailField(allow_null=True)
    real_name = serializers.CharField()
    country = serializers.CharField()
    avatar = UploadField(read_only=True)
    verified = derived(
        serializers.BooleanField,
        _verified,
        sources={"status": MerchantStatus.values},
        read_only=True,
        help_text="The identity documents were reviewed and approved (KYC); says nothing of the phone number or the "
        "email (`phone_verified`, `email_verified`).",
    )
    phone_verified = derived(
        serializers.BooleanField,
        _proved,
        sources={"phone_verified_at": [None, _EXAMPLE_TIME]},
        read_only=True,
        help_text="The phone number is verified: a code sent to it came back (send_verify_code, or the change of it). "
        "Not the identity review (`verified`).",
    )
    email_verified = derived(
        serializers.BooleanField,
        _proved,
        sources={"email_verified_at": [None, _EXAMPLE_TIME]},
        read_only=True,
        help_text="The email address is verified: a code sent to it came back (send_verify_code, or the change of "
        "it); false without an email. Not the identity review (`verified`).",
    )
    status = serializers.ChoiceField(choices=MerchantStatus.choices)
    status_label = LabelField(MerchantStatus, source="status")
    status_reason = serializers.CharField()
    language = serializers.CharField()
    time_zone = derived(
        serializers.CharField,
        _time_zone,
        sources={"time_zone": ["", "Asia/Bangkok"]},
        read_only=True,
        help_text="The IANA zone the shop's dates are counted in.",
    )
    has_pay_password = serializers.BooleanField(read_only=True)
    money_locked_at = serializers.DateTimeField(
        allow_null=True,
        help_text='Since when money movements are locked ("This wasn\'t me"); null when they are not. A password '
        "reset with a one-time code unlocks them.",
    )
    invite_code = serializers.CharField()
    created_at = serializers.DateTimeField()
    shop = _ShopSummarySerializer(allow_null=True)
    level = _LevelSummarySerializer(allow_null=True)
    # The wallet's figures (accounts.hooks.wallet_summary).
    balance = serializers.CharField()
    pending_amount = serializers.CharField(help_text="held_amount + pending_sales (the spec's 'pending amount').")
    held_amount = serializers.CharField(help_text="Held for withdrawals in review.")
    pending_sales = serializers.CharField(help_text="Sales awaiting settlement.")
    total_income = serializers.CharField(help_text="Settled sales: the orders settled, all dates.")


class MerInfoWithTokenSerializer(MerInfoSerializer):
    token = serializers.CharField(read_only=True)
