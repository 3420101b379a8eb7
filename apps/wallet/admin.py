"""Operators' screens: settings, the deposit and withdrawal queues, the read-only ledger, adjustments.

Every decision goes through the services (exactly once, audited, notified), never through a model save.
"""

from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from apps.core.admin import Decision, DecisionAdmin, ReadOnlyAdmin, ReadOnlyInline, TermsAdmin, linked_picture
from apps.core.errors import AppError
from apps.core.money import money_bounded, money_form_validator, quantize
from apps.core.uploads import operator_upload_url

from . import selectors, services
from .constants import DepositStatus, WithdrawalStatus
from .models import (
    Adjustment,
    BankDepositDetails,
    Deposit,
    DepositNetwork,
    JournalEntry,
    JournalLine,
    LedgerAccount,
    Withdrawal,
    WithdrawalFeeRule,
)


@admin.register(DepositNetwork)
class DepositNetworkAdmin(TermsAdmin):
    """Versions of each network (by code): a new address, minimum or retirement is a new version, announced."""

    list_display = ["code", "currency", "address", "minimum", "confirmations", "auto_verify", "is_active", "sort",
                    "effective_from", "state"]  # fmt: skip
    list_filter = ["code", "effective_from"]
    readonly_fields = (*TermsAdmin.readonly_fields, "qr_code")

    @admin.display(description=_("QR code"))
    def qr_code(self, obj: DepositNetwork) -> str:
        return (
            format_html('<img src="{}" width="160" height="160">', selectors.qr_data_url(obj.address))
            if obj.pk
            else "-"
        )


@admin.register(BankDepositDetails)
class BankDepositDetailsAdmin(TermsAdmin):
    """Versions of each bank account (by label): new details or a retirement are a new version, announced."""

    list_display = ["label", "bank_name", "account_name", "account_number", "is_active", "effective_from", "state"]
    list_filter = ["label", "effective_from"]


@admin.register(WithdrawalFeeRule)
class WithdrawalFeeRuleAdmin(TermsAdmin):
    """Versions of the withdrawal rule, within the bounds of the settings, announced before they apply."""

    list_display = ["fixed_fee", "percent_fee", "minimum", "effective_from", "state", "announced_by"]


class ApproveDepositForm(forms.Form):
    credited_amount = forms.DecimalField(
        label=_("credited amount"),
        max_digits=20,
        decimal_places=2,
        min_value=0.01,
        validators=[money_form_validator("credit")],
    )
    note = forms.CharField(label=_("note"), max_length=255, required=False)


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("reason"), max_length=255)


class PayWithdrawalForm(forms.Form):
    reference = forms.CharField(label=_("payout reference or transaction hash"), max_length=128)


@admin.register(Deposit)
class DepositAdmin(DecisionAdmin):
    list_display = ["number", "merchant", "method", "network", "amount", "credited_amount", "status", "created_at"]
    list_filter = ["status", "method", "network__code"]  # a network by its code, not each version
    search_fields = ["number", "merchant__phone", "merchant__email", "tx_hash"]
    list_select_related = ["merchant", "network"]
    extra_readonly = ("decide", "voucher_image", "chain_check")
    decisions = {
        "approve": Decision(_("Approve"), ApproveDepositForm, DepositStatus.APPROVED),
        "reject": Decision(_("Reject"), ReasonForm, DepositStatus.REJECTED),
    }
    # The voucher as its picture, the chain check translated, the payer's card as its last four digits (enough to
    # match the bank statement).
    shown_as = {"voucher": None, "verify_note": None, "card_number": "card_shown"}

    @admin.display(description=_("voucher"))
    def voucher_image(self, obj: Deposit) -> str:
        return linked_picture(operator_upload_url(obj.voucher), "voucher")

    @admin.display(description=_("card number"))
    def card_shown(self, obj: Deposit) -> str:
        return obj.card_shown

    @admin.display(description=_("chain check"))
    def chain_check(self, obj: Deposit) -> str:
        return gettext(obj.verify_note) if obj.verify_note else "-"

    def decision_form(self, name: str, obj: Deposit, data: Any) -> forms.Form:
        return self.decisions[name].form(data, initial={"credited_amount": obj.amount} if name == "approve" else {})

    def decision_summary(self, obj: Deposit, decision: str) -> str:
        return f"{obj.number}: {obj.merchant} {obj.amount} ({obj.get_method_display()})"

    def run_decision(self, name: str, obj: Deposit, data: dict, operator: Any) -> None:
        if name == "approve":
            services.deposit_approve(
                deposit_id=obj.pk,
                operator=operator,
                credited_amount=quantize(data["credited_amount"]),
                note=data["note"],
            )
        else:
            services.deposit_reject(deposit_id=obj.pk, operator=operator, reason=data["reason"])


@admin.register(Withdrawal)
class WithdrawalAdmin(DecisionAdmin):
    list_display = ["number", "merchant", "method", "network", "amount", "fee", "actual_amount", "status", "created_at"]
    list_filter = ["status", "method", "network__code"]  # a network by its code, not each version
    search_fields = ["number", "merchant__phone", "merchant__email", "account"]
    list_select_related = ["merchant", "network"]
    decisions = {
        "pay": Decision(_("Mark paid"), PayWithdrawalForm, WithdrawalStatus.PAID),
        "reject": Decision(_("Reject"), ReasonForm, WithdrawalStatus.REJECTED),
    }

    # The full card number only where it is paid to (the "Mark paid" step); everywhere else its last four digits.
    shown_as = {"account": "account_shown"}

    @admin.display(description=_("card number or address"))
    def account_shown(self, obj: Withdrawal) -> str:
        return obj.account_shown

    def decision_summary(self, obj: Withdrawal, decision: str) -> str:
        account = obj.account if decision == "pay" else obj.account_shown
        return f"{obj.number}: {obj.merchant} {obj.actual_amount} {obj.currency} -> {account}"

    def run_decision(self, name: str, obj: Withdrawal, data: dict, operator: Any) -> None:
        if name == "pay":
            services.withdrawal_pay(withdrawal_id=obj.pk, operator=operator, reference=data["reference"])
        else:
            services.withdrawal_reject(withdrawal_id=obj.pk, operator=operator, reason=data["reason"])


class JournalLineInline(ReadOnlyInline):
    model = JournalLine
    fields = readonly_fields = ("account", "amount", "balance_after")


@admin.register(JournalEntry)
class JournalEntryAdmin(ReadOnlyAdmin):
    list_display = ["reference", "kind", "memo", "created_at"]
    list_filter = ["kind"]
    search_fields = ["reference", "memo"]
    inlines = [JournalLineInline]


@admin.register(LedgerAccount)
class LedgerAccountAdmin(ReadOnlyAdmin):
    list_display = ["kind", "merchant", "balance"]
    list_filter = ["kind"]
    search_fields = ["merchant__phone", "merchant__email"]
    list_select_related = ["merchant"]


class AdjustmentForm(forms.ModelForm):
    class Meta:
        model = Adjustment
        fields = ["merchant", "amount", "reason"]

    def clean(self) -> dict:
        data = super().clean() or {}
        amount, merchant = data.get("amount"), data.get("merchant")
        if amount is not None and amount == 0:
            self.add_error("amount", gettext("Cannot be zero"))
        if amount is not None:
            try:
                money_bounded(amount, operation="adjustment")
            except AppError as exc:
                self.add_error("amount", str(exc.message))
        if amount is not None and merchant is not None and -amount > selectors.available_balance(merchant=merchant):
            self.add_error("amount", gettext("Cannot exceed balance"))
        return data


@admin.register(Adjustment)
class AdjustmentAdmin(admin.ModelAdmin):
    """Adjustments are added (with a reason) and then only viewed; the service posts them to the ledger."""

    list_display = ["merchant", "amount", "reason", "operator", "created_at"]
    raw_id_fields = ["merchant"]
    form = AdjustmentForm

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: Adjustment, form: Any, change: bool) -> None:
        try:
            created = services.adjustment_create(
                merchant=obj.merchant,
                amount=obj.amount,
                reason=obj.reason,
                operator=request.user,  # type: ignore[arg-type]
            )
        except AppError as exc:
            raise PermissionDenied(str(exc.message)) from exc
        obj.pk = created.pk
        obj.created_at = created.created_at
