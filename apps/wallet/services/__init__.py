"""Wallet services, by concern. Money moves only through ledger_post; a merchant's spending goes through
operations.money_operation; statuses change only through core's transition()."""

from .balance import adjustment_approve, adjustment_reject, adjustment_request, level_upgrade, promotion_buy
from .deposits import (
    deposit_approve,
    deposit_create,
    deposit_reject,
    deposit_verify_chain,
    normalize_tx_hash,
    tx_hash_key,
)
from .listings import listing_remove
from .withdrawals import (
    withdrawal_cancel,
    withdrawal_create,
    withdrawal_pay,
    withdrawal_reject,
    withdrawals_overdue_notify,
)

__all__ = [
    "adjustment_approve",
    "adjustment_reject",
    "adjustment_request",
    "deposit_approve",
    "deposit_create",
    "deposit_reject",
    "deposit_verify_chain",
    "level_upgrade",
    "listing_remove",
    "normalize_tx_hash",
    "promotion_buy",
    "tx_hash_key",
    "withdrawal_cancel",
    "withdrawal_create",
    "withdrawal_pay",
    "withdrawal_reject",
    "withdrawals_overdue_notify",
]
