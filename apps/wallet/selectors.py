"""Wallet reads. `wallet_summary` feeds getMerInfo and the My screen."""

from apps.accounts.models import Merchant
from apps.core.money import ZERO


def wallet_summary(*, merchant: Merchant) -> dict[str, str]:
    """Merchant-facing figures (product.md section 6): balance = available, pending = pending + held,
    total income = lifetime settled sales. Placeholder until the ledger lands."""
    return {"balance": str(ZERO), "pending_amount": str(ZERO), "total_income": str(ZERO)}
