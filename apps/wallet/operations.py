"""The one way a merchant spends from the balance: withdraw, level upgrade, pickup and promotion; and, in
operator_money_operation, the one way an operator's action moves a merchant's money (a promotion's refund).

    withdrawal = money_operation(
        merchant=merchant, pay_password=raw, idempotency=key,
        run=lambda locked_merchant: (withdrawal, Posting(reference=..., kind=..., lines=[...])),
    )

Validate the request before calling it, or in `check`, so a form mistake costs no payment password try.
Every operation that moves money out (one with a payment password) is refused while the merchant's money is locked
("This wasn't me": accounts.services.money_movements_check), before anything else and again under the merchant row's
lock; one that moves money back in (`pay_password=None`) and deposits are not.
`pay_password=None` asks for no payment password: only for an operation that moves money back into the merchant's
available balance and never out of it (cancelling a withdrawal in review), which the payment password does not guard
(product.md section 3: it confirms what moves money out). Then, in this order:
1. a repeated Idempotency-Key returns the first request's result and moves nothing (apps.core.idempotency);
2. `check()`, when given: the request's validation that a repeat must skip (a purchase's goods, once bought, are no
   longer free to choose, yet the repeat answers the first result);
   then the payment password (unless None) is checked, with its lockout; a wrong try stays counted although the
   operation is refused;
3. in one transaction, the rows are locked in the lock order below: the merchant row first, then whatever `run`
   locks (its business rows, in primary-key order), then the ledger accounts, in primary-key order, when the
   Posting that `run` returns is posted (ledger_post); the key is recorded with the result in the same
   transaction. A refusal (AppError) anywhere rolls all of it back.

The lock order, for every write that touches a merchant's money or orders (money operations, the order steps of
apps.orders.services, the beat's expiries and settlements, refunds, payments):
- rows are locked in this order, a step skipping those it does not change: the merchant row, then orders (in
  primary-key order), then the catalogue products whose stock they hold or take back (in primary-key order), then a
  refund or the operation's other business rows, then the ledger accounts of each entry
  (in primary-key order, ledger_post), then the shop's figures, and last of all the shop's order counters (the order
  list's tab counts, apps.orders.counts: in status-code order, the step's last write, so a step never waits for a
  row while holding one of them);
- every lock on them is FOR NO KEY UPDATE (`select_for_update(no_key=True)`), never FOR UPDATE. No write changes a
  primary key, and FOR UPDATE would add only one thing: blocking the FOR KEY SHARE that PostgreSQL's foreign-key
  check takes on the row a new row references, at commit (Django's constraints are deferred). The order steps that do
  not lock the merchant row (the buyer's cancel, an expiry, a refund, a settlement) lock the order and
  accounts and then write rows referencing the merchant (a notice, figures, a credit event): with FOR UPDATE on the
  merchant row their commit would wait for a pickup that waits for their order or account, a deadlock. With FOR NO
  KEY UPDATE that check goes through, so only writes that change the merchant row need to lock it, first.
A buyer's payment locks the merchant row before the order (apps.orders.services.order_pay), as a shop closing does
before pausing its orders' pickup windows, so of the two one sees the other's result.
A checkout (apps.storefront.services.checkout, apps.orders.services.order_create) locks no merchant row and no
existing order: it takes the buyer's advisory locks (apps.core.locks.names_lock: the address, the email), then the
products it holds (in primary-key order, FOR NO KEY UPDATE, read and decremented under that lock, so a product's stock
never goes below zero), then the shop's figures. A hot product is one row that every checkout of it waits for, one
after the other until each commits (tests/storefront/test_hot_product.py, bench/checkout.py); many pickups of one
merchant wait for the merchant row the same way (tests/orders/test_hot_pickups.py).
SQLite runs one write transaction at a time (IMMEDIATE), so there the locks are no-ops and nothing can deadlock.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TypeVar

from django.db import models, transaction

from apps.accounts.models import Merchant
from apps.accounts.services import money_movements_check, pay_password_check
from apps.core.idempotency import IdempotencyKey, run_once

from .ledger import ledger_post
from .models import LedgerAccount

R = TypeVar("R", bound=models.Model)
T = TypeVar("T")  # what an operator's money operation answers (not always a row: a listing's removal)


@dataclass(frozen=True)
class Posting:
    """One journal entry to post (ledger_post's arguments)."""

    reference: str
    kind: str
    lines: Sequence[tuple[LedgerAccount, Decimal]]
    memo: str = ""


def _locked_write(
    merchant: Merchant, run: Callable[[Merchant], tuple[T, Posting | None]], *, money_out: bool = False
) -> T:
    """Step 3 of the module: the merchant row locked first, then `run`'s rows, then the entry's accounts. A money
    movement out (`money_out`) is refused here too when the money was locked meanwhile ("This wasn't me")."""
    locked = Merchant.objects.select_for_update(no_key=True).get(pk=merchant.pk)
    if money_out:
        money_movements_check(merchant=locked)
    result, posting = run(locked)
    if posting is not None:
        ledger_post(reference=posting.reference, kind=posting.kind, lines=posting.lines, memo=posting.memo)
    return result


def money_operation(
    *,
    merchant: Merchant,
    pay_password: str | None,
    idempotency: IdempotencyKey | None,
    run: Callable[[Merchant], tuple[R, Posting | None]],
    check: Callable[[], None] | None = None,
) -> R:
    """Runs `run(locked merchant)` as a money operation (see the module) and returns its result."""

    money_out = pay_password is not None

    def write() -> R:
        return _locked_write(merchant, run, money_out=money_out)

    def before() -> None:
        if money_out:  # before the payment password, so a locked account spends no try
            money_movements_check(merchant=merchant)
        if check is not None:
            check()
        if pay_password is not None:
            pay_password_check(merchant=merchant, raw=pay_password)

    return run_once(idempotency, write, before=before)


@transaction.atomic
def operator_money_operation(*, merchant: Merchant, run: Callable[[Merchant], tuple[T, Posting | None]]) -> T:
    """An operator's change that moves a merchant's money (a listing's removal refunding its promotion): step 3 of
    the module, in one transaction with the same lock order, without steps 1 and 2. The merchant is not asking, so
    there is no payment password; the operator's permission and reason stand in for it, and the entry's unique
    reference keeps a repeat from posting twice. `run` records the operator's action (accounts.services.
    operator_action_record) in the same transaction."""
    return _locked_write(merchant, run)
