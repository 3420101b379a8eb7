"""What accounts asks of the apps above it. Each hook is filled in by the higher app's AppConfig.ready()."""

from typing import Protocol

from apps.core.hooks import Hook
from apps.core.models import Upload

from .models import Merchant


class MerchantRegistered(Protocol):
    def __call__(self, *, merchant: Merchant, shop_name: str, shop_address: str, logo: Upload | None) -> object:
        """The shop app opens the new merchant's shop and puts the merchant on the starting level, inside the
        registration's transaction."""


class WalletSummary(Protocol):
    def __call__(self, *, merchant: Merchant) -> dict[str, str]:
        """The wallet app's figures of the merchant summary that getMerInfo and the sign-in answers show:
        {balance, pending_amount, held_amount, pending_sales, total_income} as money strings."""


class TimeZoneChanged(Protocol):
    def __call__(self, *, merchant_id: int) -> object:
        """The merchant's dates are counted in another zone now: the orders app rewrites its figures (counted by
        local date) in the change's transaction."""


class ShopClosedChanged(Protocol):
    def __call__(self, *, merchant_id: int, closed: bool) -> object:
        """An operator closed (closed=True) or reopened the merchant's shop, the merchant row locked: the orders app
        pauses or resumes the shop's pickup windows in the decision's transaction."""


merchant_registered: Hook[MerchantRegistered] = Hook("merchant_registered")
wallet_summary: Hook[WalletSummary] = Hook("wallet_summary")
time_zone_changed: Hook[TimeZoneChanged] = Hook("time_zone_changed")
shop_closed_changed: Hook[ShopClosedChanged] = Hook("shop_closed_changed")
