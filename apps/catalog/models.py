import secrets

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from apps.core.models import TimeStampedModel
from apps.core.money import MoneyField


class Category(TimeStampedModel):
    """A category of the distribution center. `name` is translated (translation.py)."""

    name = models.CharField(_("name"), max_length=64)
    position = models.PositiveSmallIntegerField(_("position"), default=0)
    is_active = models.BooleanField(_("active"), default=True)

    class Meta:
        ordering = ["position", "id"]
        verbose_name = _("category")
        verbose_name_plural = _("categories")

    def __str__(self) -> str:
        return self.name


class Product(TimeStampedModel):
    """A product of the platform's distribution center; title and description are translated (translation.py)."""

    sku = models.CharField(_("SKU"), max_length=40, unique=True)
    category = models.ForeignKey(
        Category, on_delete=models.PROTECT, related_name="products", verbose_name=_("category")
    )
    title = models.CharField(_("title"), max_length=200)
    description = models.TextField(_("description"), blank=True)
    retail_price = MoneyField(verbose_name=_("retail price"))
    stock = models.PositiveIntegerField(_("stock"), default=0)
    is_hot = models.BooleanField(_("hot"), default=False)
    is_active = models.BooleanField(_("active"), default=True)

    class Meta:
        ordering = ["-id"]
        verbose_name = _("product")
        verbose_name_plural = _("products")
        indexes = [
            models.Index(fields=["is_active", "category", "-id"], name="catalog_product_cat_idx"),
            models.Index(fields=["is_active", "is_hot", "-id"], name="catalog_product_hot_idx"),
        ]
        constraints = [models.CheckConstraint(condition=Q(retail_price__gt=0), name="catalog_product_price_positive")]

    def __str__(self) -> str:
        return self.title


def _image_path(instance: "ProductImage", filename: str) -> str:
    # Random names: an operator's file name never reaches the storage.
    return f"catalog/products/{secrets.token_urlsafe(12)}.jpg"


def _thumb_path(instance: "ProductImage", filename: str) -> str:
    return f"catalog/thumbs/{secrets.token_urlsafe(12)}.jpg"


class ProductImage(models.Model):
    """A product picture and its thumbnail; both are written by services.product_image_save (Pillow)."""

    product = models.ForeignKey(Product, on_delete=models.CASCADE, related_name="images", verbose_name=_("product"))
    image = models.ImageField(_("image"), upload_to=_image_path)
    thumbnail = models.ImageField(_("thumbnail"), upload_to=_thumb_path, blank=True, editable=False)
    position = models.PositiveSmallIntegerField(_("position"), default=0)

    class Meta:
        ordering = ["position", "id"]
        verbose_name = _("product image")
        verbose_name_plural = _("product images")

    def __str__(self) -> str:
        return f"{self.product_id}:{self.position}"


class ShopGoods(TimeStampedModel):
    """A product a merchant distributed to the shop: `selling` (on shelf) or `in stock` (off shelf).

    `clicks` and `sales` are counters kept by services from recorded events only (GoodsView, orders);
    no form or admin field writes them.
    """

    merchant = models.ForeignKey(
        "accounts.Merchant", on_delete=models.CASCADE, related_name="goods", verbose_name=_("merchant")
    )
    # A product that merchants list is never deleted (nothing a merchant owns or earned is, product.md 2.9): take it
    # off sale (is_active) instead; its listings leave a shop only through the merchant or an operator's reasoned
    # removal (catalog.promotion.services.listing_remove).
    product = models.ForeignKey(Product, on_delete=models.PROTECT, related_name="goods", verbose_name=_("product"))
    on_shelf = models.BooleanField(_("on shelf"), default=True)
    clicks = models.PositiveIntegerField(_("clicks"), default=0, editable=False)
    sales = models.PositiveIntegerField(_("sales"), default=0, editable=False)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("shop goods")
        verbose_name_plural = _("shop goods")
        permissions = [("remove_shopgoods", "Can remove a listing from a merchant's shop, with a reason")]
        constraints = [models.UniqueConstraint(fields=["merchant", "product"], name="catalog_goods_unique")]
        # The lists' orders to the last key (selectors.GOODS_ORDER): without the id, PostgreSQL read and sorted all of
        # a shop's listings to keep a page (0.2 of the 0.5 ms of a page of 300).
        indexes = [
            models.Index(fields=["merchant", "on_shelf", "-created_at", "-id"], name="catalog_goods_tab_idx"),
            models.Index(fields=["merchant", "-created_at", "-id"], name="catalog_goods_all_idx"),
            models.Index(fields=["merchant", "-sales", "-clicks", "-id"], name="catalog_goods_hot_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.merchant_id}:{self.product_id}"


class GoodsView(models.Model):
    """One storefront view of a shop's product: the only source of ShopGoods.clicks."""

    merchant = models.ForeignKey("accounts.Merchant", on_delete=models.CASCADE, related_name="+")
    product = models.ForeignKey(Product, on_delete=models.CASCADE, related_name="+")
    # Kept when the listing is removed, so the event history stays.
    goods = models.ForeignKey(ShopGoods, null=True, blank=True, on_delete=models.SET_NULL, related_name="views")
    visitor_key = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("goods view")
        verbose_name_plural = _("goods views")
        indexes = [models.Index(fields=["merchant", "created_at"], name="catalog_view_merchant_idx")]

    def __str__(self) -> str:
        return f"view {self.pk} of {self.goods_id}"


class Promotion(models.Model):
    """A shop express lane purchase (product.md section 8): the package's terms as bought, and the window in which
    its goods rank first in the storefront. Paid through the ledger (catalog.promotion.services.promotion_buy, reference
    `promotion:<id>`); it never creates an order, a visit or a figure."""

    merchant = models.ForeignKey(
        "accounts.Merchant", on_delete=models.PROTECT, related_name="promotions", verbose_name=_("merchant")
    )
    package = models.ForeignKey(
        "shop.PromotionPackage", on_delete=models.PROTECT, related_name="promotions", verbose_name=_("package")
    )
    # The terms as bought: an operator changing the package later changes no purchase.
    name = models.CharField(_("name"), max_length=64)
    price = MoneyField(verbose_name=_("price"))
    product_quantity = models.PositiveSmallIntegerField(_("promotable products"))
    duration_hours = models.PositiveIntegerField(_("duration (hours)"))
    starts_at = models.DateTimeField(_("starts at"))
    ends_at = models.DateTimeField(_("ends at"))
    created_at = models.DateTimeField(_("bought at"), auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        verbose_name = _("promotion purchase")
        verbose_name_plural = _("promotion purchases")
        indexes = [models.Index(fields=["merchant", "-id"], name="catalog_promotion_bill_idx")]
        constraints = [
            models.CheckConstraint(condition=Q(price__gt=0), name="catalog_promotion_price_positive"),
            models.CheckConstraint(condition=Q(ends_at__gt=models.F("starts_at")), name="catalog_promotion_window"),
        ]

    def __str__(self) -> str:
        return f"{self.name} #{self.pk}"


class PromotionGoods(models.Model):
    """One of a promotion's goods. `ends_at` repeats the promotion's, so the storefront's ranking reads one table."""

    promotion = models.ForeignKey(Promotion, on_delete=models.PROTECT, related_name="items")
    # A listing removed from the shop (or a product removed from the catalogue) leaves the purchase's history:
    # SET_NULL, and the title as bought says what it was.
    goods = models.ForeignKey(
        ShopGoods, null=True, blank=True, on_delete=models.SET_NULL, related_name="promotion_items"
    )
    product = models.ForeignKey(
        Product, null=True, blank=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("product")
    )
    title = models.CharField(_("title"), max_length=200)
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField(_("ends at"))
    # An operator removed the listing while it was promoted (catalog.promotion.services.listing_remove): its promotion
    # ended then, and the unused part of its share of the price went back to the merchant.
    removed_at = models.DateTimeField(_("removed by an operator"), null=True, blank=True)
    refunded = MoneyField(verbose_name=_("refunded"), null=True, blank=True)
    # What the promotion brought so far: storefront views of the listing and paid orders of its product while it
    # runs (kept by catalog.services.goods_view_record and goods_sales_add, as ShopGoods.clicks and sales are).
    clicks = models.PositiveIntegerField(_("clicks during the promotion"), default=0, editable=False)
    orders = models.PositiveIntegerField(_("orders during the promotion"), default=0, editable=False)

    class Meta:
        verbose_name = _("promoted product")
        verbose_name_plural = _("promoted products")
        indexes = [models.Index(fields=["goods", "ends_at"], name="catalog_promo_goods_idx")]

    def __str__(self) -> str:
        return f"{self.promotion_id}:{self.goods_id}"
