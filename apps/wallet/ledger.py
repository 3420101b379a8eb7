"""The one way money moves: `ledger_post`. Everything else in the platform calls it (product.md section 6)."""

from collections.abc import Sequence
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.db.models import Count, DecimalField, F, OuterRef, Subquery, Sum, Value
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _

from apps.accounts.models import Merchant
from apps.core.errors import AppError, ErrorCode
from apps.core.money import ZERO, quantize

from .constants import MERCHANT_ACCOUNT_KINDS, AccountKind
from .models import JournalEntry, JournalLine, LedgerAccount


def account_get(*, kind: str, merchant: Merchant | int | None = None) -> LedgerAccount:
    """The account of `kind` (of `merchant` for merchant kinds), created on first use."""
    is_merchant_kind = kind in MERCHANT_ACCOUNT_KINDS
    if is_merchant_kind != (merchant is not None):
        raise ValueError(f"account {kind} {'needs' if is_merchant_kind else 'takes no'} merchant")
    merchant_id = merchant.pk if isinstance(merchant, Merchant) else merchant
    # misc: the stubs refuse None in a lookup, a platform account's merchant_id (IS NULL)
    account, _created = LedgerAccount.objects.get_or_create(kind=kind, merchant_id=merchant_id)  # type: ignore[misc]
    return account


@transaction.atomic
def ledger_post(
    *, reference: str, kind: str, lines: Sequence[tuple[LedgerAccount, Decimal]], memo: str = ""
) -> JournalEntry:
    """Posts one journal entry: lines (account, signed amount) summing to zero, once per `reference`.

    A second call with a reference already posted returns the first entry and moves nothing. Accounts are
    locked in primary key order, last in the lock order (apps.wallet.operations); a merchant account that would go
    below zero raises "Cannot exceed balance".
    """
    amounts = [(account, quantize(amount)) for account, amount in lines]
    if len(amounts) < 2 or any(amount == ZERO for _a, amount in amounts):
        raise ValueError("an entry needs two or more non-zero lines")
    if sum((amount for _a, amount in amounts), ZERO) != ZERO:
        raise ValueError("the lines of an entry must sum to zero")
    try:
        with transaction.atomic():
            entry = JournalEntry.objects.create(reference=reference, kind=kind, memo=memo[:255])
    except IntegrityError:
        return JournalEntry.objects.get(reference=reference)
    ids = sorted({account.pk for account, _amount in amounts})
    locked = {a.pk: a for a in LedgerAccount.objects.select_for_update(no_key=True).filter(pk__in=ids).order_by("pk")}
    rows = []
    for account, amount in amounts:
        current = locked[account.pk]
        current.balance = current.balance + amount
        if current.merchant_id is not None and current.balance < ZERO:
            raise AppError(_("Cannot exceed balance"), ErrorCode.INSUFFICIENT_FUNDS)
        rows.append(JournalLine(entry=entry, account=current, amount=amount, balance_after=current.balance))
    JournalLine.objects.bulk_create(rows)
    LedgerAccount.objects.bulk_update(list(locked.values()), ["balance"])
    return entry


def ledger_problems() -> list[str]:
    """Every violated ledger invariant, as readable lines (empty when the ledger is sound).

    The database finds the candidates; each is confirmed in exact Decimal arithmetic (SQLite sums in floats).
    """
    problems = []
    unbalanced = (
        JournalLine.objects.values("entry__reference").annotate(total=Sum("amount")).exclude(total=0).order_by()
    )
    problems += [
        f"entry {row['entry__reference']} sums to {quantize(row['total'])}"
        for row in unbalanced
        if quantize(row["total"])
    ]
    short = JournalEntry.objects.annotate(n=Count("lines")).filter(n__lt=2)
    problems += [f"entry {entry.reference} has fewer than two lines" for entry in short]
    line_sum = (
        JournalLine.objects.filter(account=OuterRef("pk"))
        .order_by()
        .values("account")
        .annotate(total=Sum("amount"))
        .values("total")
    )
    money = DecimalField(max_digits=20, decimal_places=2)
    drift = LedgerAccount.objects.annotate(
        total=Coalesce(Subquery(line_sum, output_field=money), Value(ZERO, output_field=money))
    ).exclude(balance=F("total"))
    problems += [
        f"account {a} balance {a.balance} != sum of lines {a.total}" for a in drift if quantize(a.total) != a.balance
    ]
    negative = LedgerAccount.objects.filter(kind__in=MERCHANT_ACCOUNT_KINDS, balance__lt=0)
    problems += [f"merchant account {a} is negative: {a.balance}" for a in negative]
    return problems


__all__ = ["AccountKind", "account_get", "ledger_post", "ledger_problems"]
