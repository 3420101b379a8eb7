"""Wallet: the double-entry ledger, deposits, withdrawals and the operator-managed settings around them."""

import re
from datetime import datetime
from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from apps.core.models import AppendOnlyModel, TimeStampedModel
from apps.core.money import MoneyField, money_text
from apps.core.terms import TermsVersion

from .constants import (
    ADDRESS_PATTERNS,
    ADJUSTMENT_TRANSITIONS,
    DEPOSIT_TRANSITIONS,
    WITHDRAWAL_TRANSITIONS,
    AccountKind,
    AddressFormat,
    AdjustmentStatus,
    DepositStatus,
    DestinationConfirmation,
    EntryKind,
    Method,
    WithdrawalStatus,
    contains_chain_address,
)


def masked_card(number: str) -> str:
    """A bank card number as merchants and operators see it outside the payout step: its last four digits."""
    digits = "".join(ch for ch in number if ch.isdigit())
    return f"•••• {digits[-4:]}" if digits else ""


def shortened_address(address: str) -> str:
    """A chain address as lists show it: its first six and last four characters ("TJbM8y…E5Lt")."""
    return f"{address[:6]}…{address[-4:]}" if len(address) > 12 else address


def account_shown(method: str, account: str) -> str:
    """A payout account as the app's lists show it, defined once: a card as its last four digits, an address
    shortened (the full address is on the destination's own line, where a wrong one must be recognisable)."""
    return masked_card(account) if method == Method.BANK else shortened_address(account)


def account_key(method: str, account: str) -> str:
    """The one spelling of a payout account (a destination is unique per merchant, method and key): a card's digits;
    an address without spaces, an EVM one (0x, case-insensitive) in lower case."""
    if method == Method.BANK:
        return "".join(ch for ch in account if ch.isdigit())
    account = "".join(account.split())
    return account.lower() if account[:2].lower() == "0x" else account


class LedgerAccount(models.Model):
    """One account of the ledger; `balance` always equals the sum of its lines (check_ledger)."""

    kind = models.CharField(_("kind"), max_length=32, choices=AccountKind.choices)
    merchant = models.ForeignKey(
        "accounts.Merchant", null=True, blank=True, on_delete=models.PROTECT, related_name="ledger_accounts"
    )
    balance = MoneyField(verbose_name=_("balance"), default=0)

    class Meta:
        verbose_name = _("ledger account")
        verbose_name_plural = _("ledger accounts")
        constraints = [
            models.UniqueConstraint(
                fields=["merchant", "kind"], condition=Q(merchant__isnull=False), name="ledger_account_merchant_kind"
            ),
            models.UniqueConstraint(
                fields=["kind"], condition=Q(merchant__isnull=True), name="ledger_account_platform"
            ),
            models.CheckConstraint(
                condition=Q(merchant__isnull=True) | Q(balance__gte=0), name="ledger_merchant_not_negative"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind}:{self.merchant_id}" if self.merchant_id else self.kind


class JournalEntry(AppendOnlyModel):
    """One business operation: two or more lines summing to zero, posted once per `reference`."""

    reference = models.CharField(_("reference"), max_length=100, unique=True)
    kind = models.CharField(_("kind"), max_length=32, choices=EntryKind.choices, db_index=True)
    memo = models.CharField(_("memo"), max_length=255, blank=True)
    created_at = models.DateTimeField(_("time"), auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("journal entry")
        verbose_name_plural = _("journal entries")
        ordering = ["-id"]

    def __str__(self) -> str:
        return self.reference


class JournalLine(AppendOnlyModel):
    entry = models.ForeignKey(JournalEntry, on_delete=models.PROTECT, related_name="lines")
    account = models.ForeignKey(LedgerAccount, on_delete=models.PROTECT, related_name="lines")
    amount = MoneyField(verbose_name=_("amount"))
    balance_after = MoneyField(verbose_name=_("balance after"))

    class Meta:
        verbose_name = _("journal line")
        verbose_name_plural = _("journal lines")
        indexes = [models.Index(fields=["account", "-id"], name="journal_line_account_recent")]

    def __str__(self) -> str:
        return f"{self.account} {self.amount}"


def _bound(setting: str) -> Decimal:
    return Decimal(str(getattr(settings, setting)))


def _above(value: Decimal | None, setting: str) -> str | None:
    """The refusal of `value` when it is above the bound of `setting`, or None."""
    maximum = _bound(setting)
    if value is None or value <= maximum:
        return None
    return gettext("At most %(maximum)s: the bound set for the platform.") % {"maximum": maximum}


class DepositNetwork(TermsVersion):
    """A blockchain network merchants deposit to (and withdraw on), versioned by its code (apps.core.terms): the
    address is published and changes only by a new version, announced; a deposit keeps the version it was made to.
    Retiring a network is a new version that is not active. The node's URL, automatic verification and the order on
    screen are the platform's workings, not terms (a version changing only them applies at once)."""

    code = models.CharField(_("code"), max_length=32, help_text=_("For example USDT-TRC20."))
    currency = models.CharField(_("currency"), max_length=16, default="USDT")
    address_format = models.CharField(_("address format"), max_length=8, choices=AddressFormat.choices)
    address = models.CharField(_("platform address"), max_length=128)
    token_contract = models.CharField(_("token contract"), max_length=128, blank=True)
    rpc_url = models.CharField(_("JSON-RPC node URL"), max_length=255, blank=True)
    minimum = MoneyField(verbose_name=_("minimum deposit"), default=0)
    confirmations = models.PositiveSmallIntegerField(_("confirmations required"), default=2)
    auto_verify = models.BooleanField(_("verify automatically on chain"), default=False)
    is_active = models.BooleanField(_("active"), default=True)
    sort = models.PositiveSmallIntegerField(_("order"), default=0)

    terms_key = ("code",)
    terms_fields = (
        "code",
        "currency",
        "address_format",
        "address",
        "token_contract",
        "minimum",
        "confirmations",
        "is_active",
    )
    terms_announcement = gettext_noop("Deposit networks and addresses change on %(date)s")

    class Meta:
        ordering = ["sort", "code", "-effective_from"]
        verbose_name = _("deposit network")
        verbose_name_plural = _("deposit networks")
        constraints = [
            models.UniqueConstraint(fields=["code", "effective_from"], name="deposit_network_version_start"),
            models.CheckConstraint(condition=Q(minimum__gte=0), name="deposit_network_minimum_not_negative"),
            models.CheckConstraint(condition=Q(confirmations__gte=1), name="deposit_network_confirmations"),
        ]

    def __str__(self) -> str:
        return self.code

    def clean(self) -> None:
        errors: dict[str, str] = {}
        pattern = ADDRESS_PATTERNS.get(self.address_format)
        invalid = gettext("This is not a valid %(network)s address.") % {"network": self.code}
        if pattern is not None and not re.match(pattern, self.address):
            errors["address"] = invalid
        if pattern is not None and self.token_contract and not re.match(pattern, self.token_contract):
            errors["token_contract"] = invalid
        if error := _above(self.minimum, "DEPOSIT_MINIMUM_MAX"):
            errors["minimum"] = error
        if self.minimum is not None and self.minimum < 0:
            errors["minimum"] = gettext("Cannot be negative.")
        if self.confirmations is not None and not 1 <= self.confirmations <= settings.DEPOSIT_CONFIRMATIONS_MAX:
            errors["confirmations"] = gettext("Between 1 and %(maximum)d.") % {
                "maximum": settings.DEPOSIT_CONFIRMATIONS_MAX
            }
        if errors:
            raise ValidationError(errors)


class BankDepositDetails(TermsVersion):
    """The platform's bank account for bank card deposits, versioned by its label (apps.core.terms): the label names
    the account across its versions, so a change of bank or number is a new version of the same account, announced
    and shown beside the details it replaces, and the account stays one line on the deposit screen. (The number
    itself cannot be the key: changing it is exactly what needs a version.) Retiring it is a version not active."""

    label = models.SlugField(
        _("account label"),
        max_length=32,
        default="main",
        help_text=_("Names this account across its versions: a new version with the same label replaces it."),
    )
    bank_name = models.CharField(_("bank name"), max_length=100)
    account_name = models.CharField(_("account name"), max_length=100)
    account_number = models.CharField(_("account number"), max_length=64)
    branch = models.CharField(_("branch"), max_length=100, blank=True)
    note = models.CharField(_("note"), max_length=255, blank=True)
    is_active = models.BooleanField(_("active"), default=True)

    terms_key = ("label",)
    terms_fields = ("label", "bank_name", "account_name", "account_number", "branch", "note", "is_active")
    terms_announcement = gettext_noop("Bank deposit details change on %(date)s")

    class Meta:
        ordering = ["label", "-effective_from"]
        verbose_name = _("bank deposit details")
        verbose_name_plural = _("bank deposit details")
        constraints = [
            models.UniqueConstraint(fields=["label", "effective_from"], name="bank_details_version_start"),
        ]

    def __str__(self) -> str:
        return f"{self.bank_name} {self.account_number}"

    def clean(self) -> None:
        errors = {
            name: gettext("Bank details cannot contain a chain address.")
            for name in ("bank_name", "account_name", "account_number", "branch", "note")
            if contains_chain_address(getattr(self, name) or "")
        }
        if errors:
            raise ValidationError(errors)


class WithdrawalFeeRule(TermsVersion):
    """The published withdrawal rule: one thing, versioned (apps.core.terms); the version in force applies. Its fees
    and minimum are bounded by settings (WITHDRAWAL_FEE_PERCENT_MAX, WITHDRAWAL_FEE_FIXED_MAX,
    WITHDRAWAL_MINIMUM_MAX), so no rule can make withdrawing impossible."""

    fixed_fee = MoneyField(verbose_name=_("fixed fee"), default=0)
    percent_fee = models.DecimalField(_("percent fee"), max_digits=5, decimal_places=2, default=0)
    minimum = MoneyField(verbose_name=_("minimum withdrawal"), default=0)

    terms_fields = ("fixed_fee", "percent_fee", "minimum")
    terms_announcement = gettext_noop("Withdrawal fees change on %(date)s")

    class Meta:
        ordering = ["-effective_from", "-id"]
        verbose_name = _("withdrawal fee rule")
        verbose_name_plural = _("withdrawal fee rules")
        constraints = [
            models.UniqueConstraint(fields=["effective_from"], name="withdrawal_fee_rule_version_start"),
            # What no setting can lift: no negative fee or minimum, and a percentage of at most the whole amount.
            models.CheckConstraint(
                condition=Q(fixed_fee__gte=0, minimum__gte=0, percent_fee__gte=0, percent_fee__lte=100),
                name="withdrawal_fee_rule_within_bounds",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.fixed_fee} + {self.percent_fee}%"

    def clean(self) -> None:
        errors: dict[str, str] = {}
        for name, setting in (
            ("fixed_fee", "WITHDRAWAL_FEE_FIXED_MAX"),
            ("percent_fee", "WITHDRAWAL_FEE_PERCENT_MAX"),
            ("minimum", "WITHDRAWAL_MINIMUM_MAX"),
        ):
            value = getattr(self, name)
            if value is not None and value < 0:
                errors[name] = gettext("Cannot be negative.")
            elif error := _above(value, setting):
                errors[name] = error
        if not errors and self.fixed_fee > 0 and self.minimum <= self.fixed_fee + self.minimum * self.percent_fee / 100:
            errors["minimum"] = gettext("The minimum withdrawal must be more than its own fee.")
        if errors:
            raise ValidationError(errors)


class Deposit(TimeStampedModel):
    TRANSITIONS = DEPOSIT_TRANSITIONS
    TRANSITION_REFUSED = _("This request was already decided.")

    merchant = models.ForeignKey("accounts.Merchant", on_delete=models.PROTECT, related_name="deposits")
    number = models.CharField(_("order number"), max_length=32, unique=True)
    method = models.CharField(_("method"), max_length=8, choices=Method.choices)
    network = models.ForeignKey(DepositNetwork, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    amount = MoneyField(verbose_name=_("amount"))
    voucher = models.ForeignKey("core.Upload", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    tx_hash = models.CharField(_("transaction hash"), max_length=100, blank=True, db_index=True)
    payer_name = models.CharField(_("name"), max_length=100, blank=True)
    card_number = models.CharField(_("card number"), max_length=64, blank=True)
    bank_name = models.CharField(_("bank name"), max_length=100, blank=True)
    status = models.PositiveSmallIntegerField(
        _("status"), choices=DepositStatus.choices, default=DepositStatus.PENDING, db_index=True
    )
    credited_amount = MoneyField(verbose_name=_("credited amount"), null=True, blank=True)
    # Set on every approval of a chain deposit, by the chain check or by hand: the transaction's hash in one spelling
    # (services.tx_hash_key: lower case, no 0x), unique, so one transaction credits at most one deposit.
    credited_tx_hash = models.CharField(_("credited transaction hash"), max_length=100, null=True, blank=True)
    verify_note = models.CharField(_("chain check"), max_length=255, blank=True)
    review_note = models.CharField(_("note"), max_length=255, blank=True)
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    reviewed_at = models.DateTimeField(_("reviewed at"), null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        verbose_name = _("deposit")
        verbose_name_plural = _("deposits")
        constraints = [
            models.UniqueConstraint(fields=["credited_tx_hash"], name="deposit_tx_credited_once"),
            models.CheckConstraint(condition=Q(amount__gt=0), name="deposit_amount_positive"),
            models.CheckConstraint(
                condition=~Q(status=DepositStatus.APPROVED) | Q(credited_amount__gt=0, reviewed_at__isnull=False),
                name="deposit_approved_has_credit",
            ),
        ]

    def __str__(self) -> str:
        return self.number

    @property
    def card_shown(self) -> str:
        return masked_card(self.card_number)

    @property
    def currency(self) -> str:
        """The currency of `amount`: the chain token of its network (USDT), else the platform's. The credited amount
        is in the platform's currency (the balance's)."""
        return self.network.currency if self.network else settings.PLATFORM_CURRENCY


class PayoutDestination(models.Model):
    """A bank card or chain address the merchant withdraws to (docs/security.md, payout destinations). A new one is
    usable from `usable_from`: settings.PAYOUT_COOLING_OFF_HOURS after it was added, or at once when confirmed with
    the second factor. Never edited: a change of any of its payout fields is a new destination (this one removed),
    which waits again; removed ones are kept (`removed_at`) for the withdrawals made to them."""

    merchant = models.ForeignKey("accounts.Merchant", on_delete=models.PROTECT, related_name="payout_destinations")
    method = models.CharField(_("method"), max_length=8, choices=Method.choices)
    currency = models.CharField(_("currency"), max_length=16)
    network = models.CharField(_("network"), max_length=32, blank=True)
    holder = models.CharField(_("full name"), max_length=100)
    bank_name = models.CharField(_("bank name"), max_length=100, blank=True)
    account = models.CharField(_("card number or address"), max_length=128)
    account_key = models.CharField(_("account key"), max_length=128)
    name = models.CharField(_("name"), max_length=64)
    usable_from = models.DateTimeField(_("usable from"))
    confirmed_with = models.CharField(
        _("became usable"),
        max_length=16,
        choices=DestinationConfirmation.choices,
        default=DestinationConfirmation.WAITED,
    )
    created_at = models.DateTimeField(_("time"), default=timezone.now)
    removed_at = models.DateTimeField(_("removed at"), null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        verbose_name = _("payout destination")
        verbose_name_plural = _("payout destinations")
        constraints = [
            models.UniqueConstraint(
                fields=["merchant", "method", "account_key"],
                condition=Q(removed_at__isnull=True),
                name="payout_destination_live_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.account_shown})"

    @property
    def account_shown(self) -> str:
        return account_shown(self.method, self.account)

    def usable_at(self, now: datetime) -> bool:
        return self.removed_at is None and self.usable_from <= now


class Withdrawal(TimeStampedModel):
    TRANSITIONS = WITHDRAWAL_TRANSITIONS
    TRANSITION_REFUSED = _("This request was already decided.")

    merchant = models.ForeignKey("accounts.Merchant", on_delete=models.PROTECT, related_name="withdrawals")
    number = models.CharField(_("withdrawal number"), max_length=32, unique=True)
    method = models.CharField(_("method"), max_length=8, choices=Method.choices)
    currency = models.CharField(_("currency"), max_length=16)
    network = models.ForeignKey(DepositNetwork, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    full_name = models.CharField(_("full name"), max_length=100)
    bank_name = models.CharField(_("bank name"), max_length=100, blank=True)
    account = models.CharField(_("card number or address"), max_length=128)
    # The payout destination it was made to (its fields are copied above when it is made); empty only for a
    # withdrawal made before destinations existed and not yet migrated.
    destination = models.ForeignKey(
        PayoutDestination,
        verbose_name=_("payout destination"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="withdrawals",
    )
    amount = MoneyField(verbose_name=_("amount"))
    fee = MoneyField(verbose_name=_("fee"))
    actual_amount = MoneyField(verbose_name=_("actual amount"))
    status = models.PositiveSmallIntegerField(
        _("status"), choices=WithdrawalStatus.choices, default=WithdrawalStatus.PENDING, db_index=True
    )
    payout_reference = models.CharField(_("payout reference"), max_length=128, blank=True)
    # The published review deadline when it was made (settings.WITHDRAWAL_REVIEW_HOURS); past it while in review the
    # withdrawal is overdue: flagged to operators, and the merchant told once (overdue_notified_at, set with the
    # notice).
    review_due_at = models.DateTimeField(_("review deadline"), db_index=True)
    overdue_notified_at = models.DateTimeField(_("merchant told it is overdue"), null=True, blank=True)
    review_note = models.CharField(_("reason"), max_length=255, blank=True)
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    reviewed_at = models.DateTimeField(_("reviewed at"), null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        verbose_name = _("withdrawal")
        verbose_name_plural = _("withdrawals")
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0, actual_amount__gt=0), name="withdrawal_positive"),
            models.CheckConstraint(
                condition=~Q(status=WithdrawalStatus.PAID) | ~Q(payout_reference=""), name="withdrawal_paid_reference"
            ),
        ]

    def __str__(self) -> str:
        return self.number

    @property
    def review_deadline(self) -> datetime | None:
        """When a withdrawal in review is due to be decided; None once it is decided or cancelled."""
        return self.review_due_at if self.status == WithdrawalStatus.PENDING else None

    @property
    def overdue(self) -> bool:
        """In review past its deadline."""
        return self.status == WithdrawalStatus.PENDING and self.review_due_at < timezone.now()

    @property
    def account_shown(self) -> str:
        """The account as merchants and operators see it outside the payout step: a bank card as its last four digits
        ("•••• 1234"); a chain address in full (it is public, and a wrong one must be recognisable)."""
        return masked_card(self.account) if self.method == Method.BANK else self.account


class Adjustment(models.Model):
    """An operator correction of a merchant's available balance, with its mandatory reason (four eyes).

    One operator (`operator`) requests it; it is posted to the ledger only when another operator (`decided_by`, with
    the permission wallet.approve_adjustment) approves it, or it is not approved, with a reason (`decision_note`).
    """

    TRANSITIONS = ADJUSTMENT_TRANSITIONS
    TRANSITION_REFUSED = _("This request was already decided.")

    merchant = models.ForeignKey("accounts.Merchant", on_delete=models.PROTECT, related_name="adjustments")
    amount = MoneyField(verbose_name=_("amount"), help_text=_("Positive credits the merchant, negative debits."))
    reason = models.CharField(_("reason"), max_length=255)
    operator = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("requested by"), null=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(_("time"), auto_now_add=True)
    status = models.PositiveSmallIntegerField(
        _("status"), choices=AdjustmentStatus.choices, default=AdjustmentStatus.PENDING, db_index=True
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("decided by"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    decision_note = models.CharField(_("reason not approved"), max_length=255, blank=True)

    class Meta:
        ordering = ["-id"]
        verbose_name = _("balance adjustment")
        verbose_name_plural = _("balance adjustments")
        permissions = [("approve_adjustment", "Can approve or reject balance adjustments requested by others")]
        constraints = [
            models.CheckConstraint(condition=~Q(amount=0), name="adjustment_not_zero"),
            # Four eyes in the database too: the operator who decides a request is never the one who asked. (The
            # adjustments posted before requests existed are approved with no decider.)
            models.CheckConstraint(condition=~Q(decided_by=F("operator")), name="adjustment_decided_by_another"),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {money_text(self.amount)}"  # the console's title and breadcrumb: "#7 -15.00 USD"
