"""Wallet vocabularies and state machines (conventions.md: state machines are tables)."""

import re
from decimal import Decimal

from django.db import models
from django.utils.translation import gettext_lazy as _


class AccountKind(models.TextChoices):
    # Per merchant (product.md section 6).
    AVAILABLE = "available", _("Available")
    HELD = "held", _("Held (withdrawals in review)")
    PENDING = "pending", _("Pending settlement")
    # Platform.
    ESCROW = "escrow", _("Platform escrow")
    SUPPLY = "supply", _("Platform supply")
    REVENUE_LEVELS = "revenue:levels", _("Revenue: levels")
    REVENUE_PROMOTION = "revenue:promotion", _("Revenue: promotion")
    REVENUE_FEES = "revenue:fees", _("Revenue: fees")
    REFERRAL = "referral", _("Referral rewards")
    ADJUSTMENTS = "adjustments", _("Adjustments")
    # Outside world.
    EXTERNAL_CHAIN = "external:chain", _("External: blockchain")
    EXTERNAL_BANK = "external:bank", _("External: bank")
    BUYERS = "buyers", _("Buyers")


MERCHANT_ACCOUNT_KINDS = {AccountKind.AVAILABLE, AccountKind.HELD, AccountKind.PENDING}


class EntryKind(models.TextChoices):
    """What a journal entry records; the funds records title comes from here."""

    DEPOSIT = "deposit", _("Deposit")
    WITHDRAWAL = "withdrawal", _("Withdrawal request")
    WITHDRAWAL_PAID = "withdrawal_paid", _("Withdrawal paid")
    WITHDRAWAL_REJECTED = "withdrawal_rejected", _("Withdrawal rejected, amount returned")
    WITHDRAWAL_CANCELLED = "withdrawal_cancelled", _("Withdrawal cancelled, amount returned")
    LEVEL_UPGRADE = "level_upgrade", _("Level upgrade")
    ADJUSTMENT = "adjustment", _("Balance adjustment")
    # Posted by the orders, shop and alliance apps.
    ORDER_PAID = "order_paid", _("Order paid by buyer")
    ORDER_PICKUP = "order_pickup", _("Order pickup")
    ORDER_RECEIVED = "order_received", _("Order received")
    ORDER_SETTLED = "order_settled", _("Order settled")
    ORDER_REFUND = "order_refund", _("Order refund")
    ORDER_CANCELLED = "order_cancelled", _("Order cancelled, buyer refunded")
    PROMOTION = "promotion", _("Promotion purchase")
    # An operator removed a promoted product from the shop: the unused part of its promotion comes back.
    PROMOTION_REFUND = "promotion_refund", _("Promotion refund: product removed from your shop")
    REFERRAL_REWARD = "referral_reward", _("Referral reward")


# The kind of accounts.OperatorAction an operator's removal of a listing records (services.listing_remove).
OPERATOR_LISTING_REMOVED = "listing_removed"


# Funds records tabs (`type` of merchant/bill) -> entry kinds; "all" is every kind.
BILL_TABS: dict[str, list[str]] = {
    "recharge": [EntryKind.DEPOSIT],
    "withdraw": [EntryKind.WITHDRAWAL, EntryKind.WITHDRAWAL_REJECTED, EntryKind.WITHDRAWAL_CANCELLED],
    # ORDER_CANCELLED reaches a merchant's balance only when a picked-up order is cancelled unshipped (its cost back).
    "order": [EntryKind.ORDER_PICKUP, EntryKind.ORDER_SETTLED, EntryKind.ORDER_REFUND, EntryKind.ORDER_CANCELLED],
}


class Method(models.TextChoices):
    CHAIN = "chain", _("Blockchain")
    BANK = "bank", _("Bank card")


class AddressFormat(models.TextChoices):
    TRON = "tron", _("TRON (T...)")
    EVM = "evm", _("Ethereum (0x...)")


# The formats an address or card number must have: the services check them, and the forms receive the same patterns
# (regular expressions both Python and JavaScript read alike) to say what is wrong while the merchant types.
ADDRESS_PATTERNS: dict[str, str] = {
    AddressFormat.TRON: r"^T[1-9A-HJ-NP-Za-km-z]{33}$",
    AddressFormat.EVM: r"^0x[0-9a-fA-F]{40}$",
}
# The chain-address filter: something shaped like a chain address anywhere in a text (the formats above, unanchored,
# not part of a longer word). Trust rule 8 (product.md 2): deposit addresses are published per network and shown only on
# the deposit screen, so no support reply, announcement, broadcast or bank deposit detail carries one.
_ADDRESS_IN_TEXT = re.compile(
    "|".join(rf"(?<![0-9A-Za-z])(?:{pattern.strip('^$')})(?![0-9A-Za-z])" for pattern in ADDRESS_PATTERNS.values())
)


def contains_chain_address(text: str) -> bool:
    return _ADDRESS_IN_TEXT.search(text) is not None


CARD_NUMBER_PATTERN = r"^[0-9][0-9 -]{6,38}[0-9]$"


class DestinationConfirmation(models.TextChoices):
    """How a payout destination became usable: it waited the cooling-off, it was confirmed at once with the second
    factor, or it existed before destinations did (the withdrawals made to it, migration)."""

    WAITED = "waited", _("Waited the cooling-off")
    SECOND_FACTOR = "second_factor", _("Confirmed with the two-step sign-in code")
    EXISTING = "existing", _("Used before destinations existed")


# How many payout destinations a merchant keeps at once (removing one makes room).
DESTINATIONS_MAX = 20


class DepositStatus(models.IntegerChoices):
    PENDING = 0, _("In review")
    APPROVED = 1, _("Approved")
    REJECTED = 2, _("Not approved")


class WithdrawalStatus(models.IntegerChoices):
    PENDING = 0, _("In review")
    PAID = 1, _("Withdrawn")
    REJECTED = 2, _("Not approved")
    CANCELLED = 3, _("Cancelled")


class AdjustmentStatus(models.IntegerChoices):
    """A balance adjustment is a request until a second operator decides it (four eyes, product.md 2.9)."""

    PENDING = 0, _("Awaiting approval")
    APPROVED = 1, _("Approved")
    REJECTED = 2, _("Not approved")


# Each decision can be made once: pending is the only state that moves.
DEPOSIT_TRANSITIONS: dict[int, set[int]] = {
    DepositStatus.PENDING: {DepositStatus.APPROVED, DepositStatus.REJECTED},
    DepositStatus.APPROVED: set(),
    DepositStatus.REJECTED: set(),
}
# The merchant may cancel a withdrawal while it is in review (its amount back to available); an operator's decision
# and the merchant's cancel are each a move out of PENDING, so of the two only the first happens.
WITHDRAWAL_TRANSITIONS: dict[int, set[int]] = {
    WithdrawalStatus.PENDING: {WithdrawalStatus.PAID, WithdrawalStatus.REJECTED, WithdrawalStatus.CANCELLED},
    WithdrawalStatus.PAID: set(),
    WithdrawalStatus.REJECTED: set(),
    WithdrawalStatus.CANCELLED: set(),
}
ADJUSTMENT_TRANSITIONS: dict[int, set[int]] = {
    AdjustmentStatus.PENDING: {AdjustmentStatus.APPROVED, AdjustmentStatus.REJECTED},
    AdjustmentStatus.APPROVED: set(),
    AdjustmentStatus.REJECTED: set(),
}

# The published review deadline of a withdrawal (settings.WITHDRAWAL_REVIEW_HOURS, shown on the withdraw screen and
# stored on each withdrawal when it is made) stays within these bounds whatever the deployment sets.
WITHDRAWAL_REVIEW_HOURS_MIN = 1
WITHDRAWAL_REVIEW_HOURS_MAX = 168


class OperatorActionKind:
    """The `kind` of the accounts.OperatorAction rows the wallet writes (services.operator_action_record)."""

    DEPOSIT_APPROVED = "deposit_approved"
    DEPOSIT_REJECTED = "deposit_rejected"
    WITHDRAWAL_PAID = "withdrawal_paid"
    WITHDRAWAL_REJECTED = "withdrawal_rejected"
    BALANCE_ADJUSTMENT = "balance_adjustment"


# Withdrawal rule used when operators have not published one (WithdrawalFeeRule).
DEFAULT_FEE_FIXED = Decimal("0.00")
DEFAULT_FEE_PERCENT = Decimal("0.00")
DEFAULT_WITHDRAWAL_MINIMUM = Decimal("10.00")
