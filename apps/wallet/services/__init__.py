"""Wallet services, by concern. Money moves only through ledger_post; a merchant's spending goes through
operations.money_operation; statuses change only through core's transition()."""

from .adjustments import adjustment_approve, adjustment_reject, adjustment_request
from .deposits import (
    deposit_approve,
    deposit_create,
    deposit_reject,
    deposit_verify_chain,
    normalize_tx_hash,
    tx_hash_key,
)
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
    "normalize_tx_hash",
    "tx_hash_key",
    "withdrawal_cancel",
    "withdrawal_create",
    "withdrawal_pay",
    "withdrawal_reject",
    "withdrawals_overdue_notify",
]
