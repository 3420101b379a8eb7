"""Alliance reads: the rate in force, the merchant's members and totals (GET index/coalition). Constant query counts."""

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, DecimalField, Exists, IntegerField, OuterRef, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce

from apps.accounts.models import Merchant
from apps.core.money import ZERO, quantize
from apps.orders.constants import OrderStatus
from apps.orders.models import Order

from .models import ReferralRate, ReferralReward

_MONEY = DecimalField(max_digits=20, decimal_places=2)


def rate_current() -> Decimal:
    """The referral rate in force now (percent): its version in force, 0 (off) when there is none. One query."""
    percent = ReferralRate.objects.in_force().values_list("percent", flat=True).first()
    return quantize(percent) if percent is not None else ZERO


def masked_name(name: str) -> str:
    """A member's name as the inviter sees it: the initials of its words ("John Smith" -> "J. S."), at most three;
    "•" when there is none. The real name is private (KYC) and the inviter needs no more to recognise a member."""
    words = name.split()
    return " ".join(f"{word[0].upper()}." for word in words[:3]) if words else "•"


def member_list(*, inviter: Merchant) -> QuerySet[Merchant]:
    """The merchants who registered with `inviter`'s code, newest first, each annotated with `orders_completed` (its
    settled orders) and `income` (the rewards `inviter` earned from it; never the member's own income). One query per
    page, whatever the number of members."""
    settled = (
        Order.objects.filter(merchant=OuterRef("pk"), status=OrderStatus.COMPLETED)
        .order_by()
        .values("merchant")
        .annotate(n=Count("id"))
        .values("n")
    )
    rewards = (
        ReferralReward.objects.filter(inviter=inviter, member=OuterRef("pk"))
        .order_by()
        .values("member")
        .annotate(total=Sum("amount"))
        .values("total")
    )
    return (
        Merchant.objects.filter(invited_by=inviter)
        .annotate(
            orders_completed=Coalesce(Subquery(settled, output_field=IntegerField()), Value(0)),
            income=Coalesce(Subquery(rewards, output_field=_MONEY), Value(ZERO, output_field=_MONEY)),
        )
        .only("id", "real_name", "created_at")
        .order_by("-created_at", "-id")
    )


@dataclass(frozen=True)
class AllianceTotals:
    members: int
    active_members: int  # members with at least one settled order
    total_rewards: Decimal


def alliance_totals(*, inviter: Merchant) -> AllianceTotals:
    """The alliance's totals, in two queries."""
    counts = Merchant.objects.filter(invited_by=inviter).aggregate(
        members=Count("id"),
        active=Count(
            "id",
            filter=Q(Exists(Order.objects.filter(merchant=OuterRef("pk"), status=OrderStatus.COMPLETED))),
        ),
    )
    total = ReferralReward.objects.filter(inviter=inviter).aggregate(total=Coalesce(Sum("amount"), ZERO))["total"]
    return AllianceTotals(members=counts["members"], active_members=counts["active"], total_rewards=quantize(total))
