"""Alliance writes: the referral reward at an order's settlement (product.md section 9)."""

from typing import Any


def referral_reward_pay(*, order: Any) -> None:
    """Pays the inviter's reward for a settled order. The reward rate (a platform setting, default 0 = off) and its
    ledger entry arrive with the alliance issue; until then a settlement pays no reward."""
    return None
