"""The referral reward under concurrency on PostgreSQL: real transactions in parallel threads."""

from datetime import timedelta
from decimal import Decimal

import pytest
import time_machine
from django.core.management import call_command
from django.db import transaction
from django.utils import timezone

from apps.alliance import services as alliance_services
from apps.alliance.models import ReferralReward
from apps.orders import services
from apps.orders.models import Order
from apps.wallet.constants import EntryKind
from apps.wallet.models import JournalEntry
from apps.wallet.selectors import wallet_summary
from tests.concurrency import concurrently
from tests.factories import DEFAULT_PAY_PASSWORD, fund, place_order

from .conftest import received_order, set_rate

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_workers_settling_one_order_at_once_pay_the_reward_once(merchant, member, operator):
    set_rate("10")
    order = received_order(member, operator, retail="50.00")
    with time_machine.travel(timezone.now() + timedelta(days=8)):
        results = concurrently(4, lambda i: services.order_settle(order_id=order.pk))
    assert sorted(results) == [False, False, False, True]
    assert ReferralReward.objects.filter(order_id=order.pk).count() == 1
    assert JournalEntry.objects.filter(reference=f"referral:{order.pk}").count() == 1
    assert wallet_summary(merchant=merchant)["balance"] == "0.50"
    call_command("check_ledger", verbosity=0)


def test_the_hook_called_at_once_in_several_transactions_pays_once(merchant, member, operator):
    """Without the order lock (the hook run again by hand while another run pays), the unique reward row and the
    unique ledger reference still let one payment through: the others wait for it and find it."""
    order = received_order(member, operator)
    with time_machine.travel(timezone.now() + timedelta(days=8)):
        assert services.order_settle(order_id=order.pk)  # the rate is 0: no reward yet
    set_rate("10")
    order.refresh_from_db()

    def pay(i):
        with transaction.atomic():
            return alliance_services.referral_reward_pay(order=order)

    results = concurrently(3, pay)
    assert all(isinstance(r, ReferralReward) for r in results), results
    assert {r.pk for r in results} == {ReferralReward.objects.get().pk}
    assert JournalEntry.objects.filter(kind=EntryKind.REFERRAL_REWARD).count() == 1
    assert wallet_summary(merchant=merchant)["balance"] == "0.20"
    call_command("check_ledger", verbosity=0)


def test_a_settlement_paying_the_reward_while_the_inviter_picks_up(merchant, member, operator):
    """Both apply, many times over: the settlement locks the inviter's balance to pay the reward and references the
    inviter's row at commit, while the inviter's pickup holds that row and needs the balance (a deadlock when the
    merchant row was locked FOR UPDATE)."""
    set_rate("10")
    rounds = 10
    fund(merchant, str(Decimal("18.00") * rounds))
    settled = [received_order(member, operator, retail="50.00") for _ in range(rounds)]
    Order.objects.filter(pk__in=[order.pk for order in settled]).update(settle_at=timezone.now())  # all due
    for received in settled:
        order = place_order(merchant)
        results = concurrently(
            2,
            lambda i, order=order, received=received: (
                services.order_pick(merchant=merchant, order_id=order.pk, pay_password=DEFAULT_PAY_PASSWORD)
                if i == 0
                else services.order_settle(order_id=received.pk)
            ),
        )
        assert isinstance(results[0], Order) and results[1] is True, results
    assert ReferralReward.objects.count() == rounds
    assert wallet_summary(merchant=merchant)["balance"] == str(Decimal("0.50") * rounds)
    call_command("check_ledger", verbosity=0)
