"""Operators' screens: settings, the deposit and withdrawal queues, the read-only ledger, the adjustment requests.

Every decision goes through the services (exactly once, audited, notified), never through a model save.
"""

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.contrib.admin.helpers import AdminForm
from django.contrib.admin.utils import lookup_field
from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet, Sum
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.text import Truncator, capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from apps.core.admin import (
    CreatedColumn,
    Decision,
    DecisionAdmin,
    ReadOnlyAdmin,
    ReadOnlyInline,
    TermsAdmin,
    has_model_permission,
    linked_picture,
)
from apps.core.admin_exports import ExportAdmin
from apps.core.errors import AppError
from apps.core.exports import Column, Kind
from apps.core.money import money_bounded, money_form_validator, money_local, quantize
from apps.core.qr import qr_data_url
from apps.core.queues import Queue, QueueAdmin, register
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
    PayoutDestination,
    Withdrawal,
    WithdrawalFeeRule,
)

register(
    Queue("deposits", _("Deposits in review"), "wallet.Deposit", lambda now: Q(status=DepositStatus.PENDING),
          "created_at", rank=20),
    Queue("withdrawals", _("Withdrawals in review"), "wallet.Withdrawal",
          lambda now: Q(status=WithdrawalStatus.PENDING), "created_at", "review_due_at", rank=30),
)  # fmt: skip


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


def _money(amount: Decimal | None, currency: str = "") -> str:
    """An amount with its currency as the operator reads it (apps.core.money.money_local); "-" without one."""
    return "-" if amount is None else money_local(amount, currency)


EMPTY = (None, "", "-")  # a value that makes no row: a field without it is not shown


class EvidenceFirstAdmin(CreatedColumn, DecisionAdmin):
    """A queue whose pages put the evidence before the decision. The change page and each decision page open on the
    facts the operator decides on (`evidence_fields`: what was paid or is to be paid, with its currency, and where),
    then the decisions; the record of a decision made (`record_fields`) comes after. A field without a value makes
    no row. A decision page shows the evidence picture (`evidence_picture`, a voucher) beside the facts."""

    record_fields: tuple[str, ...] = ()
    change_form_template = "admin/wallet/evidence_change_form.html"

    def evidence_fields(self, obj: Any, decision: str = "") -> list[str]:
        """The names (model fields or display methods) of the facts of `obj`, on its change page (`decision` "") or
        on the page of `decision`."""
        raise NotImplementedError

    def evidence_picture(self, obj: Any) -> str:
        return ""

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return [*super().get_readonly_fields(request, obj), "merchant_shown", "created"]

    @admin.display(description=_("merchant"), ordering="merchant")
    def merchant_shown(self, obj: Any) -> SafeString:
        """The merchant, linked to its page (the model's field has no translated name)."""
        return format_html(
            '<a href="{}">{}</a>', reverse("admin:accounts_merchant_change", args=[obj.merchant_id]), obj.merchant
        )

    def filled(self, obj: Any, names: Sequence[str]) -> list[str]:
        """`names` without those that have no value on `obj`."""
        return [name for name in names if lookup_field(name, obj, self)[2] not in EMPTY]

    def evidence_title(self, obj: Any) -> str:
        return f"{capfirst(self.opts.verbose_name)} {obj}"

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        if obj is None:
            return super().get_fieldsets(request, obj)
        decisions = self.allowed_decisions(obj) and any(
            self.has_decision_permission(request, name, obj) for name in self.decisions
        )
        fieldsets: list[tuple[Any, dict]] = [
            (self.evidence_title(obj), {"fields": self.filled(obj, self.evidence_fields(obj))})
        ]
        if decisions:
            fieldsets.append((None, {"fields": ["decide"]}))
        if record := self.filled(obj, self.record_fields):
            fieldsets.append((_("Review"), {"fields": record}))
        return fieldsets

    def render_change_form(
        self,
        request: HttpRequest,
        context: dict,
        add: bool = False,
        change: bool = False,
        form_url: str = "",
        obj: Any = None,
    ) -> Any:
        picture = self.evidence_picture(obj) if obj is not None else ""
        return super().render_change_form(request, {**context, "evidence_picture": picture}, add, change, form_url, obj)

    def decision_summary(self, obj: Any, decision: str) -> SafeString:
        names = self.filled(obj, self.evidence_fields(obj, decision))
        form = forms.modelform_factory(type(obj), fields=[])(instance=obj)
        facts = AdminForm(form, [(self.evidence_title(obj), {"fields": names})], {}, names, model_admin=self)
        picture = self.evidence_picture(obj)
        return render_to_string("admin/wallet/evidence.html", {"evidence": facts, "picture": picture})


class ThroughNetwork:
    """The columns of money that moves by a chain network or by a bank card (deposits, withdrawals)."""

    @admin.display(description=_("method"), ordering="method")
    def channel(self, obj: Deposit | Withdrawal) -> str:
        """How it moves: the chain network's code, or the method (a bank card)."""
        return obj.network.code if obj.network else obj.get_method_display()

    @admin.display(description=_("network"))
    def network_shown(self, obj: Deposit | Withdrawal) -> str:
        return obj.network.code if obj.network else "-"


@admin.register(Deposit)
class DepositAdmin(QueueAdmin, ThroughNetwork, EvidenceFirstAdmin):
    list_display = ["number", "merchant_shown", "amount_shown", "channel", "status", "created"]
    list_filter = ["status", "method", "network__code"]  # a network by its code, not each version
    search_fields = ["number", "merchant__phone", "merchant__email", "tx_hash", "credited_tx_hash"]
    list_select_related = ["merchant", "network"]
    extra_readonly = (
        "decide",
        "voucher_image",
        "chain_check",
        "same_tx_hash",
        "amount_shown",
        "network_shown",
        "platform_address",
        "confirmations",
        "credited_shown",
        "payer",
        "payer_bank",
    )
    record_fields = ("credited_shown", "credited_tx_hash", "review_note", "reviewed_by", "reviewed_at")
    decisions = {
        "approve": Decision(_("Approve"), ApproveDepositForm, DepositStatus.APPROVED),
        "reject": Decision(_("Reject"), ReasonForm, DepositStatus.REJECTED),
    }
    # The voucher as its picture, the chain check translated, the payer's card as its last four digits (enough to
    # match the bank statement).
    shown_as = {"voucher": None, "verify_note": None, "card_number": "card_shown"}

    def evidence_fields(self, obj: Deposit, decision: str = "") -> list[str]:
        """What was paid, how much in which currency, and where: the chain transaction (network, hash, the address it
        was sent to, the confirmations the network needs, the chain check) or the payer's card and bank; then the
        voucher beside them (evidence_picture)."""
        if obj.method == Method.CHAIN:
            paid = ["network_shown", "tx_hash", "platform_address", "confirmations", "chain_check", "same_tx_hash"]
        else:
            paid = ["payer", "card_shown", "payer_bank"]
        page = ["status"] if not decision else []
        return ["merchant_shown", *page, "amount_shown", "method", *paid, "created"]

    def evidence_picture(self, obj: Deposit) -> str:
        return self.voucher_image(obj) if obj.voucher_id else ""

    @admin.display(description=_("amount"), ordering="amount")
    def amount_shown(self, obj: Deposit) -> str:
        return _money(obj.amount, obj.currency)

    @admin.display(description=_("platform address"))
    def platform_address(self, obj: Deposit) -> str:
        """The address of the network version the deposit was made to: where the merchant was told to send it."""
        return obj.network.address if obj.network else "-"

    @admin.display(description=_("confirmations required"))
    def confirmations(self, obj: Deposit) -> str:
        return str(obj.network.confirmations) if obj.network else "-"

    @admin.display(description=_("credited amount"))
    def credited_shown(self, obj: Deposit) -> str:
        return _money(obj.credited_amount)  # in the balance's currency, the platform's

    @admin.display(description=_("voucher"))
    def voucher_image(self, obj: Deposit) -> str:
        return linked_picture(operator_upload_url(obj.voucher), "voucher")

    @admin.display(description=_("payer's name"))
    def payer(self, obj: Deposit) -> str:
        return obj.payer_name

    @admin.display(description=_("payer's card"))
    def card_shown(self, obj: Deposit) -> str:
        return obj.card_shown

    @admin.display(description=_("payer's bank"))
    def payer_bank(self, obj: Deposit) -> str:
        return obj.bank_name

    @admin.display(description=_("chain check"))
    def chain_check(self, obj: Deposit) -> str:
        """What the chain check found, or, for a chain deposit in review it has not read, that nobody checked the
        chain."""
        if obj.verify_note:
            return gettext(obj.verify_note)
        if obj.method == Method.CHAIN and obj.status == DepositStatus.PENDING:
            return gettext("Not checked on the chain: check the transaction yourself.")
        return "-"

    @admin.display(description=_("same transaction hash"))
    def same_tx_hash(self, obj: Deposit) -> SafeString | str:
        return _same_tx_hash(obj)

    def decision_form(self, name: str, obj: Deposit, data: Any) -> forms.Form:
        if name != "approve":
            return self.decisions[name].form(data)
        form = ApproveDepositForm(data, initial={"credited_amount": obj.amount, "tx_hash": obj.tx_hash})
        form.fields["credited_amount"].help_text = gettext(
            "In %(currency)s, the currency of the merchant's balance."
        ) % {"currency": settings.PLATFORM_CURRENCY}
        if obj.method != Method.CHAIN:  # a bank transfer has no transaction hash
            del form.fields["tx_hash"]
        return form

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

    def decision_done(self, name: str, obj: Deposit, data: dict) -> str:
        if name == "approve":
            done = gettext("Deposit %(number)s approved: %(amount)s credited; the merchant was notified.")
            return done % {"number": obj.number, "amount": _money(quantize(data["credited_amount"]))}
        return gettext("Deposit %(number)s not approved; the merchant was notified with your reason.") % {
            "number": obj.number
        }


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
class WithdrawalAdmin(ExportAdmin, QueueAdmin, ThroughNetwork, EvidenceFirstAdmin):
    """The withdrawal queue; the list (by default the withdrawals in review) exports as CSV or XLSX
    (apps.core.admin_exports) with the list's columns only: never a payout account."""

    list_display = ["number", "merchant_shown", "to_send", "channel", "status", "deadline"]
    export_name = "withdrawals"
    export_as = {  # the amount to send as a number beside its currency, the review deadline as a time
        "to_send": [
            (Column(_("amount to send"), Kind.NUMBER), lambda withdrawal: withdrawal.actual_amount),
            (Column(_("currency")), lambda withdrawal: withdrawal.currency),
        ],
        "deadline": [(Column(_("review deadline"), Kind.TIME), lambda withdrawal: withdrawal.review_deadline)],
    }
    list_filter = [OverdueFilter, "status", "method", "network__code"]  # a network by its code, not each version
    search_fields = ["number", "merchant__phone", "merchant__email", "account"]
    list_select_related = ["merchant", "network", "destination"]
    extra_readonly = (
        "decide",
        "destination_shown",
        "deadline",
        "holder",
        "network_shown",
        "card_to_pay",
        "chain_address",
        "to_send",
        "amount_shown",
        "fee_shown",
    )
    record_fields = (
        "payout_reference",
        "review_note",
        "reviewed_by",
        "reviewed_at",
        "overdue_notified_at",
    )
    decisions = {
        "pay": Decision(_("Mark paid"), PayWithdrawalForm, WithdrawalStatus.PAID),
        "reject": Decision(_("Reject"), ReasonForm, WithdrawalStatus.REJECTED),
    }

    # The full card number only where it is paid to (the "Mark paid" step); everywhere else its last four digits.
    shown_as = {"account": "account_shown", "review_due_at": None}

    def evidence_fields(self, obj: Withdrawal, decision: str = "") -> list[str]:
        """Everything the transfer needs, in the order it is typed into a bank or a wallet: the account holder, the
        bank or the network, the card number (in full only on the "Mark paid" page) or the address, the amount to
        send in its currency; then the amount requested and the fee, the merchant and the review deadline."""
        if obj.method == Method.CHAIN:
            where = ["network_shown", "chain_address"]
        else:
            where = ["bank_name", "card_to_pay" if decision == "pay" else "account_shown"]
        page = ["status"] if not decision else []
        return [
            "holder",
            *where,
            "to_send",
            "destination_shown",
            "amount_shown",
            "fee_shown",
            "merchant_shown",
            *page,
            "deadline",
            "created",
        ]

    @admin.display(description=_("account holder"))
    def holder(self, obj: Withdrawal) -> str:
        return obj.full_name

    @admin.display(description=_("payout destination"))
    def destination_shown(self, obj: Withdrawal) -> str:
        """The merchant's destination: its name, last digits or shortened address, and how it became usable."""
        destination = obj.destination
        if destination is None:
            return ""
        return f"{destination} · {destination.get_confirmed_with_display()}"

    @admin.display(description=_("card number"))
    def account_shown(self, obj: Withdrawal) -> str:
        return obj.account_shown

    @admin.display(description=_("card number"))
    def card_to_pay(self, obj: Withdrawal) -> SafeString:
        """The whole card number, on the page where it is paid to."""
        return format_html('<span class="payout-account">{}</span>', obj.account)

    @admin.display(description=_("payout address"))
    def chain_address(self, obj: Withdrawal) -> SafeString:
        return format_html('<span class="payout-account">{}</span>', obj.account)

    @admin.display(description=_("amount to send"), ordering="actual_amount")
    def to_send(self, obj: Withdrawal) -> SafeString:
        """The requested amount less the fee, in the currency it is paid in."""
        return format_html('<span class="payout-amount">{}</span>', _money(obj.actual_amount, obj.currency))

    @admin.display(description=_("amount requested"), ordering="amount")
    def amount_shown(self, obj: Withdrawal) -> str:
        return _money(obj.amount)  # taken from the balance, in the platform's currency

    @admin.display(description=_("fee"))
    def fee_shown(self, obj: Withdrawal) -> str:
        return _money(obj.fee)

    @admin.display(description=_("review deadline"), ordering="review_due_at")
    def deadline(self, obj: Withdrawal) -> SafeString | str:
        """The deadline while in review, flagged once it has passed."""
        if obj.review_deadline is None:
            return "-"
        when = formats.date_format(timezone.localtime(obj.review_deadline), "DATETIME_FORMAT")
        if obj.overdue:
            return format_html('<strong class="overdue">{} ({})</strong>', gettext("Overdue"), when)
        return when

    def run_decision(self, name: str, obj: Withdrawal, data: dict, operator: Any) -> None:
        if name == "pay":
            services.withdrawal_pay(withdrawal_id=obj.pk, operator=operator, reference=data["reference"])
        else:
            services.withdrawal_reject(withdrawal_id=obj.pk, operator=operator, reason=data["reason"])

    def decision_done(self, name: str, obj: Withdrawal, data: dict) -> str:
        if name == "pay":
            done = gettext("Withdrawal %(number)s marked paid: %(amount)s sent; the merchant was notified.")
            return done % {"number": obj.number, "amount": _money(obj.actual_amount, obj.currency)}
        done = gettext(
            "Withdrawal %(number)s not approved: %(amount)s is back in the merchant's balance; the merchant was "
            "notified with your reason."
        )
        return done % {"number": obj.number, "amount": _money(obj.amount)}


class JournalLineInline(ReadOnlyInline):
    model = JournalLine
    fields = readonly_fields = ("account", "amount", "balance_after")


@admin.register(JournalEntry)
class JournalEntryAdmin(ReadOnlyAdmin):
    list_display = ["reference", "kind", "amount", "memo", "created_at"]
    list_filter = ["kind"]
    search_fields = ["reference", "memo"]
    inlines = [JournalLineInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[JournalEntry]:
        """Each entry with the money it moved (the sum of its lines on one side), in the same query."""
        return super().get_queryset(request).annotate(moved=Sum("lines__amount", filter=Q(lines__amount__gt=0)))

    @admin.display(description=_("amount"), ordering="moved")
    def amount(self, obj: JournalEntry) -> str:
        return _money(getattr(obj, "moved", None))


@admin.register(PayoutDestination)
class PayoutDestinationAdmin(ReadOnlyAdmin):
    """The merchants' payout destinations, to look at only: operators never add, change or remove one (only the
    merchant does, told each time); a card number shows as its last four digits."""

    list_display = ["name", "merchant", "method", "account_shown", "usable_from", "confirmed_with", "removed_at"]
    list_filter = ["method", "confirmed_with"]
    search_fields = ["merchant__phone", "merchant__email", "name"]
    list_select_related = ["merchant"]
    fields = readonly_fields = (
        "merchant",
        "name",
        "method",
        "currency",
        "network",
        "holder",
        "bank_name",
        "account_shown",
        "usable_from",
        "confirmed_with",
        "created_at",
        "removed_at",
    )

    @admin.display(description=_("card number or address"))
    def account_shown(self, obj: PayoutDestination) -> str:
        return obj.account_shown


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
        labels = {"merchant": _("merchant")}

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
class AdjustmentAdmin(EvidenceFirstAdmin):
    """Balance adjustments with four eyes: an operator who may add them requests one (merchant, amount, reason);
    nothing moves until another operator with "approve_adjustment" approves it (posted to the ledger, the merchant
    told with the reason, both operators recorded) or does not (with a reason). The list is the queue: the requests
    awaiting approval first."""

    list_display = ["merchant_shown", "amount_shown", "reason_shown", "status", "operator", "created"]
    list_filter = ["status"]
    list_select_related = ["merchant", "operator", "decided_by"]
    ordering = ["status", "-id"]  # awaiting approval (0) first
    raw_id_fields = ["merchant"]
    form = AdjustmentForm
    extra_readonly = ("decide", "amount_shown", "direction", "balance_now")
    record_fields = ("decided_by", "decided_at", "decision_note")
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

    def evidence_title(self, obj: Adjustment) -> str:
        return str(capfirst(self.opts.verbose_name))

    def evidence_fields(self, obj: Adjustment, decision: str = "") -> list[str]:
        """What will move (or moved): whose balance, how much in which direction, why, and who asked for it."""
        page = ["status"] if not decision else []
        return ["merchant_shown", *page, "amount_shown", "direction", "reason", "operator", "created", "balance_now"]

    @admin.display(description=_("amount"), ordering="amount")
    def amount_shown(self, obj: Adjustment) -> str:
        return _money(obj.amount)  # the balance's currency, the platform's

    @admin.display(description=_("direction"))
    def direction(self, obj: Adjustment) -> str:
        if obj.amount > 0:
            return gettext("Credit: added to the merchant's balance")
        return gettext("Debit: taken from the merchant's balance")

    @admin.display(description=_("reason"), ordering="reason")
    def reason_shown(self, obj: Adjustment) -> str:
        return Truncator(obj.reason).chars(60)

    @admin.display(description=_("available balance now"))
    def balance_now(self, obj: Adjustment) -> str:
        """The merchant's available balance while the request awaits approval (a debit cannot take more)."""
        if obj.status != AdjustmentStatus.PENDING:
            return "-"
        return _money(selectors.available_balance(merchant=obj.merchant))

    def run_decision(self, name: str, obj: Adjustment, data: dict, operator: Any) -> None:
        if name == "approve":
            services.adjustment_approve(adjustment_id=obj.pk, approver=operator)
        else:
            services.adjustment_reject(adjustment_id=obj.pk, approver=operator, reason=data["reason"])

    def decision_done(self, name: str, obj: Adjustment, data: dict) -> str:
        if name == "approve":
            done = gettext("Balance adjustment approved: %(amount)s for %(merchant)s; the merchant was notified.")
            return done % {"amount": _money(obj.amount), "merchant": obj.merchant}
        return gettext("Balance adjustment not approved: nothing moved, and the merchant was not told.")
