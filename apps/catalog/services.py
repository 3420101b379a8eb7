import io
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import F, QuerySet
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from PIL import Image, ImageOps

from apps.accounts.constants import MerchantStatus
from apps.accounts.models import Merchant
from apps.core.errors import AppError, ErrorCode, field_error
from apps.core.i18n import django_lang
from apps.core.money import ZERO, quantize
from apps.core.services import image_open
from apps.shop.models import PromotionPackage
from apps.shop.selectors import level_terms

from .models import GoodsView, Product, ProductImage, Promotion, PromotionGoods, ShopGoods
from .selectors import goods_get, goods_promoted_ids, product_filter
from .texts import product_missing, select_product, shop_closed

IMAGE_MAX_SIDE = 1200
THUMBNAIL_SIZE = (360, 360)


@dataclass(frozen=True)
class DistributeResult:
    added: int
    skipped: int  # not added because the level's product quantity is reached
    already: int  # were in the shop before
    limit: int

    def as_data(self) -> dict:
        return {"added": self.added, "skipped": self.skipped, "already": self.already, "limit": self.limit}

    def message(self) -> str:
        if self.skipped:
            return _("Added: %(added)d. Not added: %(skipped)d (product limit for your level: %(limit)d).") % {
                "added": self.added,
                "skipped": self.skipped,
                "limit": self.limit,
            }
        if self.added:
            return _("Added to your shop: %(added)d.") % {"added": self.added}
        return _("These products are already in your shop.")


def _distribute(*, merchant: Merchant, candidates: QuerySet[Product]) -> DistributeResult:
    """Adds the candidates that fit under the level's product quantity, in the candidates' order."""
    # The merchant row lock serialises concurrent distributions, so the cap cannot be passed by a race (FOR NO KEY
    # UPDATE, as every merchant row lock: apps.wallet.operations).
    locked = Merchant.objects.select_for_update(of=("self",), no_key=True).select_related("level").get(pk=merchant.pk)
    if locked.status == MerchantStatus.CLOSED:
        raise AppError(shop_closed(), ErrorCode.SHOP_CLOSED)
    _margin, limit = level_terms(merchant=locked)
    wanted = list(candidates.values_list("id", flat=True))
    present = set(ShopGoods.objects.filter(merchant=locked, product_id__in=wanted).values_list("product_id", flat=True))
    new_ids = [pk for pk in wanted if pk not in present]
    room = max(limit - ShopGoods.objects.filter(merchant=locked).count(), 0)
    if new_ids and room == 0:
        raise AppError(
            _("Product limit for your level: %(limit)d. Upgrade your level to distribute more.") % {"limit": limit},
            ErrorCode.LIMIT_REACHED,
            {"added": 0, "skipped": len(new_ids), "already": len(present), "limit": limit},
        )
    fitting = new_ids[:room]
    ShopGoods.objects.bulk_create([ShopGoods(merchant=locked, product_id=pk) for pk in fitting])
    return DistributeResult(added=len(fitting), skipped=len(new_ids) - len(fitting), already=len(present), limit=limit)


@transaction.atomic
def goods_add(*, merchant: Merchant, product_ids: list[int]) -> DistributeResult:
    """Distributes the chosen products. Every id must be an available product, or nothing is added."""
    ids = list(dict.fromkeys(product_ids))
    if not ids:
        raise AppError(select_product())
    candidates = product_filter().filter(pk__in=ids)
    if candidates.count() != len(ids):
        raise AppError(product_missing(), ErrorCode.NOT_FOUND)
    return _distribute(merchant=merchant, candidates=candidates)


@transaction.atomic
def goods_add_filtered(*, merchant: Merchant, category_id: int | None, keyword: str) -> DistributeResult:
    """Distributes every product of the distribution center's current filter (category, keyword)."""
    candidates = product_filter(category_id=category_id, keyword=keyword)
    if not candidates.exists():
        raise AppError(_("No products match this filter."), ErrorCode.NOT_FOUND)
    return _distribute(merchant=merchant, candidates=candidates)


@transaction.atomic
def goods_add_hot(*, merchant: Merchant) -> DistributeResult:
    candidates = product_filter(hot=True)
    if not candidates.exists():
        raise AppError(_("There are no hot products right now."), ErrorCode.NOT_FOUND)
    return _distribute(merchant=merchant, candidates=candidates)


@transaction.atomic
def goods_switch(*, merchant: Merchant, goods_id: int, on_shelf: bool) -> ShopGoods:
    goods = goods_get(merchant=merchant, goods_id=goods_id)
    if goods.on_shelf != on_shelf:
        goods.on_shelf = on_shelf
        goods.save(update_fields=["on_shelf", "updated_at"])
    return goods


@transaction.atomic
def goods_remove(*, merchant: Merchant, goods_id: int) -> None:
    """Removes the listing only; orders keep their own copy of what was sold, views keep their events."""
    goods = goods_get(merchant=merchant, goods_id=goods_id)
    goods.delete()


@dataclass(frozen=True)
class ListingRemoval:
    """What an operator's removal of a listing did (goods_operator_remove)."""

    goods_id: int
    product_id: int
    title: str  # the product's title in the merchant's language, as the merchant's message names it
    refund: Decimal  # the unused part of the running promotion that included the listing; 0.00 without one


def promotion_share(*, item: PromotionGoods) -> Decimal:
    """One product's share of its promotion's price: the price split equally among the promotion's products, in
    cents, the cents that do not split evenly going one each to its first products (10.00 for three: 3.34, 3.33,
    3.33), so the shares add up to the price."""
    ids = list(
        PromotionGoods.objects.filter(promotion_id=item.promotion_id).order_by("pk").values_list("pk", flat=True)
    )
    base, extra = divmod(int(item.promotion.price * 100), len(ids))
    return Decimal(base + (1 if ids.index(item.pk) < extra else 0)) / 100


def promotion_unused_part(*, item: PromotionGoods, now: datetime) -> Decimal:
    """The part of one product's share of its promotion's price (promotion_share) that pays for the time still to
    run at `now`: the share times the time left over the promotion's whole window, to the cent (half up). Never more
    than the share, so a promotion's refunds add up to its price at most, and to all of it when every product is
    removed at its start."""
    promotion = item.promotion
    window = promotion.ends_at - promotion.starts_at
    left = min(max(item.ends_at - now, timedelta(0)), window)
    micro = timedelta(microseconds=1)
    return quantize(promotion_share(item=item) * Decimal(left // micro) / Decimal(window // micro))


def goods_operator_remove(*, merchant: Merchant, goods_id: int, now: datetime) -> ListingRemoval:
    """An operator takes one of the merchant's listings out of the shop (wallet.services.listing_remove calls it in
    its money operation, which holds the merchant row lock and refunds what this returns).

    The listing row goes, as when the merchant removes it: the shop stops selling it. Its history stays: the views
    (GoodsView), the orders (their own copy of what was sold) and the promotion items keep their rows, their listing
    NULL. The promotion running for it ends now for this product, marked removed, with the unused part of its share
    of the price (promotion_unused_part) recorded as refunded.
    """
    goods = (
        ShopGoods.objects.select_for_update(of=("self",), no_key=True)
        .select_related("product")
        .filter(pk=goods_id, merchant=merchant)
        .first()
    )
    if goods is None:
        raise AppError(product_missing(), ErrorCode.NOT_FOUND)
    with translation.override(django_lang(merchant.language)):
        title = goods.product.title
    running = (
        PromotionGoods.objects.select_for_update(of=("self",), no_key=True)
        .select_related("promotion")
        .filter(goods=goods, starts_at__lte=now, ends_at__gt=now)
        .order_by("pk")
    )
    refund = ZERO
    for item in running:  # one at most: a listing is in one running promotion at a time (promotion_goods_choose)
        item.refunded = promotion_unused_part(item=item, now=now)
        item.removed_at = item.ends_at = now
        item.save(update_fields=["refunded", "removed_at", "ends_at"])
        refund += item.refunded
    removal = ListingRemoval(goods_id=goods.pk, product_id=goods.product_id, title=title, refund=refund)
    goods.delete()
    return removal


@transaction.atomic
def goods_view_record(*, goods_id: int, visitor_key: str = "") -> GoodsView:
    """Records one storefront view of a listing (called by the storefront) and counts it in ShopGoods.clicks."""
    goods = ShopGoods.objects.filter(pk=goods_id).first()
    if goods is None:
        raise AppError(product_missing(), ErrorCode.NOT_FOUND)
    view = GoodsView.objects.create(
        merchant_id=goods.merchant_id, product_id=goods.product_id, goods=goods, visitor_key=visitor_key[:64]
    )
    ShopGoods.objects.filter(pk=goods.pk).update(clicks=F("clicks") + 1)
    return view


@transaction.atomic
def goods_sales_add(*, merchant_id: int, product_id: int, quantity: int) -> None:
    """Counts sold units on the listing; called by the orders app when a buyer's order is paid."""
    if quantity <= 0:
        raise ValueError("quantity must be positive")
    ShopGoods.objects.filter(merchant_id=merchant_id, product_id=product_id).update(sales=F("sales") + quantity)


def promotion_goods_choose(*, merchant: Merchant, goods_ids: list[int], quantity: int) -> list[ShopGoods]:
    """The listings a promotion of `quantity` products may promote: 1 to `quantity` distinct listings of this shop,
    on shelf, of available products, none in a promotion running now. Otherwise a rejection of `goods_ids` (another
    merchant's id answers like a missing one). Reads only: the caller holds the merchant row lock when it buys."""
    if not goods_ids:
        raise field_error("goods_ids", _("Please choose the products to promote."))
    if len(set(goods_ids)) != len(goods_ids):
        raise field_error("goods_ids", _("Each product can be chosen only once."))
    if len(goods_ids) > quantity:
        message = ngettext(
            "This package promotes at most %(count)d product.",
            "This package promotes at most %(count)d products.",
            quantity,
        )
        raise field_error("goods_ids", message % {"count": quantity}, ErrorCode.LIMIT_REACHED)
    found = {
        goods.pk: goods
        for goods in ShopGoods.objects.filter(merchant=merchant, pk__in=goods_ids, product__is_active=True)
        .select_related("product")
        .order_by()
    }
    if len(found) != len(goods_ids):
        raise field_error("goods_ids", product_missing(), ErrorCode.NOT_FOUND)
    chosen = [found[pk] for pk in goods_ids]
    for goods in chosen:
        if not goods.on_shelf:
            message = _("“%(title)s” is not on sale: put it on the shelf to promote it.")
            raise field_error("goods_ids", message % {"title": goods.product.title}, ErrorCode.STATE)
    promoted = goods_promoted_ids(merchant=merchant, goods_ids=goods_ids)
    for goods in chosen:
        if goods.pk in promoted:
            message = _("“%(title)s” is already promoted. You can choose it again when its promotion ends.")
            raise field_error("goods_ids", message % {"title": goods.product.title}, ErrorCode.CONFLICT)
    return chosen


def promotion_create(*, merchant: Merchant, package: PromotionPackage, goods: list[ShopGoods]) -> Promotion:
    """Starts a promotion of `goods` now, for the package's duration, with the package's terms as bought. Called by
    wallet.services.promotion_buy inside its money operation, which pays for it in the same transaction."""
    starts_at = timezone.now()
    ends_at = starts_at + timedelta(hours=package.duration_hours)
    promotion = Promotion.objects.create(
        merchant=merchant,
        package=package,
        name=package.name,
        price=package.price,
        product_quantity=package.product_quantity,
        duration_hours=package.duration_hours,
        starts_at=starts_at,
        ends_at=ends_at,
    )
    PromotionGoods.objects.bulk_create(
        [
            PromotionGoods(
                promotion=promotion,
                goods=item,
                product_id=item.product_id,
                title=item.product.title[:200],
                starts_at=starts_at,
                ends_at=ends_at,
            )
            for item in goods
        ]
    )
    return promotion


def _jpeg(image: Image.Image) -> ContentFile:
    buffer = io.BytesIO()
    image.save(buffer, format="JPEG", quality=85, optimize=True)
    return ContentFile(buffer.getvalue())


@transaction.atomic
def product_image_save(*, image: ProductImage) -> ProductImage:
    """Re-encodes the picture (at most IMAGE_MAX_SIDE, EXIF orientation applied) and makes its thumbnail."""
    with image_open(image.image) as source:  # the header's size is checked before any decoding
        picture = ImageOps.exif_transpose(source).convert("RGB")
    full = picture.copy()
    full.thumbnail((IMAGE_MAX_SIDE, IMAGE_MAX_SIDE))
    thumbnail = ImageOps.fit(picture, THUMBNAIL_SIZE)
    image.image.save("image.jpg", _jpeg(full), save=False)
    image.thumbnail.save("thumb.jpg", _jpeg(thumbnail), save=False)
    image.save()
    return image


def product_image_add(*, product: Product, content: bytes, position: int = 0) -> ProductImage:
    """A new picture from raw image bytes; only the re-encoded picture and its thumbnail reach the storage."""
    image = ProductImage(product=product, position=position)
    image.image = ContentFile(content, name="upload.jpg")
    return product_image_save(image=image)
