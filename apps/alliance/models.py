"""Alliance rows: the referral rate's history and the rewards it paid (product.md section 9)."""

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from apps.core.models import AppendOnlyModel
from apps.core.money import MoneyField
from apps.core.terms import TermsQuerySet, TermsVersion

from .constants import RATE_MAX, RATE_MIN


class ReferralRate(TermsVersion):
    """A version of the referral rate (apps.core.terms; one thing, so no key): the rows are its history, each announced
    to every merchant and in force from `effective_from`, no earlier than the notice period after it was announced; no
    row is ever edited or removed. None in force means 0 (off). A settlement pays the rate in force when it happens."""

    percent = models.DecimalField(
        _("rate (%)"),
        max_digits=5,
        decimal_places=2,
        validators=[MinValueValidator(RATE_MIN), MaxValueValidator(RATE_MAX)],
        help_text=_("Percent of each member's settled profit paid to the inviter; 0 turns rewards off."),
    )

    objects = TermsQuerySet.as_manager()  # type: ignore[misc]  # typed for this model, not the abstract parent

    terms_fields = ("percent",)
    terms_announcement = gettext_noop("New referral rate from %(date)s")

    class Meta:
        ordering = ["-effective_from", "-id"]
        verbose_name = _("referral rate")
        verbose_name_plural = _("referral rates")
        constraints = [
            models.CheckConstraint(
                condition=Q(percent__gte=RATE_MIN, percent__lte=RATE_MAX), name="referral_rate_in_range"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.percent} %"

    def clean(self) -> None:
        if self.percent is not None and not RATE_MIN <= self.percent <= RATE_MAX:
            raise ValidationError({"percent": rate_bounds_message()})


def rate_bounds_message() -> str:
    return gettext("The rate must be from %(min)s to %(max)s percent, with at most 2 decimals.") % {
        "min": RATE_MIN,
        "max": RATE_MAX,
    }


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
