from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import path
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from modeltranslation.admin import TranslationAdmin

from apps.accounts.admin import ReasonForm, merchant_cell
from apps.core.admin import has_model_permission, reason_action
from apps.core.errors import AppError
from apps.core.i18n import language_name
from apps.core.money import money_local
from apps.core.services import image_open

from .csv_import import COLUMNS, REQUIRED_COLUMNS, product_import_csv
from .models import Category, GoodsView, Product, ProductImage, Promotion, PromotionGoods, ShopGoods
from .promotion.selectors import promoted_until
from .promotion.services import listing_remove
from .services import product_image_save


def _thumbnail(image: ProductImage) -> str:
    if not image.thumbnail:
        return "-"
    return format_html('<img src="{}" alt="" class="picture-thumbnail">', image.thumbnail.url)


@admin.register(Category)
class CategoryAdmin(TranslationAdmin):
    list_display = ["name", "position", "is_active"]
    list_editable = ["position", "is_active"]
    search_fields = ["name"]


class ProductImageForm(forms.ModelForm):
    class Meta:
        model = ProductImage
        fields = ["image", "position"]

    def clean_image(self):
        """A picture too large to decode is refused on the form, from its header, before anything is decoded."""
        image = self.cleaned_data.get("image")
        if image and "image" in self.changed_data:
            try:
                with image_open(image):
                    pass
            except AppError as exc:
                raise forms.ValidationError(str(exc.message)) from None
            image.seek(0)
        return image


class ProductImageInline(admin.TabularInline):
    model = ProductImage
    form = ProductImageForm
    extra = 1
    fields = ["preview", "image", "position"]
    readonly_fields = ["preview"]

    @admin.display(description=_("thumbnail"))
    def preview(self, image: ProductImage) -> str:
        return _thumbnail(image)


class CsvImportForm(forms.Form):
    file = forms.FileField(label=_("CSV file"))


@admin.register(Product)
class ProductAdmin(TranslationAdmin):
    # Readable at 1280x800: the title with its SKU under it, the price with its currency.
    list_display = ["cover", "title_cell", "category", "price", "stock", "is_hot", "is_active"]
    list_display_links = ["cover", "title_cell"]
    list_filter = ["category", "is_hot", "is_active"]
    list_editable = ["is_hot", "is_active"]
    search_fields = ["sku", "title"]
    list_select_related = ["category"]
    inlines = [ProductImageInline]
    change_list_template = "admin/catalog/product/change_list.html"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Product]:
        return super().get_queryset(request).prefetch_related("images")

    def has_delete_permission(self, request: HttpRequest, obj: Product | None = None) -> bool:
        """A product that shops list is never deleted (the model PROTECTs it, and the list's bulk delete shows it as
        protected): take it off sale by unticking "active"."""
        if obj is not None and obj.goods.exists():
            return False
        return super().has_delete_permission(request, obj)

    @admin.display(description=_("title"), ordering="title")
    def title_cell(self, product: Product) -> str:
        return format_html('{}<br><span class="quiet">{}</span>', product.title, product.sku)

    @admin.display(description=_("retail price"), ordering="retail_price")
    def price(self, product: Product) -> str:
        return money_local(product.retail_price)

    @admin.display(description=_("image"))
    def cover(self, product: Product) -> str:
        images = list(product.images.all())
        return _thumbnail(images[0]) if images else "-"

    def save_formset(self, request, form, formset, change):
        if formset.model is not ProductImage:
            return super().save_formset(request, form, formset, change)
        for image in formset.save(commit=False):
            if image.pk is None or "image" in _changed_fields(formset, image):
                product_image_save(image=image)
            else:
                image.save()
        for image in formset.deleted_objects:
            image.delete()
        return None

    def get_urls(self):
        extra = [
            path(
                "import-csv/",
                self.admin_site.admin_view(self.import_csv_view),
                name="catalog_product_import_csv",
            )
        ]
        return extra + super().get_urls()

    def import_csv_view(self, request: HttpRequest) -> HttpResponse:
        if not (self.has_add_permission(request) and self.has_change_permission(request)):
            raise PermissionDenied
        report = None
        form = CsvImportForm(request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            report = product_import_csv(raw=form.cleaned_data["file"].read())
            if report.error:
                messages.error(request, report.error)
            else:
                messages.success(
                    request,
                    _("Created: %(created)d. Updated: %(updated)d. Rejected: %(rejected)d.")
                    % {"created": report.created, "updated": report.updated, "rejected": len(report.rejected)},
                )
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": _("Import products from CSV"),
            "form": form,
            "report": report,
            "required_columns": REQUIRED_COLUMNS,
            "optional_columns": [c for c in COLUMNS if c not in REQUIRED_COLUMNS],
        }
        return TemplateResponse(request, "admin/catalog/product/import_csv.html", context)


def _changed_fields(formset, image: ProductImage) -> list[str]:
    for changed, fields in formset.changed_objects:
        if changed is image:
            return fields
    return []


class ReadOnlyAdmin(admin.ModelAdmin):
    """Event-derived rows: operators look, never type."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False


@admin.register(ShopGoods)
class ShopGoodsAdmin(ReadOnlyAdmin):
    """The merchants' listings, looked at. A listing is the merchant's, with its views, sales and promotions: the
    console never deletes one (no delete page, no bulk delete). "Remove listing" (permission remove_shopgoods) takes
    one out of its shop through promotion.services.listing_remove, with a reason the merchant is told, refunding the
    unused part of a paid promotion that included it."""

    # Readable at 1280x800: the product, whose shop (name, phone under it), on shelf or not, promoted until when.
    list_display = ["product", "merchant_cell", "on_shelf", "promoted", "clicks", "sales"]
    list_filter = ["on_shelf"]
    list_select_related = ["product", "merchant"]
    search_fields = ["product__sku", "merchant__phone"]
    raw_id_fields = ["merchant", "product"]
    actions = ["remove_listing"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[ShopGoods]:
        return super().get_queryset(request).annotate(promoted_end=promoted_until(timezone.now()))

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_remove_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return has_model_permission(request, self.opts, "remove")  # "remove_shopgoods" (the model's Meta)

    @admin.display(description=_("merchant"), ordering="merchant__real_name")
    def merchant_cell(self, goods: ShopGoods) -> str:
        return merchant_cell(goods.merchant)

    @admin.display(description=_("promoted until"))
    def promoted(self, goods: ShopGoods) -> Any:
        end = goods.promoted_end  # type: ignore[attr-defined]  # annotated by get_queryset
        return date_format(timezone.localtime(end), "SHORT_DATETIME_FORMAT") if end else "-"  # a narrow column

    @admin.action(description=_("Remove listing from its shop (with reason)"), permissions=["remove"])
    def remove_listing(self, request: HttpRequest, queryset: QuerySet[ShopGoods]) -> HttpResponse | None:
        """Asks for the reason on a page listing the chosen listings (with their promotions), then removes each."""
        listings = list(queryset.order_by("pk"))
        languages = [goods.merchant.language for goods in listings]
        form = ReasonForm(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            removed = 0
            for goods in listings:
                try:
                    listing_remove(
                        goods_id=goods.pk,
                        operator=request.user,  # type: ignore[arg-type]  # the admin's user is signed in
                        reason=form.cleaned_data["reason"],
                    )
                except AppError as exc:
                    self.message_user(request, f"{goods.product}: {exc.message}", messages.ERROR)
                else:
                    removed += 1
            if removed:
                done = ngettext("%(count)d listing removed.", "%(count)d listings removed.", removed)
                self.message_user(request, done % {"count": removed}, messages.SUCCESS)
            return None
        return reason_action(
            self,
            request,
            action="remove_listing",
            title=gettext("Remove listing"),
            question=gettext(
                "Why are these listings removed from their shops? The merchants see the reason, and the unused part of "
                "a paid promotion that includes one is refunded to its merchant."
            ),
            form=form.in_languages(languages),
            columns={
                _("product"): lambda goods: goods.product,
                _("merchant"): lambda goods: goods.merchant,
                _("promoted until"): lambda goods: goods.promoted_end or "-",
                _("clicks"): lambda goods: goods.clicks,
                _("sales"): lambda goods: goods.sales,
                _("language"): lambda goods: language_name(goods.merchant.language),
            },
            objects=listings,
        )


@admin.register(GoodsView)
class GoodsViewAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "merchant", "product", "goods"]
    list_select_related = ["product", "merchant"]
    date_hierarchy = "created_at"
    raw_id_fields = ["merchant", "product", "goods"]

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False


class PromotionGoodsInline(admin.TabularInline):
    model = PromotionGoods
    fields = ["title", "goods", "product", "ends_at", "removed_at", "refunded"]
    readonly_fields = ["title", "goods", "product", "ends_at", "removed_at", "refunded"]
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Promotion | None = None) -> bool:
        return False


@admin.register(Promotion)
class PromotionAdmin(admin.ModelAdmin):
    """Promotion purchases, read only: merchants buy them (paid through the ledger); nothing here makes one."""

    list_display = ["id", "merchant", "name", "price", "product_quantity", "starts_at", "ends_at", "created_at"]
    list_select_related = ["merchant"]
    list_filter = ["package"]
    search_fields = ["merchant__phone", "merchant__email", "name"]
    date_hierarchy = "created_at"
    inlines = [PromotionGoodsInline]
    readonly_fields = [
        "merchant",
        "package",
        "name",
        "price",
        "product_quantity",
        "duration_hours",
        "starts_at",
        "ends_at",
        "created_at",
    ]
    fields = list(readonly_fields)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Promotion | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Promotion | None = None) -> bool:
        return False
