"""The storefront's public pages kept in Django's cache (Redis in production), and what drops them.

Every shop has a version kept in the cache (`shop_version`: when it was made, and random bits). A shop or product
page is rendered once per version, language and address (scheme, host, the page's own query) and kept under that version
(`page_get_or_render`); the version is also in the page's ETag (apps.storefront.shared), so a browser's or a proxy's
revalidation is answered 304 from the version alone. When anything a shop's pages show changes, the shop gets a new
version (`shops_changed`): at once (the writer's own transaction reads the new pages) and again once the change
commits, when `apps.storefront.signals.shop_pages_changed` is sent for each shop, so that a reverse proxy purges
its copies. Old pages are never read again and expire.

What a shop's pages show, and the writers of each (the receivers below, connected by StorefrontConfig.ready):
- the shop's texts and pictures (Shop saved: the merchant's shop services, the admin);
- whether it is open (Merchant saved with its status: the operators' decisions);
- its goods on or off the shelf, added or removed (ShopGoods saved or deleted; the distribution's bulk insert calls
  the catalog hook `storefront_changed`);
- the products' texts, pictures, price, category and whether they are in stock (Product, ProductImage saved or
  deleted: the admin, the CSV import; a stock move that empties a product or refills an empty one calls the hook);
- the categories' names (Category saved: every shop that sells goods of it);
- the promotions ranking goods first (Promotion or PromotionGoods saved), and their end: a version lives at most
  until the shop's next promotion starts or ends (`_lifetime`);
- the followers and the ratings shown (Follower saved or deleted, Review saved).
A merchant's level changes neither the buyers' prices nor anything the pages show.
"""

import contextlib
import secrets
import time
from collections.abc import Callable, Iterable
from datetime import timedelta
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models import Min, Model, Q
from django.db.models.signals import post_delete, post_save
from django.utils import timezone

from apps.accounts.models import Merchant
from apps.catalog.models import Category, Product, ProductImage, Promotion, PromotionGoods, ShopGoods
from apps.core.cache import TOKEN, get_under
from apps.core.replica import primary_reads, read_your_writes_seconds, replica_configured
from apps.orders.models import Review
from apps.shop.models import Follower, Shop

from .constants import PAGE_CACHE_SECONDS, SHOP_VERSION_SECONDS
from .signals import shop_pages_changed


def _version_key(shop_id: int) -> str:
    return f"storefront:shop:{shop_id}:v"


def _page_key(shop_id: int, address: str) -> str:
    return f"storefront:page:{shop_id}:{TOKEN}:{address}"


def _lifetime(merchant_id: int | None) -> int:
    """Seconds a new version of the shop lives: SHOP_VERSION_SECONDS, or less when one of its promotions starts or
    ends sooner (the goods it ranks first change then, with no write)."""
    if merchant_id is None:
        return SHOP_VERSION_SECONDS
    now = timezone.now()
    bounds = Promotion.objects.filter(merchant_id=merchant_id, ends_at__gt=now).aggregate(
        starts=Min("starts_at", filter=Q(starts_at__gt=now)), ends=Min("ends_at")
    )
    soonest = min((bound for bound in bounds.values() if bound is not None), default=None)
    if soonest is None:
        return SHOP_VERSION_SECONDS
    return max(1, min(SHOP_VERSION_SECONDS, int((soonest - now) / timedelta(seconds=1)) + 1))


def _merchant_of(shop_id: int) -> int | None:
    return Shop.objects.filter(pk=shop_id).values_list("merchant_id", flat=True).first()


def _new_version() -> int:
    """A new version: when it was made (milliseconds) in the high bits, random ones below."""
    return (time.time_ns() // 1_000_000) << 20 | secrets.randbits(20)


def _settled(version: int) -> bool:
    """Whether the change that made `version` is old enough to be on the read replica whenever the pages may read
    from it (apps.core.replica): before that, a page is rendered from the primary, or a replica a moment behind
    would keep the old page in the cache under the new version."""
    return time.time_ns() // 1_000_000 - (version >> 20) > read_your_writes_seconds() * 1000


def shop_version(shop_id: int) -> int:
    """The shop's current version (a new one when the cache has none)."""
    version = cache.get(_version_key(shop_id))
    if version is None:
        cache.add(_version_key(shop_id), _new_version(), _lifetime(_merchant_of(shop_id)))
        version = cache.get(_version_key(shop_id))
    return int(version)


def _renew(shop_ids: set[int]) -> None:
    merchants = dict(Shop.objects.filter(pk__in=shop_ids).values_list("pk", "merchant_id"))
    for shop_id in shop_ids:
        cache.set(_version_key(shop_id), _new_version(), _lifetime(merchants.get(shop_id)))


def _committed(shop_ids: set[int]) -> None:
    _renew(shop_ids)
    for shop_id in sorted(shop_ids):
        shop_pages_changed.send(sender=Shop, shop_id=shop_id)


def shops_changed(shop_ids: Iterable[int]) -> None:
    """What these shops' pages show changed: new versions now and once the transaction commits, then the signal."""
    ids = set(shop_ids)
    if not ids:
        return
    _renew(ids)
    transaction.on_commit(lambda: _committed(ids))


def shops_of(*, merchant_ids: Iterable[int] = (), product_ids: Iterable[int] = ()) -> set[int]:
    """The shops of these merchants and the shops that list these products (one query)."""
    merchants, products = set(merchant_ids), set(product_ids)
    if not merchants and not products:
        return set()
    listing = ShopGoods.objects.filter(product_id__in=products).values("merchant_id")
    shops = Shop.objects.filter(Q(merchant_id__in=merchants) | Q(merchant_id__in=listing))
    return set(shops.values_list("pk", flat=True))


def storefront_changed(*, merchant_ids: Iterable[int] = (), product_ids: Iterable[int] = ()) -> None:
    """apps.catalog.hooks.storefront_changed: a write the model signals do not see (a bulk insert, an update)."""
    shops_changed(shops_of(merchant_ids=merchant_ids, product_ids=product_ids))


def page_get_or_render(shop_id: int, address: str, render: Callable[[], bytes | None]) -> tuple[int, bytes | None]:
    """(the shop's version, the page at `address` in it): the cached one (one cache round trip), or `render()`'s,
    kept when it is not None. The version is read before rendering, so a change made meanwhile keeps what was
    rendered under the version before it."""
    version, page = get_under(cache, _version_key(shop_id), _page_key(shop_id, address))
    if page is not None:
        return int(version), page
    if version is None:
        version = shop_version(shop_id)
    recent = replica_configured() and not _settled(int(version))
    with primary_reads() if recent else contextlib.nullcontext():
        page = render()
    if page is not None:
        cache.set(_page_key(shop_id, address).replace(TOKEN, str(version)), page, PAGE_CACHE_SECONDS)
    return int(version), page


# --- the writers the model signals see --------------------------------------------------------------------------


def _shop_saved(instance: Shop, **kwargs: Any) -> None:
    shops_changed({instance.pk})


def _merchant_saved(instance: Merchant, update_fields: Iterable[str] | None = None, **kwargs: Any) -> None:
    if update_fields is None or "status" in update_fields:
        shops_changed(shops_of(merchant_ids=[instance.pk]))


def _of_merchant(instance: Any, **kwargs: Any) -> None:
    shops_changed(shops_of(merchant_ids=[instance.merchant_id]))


def _promotion_goods_saved(instance: PromotionGoods, **kwargs: Any) -> None:
    listing = ShopGoods.objects.filter(pk=instance.goods_id or 0).values("merchant_id")
    shops_changed(Shop.objects.filter(merchant_id__in=listing).values_list("pk", flat=True))


def _review_saved(instance: Review, **kwargs: Any) -> None:
    shops_changed(Shop.objects.filter(merchant__orders__pk=instance.order_id).values_list("pk", flat=True))


def _product_saved(instance: Product, **kwargs: Any) -> None:
    shops_changed(shops_of(product_ids=[instance.pk]))


def _image_saved(instance: ProductImage, **kwargs: Any) -> None:
    shops_changed(shops_of(product_ids=[instance.product_id]))


def _category_saved(instance: Category, **kwargs: Any) -> None:
    selling = ShopGoods.objects.filter(product__category_id=instance.pk).values("merchant_id")
    shops_changed(Shop.objects.filter(merchant_id__in=selling).values_list("pk", flat=True))


RECEIVERS: dict[type[Model], Callable[..., None]] = {
    Shop: _shop_saved,
    Merchant: _merchant_saved,
    ShopGoods: _of_merchant,
    Promotion: _of_merchant,
    PromotionGoods: _promotion_goods_saved,
    Follower: _of_merchant,
    Review: _review_saved,
    Product: _product_saved,
    ProductImage: _image_saved,
    Category: _category_saved,
}


def connect() -> None:
    for model, receiver in RECEIVERS.items():
        uid = f"storefront.cache:{model._meta.label}"
        post_save.connect(receiver, sender=model, weak=False, dispatch_uid=f"{uid}:save")
        if model is not Merchant:
            post_delete.connect(receiver, sender=model, weak=False, dispatch_uid=f"{uid}:delete")
