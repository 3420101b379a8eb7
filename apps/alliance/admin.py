"""The operators' side of the alliance: the referral rate (versions announced, never edited: its rows are the
history) and the rewards paid (read only; they are ledger money)."""

from django.contrib import admin

from apps.core.admin import ReadOnlyAdmin, TermsAdmin

from .models import ReferralRate, ReferralReward


@admin.register(ReferralRate)
class ReferralRateAdmin(TermsAdmin):
    """The referral rate's versions (apps.core.terms): each change is a new one, announced to every merchant and in
    force from its start, no earlier than the notice period later; the list is the history."""

    list_display = ["percent", "effective_from", "state", "change_note", "announced_by", "announced_at"]
    list_select_related = ["announced_by"]
    fields = ["percent", "effective_from", "change_note"]


@admin.register(ReferralReward)
class ReferralRewardAdmin(ReadOnlyAdmin):
    list_display = ["order_number", "inviter", "member", "profit", "rate", "amount", "created_at"]
    list_select_related = ["inviter", "member"]
    search_fields = ["order_number", "inviter__phone", "inviter__email", "member__phone", "member__email"]
