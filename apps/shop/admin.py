from django.contrib import admin
from django.db.models import Count, Q, QuerySet, Sum
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from modeltranslation.admin import TranslationAdmin

from apps.accounts.admin import merchant_cell
from apps.core.admin import ReadOnlyAdmin, TermsAdmin
from apps.core.uploads import upload_url

from .models import Level, PromotionPackage, Shop


@admin.register(Level)
class LevelAdmin(TermsAdmin, TranslationAdmin):
    """Level terms are versions (apps.core.terms): a change is a new version of the rank, announced to every merchant
    and in force from its start, no earlier than the notice period later; nothing is edited or deleted. A merchant
    keeps the version it bought; upgrades buy the version in force. Bounds: settings LEVEL_*."""

    list_display = ["rank", "name", "profit_margin", "product_quantity", "upgrade_price", "effective_from", "state"]
    list_filter = ["rank", "effective_from"]
    fields = ["rank", "name", "image", "profit_margin", "product_quantity", "upgrade_price", "effective_from",
              "change_note"]  # fmt: skip
    raw_id_fields = ["image"]


@admin.register(PromotionPackage)
class PromotionPackageAdmin(TranslationAdmin):
    """The shop express lane's packages (product.md section 8). A package that was bought cannot be deleted (its
    purchases keep it): deactivate it to stop selling it; a purchase keeps the terms it was bought with."""

    list_display = ["name", "price", "product_quantity", "duration_hours", "is_active", "position", "bought"]
    list_editable = ["is_active", "position"]
    list_filter = ["is_active"]
    search_fields = ["name"]
    fields = ["name", "description", "price", "product_quantity", "duration_hours", "is_active", "position"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[PromotionPackage]:
        return super().get_queryset(request).annotate(bought_total=Count("promotions"))

    @admin.display(description=_("purchases"), ordering="bought_total")
    def bought(self, package: PromotionPackage) -> int:
        return package.bought_total  # type: ignore[attr-defined]  # annotated by get_queryset

    def has_delete_permission(self, request: HttpRequest, obj: PromotionPackage | None = None) -> bool:
        if obj is not None and obj.promotions.exists():
            return False
        return super().has_delete_permission(request, obj)


@admin.register(Shop)
class ShopAdmin(ReadOnlyAdmin):
    """Shop settings are the merchant's; the figures are computed from the shop's goods and events, never typed.

    Operators look and never change or delete a shop here (nothing a merchant owns is deleted, and a change the
    merchant did not make would reach buyers unannounced, product.md 2.9): a shop that must stop is closed on its
    merchant's page, with a reason the merchant is told.
    """

    # Readable at 1280x800: the shop, its merchant (name, phone under it), open or closed, what it sells.
    list_display = ["name", "merchant_cell", "merchant_status", "goods_count", "selling_count", "sales"]
    search_fields = ["name", "merchant__phone", "merchant__email"]
    list_select_related = ["merchant"]
    fields = [
        "merchant",
        "name",
        "logo_preview",
        "phone",
        "address",
        "introduction",
        "welcome_message",
        "twitter_url",
        "google_url",
        "goods_count",
        "selling_count",
        "clicks",
        "sales",
    ]
    readonly_fields = ["merchant", "logo_preview", "goods_count", "selling_count", "clicks", "sales"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Shop]:
        return (
            super()
            .get_queryset(request)
            .select_related("logo")
            .annotate(
                goods_total=Count("merchant__goods", distinct=True),
                selling_total=Count("merchant__goods", filter=Q(merchant__goods__on_shelf=True), distinct=True),
                clicks_total=Sum("merchant__goods__clicks"),
                sales_total=Sum("merchant__goods__sales"),
            )
        )

    @admin.display(description=_("merchant"), ordering="merchant__real_name")
    def merchant_cell(self, shop: Shop) -> str:
        return merchant_cell(shop.merchant)

    @admin.display(description=_("status"), ordering="merchant__status")
    def merchant_status(self, shop: Shop) -> str:
        """The merchant's status: a closed shop is its merchant's, closed (MerchantAdmin's "Close shop")."""
        return shop.merchant.get_status_display()

    @admin.display(description=_("products in shop"), ordering="goods_total")
    def goods_count(self, shop: Shop) -> int:
        return shop.goods_total  # type: ignore[attr-defined]  # annotated by get_queryset

    @admin.display(description=_("selling"), ordering="selling_total")
    def selling_count(self, shop: Shop) -> int:
        return shop.selling_total  # type: ignore[attr-defined]  # annotated by get_queryset

    @admin.display(description=_("clicks"), ordering="clicks_total")
    def clicks(self, shop: Shop) -> int:
        return shop.clicks_total or 0  # type: ignore[attr-defined]  # annotated by get_queryset

    @admin.display(description=_("sales"), ordering="sales_total")
    def sales(self, shop: Shop) -> int:
        return shop.sales_total or 0  # type: ignore[attr-defined]  # annotated by get_queryset

    @admin.display(description=_("Shop logo"))
    def logo_preview(self, shop: Shop) -> str:
        return upload_url(shop.logo) or "-"
