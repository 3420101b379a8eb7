"""The operators' side of the alliance: the referral rate (added, never edited: its rows are the history) and the
rewards paid (read only; they are ledger money)."""

from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest

from apps.core.admin import ReadOnlyAdmin
from apps.core.errors import AppError

from . import services
from .models import ReferralRate, ReferralReward


class ReferralRateForm(forms.ModelForm):
    class Meta:
        model = ReferralRate
        fields = ["percent", "note"]


@admin.register(ReferralRate)
class ReferralRateAdmin(admin.ModelAdmin):
    """Each change of the rate is a new row (who, when, why); the newest is in force for the settlements after it."""

    list_display = ["percent", "note", "operator", "created_at"]
    list_select_related = ["operator"]
    form = ReferralRateForm

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: ReferralRate, form: Any, change: bool) -> None:
        try:
            created = services.referral_rate_set(percent=obj.percent, note=obj.note, operator=request.user)
        except AppError as exc:
            raise PermissionDenied(str(exc.message)) from exc
        obj.pk = created.pk
        obj.created_at = created.created_at
        obj.operator = created.operator


@admin.register(ReferralReward)
class ReferralRewardAdmin(ReadOnlyAdmin):
    list_display = ["order_number", "inviter", "member", "profit", "rate", "amount", "created_at"]
    list_select_related = ["inviter", "member"]
    search_fields = ["order_number", "inviter__phone", "inviter__email", "member__phone", "member__email"]
