from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command
from django.db import DatabaseError, connection, transaction
from django.utils import translation

from apps.core.errors import AppError
from apps.core.models import AppendOnlyError
from apps.wallet.constants import AccountKind, EntryKind
from apps.wallet.ledger import account_get, ledger_post, ledger_problems
from apps.wallet.models import JournalEntry, JournalLine, LedgerAccount


def _deposit(merchant, amount, reference="t:1"):
    return ledger_post(
        reference=reference,
        kind=EntryKind.DEPOSIT,
        lines=[
            (account_get(kind=AccountKind.EXTERNAL_BANK), -Decimal(amount)),
            (account_get(kind=AccountKind.AVAILABLE, merchant=merchant), Decimal(amount)),
        ],
    )


def test_posting_moves_balances_and_records_balance_after(merchant):
    _deposit(merchant, "30.00", "t:1")
    _deposit(merchant, "12.50", "t:2")
    available = account_get(kind=AccountKind.AVAILABLE, merchant=merchant)
    assert available.balance == Decimal("42.50")
    assert account_get(kind=AccountKind.EXTERNAL_BANK).balance == Decimal("-42.50")
    assert list(available.lines.order_by("id").values_list("balance_after", flat=True)) == [
        Decimal("30.00"),
        Decimal("42.50"),
    ]


def test_same_reference_posts_once(merchant):
    first = _deposit(merchant, "10", "deposit:7")
    again = _deposit(merchant, "10", "deposit:7")
    assert again.pk == first.pk
    assert JournalLine.objects.count() == 2
    assert account_get(kind=AccountKind.AVAILABLE, merchant=merchant).balance == Decimal("10.00")


def test_unbalanced_or_single_line_entries_are_refused(merchant):
    bank = account_get(kind=AccountKind.EXTERNAL_BANK)
    available = account_get(kind=AccountKind.AVAILABLE, merchant=merchant)
    with pytest.raises(ValueError, match="sum to zero"):
        ledger_post(reference="x", kind=EntryKind.DEPOSIT, lines=[(bank, Decimal("-1")), (available, Decimal("2"))])
    with pytest.raises(ValueError, match="two or more"):
        ledger_post(reference="x", kind=EntryKind.DEPOSIT, lines=[(bank, Decimal("0"))])
    assert not JournalEntry.objects.exists()


def test_merchant_account_never_goes_negative(merchant):
    _deposit(merchant, "5")
    with translation.override("en"), pytest.raises(AppError) as exc:
        ledger_post(
            reference="w:1",
            kind=EntryKind.WITHDRAWAL,
            lines=[
                (account_get(kind=AccountKind.AVAILABLE, merchant=merchant), Decimal("-5.01")),
                (account_get(kind=AccountKind.HELD, merchant=merchant), Decimal("5.01")),
            ],
        )
    assert exc.value.message == "Cannot exceed balance"
    assert not JournalEntry.objects.filter(reference="w:1").exists()
    assert account_get(kind=AccountKind.AVAILABLE, merchant=merchant).balance == Decimal("5.00")


def test_journal_rows_are_append_only_in_the_model(merchant):
    entry = _deposit(merchant, "5")
    line = entry.lines.first()
    entry.memo = "changed"
    with pytest.raises(AppendOnlyError):
        entry.save()
    with pytest.raises(AppendOnlyError):
        line.delete()


@pytest.mark.postgres
def test_database_refuses_update_and_delete_of_journal_rows(merchant):
    _deposit(merchant, "5")
    for statement in ("UPDATE wallet_journalline SET amount = 0", "DELETE FROM wallet_journalentry"):
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(statement)
    assert JournalLine.objects.filter(amount=0).count() == 0


def test_check_ledger_finds_a_balance_that_does_not_match_its_lines(merchant):
    _deposit(merchant, "5")
    call_command("check_ledger", verbosity=0)
    # Simulate corruption (bypassing the services): the balance no longer equals its lines.
    LedgerAccount.objects.filter(merchant=merchant).update(balance=Decimal("6.00"))
    assert any("!= sum of lines" in p for p in ledger_problems())
    with pytest.raises(CommandError):
        call_command("check_ledger", verbosity=0)
    LedgerAccount.objects.filter(merchant=merchant).update(balance=Decimal("5.00"))


def test_check_ledger_finds_an_entry_that_does_not_sum_to_zero(merchant):
    entry = _deposit(merchant, "5")
    account = account_get(kind=AccountKind.ADJUSTMENTS)
    # A line written around ledger_post (bulk_create skips the model guard): the entry no longer balances.
    JournalLine.objects.bulk_create([JournalLine(entry=entry, account=account, amount=1, balance_after=1)])
    LedgerAccount.objects.filter(pk=account.pk).update(balance=1)
    assert ledger_problems() == [f"entry {entry.reference} sums to 1.00"]
    with pytest.raises(CommandError):
        call_command("check_ledger", verbosity=0)
    # Repair the way an append-only ledger is repaired: a compensating line.
    JournalLine.objects.bulk_create([JournalLine(entry=entry, account=account, amount=-1, balance_after=0)])
    LedgerAccount.objects.filter(pk=account.pk).update(balance=0)
    assert ledger_problems() == []
