"""What the catalog app asks of the apps above it (apps.core.hooks)."""

from collections.abc import Iterable
from typing import Protocol

from apps.core.hooks import Hook


class StorefrontChanged(Protocol):
    def __call__(self, *, merchant_ids: Iterable[int] = (), product_ids: Iterable[int] = ()) -> object:
        """Called in the transaction of a write that changes what buyers see of these merchants' shops or of the
        shops listing these products, when the write is one the model signals do not see (a bulk insert, a
        queryset update). The storefront drops its cached pages of those shops (apps.storefront.cache)."""


storefront_changed: Hook[StorefrontChanged] = Hook("storefront_changed")
