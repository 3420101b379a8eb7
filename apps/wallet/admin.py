"""Operators' screens: settings, the deposit and withdrawal queues, the read-only ledger, the adjustment requests.

Every decision goes through the services (exactly once, audited, notified), never through a model save.
"""

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from apps.core.admin import (
    Decision,
    DecisionAdmin,
    ReadOnlyAdmin,
    ReadOnlyInline,
    TermsAdmin,
    has_model_permission,
    linked_picture,
)
from apps.core.errors import AppError
from apps.core.money import money_bounded, money_form_validator, quantize
from apps.core.qr import qr_data_url
from apps.core.queues import QueueAdmin
from apps.core.uploads import operator_upload_url

from . import selectors, services
from .constants import AdjustmentStatus, DepositStatus, Method, WithdrawalStatus
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
        return format_html('<img src="{}" width="160" height="160">', qr_data_url(obj.address)) if obj.pk else "-"


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
    tx_hash = forms.CharField(
        label=_("transaction hash"),
        max_length=100,
        required=False,
        help_text=_(
            "The hash of the transfer this deposit is credited for (empty: the one the merchant gave). A transaction "
            "is credited only once."
        ),
    )
    note = forms.CharField(
        label=_("reason"), max_length=255, help_text=_("What you checked. The merchant is told it with the approval.")
    )


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("reason"), max_length=255)


class PayWithdrawalForm(forms.Form):
    reference = forms.CharField(label=_("payout reference or transaction hash"), max_length=128)


def _same_tx_hash(deposit: Deposit) -> SafeString | str:
    """The other deposits with this deposit's transaction hash, each linked to its page; "-" without any."""
    others = selectors.deposits_same_tx_hash(deposit=deposit)
    if not others:
        return "-"
    rows = (
        (
            reverse("admin:wallet_deposit_change", args=[other.pk]),
            other.number,
            other.merchant,
            other.get_status_display(),
            gettext("credited with this hash") if other.credited_tx_hash else gettext("not credited with it"),
        )
        for other in others
    )
    links = format_html_join(", ", '<a href="{}">{}</a> ({}, {}, {})', rows)
    return format_html(
        '<strong class="same-tx-hash">{}</strong> {}', gettext("The same transaction hash is on:"), links
    )


@admin.register(Deposit)
class DepositAdmin(QueueAdmin, DecisionAdmin):
    list_display = ["number", "merchant", "method", "network", "amount", "credited_amount", "status", "created_at"]
    list_filter = ["status", "method", "network__code"]  # a network by its code, not each version
    search_fields = ["number", "merchant__phone", "merchant__email", "tx_hash", "credited_tx_hash"]
    list_select_related = ["merchant", "network"]
    extra_readonly = ("decide", "voucher_image", "chain_check", "same_tx_hash")
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

    @admin.display(description=_("same transaction hash"))
    def same_tx_hash(self, obj: Deposit) -> SafeString | str:
        return _same_tx_hash(obj)

    def decision_form(self, name: str, obj: Deposit, data: Any) -> forms.Form:
        if name != "approve":
            return self.decisions[name].form(data)
        form = ApproveDepositForm(data, initial={"credited_amount": obj.amount, "tx_hash": obj.tx_hash})
        if obj.method != Method.CHAIN:  # a bank transfer has no transaction hash
            del form.fields["tx_hash"]
        return form

    def decision_summary(self, obj: Deposit, decision: str) -> SafeString | str:
        summary = f"{obj.number}: {obj.merchant} {obj.amount} ({obj.get_method_display()})"
        same = _same_tx_hash(obj)
        return summary if same == "-" else format_html("{}<br>{}", summary, same)

    def run_decision(self, name: str, obj: Deposit, data: dict, operator: Any) -> None:
        if name == "approve":
            services.deposit_approve(
                deposit_id=obj.pk,
                operator=operator,
                credited_amount=quantize(data["credited_amount"]),
                note=data["note"],
                tx_hash=data.get("tx_hash"),
            )
        else:
            services.deposit_reject(deposit_id=obj.pk, operator=operator, reason=data["reason"])


class OverdueFilter(admin.SimpleListFilter):
    """The withdrawals still in review past their published deadline."""

    title = _("review deadline")
    parameter_name = "overdue"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [("yes", _("Overdue"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Withdrawal]) -> QuerySet[Withdrawal]:
        if self.value() == "yes":
            return selectors.withdrawals_overdue(now=timezone.now(), queryset=queryset)
        return queryset


@admin.register(Withdrawal)
class WithdrawalAdmin(QueueAdmin, DecisionAdmin):
    list_display = [
        "number",
        "merchant",
        "method",
        "network",
        "amount",
        "fee",
        "actual_amount",
        "status",
        "deadline",
        "created_at",
    ]
    list_filter = [OverdueFilter, "status", "method", "network__code"]  # a network by its code, not each version
    search_fields = ["number", "merchant__phone", "merchant__email", "account"]
    list_select_related = ["merchant", "network"]
    extra_readonly = ("decide", "deadline")
    decisions = {
        "pay": Decision(_("Mark paid"), PayWithdrawalForm, WithdrawalStatus.PAID),
        "reject": Decision(_("Reject"), ReasonForm, WithdrawalStatus.REJECTED),
    }

    # The full card number only where it is paid to (the "Mark paid" step); everywhere else its last four digits.
    shown_as = {"account": "account_shown", "review_due_at": None}

    @admin.display(description=_("card number or address"))
    def account_shown(self, obj: Withdrawal) -> str:
        return obj.account_shown

    @admin.display(description=_("review deadline"), ordering="review_due_at")
    def deadline(self, obj: Withdrawal) -> SafeString | str:
        """The deadline while in review, flagged once it has passed."""
        if obj.review_deadline is None:
            return "-"
        when = formats.date_format(timezone.localtime(obj.review_deadline), "DATETIME_FORMAT")
        if obj.overdue:
            return format_html('<strong class="overdue">{} ({})</strong>', gettext("Overdue"), when)
        return when

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
class AdjustmentAdmin(DecisionAdmin):
    """Balance adjustments with four eyes: an operator who may add them requests one (merchant, amount, reason);
    nothing moves until another operator with "approve_adjustment" approves it (posted to the ledger, the merchant
    told with the reason, both operators recorded) or does not (with a reason). The list is the queue: the requests
    awaiting approval first."""

    list_display = ["merchant", "amount", "reason", "status", "operator", "decided_by", "created_at"]
    list_filter = ["status"]
    list_select_related = ["merchant", "operator", "decided_by"]
    ordering = ["status", "-id"]  # awaiting approval (0) first
    raw_id_fields = ["merchant"]
    form = AdjustmentForm
    decisions = {
        "approve": Decision(_("Approve adjustment"), forms.Form, AdjustmentStatus.APPROVED, permission="approve"),
        "reject": Decision(_("Reject adjustment"), ReasonForm, AdjustmentStatus.REJECTED, permission="approve"),
    }

    def has_add_permission(self, request: HttpRequest) -> bool:
        return admin.ModelAdmin.has_add_permission(self, request)

    def has_approve_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        """wallet.approve_adjustment (the model's Meta)."""
        return has_model_permission(request, self.opts, "approve")

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return [] if obj is None else super().get_readonly_fields(request, obj)  # the request form, then read-only

    def get_fields(self, request: HttpRequest, obj: Any = None) -> list:
        return list(AdjustmentForm.Meta.fields) if obj is None else super().get_fields(request, obj)

    def get_inline_instances(self, request: HttpRequest, obj: Any = None) -> list:
        return [] if obj is None else super().get_inline_instances(request, obj)

    def save_model(self, request: HttpRequest, obj: Adjustment, form: Any, change: bool) -> None:
        try:
            created = services.adjustment_request(
                merchant=obj.merchant,
                amount=obj.amount,
                reason=obj.reason,
                operator=request.user,  # type: ignore[arg-type]  # a signed-in operator on an admin page
            )
        except AppError as exc:
            raise PermissionDenied(str(exc.message)) from exc
        obj.pk, obj.created_at, obj.status = created.pk, created.created_at, created.status
        messages.info(request, gettext("Nothing moves until another operator approves this adjustment."))

    def decision_summary(self, obj: Adjustment, decision: str) -> str:
        return gettext("%(merchant)s: %(amount)s, “%(reason)s”, requested by %(operator)s") % {
            "merchant": obj.merchant,
            "amount": obj.amount,
            "reason": obj.reason,
            "operator": obj.operator,
        }

    def run_decision(self, name: str, obj: Adjustment, data: dict, operator: Any) -> None:
        if name == "approve":
            services.adjustment_approve(adjustment_id=obj.pk, approver=operator)
        else:
            services.adjustment_reject(adjustment_id=obj.pk, approver=operator, reason=data["reason"])
