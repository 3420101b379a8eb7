from decimal import Decimal

from django.db.models import QuerySet

from apps.accounts.models import Merchant

from .models import Level, Shop


def level_list() -> QuerySet[Level]:
    return Level.objects.select_related("image").order_by("rank")


def level_effective(*, merchant: Merchant) -> Level | None:
    """The merchant's level; a merchant without one is on the lowest (free) level. None only when no level exists."""
    if merchant.level_id is not None:
        return merchant.level
    return Level.objects.order_by("rank").first()


def level_terms(*, merchant: Merchant) -> tuple[Decimal, int]:
    """(profit margin, product quantity) that apply to the merchant now."""
    level = level_effective(merchant=merchant)
    if level is None:
        return Decimal(0), 0
    return level.profit_margin, level.product_quantity


def shop_get(*, merchant: Merchant) -> Shop:
    """The merchant's shop with its images; an unsaved empty one when the shop was never set up."""
    shop = Shop.objects.select_related("logo", "store_banner", "ad_banner").filter(merchant=merchant).first()
    return shop if shop is not None else Shop(merchant=merchant, name="")
