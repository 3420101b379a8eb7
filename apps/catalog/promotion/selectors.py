"""Promotion reads: the packages on offer, the merchant's promotions, and which listings a promotion runs for."""

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db.models import BooleanField, Count, ExpressionWrapper, OuterRef, Prefetch, Q, QuerySet, Subquery
from django.utils import timezone

from apps.accounts.models import Merchant
from apps.shop.models import PromotionPackage

from ..models import ProductImage, Promotion, PromotionGoods, ShopGoods


def promoted_until(now: Any) -> Subquery:
    """The end of the goods' promotion running at `now` (the latest, should two touch), else NULL: an annotation of
    ShopGoods, computed in the same query."""
    running = PromotionGoods.objects.filter(goods=OuterRef("pk"), starts_at__lte=now, ends_at__gt=now)
    return Subquery(running.order_by("-ends_at").values("ends_at")[:1])


def with_promotion(qs: QuerySet[ShopGoods], now: Any = None) -> QuerySet[ShopGoods]:
    """Listings with `is_promoted` / `promoted_until`: whether a promotion of the express lane runs for them now."""
    qs = qs.annotate(promoted_until=promoted_until(now or timezone.now()))
    return qs.annotate(is_promoted=ExpressionWrapper(Q(promoted_until__isnull=False), output_field=BooleanField()))


def promotions_running(*, merchant: Merchant, now: datetime | None = None) -> list[Promotion]:
    """The merchant's promotions running now, ending soonest first, with their goods (product and cover image):
    three queries however many there are. Few by nature: a listing is in one running promotion at a time."""
    now = now or timezone.now()
    items = PromotionGoods.objects.select_related("product").prefetch_related(
        Prefetch("product__images", ProductImage.objects.all())
    )
    return list(
        Promotion.objects.filter(merchant=merchant, starts_at__lte=now, ends_at__gt=now)
        .select_related("package")
        .prefetch_related(Prefetch("items", items.order_by("id")))
        .order_by("ends_at", "id")
    )


def promotion_list(*, merchant: Merchant) -> QuerySet[Promotion]:
    """The merchant's promotion purchases, newest first (the purchase records)."""
    return (
        Promotion.objects.filter(merchant=merchant)
        .select_related("package")
        .annotate(product_count=Count("items"))
        .order_by("-id")
    )


def goods_promoted_ids(*, merchant: Merchant, goods_ids: Iterable[int], now: datetime | None = None) -> set[int]:
    """Which of `goods_ids` are in a promotion running at `now` (they cannot be chosen again until it ends)."""
    now = now or timezone.now()
    running = PromotionGoods.objects.filter(
        promotion__merchant=merchant, goods_id__in=list(goods_ids), starts_at__lte=now, ends_at__gt=now
    )
    return set(running.values_list("goods_id", flat=True))


def package_list() -> QuerySet[PromotionPackage]:
    """The promotion packages a merchant can buy now (active), in the operators' order."""
    return PromotionPackage.objects.filter(is_active=True).order_by("position", "id")
