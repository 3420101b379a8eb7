"""A journal entry's reference (JournalEntry.reference): the business row the entry moves money for, written
`<kind>:<id>` (`level:<merchant>:<level>` for a level upgrade). ledger_post posts once per reference, so a
reference is made and read back only here, and its spelling never changes: the rows already written must keep
parsing (tests/wallet/test_references.py round-trips every kind)."""

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum


class RefKind(StrEnum):
    """What a reference names; the value is the stored prefix."""

    DEPOSIT = "deposit"
    WITHDRAWAL = "withdrawal"  # the amount held when the withdrawal is asked for
    WITHDRAWAL_PAID = "withdrawal-paid"
    WITHDRAWAL_REJECTED = "withdrawal-rejected"
    WITHDRAWAL_CANCELLED = "withdrawal-cancelled"
    ADJUSTMENT = "adjustment"
    LEVEL = "level"  # the merchant's id, then the level's
    PROMOTION = "promotion"
    PROMOTION_REFUND = "promotion_refund"  # the listing's (ShopGoods) id
    ORDER_PAID = "order_paid"
    PICKUP = "pickup"
    ORDER_RECEIVED = "order_received"
    ORDER_SETTLED = "order_settled"
    ORDER_CANCEL = "order_cancel"
    REFUND = "refund"
    REFERRAL = "referral"  # the settled order's id


# The ids each kind carries (one, but for LEVEL).
_ARITY = {RefKind.LEVEL: 2}
# An order's own entries, each referenced by the order's id (its refunds are referenced by the refund's).
ORDER_KINDS = (RefKind.ORDER_PAID, RefKind.PICKUP, RefKind.ORDER_RECEIVED, RefKind.ORDER_SETTLED, RefKind.ORDER_CANCEL)


@dataclass(frozen=True, slots=True)
class Reference:
    kind: RefKind
    ids: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.ids) != _ARITY.get(self.kind, 1):
            raise ValueError(f"a {self.kind} reference carries {_ARITY.get(self.kind, 1)} ids, not {self.ids}")

    @property
    def subject(self) -> int:
        """The id of the row the entry is for: the order, the withdrawal, the level bought..."""
        return self.ids[-1]

    def format(self) -> str:
        return ":".join((self.kind.value, *map(str, self.ids)))

    @classmethod
    def parse(cls, text: str) -> "Reference":
        kind, *ids = text.split(":")
        return cls(RefKind(kind), tuple(map(int, ids)))


def ledger_ref(kind: RefKind, *ids: int) -> str:
    """The stored reference of the entry of `kind` for the row(s) `ids`."""
    return Reference(kind, ids).format()


def order_references(order_id: int, refund_ids: Iterable[int]) -> list[str]:
    """The references of every entry an order may have: its own steps' and its refunds'."""
    return [ledger_ref(kind, order_id) for kind in ORDER_KINDS] + [ledger_ref(RefKind.REFUND, pk) for pk in refund_ids]
