from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from apps.core.models import TimeStampedModel
from apps.core.money import MoneyField, money_text
from apps.core.terms import TermsQuerySet, TermsVersion

from .validators import validate_https

# A package promotes at most this many products (one purchase's goods ids are a bounded list) for at most a year.
PROMOTION_MAX_PRODUCTS = 100
PROMOTION_MAX_HOURS = 24 * 365
# The storefront's address of a shop starts with this many characters of its name.
SLUG_NAME_MAX = 40


class Level(TermsVersion):
    """A version of a merchant level's terms (apps.core.terms): profit margin, product quantity and upgrade price; the
    versions of one level share its `rank`. Operators announce a new version, in force no earlier than the notice
    period later; a row never changes. A merchant's `level` is the version it bought (or started on), so it keeps that
    version's margin and product quantity whatever is announced afterwards; an upgrade buys the version of the higher
    rank in force. Level 1 is free."""

    rank = models.PositiveSmallIntegerField(_("rank"))
    name = models.CharField(_("name"), max_length=64)
    image = models.ForeignKey("core.Upload", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    profit_margin = models.DecimalField(
        _("profit margin"),
        max_digits=5,
        decimal_places=4,
        help_text=_("A fraction of the retail price: 0.15 means 15 percent."),
    )
    product_quantity = models.PositiveIntegerField(_("product quantity"))
    upgrade_price = MoneyField(verbose_name=_("upgrade price"))

    objects = TermsQuerySet.as_manager()  # type: ignore[misc, django-manager-missing]  # typed for this model

    terms_key = ("rank",)
    terms_fields = ("name", "profit_margin", "product_quantity", "upgrade_price")
    terms_announcement = gettext_noop("New level terms from %(date)s")

    @classmethod
    def starting(cls) -> "Level | None":
        """The level a new merchant starts on, and a merchant without one is on: the lowest rank in force."""
        return cls.objects.in_force().order_by("rank").first()

    class Meta:
        ordering = ["rank", "effective_from", "id"]
        verbose_name = _("level")
        verbose_name_plural = _("levels")
        constraints = [
            models.UniqueConstraint(fields=["rank", "effective_from"], name="shop_level_version_once"),
            models.CheckConstraint(
                condition=Q(profit_margin__gte=0, profit_margin__lt=1), name="shop_level_margin_range"
            ),
            models.CheckConstraint(condition=Q(upgrade_price__gte=0), name="shop_level_price_not_negative"),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        """The bounds of settings (LEVEL_*): an operator cannot announce a margin, product quantity or price outside
        them; level 1 is free."""
        errors: dict[str, str] = {}
        low, high = settings.LEVEL_MARGIN_MIN, settings.LEVEL_MARGIN_MAX
        if self.profit_margin is not None and not low <= self.profit_margin <= high:
            message = gettext("The profit margin must be from %(min)s to %(max)s (%(low)s to %(high)s).")
            errors["profit_margin"] = message % {
                "min": low,
                "max": high,
                "low": f"{percent_text(low)} %",
                "high": f"{percent_text(high)} %",
            }
        low_count, high_count = settings.LEVEL_PRODUCTS_MIN, settings.LEVEL_PRODUCTS_MAX
        if self.product_quantity is not None and not low_count <= self.product_quantity <= high_count:
            errors["product_quantity"] = gettext("The product quantity must be from %(min)d to %(max)d.") % {
                "min": low_count,
                "max": high_count,
            }
        if self.upgrade_price is not None and not 0 <= self.upgrade_price <= settings.LEVEL_PRICE_MAX:
            errors["upgrade_price"] = gettext("The upgrade price must be from 0 to %(max)s.") % {
                "max": money_text(settings.LEVEL_PRICE_MAX)
            }
        elif self.rank == 1 and self.upgrade_price:
            errors["upgrade_price"] = gettext("Level 1 is free: its upgrade price must be 0.")
        if errors:
            raise ValidationError(errors)

    def get_profit_margin_terms_display(self) -> str:
        return f"{percent_text(self.profit_margin)} %"

    def get_upgrade_price_terms_display(self) -> str:
        return money_text(self.upgrade_price)


def percent_text(fraction: Decimal) -> str:
    """A fraction as a percent without trailing zeros: 0.1500 -> "15", 0.1250 -> "12.5"."""
    text = format((fraction * 100).normalize(), "f")
    return text


class PromotionPackage(TimeStampedModel):
    """A shop express lane package (product.md section 8): price, how many products it promotes and for how long.
    Operator-managed; name and description are translated (translation.py). A package that was bought is never
    deleted (its purchases keep it, PROTECT): operators deactivate it instead."""

    name = models.CharField(_("name"), max_length=64)
    description = models.CharField(_("description"), max_length=255, blank=True)
    price = MoneyField(verbose_name=_("price"), validators=[MinValueValidator(Decimal("0.01"))])
    product_quantity = models.PositiveSmallIntegerField(
        _("promotable products"),
        validators=[MinValueValidator(1), MaxValueValidator(PROMOTION_MAX_PRODUCTS)],
        help_text=_("How many products one purchase promotes (1 to 100)."),
    )
    duration_hours = models.PositiveIntegerField(
        _("duration (hours)"),
        validators=[MinValueValidator(1), MaxValueValidator(PROMOTION_MAX_HOURS)],
        help_text=_("How long a purchase promotes its products (1 to 8760 hours)."),
    )
    is_active = models.BooleanField(_("active"), default=True, help_text=_("Only active packages can be bought."))
    position = models.PositiveSmallIntegerField(_("position"), default=0)

    class Meta:
        ordering = ["position", "id"]
        verbose_name = _("promotion package")
        verbose_name_plural = _("promotion packages")
        constraints = [
            models.CheckConstraint(condition=Q(price__gt=0), name="shop_package_price_positive"),
            models.CheckConstraint(
                condition=Q(product_quantity__gte=1, product_quantity__lte=PROMOTION_MAX_PRODUCTS),
                name="shop_package_quantity_range",
            ),
            models.CheckConstraint(
                condition=Q(duration_hours__gte=1, duration_hours__lte=PROMOTION_MAX_HOURS),
                name="shop_package_duration_range",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Shop(TimeStampedModel):
    """The merchant's shop profile. Figures (followers, rating, visitors) are derived from events, never stored here."""

    merchant = models.OneToOneField("accounts.Merchant", on_delete=models.CASCADE, related_name="shop")
    name = models.CharField(_("shop name"), max_length=100)
    logo = models.ForeignKey("core.Upload", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    phone = models.CharField(_("phone"), max_length=32, blank=True)
    address = models.CharField(_("address"), max_length=255, blank=True)
    introduction = models.TextField(_("introduction"), blank=True)
    welcome_message = models.CharField(_("welcome message"), max_length=255, blank=True)
    store_banner = models.ForeignKey("core.Upload", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    ad_banner = models.ForeignKey("core.Upload", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    twitter_url = models.URLField(_("Twitter link"), blank=True, validators=[validate_https])
    google_url = models.URLField(_("Google link"), blank=True, validators=[validate_https])

    class Meta:
        verbose_name = _("shop")
        verbose_name_plural = _("shops")

    def __str__(self) -> str:
        return self.name

    @property
    def slug(self) -> str:
        """The storefront's address of the shop, its name and id ("demo-shop-7"): the id finds it, so a renamed shop's
        old links lead to the new address (apps.storefront)."""
        return f"{slugify(self.name, allow_unicode=True)[:SLUG_NAME_MAX].strip('-') or 'shop'}-{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("storefront-shop", kwargs={"slug": self.slug})


class ShopFigures(models.Model):
    """A shop's running totals (product.md 11), changed in the transaction of each event that changes them and
    checked against the events by `manage.py check_figures`. No form edits them: they are never typed."""

    merchant = models.OneToOneField(
        "accounts.Merchant", on_delete=models.CASCADE, primary_key=True, related_name="figures"
    )
    placed = models.PositiveIntegerField(_("orders placed"), default=0)
    orders = models.PositiveIntegerField(
        _("orders sold"), default=0, help_text=_("Orders paid and not since cancelled or refunded.")
    )
    total_sales = MoneyField(
        verbose_name=_("total sales"), default=0, help_text=_("Orders paid and not since cancelled or refunded.")
    )
    total_profit = MoneyField(
        verbose_name=_("total profit"), default=0, help_text=_("Estimated: sales minus their cost.")
    )
    settled_sales = MoneyField(verbose_name=_("settled sales"), default=0)
    settled_profit = MoneyField(verbose_name=_("settled profit"), default=0)
    pending = MoneyField(verbose_name=_("pending settlement"), default=0)
    cancelled = models.PositiveIntegerField(_("cancelled orders"), default=0)
    refunded = models.PositiveIntegerField(_("refunded orders"), default=0)
    followers = models.PositiveIntegerField(_("followers"), default=0)
    rating_sum = models.PositiveIntegerField(default=0)
    rating_count = models.PositiveIntegerField(_("buyer ratings"), default=0)
    credit_score = models.PositiveSmallIntegerField(_("credit score"), default=100)
    credit_changed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("shop figures")
        verbose_name_plural = _("shop figures")

    def __str__(self) -> str:
        return str(self.merchant_id)


class DailyFigures(models.Model):
    """A shop's figures of one date in the merchant's time zone (product.md 11, one basis): orders placed that date
    and, of them, those now cancelled or refunded (what the Orders tabs count); orders paid that date and not since
    cancelled or refunded (a later cancellation or refund takes them off this date), their sales T and cost C;
    settled profit (T - C of the orders settled that date); the amount received that date still awaiting settlement;
    distinct visitors."""

    merchant = models.ForeignKey("accounts.Merchant", on_delete=models.CASCADE, related_name="+")
    date = models.DateField(_("date"))
    placed = models.PositiveIntegerField(_("orders placed"), default=0)
    orders = models.PositiveIntegerField(_("orders sold"), default=0)
    sales = MoneyField(verbose_name=_("sales"), default=0)
    cost = MoneyField(verbose_name=_("cost"), default=0)
    profit = MoneyField(verbose_name=_("settled profit"), default=0)
    pending = MoneyField(verbose_name=_("pending settlement"), default=0)
    cancelled = models.PositiveIntegerField(_("cancelled orders"), default=0)
    refunded = models.PositiveIntegerField(_("refunded orders"), default=0)
    visitors = models.PositiveIntegerField(_("visitors"), default=0)

    class Meta:
        verbose_name = _("daily figures")
        verbose_name_plural = _("daily figures")
        constraints = [models.UniqueConstraint(fields=["merchant", "date"], name="shop_daily_figures_once")]

    def __str__(self) -> str:
        return f"{self.merchant_id} {self.date}"


class HourlySales(models.Model):
    """Orders paid and their sales per hour of a local date, not since cancelled or refunded: Home's curve of today."""

    merchant = models.ForeignKey("accounts.Merchant", on_delete=models.CASCADE, related_name="+")
    date = models.DateField()
    hour = models.PositiveSmallIntegerField()
    orders = models.PositiveIntegerField(default=0)
    sales = MoneyField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["merchant", "date", "hour"], name="shop_hourly_sales_once")]

    def __str__(self) -> str:
        return f"{self.merchant_id} {self.date} {self.hour}"


class Visitor(models.Model):
    """A storefront visitor (an anonymous key the storefront keeps) seen in a shop on a local date: one row per
    visitor and date, so distinct visitors over 7 or 30 days cost what the visitors are, not the orders."""

    merchant = models.ForeignKey("accounts.Merchant", on_delete=models.CASCADE, related_name="+")
    date = models.DateField(_("date"))
    key = models.CharField(max_length=64)
    first_at = models.DateTimeField()

    class Meta:
        verbose_name = _("visitor")
        verbose_name_plural = _("visitors")
        constraints = [models.UniqueConstraint(fields=["merchant", "date", "key"], name="shop_visitor_once_a_day")]

    def __str__(self) -> str:
        return f"{self.merchant_id} {self.date}"


class Follower(models.Model):
    """A buyer following a shop, while they do (unfollowing deletes the row)."""

    merchant = models.ForeignKey("accounts.Merchant", on_delete=models.CASCADE, related_name="+")
    buyer = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("follower")
        verbose_name_plural = _("followers")
        constraints = [models.UniqueConstraint(fields=["merchant", "buyer"], name="shop_follower_once")]

    def __str__(self) -> str:
        return f"{self.merchant_id} {self.buyer}"
