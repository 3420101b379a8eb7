from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from apps.core.models import TimeStampedModel
from apps.core.money import MoneyField

from .validators import validate_https


class Level(TimeStampedModel):  # type: ignore[django-manager-missing]  # modeltranslation's manager
    """A merchant level: profit margin, product quantity and upgrade price. Operator-managed; level 1 is free."""

    rank = models.PositiveSmallIntegerField(_("rank"), unique=True)
    name = models.CharField(_("name"), max_length=64)
    image = models.ForeignKey("core.Upload", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    profit_margin = models.DecimalField(_("profit margin"), max_digits=5, decimal_places=4)
    product_quantity = models.PositiveIntegerField(_("product quantity"))
    upgrade_price = MoneyField(verbose_name=_("upgrade price"))

    class Meta:
        ordering = ["rank"]
        verbose_name = _("level")
        verbose_name_plural = _("levels")
        constraints = [
            models.CheckConstraint(
                condition=Q(profit_margin__gte=0, profit_margin__lt=1), name="shop_level_margin_range"
            ),
            models.CheckConstraint(condition=Q(upgrade_price__gte=0), name="shop_level_price_not_negative"),
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
