"""Random sequences of every money operation; the ledger invariants hold after each step."""

from decimal import Decimal

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apps.core.errors import AppError
from apps.levels.services import level_upgrade
from apps.wallet import services
from apps.wallet.constants import AccountKind, DepositStatus, WithdrawalStatus
from apps.wallet.ledger import account_get, ledger_problems
from apps.wallet.models import Deposit, LedgerAccount, Withdrawal
from tests.factories import (
    DEFAULT_PAY_PASSWORD,
    LevelFactory,
    MerchantFactory,
    WithdrawalFeeRuleFactory,
    adjust,
    staff_operator,
)

amounts = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("500"), places=2)
operation = st.one_of(
    st.tuples(st.just("deposit"), amounts, st.booleans()),
    st.tuples(st.just("withdraw"), amounts, st.booleans()),
    st.tuples(st.just("decide_withdrawal"), st.integers(0, 20), st.booleans()),
    st.tuples(st.just("cancel_withdrawal"), st.integers(0, 20), st.booleans()),
    st.tuples(st.just("upgrade"), st.integers(1, 4), st.booleans()),
    st.tuples(
        st.just("adjust"), st.decimals(min_value=Decimal("-300"), max_value=Decimal("300"), places=2), st.booleans()
    ),
)


@pytest.mark.django_db
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(operation, min_size=1, max_size=15))
def test_random_money_operations_keep_the_ledger_sound(steps, operator):
    # Each example starts from an empty ledger: its work is rolled back at the end.
    with transaction.atomic():
        _run_steps(steps, operator)
        transaction.set_rollback(True)


def _run_steps(steps, operator):
    merchant = MerchantFactory()
    approver = staff_operator("approver", "wallet.approve_adjustment")
    WithdrawalFeeRuleFactory(fixed_fee=Decimal("0.50"), percent_fee=Decimal("1.5"), minimum=Decimal("1"))
    levels = {rank: LevelFactory(rank=rank, upgrade_price=Decimal(rank * 25 - 25)) for rank in range(1, 5)}
    expected_total = Decimal("0")  # what came in minus what left, as the merchant sees it (available + held)

    for kind, value, flag in steps:
        try:
            if kind == "deposit":
                deposit = services.deposit_create(
                    merchant=merchant,
                    method="bank",
                    amount=value,
                    payer_name="A",
                    card_number="40001234",
                    bank_name="B",
                )
                if flag:
                    services.deposit_approve(deposit_id=deposit.pk, operator=operator, note="Bank statement")
                    expected_total += value
                else:
                    services.deposit_reject(deposit_id=deposit.pk, operator=operator, reason="no")
            elif kind == "withdraw":
                services.withdrawal_create(
                    merchant=merchant,
                    pay_password=DEFAULT_PAY_PASSWORD,
                    method="bank",
                    amount=value,
                    full_name="A",
                    account="40001234",
                    bank_name="B",
                )
            elif kind == "decide_withdrawal":
                pending = list(Withdrawal.objects.filter(status=WithdrawalStatus.PENDING).order_by("id"))
                if pending:
                    w = pending[value % len(pending)]
                    if flag:
                        services.withdrawal_pay(withdrawal_id=w.pk, operator=operator, reference="R")
                        expected_total -= w.amount
                    else:
                        services.withdrawal_reject(withdrawal_id=w.pk, operator=operator, reason="no")
            elif kind == "cancel_withdrawal":
                pending = list(Withdrawal.objects.filter(status=WithdrawalStatus.PENDING).order_by("id"))
                if pending:
                    services.withdrawal_cancel(merchant=merchant, withdrawal_id=pending[value % len(pending)].pk)
            elif kind == "upgrade":
                before = merchant.level.upgrade_price if merchant.level else Decimal("0")
                level_upgrade(merchant=merchant, level_id=levels[value].pk, pay_password=DEFAULT_PAY_PASSWORD)
                expected_total -= levels[value].upgrade_price - before
            elif kind == "adjust" and value:
                adjust(merchant, value, "test", requester=operator, approver=approver)
                expected_total += value
        except AppError:
            pass  # refused: must have moved nothing, which the checks below verify
        merchant.refresh_from_db()

        assert ledger_problems() == []
        available = account_get(kind=AccountKind.AVAILABLE, merchant=merchant).balance
        held = account_get(kind=AccountKind.HELD, merchant=merchant).balance
        assert available >= 0 and held >= 0
        assert available + held == expected_total
        assert held == sum(
            (w.amount for w in Withdrawal.objects.filter(merchant=merchant, status=WithdrawalStatus.PENDING)),
            Decimal("0"),
        )
        credited = sum(
            (d.credited_amount for d in Deposit.objects.filter(merchant=merchant, status=DepositStatus.APPROVED)),
            Decimal("0"),
        )
        assert -account_get(kind=AccountKind.EXTERNAL_BANK).balance == credited - sum(
            (w.actual_amount for w in Withdrawal.objects.filter(merchant=merchant, status=WithdrawalStatus.PAID)),
            Decimal("0"),
        )
    assert sum(LedgerAccount.objects.values_list("balance", flat=True)) == 0
