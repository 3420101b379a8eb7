import io
from dataclasses import dataclass
from datetime import datetime

from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import F, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from PIL import Image, ImageOps

from apps.accounts.constants import MerchantStatus
from apps.accounts.models import Merchant
from apps.core.errors import AppError, ErrorCode
from apps.core.services import image_open
from apps.levels.selectors import level_terms

from .hooks import storefront_changed
from .models import GoodsView, Product, ProductImage, PromotionGoods, ShopGoods
from .selectors import goods_get, product_filter
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
    if fitting:
        storefront_changed(merchant_ids=[locked.pk])
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


@transaction.atomic
def goods_view_record(*, goods_id: int, visitor_key: str = "") -> GoodsView:
    """Records one storefront view of a listing (called by the storefront) and counts it in ShopGoods.clicks, and in
    the clicks of the promotion running for it, if any."""
    goods = ShopGoods.objects.filter(pk=goods_id).first()
    if goods is None:
        raise AppError(product_missing(), ErrorCode.NOT_FOUND)
    view = GoodsView.objects.create(
        merchant_id=goods.merchant_id, product_id=goods.product_id, goods=goods, visitor_key=visitor_key[:64]
    )
    ShopGoods.objects.filter(pk=goods.pk).update(clicks=F("clicks") + 1)
    _running_items(timezone.now()).filter(goods=goods).update(clicks=F("clicks") + 1)
    return view


def _running_items(now: datetime) -> QuerySet[PromotionGoods]:
    """The promoted goods whose promotion runs at `now` (an operator's removal ended it)."""
    return PromotionGoods.objects.filter(starts_at__lte=now, ends_at__gt=now, removed_at__isnull=True)


@transaction.atomic
def goods_sales_add(*, merchant_id: int, product_id: int, quantity: int) -> None:
    """Counts sold units on the listing, and one order for the promotion running for it, if any; called by the orders
    app when a buyer's order is paid (once per product of the order)."""
    if quantity <= 0:
        raise ValueError("quantity must be positive")
    ShopGoods.objects.filter(merchant_id=merchant_id, product_id=product_id).update(sales=F("sales") + quantity)
    running = _running_items(timezone.now())
    running.filter(goods__merchant_id=merchant_id, goods__product_id=product_id).update(orders=F("orders") + 1)


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
