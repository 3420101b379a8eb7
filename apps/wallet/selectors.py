"""Wallet reads. Each list selector answers in a constant number of queries."""

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db.models import Count, DateTimeField, F, Q, QuerySet, Subquery
from django.utils import timezone

from apps.accounts.models import Merchant
from apps.core.money import ZERO, money_max, quantize
from apps.core.prepared import Param, Prepared
from apps.core.writers import fields_of
from apps.shop.figures import totals_get
from apps.shop.models import Level, PromotionPackage

from .answers import BillLineSerializer
from .constants import (
    BILL_TABS,
    CARD_NUMBER_PATTERN,
    DEFAULT_FEE_FIXED,
    DEFAULT_FEE_PERCENT,
    DEFAULT_WITHDRAWAL_MINIMUM,
    WITHDRAWAL_REVIEW_HOURS_MAX,
    WITHDRAWAL_REVIEW_HOURS_MIN,
    AccountKind,
    AddressFormat,
    DepositStatus,
    EntryKind,
    Method,
    WithdrawalStatus,
)
from .filters import BillFilter, DepositFilter, WithdrawalFilter
from .models import (
    BankDepositDetails,
    Deposit,
    DepositNetwork,
    JournalLine,
    LedgerAccount,
    PayoutDestination,
    Withdrawal,
    WithdrawalFeeRule,
)
from .references import Reference

_BALANCES = Prepared(lambda: LedgerAccount.objects.filter(merchant_id=Param("merchant")).values("kind", "balance"))


def wallet_summary(*, merchant: Merchant) -> dict[str, str]:
    """Merchant-facing figures (product.md section 6): balance = available; the pending amount = held (withdrawals in
    review) + pending (sales awaiting settlement), also given in those two parts so each is shown for what it is;
    total income = lifetime settled sales. Two queries.

    The settled sales are the shop's running totals (apps.shop.figures, kept in the transaction of each order's
    settlement). Summing the ledger's settlement lines instead read every one of them (98 ms for a merchant with
    100,000 orders)."""
    balances = {row["kind"]: row["balance"] for row in _BALANCES.rows(merchant=merchant.pk)}
    totals = totals_get(merchant_id=merchant.pk)
    income = totals["settled_sales"]
    held = balances.get(AccountKind.HELD, ZERO)
    pending_sales = balances.get(AccountKind.PENDING, ZERO)
    return {
        "balance": str(quantize(balances.get(AccountKind.AVAILABLE, ZERO))),
        "pending_amount": str(quantize(held + pending_sales)),
        "held_amount": str(quantize(held)),
        "pending_sales": str(quantize(pending_sales)),
        "total_income": str(quantize(income)),
    }


_AVAILABLE = Prepared(
    lambda: LedgerAccount.objects.filter(merchant_id=Param("merchant"), kind=AccountKind.AVAILABLE).values("balance")
)


def available_balance(*, merchant: Merchant) -> Decimal:
    account = _AVAILABLE.row(merchant=merchant.pk)
    return quantize(account["balance"] if account is not None else ZERO)


@dataclass(frozen=True)
class FeeRule:
    fixed: Decimal
    percent: Decimal
    minimum: Decimal

    def fee_for(self, amount: Decimal) -> Decimal:
        return quantize(self.fixed + amount * self.percent / 100)


# The moment a terms read is made at (apps.core.terms): a value of each run, never the time the read was compiled.
AT = Param("at", DateTimeField())

_FEE_RULE = Prepared(lambda: WithdrawalFeeRule.objects.in_force(AT).values("fixed_fee", "percent_fee", "minimum")[:1])


def fee_rule_current(at: datetime | None = None) -> FeeRule:
    """The published withdrawal rule: the version of WithdrawalFeeRule in force at `at` (now), else the defaults."""
    rule = _FEE_RULE.row(at=at or timezone.now())
    if rule is None:
        return FeeRule(DEFAULT_FEE_FIXED, DEFAULT_FEE_PERCENT, DEFAULT_WITHDRAWAL_MINIMUM)
    return FeeRule(rule["fixed_fee"], rule["percent_fee"], rule["minimum"])


def withdrawal_preview(*, amount: Decimal) -> dict[str, Decimal]:
    """The fee and the amount received for `amount` under the published rule (never below zero): a row of
    ExtractApi.OutputSerializer.FeePreviewSerializer."""
    fee = fee_rule_current().fee_for(amount)
    return {"amount": amount, "fee": fee, "actual_amount": max(amount - fee, ZERO)}


def withdrawal_form(*, merchant: Merchant, preview: dict[str, Decimal] | None = None) -> dict[str, Any]:
    """What the withdraw screen shows before the merchant pays (a row of ExtractApi.OutputSerializer): balance,
    methods, networks, the fee rule, and the `preview` of withdrawal_preview."""
    rule = fee_rule_current()
    return {
        "balance": available_balance(merchant=merchant),
        "currency": settings.PLATFORM_CURRENCY,
        "methods": [{"code": code, "label": str(label)} for code, label in Method.choices],
        "networks": networks_active(),
        "address_formats": {code: str(label) for code, label in AddressFormat.choices},
        "card_pattern": CARD_NUMBER_PATTERN,
        "fee_fixed": rule.fixed,
        "fee_percent": rule.percent,
        "minimum": rule.minimum,
        "maximum": money_max("withdrawal"),
        "review_hours": withdrawal_review_hours(),
        "preview": preview,
    }


def withdrawal_review_hours() -> int:
    """The published review deadline of a withdrawal, in hours: settings.WITHDRAWAL_REVIEW_HOURS within its bounds
    (constants; a deployment outside them fails the system check wallet.E001)."""
    return min(max(settings.WITHDRAWAL_REVIEW_HOURS, WITHDRAWAL_REVIEW_HOURS_MIN), WITHDRAWAL_REVIEW_HOURS_MAX)


def withdrawals_overdue(*, now: datetime, queryset: QuerySet[Withdrawal] | None = None) -> QuerySet[Withdrawal]:
    """The withdrawals (of `queryset`) still in review past their deadline at `now` (the operators' "overdue"
    filter)."""
    qs = Withdrawal.objects.all() if queryset is None else queryset
    return qs.filter(status=WithdrawalStatus.PENDING, review_due_at__lt=now)


def withdrawal_ids_overdue_untold(*, now: datetime) -> list[int]:
    """The overdue withdrawals whose merchant has not been told yet (the beat's work list), oldest deadline first."""
    return list(
        withdrawals_overdue(now=now)
        .filter(overdue_notified_at__isnull=True)
        .order_by("review_due_at", "id")
        .values_list("id", flat=True)
    )


_NETWORKS = Prepared(
    lambda: (
        DepositNetwork.objects.in_force(AT)
        .filter(is_active=True)
        .order_by("sort", "code")
        .values("code", "currency", "address_format", "address", "minimum", "confirmations")
    )
)


def networks_active(at: datetime | None = None) -> list[dict[str, Any]]:
    """The networks merchants deposit and withdraw on, as the deposit and withdraw screens show them: the version of
    each in force at `at` (now), when it is active. One query."""
    return _NETWORKS.rows(at=at or timezone.now())


def network_in_force(code: str, at: datetime | None = None) -> DepositNetwork | None:
    """The version of network `code` in force at `at` (now), active or not."""
    return DepositNetwork.objects.in_force(at).filter(code=code).first()


def bank_details_active(at: datetime | None = None) -> list[BankDepositDetails]:
    """The platform's bank accounts for deposits: the version of each in force at `at` (now), when active. One
    query."""
    return list(BankDepositDetails.objects.in_force(at).filter(is_active=True).order_by("label"))


def deposit_list(*, merchant: Merchant, status: int | None = None) -> QuerySet[Deposit]:
    qs = Deposit.objects.filter(merchant=merchant).select_related("network").order_by("-id")
    return DepositFilter({"status": status}, queryset=qs).qs


def withdrawal_list(*, merchant: Merchant, status: int | None = None) -> QuerySet[Withdrawal]:
    qs = Withdrawal.objects.filter(merchant=merchant).select_related("network", "destination").order_by("-id")
    return WithdrawalFilter({"status": status}, queryset=qs).qs


def destination_list(*, merchant: Merchant) -> list[PayoutDestination]:
    """The merchant's payout destinations not removed (at most DESTINATIONS_MAX), newest first. One query."""
    return list(PayoutDestination.objects.filter(merchant=merchant, removed_at__isnull=True).order_by("-id"))


def _bill_lines(tab: str) -> QuerySet[JournalLine]:
    # The account as a value (a subquery run once), not a join: PostgreSQL then walks the account's lines newest first
    # on its index and stops at the page, where through the join it read and sorted all of them (278 ms a page for
    # the merchant with 167,000 lines).
    account = LedgerAccount.objects.filter(merchant_id=Param("merchant"), kind=AccountKind.AVAILABLE).values("pk")
    qs = JournalLine.objects.filter(account_id=Subquery(account[:1]))
    return BillFilter({"type": tab if tab in BILL_TABS else None}, queryset=qs.order_by("-id")).qs


# A funds record as BillLineSerializer writes it, and what bill_memos reads.
BILL_FIELDS = (*fields_of(BillLineSerializer), "entry_id", "entry__reference")
_BILL_COUNT = Prepared(
    lambda tab: _bill_lines(tab).order_by().values("account_id").annotate(total=Count("id")).values("total")
)
_BILL_PAGE = Prepared(lambda tab, start, end: _bill_lines(tab).values(*BILL_FIELDS)[start:end])


def bill_page(*, merchant: Merchant, tab: str, page: int, limit: int) -> tuple[int, list[dict[str, Any]]]:
    """The funds records: every movement of the merchant's balance (available account), newest first, as
    (how many in all, this page's lines as BILL_FIELDS), each memo in the reader's language (bill_memos). Two
    queries, and those of bill_memos."""
    counted = _BILL_COUNT.row(tab, merchant=merchant.pk)
    start = (page - 1) * limit
    lines = _BILL_PAGE.rows(tab, start, start + limit, merchant=merchant.pk)
    memos = bill_memos(lines=lines)
    for line in lines:
        line["entry__memo"] = memos.get(line["entry_id"], line["entry__memo"])
    return (counted["total"] if counted else 0), lines


# The funds records of a period, read in chunks of EXPORT_CHUNK lines by the id of the last one read (keyset): the
# export's memory and its queries per chunk stay the same whatever the number of lines.
EXPORT_CHUNK = 500
_ID_MAX = 2**63 - 1
_BILL_CHUNK = Prepared(
    lambda: (
        _bill_lines("all")
        .filter(
            entry__created_at__gte=Param("since", DateTimeField()),
            entry__created_at__lt=Param("until", DateTimeField()),
            id__lt=Param("before"),
        )
        .values(*BILL_FIELDS)[:EXPORT_CHUNK]
    )
)


def bill_lines_between(*, merchant: Merchant, since: datetime, until: datetime) -> Iterator[dict[str, Any]]:
    """The funds records of [since, until) as bill_page reads them (BILL_FIELDS, each memo in the reader's language),
    in the same order (newest first), a chunk at a time: one query a chunk, and those of bill_memos."""
    before = _ID_MAX
    while True:
        lines = _BILL_CHUNK.rows(merchant=merchant.pk, since=since, until=until, before=before)
        memos = bill_memos(lines=lines)
        for line in lines:
            line["entry__memo"] = memos.get(line["entry_id"], line["entry__memo"])
            yield line
        if len(lines) < EXPORT_CHUNK:
            return
        before = lines[-1]["id"]


def _names_by_reference(
    lines: list[dict[str, Any]], kind: str, names_of: Callable[[set[int]], dict[int, str]]
) -> dict[int, str]:
    """{entry id: name} for the entries of `kind` among `lines` (bill_page's), whose reference's subject is the
    named row (references.Reference); `names_of(ids)` reads the names in the active language, in one query. The
    entry's memo keeps the name in the language it was paid in; a record is shown in its reader's."""
    id_of = {
        line["entry_id"]: Reference.parse(line["entry__reference"]).subject
        for line in lines
        if line["entry__kind"] == kind
    }
    if not id_of:
        return {}
    names = names_of(set(id_of.values()))
    return {entry: names[pk] for entry, pk in id_of.items() if pk in names}


def bill_memos(*, lines: list[dict[str, Any]]) -> dict[int, str]:
    """{entry id: what the funds record names in the reader's language}: the level of an upgrade (reference
    level:<merchant>:<level>), the package of a promotion purchase (promotion:<promotion>). At most one query each,
    only when the page has such records."""
    levels = _names_by_reference(
        lines,
        EntryKind.LEVEL_UPGRADE,
        lambda ids: {level.pk: level.name for level in Level.objects.filter(pk__in=ids)},
    )
    promotions = _names_by_reference(
        lines,
        EntryKind.PROMOTION,
        lambda ids: {
            p.promotion: p.name
            for p in PromotionPackage.objects.filter(promotions__in=ids).annotate(promotion=F("promotions"))
        },
    )
    return {**levels, **promotions}


def tx_hash_key(tx_hash: str) -> str:
    """The one spelling a transaction is credited under (Deposit.credited_tx_hash), whatever the network and however it
    was typed: lower case, without 0x."""
    return tx_hash.strip().lower().removeprefix("0x")


def deposits_same_tx_hash(*, deposit: Deposit) -> list[Deposit]:
    """The other deposits that give or were credited with this deposit's transaction hash (any merchant, any
    network), oldest first: what the operator deciding it must see. One query."""
    given = deposit.credited_tx_hash or deposit.tx_hash
    if not given:
        return []
    key = tx_hash_key(given)
    return list(
        Deposit.objects.filter(Q(credited_tx_hash=key) | Q(tx_hash__in=[key, "0x" + key]))
        .exclude(pk=deposit.pk)
        .select_related("merchant")
        .order_by("id")
    )


def deposit_ids_to_verify() -> list[int]:
    """Pending chain deposits with a hash on networks verified automatically (the chain task's work list): whether
    and where the chain is read is the network's version in force now (the platform's workings); what a deposit is
    checked against is the version it was made to (services.deposits.deposit_verify_chain)."""
    verified = DepositNetwork.objects.in_force().filter(auto_verify=True).values("code")
    return list(
        Deposit.objects.filter(status=DepositStatus.PENDING, method=Method.CHAIN, network__code__in=verified)
        .exclude(tx_hash="")
        .order_by("id")
        .values_list("id", flat=True)
    )
