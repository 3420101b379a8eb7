"""The referral reward at settlement (product.md section 9): once per order, from the platform's referral account to
the inviter's balance, at the rate in force when the order settles."""

from datetime import timedelta
from decimal import Decimal

import pytest
import time_machine
from django.conf import settings
from django.utils import timezone

from apps.alliance import services
from apps.alliance.models import ReferralRate, ReferralReward
from apps.alliance.selectors import masked_name, rate_current
from apps.core.errors import AppError
from apps.core.models import AppendOnlyError
from apps.wallet.constants import AccountKind, EntryKind
from apps.wallet.ledger import account_get
from apps.wallet.models import JournalEntry
from apps.wallet.selectors import wallet_summary
from tests.factories import MerchantFactory

from .conftest import received_order, set_rate, settle, settled_order


def _balance(merchant) -> str:
    return wallet_summary(merchant=merchant)["balance"]


def test_a_settled_order_of_a_member_pays_its_inviter_once(merchant, member, operator):
    set_rate("10")
    order = received_order(member, operator, retail="50.00")  # T 50.00, C 45.00, profit 5.00
    assert settle(order)
    reward = ReferralReward.objects.get()
    assert (reward.inviter, reward.member, reward.order_id, reward.order_number) == (
        merchant,
        member,
        order.pk,
        order.number,
    )
    assert (reward.profit, reward.rate, reward.amount) == (Decimal("5.00"), Decimal("10.00"), Decimal("0.50"))
    assert _balance(merchant) == "0.50"
    assert account_get(kind=AccountKind.REFERRAL).balance == Decimal("-0.50")
    entry = JournalEntry.objects.get(reference=f"referral:{order.pk}")
    assert (entry.kind, entry.memo) == (EntryKind.REFERRAL_REWARD, "J. S. S.")
    # The member's own settlement is untouched: it gets its whole T.
    assert _balance(member) == "55.00"  # funded 50.00, paid C 45.00, received T 50.00

    # Settling again (a retried beat run) and calling the hook again (a retried hook) pay nothing more.
    assert settle(order) is False
    order.refresh_from_db()
    assert services.referral_reward_pay(order=order) == reward
    assert ReferralReward.objects.count() == 1
    assert JournalEntry.objects.filter(kind=EntryKind.REFERRAL_REWARD).count() == 1
    assert _balance(merchant) == "0.50"


def test_no_reward_at_rate_zero_without_inviter_or_when_it_rounds_to_nothing(merchant, member, operator):
    settled_order(member, operator)  # no rate set: 0, off
    set_rate("0")
    settled_order(member, operator)
    set_rate("10")
    loner = MerchantFactory()
    settled_order(loner, operator)  # registered with a platform code: no inviter
    set_rate("0.2")
    settled_order(member, operator, retail="2.00")  # profit 0.20 x 0.2 % = 0.0004 -> 0.00
    assert not ReferralReward.objects.exists()
    assert not JournalEntry.objects.filter(kind=EntryKind.REFERRAL_REWARD).exists()
    assert _balance(merchant) == "0.00"


def test_a_rate_change_applies_to_later_settlements_only(merchant, member, operator):
    set_rate("10")
    first = settled_order(member, operator)  # profit 2.00 -> 0.20
    waiting = received_order(member, operator)
    set_rate("25")
    assert settle(waiting)  # settled after the change: 2.00 x 25 % = 0.50
    rewards = {r.order_id: (r.rate, r.amount) for r in ReferralReward.objects.all()}
    assert rewards == {
        first.pk: (Decimal("10.00"), Decimal("0.20")),
        waiting.pk: (Decimal("25.00"), Decimal("0.50")),
    }
    assert _balance(merchant) == "0.70"


def test_the_reward_is_paid_whatever_the_inviter_status(merchant, member, operator):
    set_rate("50")
    merchant.status = "closed"
    merchant.save(update_fields=["status"])
    settled_order(member, operator)
    assert _balance(merchant) == "1.00"


def test_the_rate_is_bounded_and_its_history_is_kept(operator):
    assert rate_current() == Decimal("0.00")
    for bad in ("-1", "50.01", "0.001"):
        with pytest.raises(AppError) as refused:
            set_rate(bad)
        assert refused.value.data == {
            "errors": {"percent": ["The rate must be from 0.00 to 50.00 percent, with at most 2 decimals."]}
        }
    set_rate("5", operator)  # the first rate ever applies at once
    set_rate("7.5", operator)  # a change applies after the notice period
    assert rate_current() == Decimal("5.00")
    with time_machine.travel(timezone.now() + timedelta(days=settings.TERMS_NOTICE_DAYS, minutes=1)):
        assert rate_current() == Decimal("7.50")
    assert [r.percent for r in ReferralRate.objects.all()] == [Decimal("7.50"), Decimal("5.00")]
    row = ReferralRate.objects.first()
    row.percent = Decimal("1")
    with pytest.raises(AppendOnlyError):
        row.save()
    with pytest.raises(AppendOnlyError):
        row.delete()


@pytest.mark.parametrize(
    "name, masked",
    [("John Smith", "J. S."), ("  ann   lee  ", "A. L."), ("王小明", "王."), ("A B C D", "A. B. C."), ("", "•")],
)
def test_names_are_masked_to_initials(name, masked):
    assert masked_name(name) == masked
