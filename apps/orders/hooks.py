"""What the orders app asks of the apps above it (apps.core.hooks)."""

from typing import Protocol

from apps.core.hooks import Hook

from .models import Order


class ReferralOnSettlement(Protocol):
    def __call__(self, *, order: Order) -> object:
        """Called in the settlement's transaction once an order is settled (product.md 5.3: the referral reward is
        paid at this moment). The alliance app fills it in."""


class BuyerRefunded(Protocol):
    def __call__(self, *, order: Order, reference: str) -> object:
        """Called in the transaction that gives a buyer's payment back (ledger: escrow or the merchant's pending ->
        BUYERS; `reference` is that entry's): a paid order cancelled, or a refund approved. The storefront returns
        the money through its payment provider once the transaction commits."""


referral_on_settlement: Hook[ReferralOnSettlement] = Hook("referral_on_settlement")
buyer_refunded: Hook[BuyerRefunded] = Hook("buyer_refunded")
