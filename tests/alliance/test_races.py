"""The referral reward under concurrency on PostgreSQL: real transactions in parallel threads."""

from datetime import timedelta

import pytest
import time_machine
from django.core.management import call_command
from django.db import transaction
from django.utils import timezone

from apps.alliance import services as alliance_services
from apps.alliance.models import ReferralReward
from apps.orders import services
from apps.wallet.constants import EntryKind
from apps.wallet.models import JournalEntry
from apps.wallet.selectors import wallet_summary
from tests.concurrency import concurrently
from tests.wallet.conftest import postgres_only

from .conftest import received_order, set_rate

pytestmark = [postgres_only, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


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
