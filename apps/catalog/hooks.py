"""What the catalogue asks of the apps above it. Each hook is filled in by the higher app's AppConfig.ready()."""

from apps.core.hooks import Hook

# listing_remove(*, goods_id, operator, reason) -> catalog.services.ListingRemoval: an operator's removal of a listing
# (the admin's "Remove listing"), which may refund the unused part of a paid promotion: the wallet's
# services.listing_remove, a money operation.
listing_remove = Hook("listing_remove")
