"""Concurrency on PostgreSQL: real transactions in parallel threads, each with its own connection."""

from decimal import Decimal

import pytest
from django.core.management import call_command

from apps.core.errors import AppError, ErrorCode
from apps.levels.services import level_upgrade
from apps.wallet import services
from apps.wallet.constants import DepositStatus, WithdrawalStatus
from apps.wallet.models import Adjustment, Deposit, JournalEntry, Withdrawal
from apps.wallet.selectors import wallet_summary
from tests.concurrency import concurrently
from tests.conftest import ApiClient
from tests.factories import DEFAULT_PAY_PASSWORD, fund
from tests.history import status_history

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

WITHDRAW = {
    "method": "bank",
    "full_name": "A",
    "bank_name": "B",
    "account": "40001234",
    "amount": "10",
    "pay_password": DEFAULT_PAY_PASSWORD,
}


def test_fifty_concurrent_withdrawals_of_ten_against_one_hundred_accept_exactly_ten(merchant, fee_rule):
    fund(merchant, "100")
    token = ApiClient().login_as(merchant).token

    def withdraw(_i):
        client = ApiClient()
        client.token = token
        return client.post("/merchant/merchant/extract", WITHDRAW).json()

    answers = concurrently(50, withdraw)
    assert sum(1 for a in answers if a["code"] == 1) == 10
    assert {a["msg"] for a in answers if a["code"] == 0} == {"Cannot exceed balance"}
    assert Withdrawal.objects.count() == 10
    assert wallet_summary(merchant=merchant) == {
        "balance": "0.00",
        "pending_amount": "100.00",
        "held_amount": "100.00",
        "pending_sales": "0.00",
        "total_income": "0.00",
    }
    call_command("check_ledger", verbosity=0)


def test_two_operators_approving_one_deposit_credit_it_once(merchant, operator):
    deposit = services.deposit_create(
        merchant=merchant, method="bank", amount=Decimal("50"), payer_name="A", card_number="40001234", bank_name="B"
    )
    results = concurrently(
        2, lambda i: services.deposit_approve(deposit_id=deposit.pk, operator=operator, note="Bank statement")
    )
    assert sum(isinstance(r, Deposit) for r in results) == 1
    assert sum(isinstance(r, AppError) for r in results) == 1
    assert Deposit.objects.get().status == DepositStatus.APPROVED
    assert JournalEntry.objects.filter(reference=f"deposit:{deposit.pk}").count() == 1
    assert status_history(deposit).count() == 1
    assert wallet_summary(merchant=merchant)["balance"] == "50.00"
    call_command("check_ledger", verbosity=0)


def test_pay_and_reject_of_one_withdrawal_at_once_decide_it_once(merchant, operator, fee_rule):
    fund(merchant, "100")
    w = services.withdrawal_create(
        merchant=merchant,
        pay_password=DEFAULT_PAY_PASSWORD,
        method="bank",
        amount=Decimal("60"),
        full_name="A",
        account="40001234",
        bank_name="B",
    )
    decisions = [
        lambda: services.withdrawal_pay(withdrawal_id=w.pk, operator=operator, reference="R1"),
        lambda: services.withdrawal_pay(withdrawal_id=w.pk, operator=operator, reference="R2"),
        lambda: services.withdrawal_reject(withdrawal_id=w.pk, operator=operator, reason="no"),
    ]
    results = concurrently(3, lambda i: decisions[i]())
    assert sum(isinstance(r, Withdrawal) for r in results) == 1
    w.refresh_from_db()
    assert status_history(w).count() == 1
    summary = wallet_summary(merchant=merchant)
    expected = "40.00" if w.status == WithdrawalStatus.PAID else "100.00"
    assert (summary["balance"], summary["pending_amount"]) == (expected, "0.00")
    call_command("check_ledger", verbosity=0)


def test_the_same_idempotency_key_sent_at_once_moves_money_once(merchant, fee_rule):
    fund(merchant, "100")
    token = ApiClient().login_as(merchant).token

    def send(_i):
        client = ApiClient()
        client.token = token
        return client.post("/merchant/merchant/extract", WITHDRAW, HTTP_IDEMPOTENCY_KEY="double-tap").json()

    answers = concurrently(5, send)
    assert Withdrawal.objects.count() == 1
    assert all(a == answers[0] for a in answers), answers
    assert answers[0]["code"] == 1
    assert wallet_summary(merchant=merchant)["balance"] == "90.00"
    call_command("check_ledger", verbosity=0)


def test_concurrent_level_upgrades_charge_once(merchant):
    from tests.factories import LevelFactory

    LevelFactory(rank=1, upgrade_price=Decimal("0"))
    target = LevelFactory(rank=2, upgrade_price=Decimal("40"))
    fund(merchant, "100")
    results = concurrently(
        4,
        lambda i: level_upgrade(merchant=merchant, level_id=target.pk, pay_password=DEFAULT_PAY_PASSWORD),
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1, results
    assert wallet_summary(merchant=merchant)["balance"] == "60.00"


def _pay_reject_and_cancel_at_once(merchant, operator, withdrawal_id, reference):
    decisions = [
        lambda: services.withdrawal_cancel(merchant=merchant, withdrawal_id=withdrawal_id),
        lambda: services.withdrawal_pay(withdrawal_id=withdrawal_id, operator=operator, reference=reference),
        lambda: services.withdrawal_reject(withdrawal_id=withdrawal_id, operator=operator, reason="no"),
        lambda: services.withdrawal_cancel(merchant=merchant, withdrawal_id=withdrawal_id),
    ]
    return concurrently(len(decisions), lambda i: decisions[i]())


def test_the_merchants_cancel_and_the_operators_pay_or_reject_at_once_decide_it_once(merchant, operator, fee_rule):
    """A withdrawal in review is paid, rejected and cancelled (twice) at the same instant: exactly one happens."""
    fund(merchant, "100")
    for round_ in range(3):
        w = services.withdrawal_create(
            merchant=merchant,
            pay_password=DEFAULT_PAY_PASSWORD,
            method="bank",
            amount=Decimal("60"),
            full_name="A",
            account="40001234",
            bank_name="B",
        )
        results = _pay_reject_and_cancel_at_once(merchant, operator, w.pk, f"R{round_}")
        assert sum(isinstance(r, Withdrawal) for r in results) == 1, results
        assert all(isinstance(r, (Withdrawal, AppError)) for r in results), results
        w.refresh_from_db()
        assert w.status != WithdrawalStatus.PENDING
        assert status_history(w).count() == 1
        references = [f"withdrawal-{name}:{w.pk}" for name in ("paid", "rejected", "cancelled")]
        assert JournalEntry.objects.filter(reference__in=references).count() == 1
        assert wallet_summary(merchant=merchant)["held_amount"] == "0.00"
        if w.status == WithdrawalStatus.PAID:
            fund(merchant, "60")  # back to 100 for the next round
        assert wallet_summary(merchant=merchant)["balance"] == "100.00"
    call_command("check_ledger", verbosity=0)


def test_two_approvals_of_one_transaction_for_two_merchants_at_once_credit_it_once(
    merchant, other_merchant, operator, trc20
):
    """Two pending chain deposits name the same transaction (two spellings); two operators approve them at the same
    instant: the unique credited hash lets one through, the other is refused and credits nothing."""
    from tests.factories import upload_image

    bare = "ab" * 32
    deposits = [
        services.deposit_create(
            merchant=owner,
            method="chain",
            amount=Decimal("50"),
            network_code=trc20.code,
            voucher_key=upload_image(kind="voucher", owner=owner).key,
            tx_hash=spelling,
        )
        for owner, spelling in ((merchant, bare), (other_merchant, "0x" + bare.upper()))
    ]
    results = concurrently(
        2,
        lambda i: services.deposit_approve(deposit_id=deposits[i].pk, operator=operator, note="Seen on the explorer"),
    )
    assert sum(isinstance(r, Deposit) for r in results) == 1, results
    [refused] = [r for r in results if isinstance(r, AppError)]
    assert refused.error_code == ErrorCode.CONFLICT  # "already credited" (in the threads' default language)
    assert Deposit.objects.filter(status=DepositStatus.APPROVED).count() == 1
    assert Deposit.objects.get(status=DepositStatus.APPROVED).credited_tx_hash == bare
    balances = sorted(wallet_summary(merchant=m)["balance"] for m in (merchant, other_merchant))
    assert balances == ["0.00", "50.00"]
    call_command("check_ledger", verbosity=0)


def test_two_operators_approving_one_adjustment_post_it_once(merchant, operator):
    from tests.factories import staff_operator

    fund(merchant, "10")
    request = services.adjustment_request(
        merchant=merchant, amount=Decimal("-4"), reason="Duplicate", operator=operator
    )
    approvers = [staff_operator(f"approver{i}", "wallet.approve_adjustment") for i in range(2)]
    results = concurrently(2, lambda i: services.adjustment_approve(adjustment_id=request.pk, approver=approvers[i]))
    assert sum(isinstance(r, Adjustment) for r in results) == 1, results
    assert JournalEntry.objects.filter(reference=f"adjustment:{request.pk}").count() == 1
    assert wallet_summary(merchant=merchant)["balance"] == "6.00"
    call_command("check_ledger", verbosity=0)
