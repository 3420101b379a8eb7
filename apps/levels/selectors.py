"""Merchant levels: the versions on offer, the merchant's own, what moving up costs, and the terms a level gives
(profit margin, how many products)."""

from decimal import Decimal

from django.db.models import QuerySet

from apps.accounts.models import Merchant
from apps.core.money import quantize
from apps.shop.models import Level


def level_list() -> QuerySet[Level]:
    """The levels on offer now: the version of each rank in force, lowest rank first."""
    return Level.objects.in_force().select_related("image").order_by("rank")


def level_effective(*, merchant: Merchant) -> Level | None:
    """The merchant's level: the version it bought (or started on), whose terms it keeps; a merchant without one is on
    the lowest level in force. None only when no level exists."""
    if merchant.level_id is not None:
        return merchant.level
    return Level.starting()


def level_upgrade_cost(*, current: Level | None, target: Level) -> Decimal | None:
    """What moving up to `target` costs now: its price minus what the current level cost; None when it is not
    higher."""
    if current is not None and target.rank <= current.rank:
        return None
    paid = current.upgrade_price if current is not None else Decimal(0)
    return quantize(max(target.upgrade_price - paid, Decimal(0)))


def levels_priced(*, merchant: Merchant) -> tuple[list[Level], Level | None]:
    """The levels in force, the merchant's own rank shown as the version it has (its terms, which it keeps), each with
    `upgrade_cost` (level_upgrade_cost), `is_current` and `upcoming` (the next announced version of its rank, not in
    force yet, or None); and the current level. Three queries."""
    current = level_effective(merchant=merchant)
    offered = Level.objects.in_force()
    if current is not None:  # the merchant's own version, with its image, in the same query
        offered = offered | Level.objects.filter(pk=current.pk)
    rows = offered.select_related("image").order_by("rank", "effective_from")
    levels = [level for level in rows if current is None or level.rank != current.rank or level.pk == current.pk]
    upcoming: dict[int, Level] = {}
    for version in Level.objects.upcoming().order_by("-effective_from", "-id"):
        upcoming[version.rank] = version  # the soonest of each rank is written last
    for level in levels:
        level.upgrade_cost = level_upgrade_cost(current=current, target=level)
        level.is_current = current is not None and current.pk == level.pk
        level.upcoming = upcoming.get(level.rank)
    return levels, current


def level_terms(*, merchant: Merchant) -> tuple[Decimal, int]:
    """(profit margin, product quantity) that apply to the merchant now."""
    level = level_effective(merchant=merchant)
    if level is None:
        return Decimal(0), 0
    return level.profit_margin, level.product_quantity
