"""The storefront's reads: what a buyer sees of a shop and of one of its goods, composed from the apps that own them
(shop, catalog, orders). Each page reads in a constant number of queries."""

from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import QuerySet

from apps.accounts.constants import MerchantStatus
from apps.catalog.selectors import (
    product_cards,
    product_detail,
    product_stock,
    storefront_categories,
    storefront_goods,
    storefront_listing,
)
from apps.orders.selectors import product_reviews
from apps.shop.figures import rating_of, totals_get
from apps.shop.models import Shop

GOODS_PER_PAGE = 20
REVIEWS_SHOWN = 10


def shop_find(*, shop_id: int) -> Shop | None:
    """A shop with its merchant and pictures, open or not; None when there is none."""
    return Shop.objects.select_related("merchant", "logo", "store_banner", "ad_banner").filter(pk=shop_id).first()


def shop_is_open(shop: Shop) -> bool:
    """Only an active merchant's shop is shown to buyers: a pending or closed one is hidden (product.md 3)."""
    return shop.merchant.status == MerchantStatus.ACTIVE


def shop_figures(*, shop: Shop) -> dict[str, Any]:
    """The shop's followers and rating (None: no ratings yet), from the recorded events."""
    totals = totals_get(merchant_id=shop.merchant_id)
    return {"followers": totals["followers"], "rating": rating_of(totals), "ratings": totals["rating_count"]}


def shop_goods_page(
    *, shop: Shop, category_id: int | None, keyword: str, page: int
) -> tuple[Page, list[dict[str, Any]]]:
    """One page of the shop's goods as a buyer sees them (promoted first), each a product card with `goods_id` and
    `is_promoted`: three queries (count, page, cards)."""
    goods = storefront_goods(merchant_id=shop.merchant_id, category_id=category_id, keyword=keyword)
    shown = Paginator(goods, GOODS_PER_PAGE).get_page(page)
    rows = list(shown.object_list)
    cards = product_cards(product_ids=[row["product_id"] for row in rows])
    return shown, [
        {**cards[row["product_id"]], "goods_id": row["id"], "is_promoted": row["is_promoted"]} for row in rows
    ]


def shop_categories(*, shop: Shop) -> QuerySet:
    return storefront_categories(merchant_id=shop.merchant_id)


def goods_page(*, shop: Shop, goods_id: int) -> dict[str, Any] | None:
    """One of the shop's goods as its page shows it: the product's detail, its stock now, whether it is promoted, and
    the reviews of buyers who bought it in this shop. None when the shop does not sell it (now)."""
    listing = storefront_listing(merchant_id=shop.merchant_id, goods_id=goods_id)
    if listing is None:
        return None
    product_id = listing["product_id"]
    summary, reviews = product_reviews(merchant_id=shop.merchant_id, product_id=product_id, limit=REVIEWS_SHOWN)
    return {
        **product_detail(product_id=product_id),
        "goods_id": listing["id"],
        "is_promoted": listing["is_promoted"],
        "stock": product_stock(product_id=product_id),
        "review_count": summary["count"],
        "review_average": summary["average"],
        "reviews": reviews,
    }


def listing_on_sale(*, shop: Shop, goods_id: int) -> bool:
    return storefront_listing(merchant_id=shop.merchant_id, goods_id=goods_id) is not None


def open_shops() -> QuerySet[Shop]:
    """The shops buyers can open, oldest first (the sitemap)."""
    return Shop.objects.filter(merchant__status=MerchantStatus.ACTIVE).order_by("pk")
