"""What the orders app asks of the apps above it (apps.core.hooks)."""

from apps.core.hooks import Hook

# referral_on_settlement(*, order): called in the settlement's transaction once an order is settled (product.md 5.3:
# the referral reward is paid at this moment). The alliance app fills it in.
referral_on_settlement = Hook("referral_on_settlement")
