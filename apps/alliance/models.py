"""Alliance rows: the referral rate's history and the rewards it paid (product.md section 9)."""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from apps.core.models import AppendOnlyModel
from apps.core.money import MoneyField

from .constants import RATE_MAX, RATE_MIN


class ReferralRate(AppendOnlyModel):
    """One setting of the referral rate. The rows are its history: the newest is in force; none means 0 (off). A
    change is a new row with the operator who made it; no row is ever edited or removed."""

    percent = models.DecimalField(
        _("rate (%)"),
        max_digits=5,
        decimal_places=2,
        validators=[MinValueValidator(RATE_MIN), MaxValueValidator(RATE_MAX)],
        help_text=_("Percent of each member's settled profit paid to the inviter; 0 turns rewards off."),
    )
    note = models.CharField(_("note"), max_length=255, blank=True)
    operator = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("operator"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    created_at = models.DateTimeField(_("time"), default=timezone.now, editable=False, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("referral rate")
        verbose_name_plural = _("referral rates")
        constraints = [
            models.CheckConstraint(
                condition=Q(percent__gte=RATE_MIN, percent__lte=RATE_MAX), name="referral_rate_in_range"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.percent} %"


class ReferralReward(AppendOnlyModel):
    """The reward one settled order of a member paid to its inviter: at most one per order (the constraint, and the
    ledger entry's unique reference `referral:<order id>`)."""

    inviter = models.ForeignKey(
        "accounts.Merchant", verbose_name=_("inviter"), on_delete=models.PROTECT, related_name="referral_rewards"
    )
    member = models.ForeignKey(
        "accounts.Merchant", verbose_name=_("member"), on_delete=models.PROTECT, related_name="referral_rewards_given"
    )
    order_id = models.PositiveBigIntegerField(_("order id"), unique=True)
    order_number = models.CharField(_("order number"), max_length=32)
    profit = MoneyField(verbose_name=_("profit base"))
    rate = models.DecimalField(_("rate (%)"), max_digits=5, decimal_places=2)
    amount = MoneyField(verbose_name=_("amount"))
    created_at = models.DateTimeField(_("time"), default=timezone.now, editable=False, db_index=True)

    class Meta:
        ordering = ["-id"]
        verbose_name = _("referral reward")
        verbose_name_plural = _("referral rewards")
        indexes = [models.Index(fields=["inviter", "member"])]
        constraints = [models.CheckConstraint(condition=Q(amount__gt=0), name="referral_reward_positive")]

    def __str__(self) -> str:
        return f"{self.order_number}: {self.amount}"
