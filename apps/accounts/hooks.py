"""What accounts asks of the apps above it. Each hook is filled in by the higher app's AppConfig.ready()."""

from apps.core.hooks import Hook

# merchant_registered(*, merchant, shop_name, shop_address, logo): the shop app opens the new merchant's shop
# and puts the merchant on the starting level, inside the registration's transaction.
merchant_registered = Hook("merchant_registered")

# wallet_summary(*, merchant) -> {balance, pending_amount, held_amount, pending_sales, total_income} as money strings
# (the wallet app):
# the figures of the merchant summary that getMerInfo and the sign-in answers show.
wallet_summary = Hook("wallet_summary")

# time_zone_changed(*, merchant_id): the merchant's dates are counted in another zone now: the orders app rewrites
# its figures (counted by local date) in the change's transaction.
time_zone_changed = Hook("time_zone_changed")

# shop_closed_changed(*, merchant_id, closed): an operator closed (closed=True) or reopened the merchant's shop, the
# merchant row locked: the orders app pauses or resumes the shop's pickup windows in the decision's transaction.
shop_closed_changed = Hook("shop_closed_changed")
