"""Shop reads."""

from apps.accounts.models import Merchant

from .models import Shop


def shop_get(*, merchant: Merchant) -> Shop:
    """The merchant's shop with its images; an unsaved empty one when the shop was never set up."""
    shop = Shop.objects.select_related("logo", "store_banner", "ad_banner").filter(merchant=merchant).first()
    return shop if shop is not None else Shop(merchant=merchant, name="")
