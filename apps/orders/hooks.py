"""What the orders app asks of the apps above it (apps.core.hooks)."""

from apps.core.hooks import Hook

# referral_on_settlement(*, order): called in the settlement's transaction once an order is settled (product.md 5.3:
# the referral reward is paid at this moment). The alliance app fills it in.
referral_on_settlement = Hook("referral_on_settlement")

# buyer_refunded(*, order, reference): called in the transaction that gives a buyer's payment back (ledger: escrow or
# the merchant's pending -> BUYERS; `reference` is that entry's): a paid order cancelled, or a refund approved. The
# storefront returns the money through its payment provider once the transaction commits.
buyer_refunded = Hook("buyer_refunded")
