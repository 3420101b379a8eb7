"""What the catalogue asks of the apps above it. Each hook is filled in by the higher app's AppConfig.ready()."""

from typing import Any, Protocol

from apps.core.hooks import Hook

from .services import ListingRemoval


class ListingRemove(Protocol):
    def __call__(self, *, goods_id: int, operator: Any, reason: str) -> ListingRemoval:
        """An operator's removal of a listing (the admin's "Remove listing"), which may refund the unused part of a
        paid promotion: the wallet's services.listing_remove, a money operation."""


listing_remove: Hook[ListingRemove] = Hook("listing_remove")
