"""Ledger references: the strings already stored keep their spelling and parse back (apps.wallet.references)."""

import pytest

from apps.wallet.references import ORDER_KINDS, Reference, RefKind, ledger_ref, order_references

# Every kind as the rows written before the helper existed spell it.
STORED = {
    RefKind.DEPOSIT: ("deposit:7", (7,)),
    RefKind.WITHDRAWAL: ("withdrawal:7", (7,)),
    RefKind.WITHDRAWAL_PAID: ("withdrawal-paid:7", (7,)),
    RefKind.WITHDRAWAL_REJECTED: ("withdrawal-rejected:7", (7,)),
    RefKind.WITHDRAWAL_CANCELLED: ("withdrawal-cancelled:7", (7,)),
    RefKind.ADJUSTMENT: ("adjustment:7", (7,)),
    RefKind.LEVEL: ("level:12:3", (12, 3)),
    RefKind.PROMOTION: ("promotion:7", (7,)),
    RefKind.PROMOTION_REFUND: ("promotion_refund:7", (7,)),
    RefKind.ORDER_PAID: ("order_paid:7", (7,)),
    RefKind.PICKUP: ("pickup:7", (7,)),
    RefKind.ORDER_RECEIVED: ("order_received:7", (7,)),
    RefKind.ORDER_SETTLED: ("order_settled:7", (7,)),
    RefKind.ORDER_CANCEL: ("order_cancel:7", (7,)),
    RefKind.REFUND: ("refund:7", (7,)),
    RefKind.REFERRAL: ("referral:7", (7,)),
}


def test_every_kind_is_covered():
    assert set(STORED) == set(RefKind)


@pytest.mark.parametrize("kind", list(RefKind))
def test_every_kind_round_trips(kind):
    text, ids = STORED[kind]
    assert ledger_ref(kind, *ids) == text
    assert Reference.parse(text) == Reference(kind, ids)
    assert Reference.parse(text).format() == text
    assert Reference.parse(text).subject == ids[-1]


@pytest.mark.parametrize("text", ["level:12", "order_paid:7:8", "payout:7", "deposit:x"])
def test_a_malformed_reference_is_refused(text):
    with pytest.raises(ValueError):
        Reference.parse(text)


def test_an_orders_references_are_its_steps_and_its_refunds():
    assert order_references(7, [3, 4]) == [*(f"{kind}:7" for kind in ORDER_KINDS), "refund:3", "refund:4"]
