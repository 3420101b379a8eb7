"""Alliance writes: the referral rate (operators) and the referral reward at an order's settlement (product.md 9)."""

from datetime import datetime
from decimal import Decimal
from typing import Any, cast

from django.db import IntegrityError, transaction

from apps.accounts.models import Merchant
from apps.core.errors import field_error, text_for
from apps.core.money import ZERO, quantize
from apps.core.terms import earliest_start, terms_version_add
from apps.orders.models import Order
from apps.wallet.constants import AccountKind, EntryKind
from apps.wallet.ledger import account_get, ledger_post
from apps.wallet.references import RefKind, ledger_ref

from .constants import RATE_MAX, RATE_MIN
from .models import ReferralRate, ReferralReward, rate_bounds_message
from .selectors import masked_name, rate_current


def referral_rate_set(
    *, percent: Decimal, note: str = "", operator: Any = None, effective_from: datetime | None = None
) -> ReferralRate:
    """Announces a new version of the referral rate (apps.core.terms.terms_version_add: every merchant is told), in
    force for the settlements from `effective_from` on, by default the earliest the notice period allows (at once for
    the first rate ever); the earlier settlements keep what they paid."""
    percent = Decimal(percent)
    if not RATE_MIN <= percent <= RATE_MAX or percent != percent.quantize(Decimal("0.01")):
        raise field_error("percent", rate_bounds_message())
    version = ReferralRate(
        percent=percent,
        change_note=text_for(ReferralRate, "change_note", note, field="note"),
        effective_from=effective_from or earliest_start(ReferralRate),
    )
    return cast(ReferralRate, terms_version_add(version=version, operator=operator))


def referral_reward_pay(*, order: Order) -> ReferralReward | None:
    """The inviter's reward for `order`, just settled (apps.orders.hooks.referral_on_settlement, in the settlement's
    transaction, the order row locked): the rate in force x the order's profit (T - C), from the platform's referral
    account to the inviter's balance, whatever the inviter's status (money is never frozen). Nothing when the member
    has no inviter, the rate is 0 or the reward rounds to 0. Once per order: the reward row is unique per order and
    the ledger entry's reference too, so a retried or concurrent settlement cannot pay twice."""
    existing = ReferralReward.objects.filter(order_id=order.pk).first()
    if existing is not None:
        return existing
    member = Merchant.objects.only("id", "real_name", "invited_by_id").get(pk=order.merchant_id)
    if member.invited_by_id is None or member.invited_by_id == member.pk:
        return None
    rate = rate_current()
    profit = quantize(order.earnings)
    amount = quantize(profit * rate / 100) if rate > ZERO and profit > ZERO else ZERO
    if amount <= ZERO:
        return None
    try:
        with transaction.atomic():
            reward = ReferralReward.objects.create(
                inviter_id=member.invited_by_id,
                member=member,
                order_id=order.pk,
                order_number=order.number,
                profit=profit,
                rate=rate,
                amount=amount,
            )
    except IntegrityError:
        return ReferralReward.objects.get(order_id=order.pk)
    ledger_post(
        reference=ledger_ref(RefKind.REFERRAL, order.pk),
        kind=EntryKind.REFERRAL_REWARD,
        lines=[
            (account_get(kind=AccountKind.REFERRAL), -amount),
            (account_get(kind=AccountKind.AVAILABLE, merchant=member.invited_by_id), amount),
        ],
        memo=masked_name(member.real_name),
    )
    return reward
