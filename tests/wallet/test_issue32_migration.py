"""wallet.0006: the rows made before it get a review deadline, an approved status (adjustments posted at once) and
their credited hash in one spelling; an approved chain deposit credited by hand gets its hash unless an earlier
deposit has it."""

from datetime import timedelta
from decimal import Decimal

BEFORE = [("wallet", "0005_promotion_refund_kind"), ("accounts", "0010_operator_action")]
AFTER = [("wallet", "0006_withdrawal_cancel_deadline_adjustment_requests")]
H1, H2 = "ab" * 32, "cd" * 32


def test_earlier_rows_get_their_deadline_status_and_credited_hash(migrate_to):
    old = migrate_to(BEFORE)
    merchant = old.get_model("accounts", "Merchant").objects.create(
        phone="+1099", real_name="M", country="US", invite_code="X99"
    )
    Deposit = old.get_model("wallet", "Deposit")

    def deposit(number, tx_hash="", credited=None, status=1, method="chain"):
        approved = {"credited_amount": Decimal("5"), "reviewed_at": "2026-11-01T00:00:00Z"} if status == 1 else {}
        return Deposit.objects.create(
            merchant=merchant,
            number=number,
            method=method,
            amount=Decimal("5"),
            tx_hash=tx_hash,
            status=status,
            credited_tx_hash=credited,
            **approved,
        ).pk

    by_chain = deposit("D1", tx_hash="0x" + H1, credited="0x" + H1.upper())
    by_hand = deposit("D2", tx_hash=H2)
    twice = deposit("D3", tx_hash="0x" + H2)  # credited by hand too, before the rule: kept as it was
    pending = deposit("D4", tx_hash="ef" * 32, status=0)
    bank = deposit("D5", method="bank")
    withdrawal = old.get_model("wallet", "Withdrawal").objects.create(
        merchant=merchant,
        number="W1",
        method="bank",
        currency="USD",
        full_name="A",
        account="40001234",
        amount=Decimal("10"),
        fee=Decimal("0"),
        actual_amount=Decimal("10"),
    )
    Adjustment = old.get_model("wallet", "Adjustment")
    adjustment = Adjustment.objects.create(merchant=merchant, amount=Decimal("3"), reason="x")

    new = migrate_to(AFTER)
    credited = dict(new.get_model("wallet", "Deposit").objects.values_list("pk", "credited_tx_hash"))
    assert credited == {by_chain: H1, by_hand: H2, twice: None, pending: None, bank: None}
    moved = new.get_model("wallet", "Withdrawal").objects.get(pk=withdrawal.pk)
    assert moved.review_due_at == moved.created_at + timedelta(hours=48)
    assert new.get_model("wallet", "Adjustment").objects.get(pk=adjustment.pk).status == 1
