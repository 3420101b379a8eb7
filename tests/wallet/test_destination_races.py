"""Payout destinations under concurrency on PostgreSQL: the decision is made under the merchant row's lock."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from apps.core.errors import AppError, ErrorCode
from apps.wallet import services
from apps.wallet.models import JournalEntry, PayoutDestination, Withdrawal
from apps.wallet.selectors import wallet_summary
from apps.wallet.services.destinations import destination_add, destination_remove, payout_fields_valid
from tests.concurrency import concurrently
from tests.conftest import ApiClient
from tests.factories import DEFAULT_PAY_PASSWORD, fund

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

WITHDRAW = {
    "method": "bank",
    "full_name": "A",
    "bank_name": "B",
    "account": "40001234",
    "amount": "10",
    "pay_password": DEFAULT_PAY_PASSWORD,
}


@pytest.fixture(autouse=True)
def _published_wait(_destinations_usable_at_once, settings):
    settings.PAYOUT_COOLING_OFF_HOURS = 24


def test_two_withdrawals_at_once_to_a_new_destination_are_both_refused(merchant, fee_rule):
    fund(merchant, "100")
    token = ApiClient().login_as(merchant).token

    def withdraw(_i):
        client = ApiClient()
        client.token = token
        return client.post("/merchant/merchant/extract", WITHDRAW).json()

    answers = concurrently(4, withdraw)
    assert [a["code"] for a in answers] == [0, 0, 0, 0], answers
    destination = PayoutDestination.objects.get()  # one destination, waiting
    assert {a["data"]["destination"] for a in answers} == {destination.pk}
    assert not Withdrawal.objects.exists() and not JournalEntry.objects.filter(kind="withdrawal").exists()
    assert wallet_summary(merchant=merchant)["balance"] == "100.00"
    call_command("check_ledger", verbosity=0)


def test_a_withdrawal_racing_a_removal_never_pays_to_a_removed_destination(merchant, fee_rule):
    fund(merchant, "100")
    fields = payout_fields_valid(method="bank", account="40001234", holder="A", bank_name="B")
    for _round in range(4):
        destination = destination_add(merchant=merchant, fields=fields)
        PayoutDestination.objects.filter(pk=destination.pk).update(usable_from=timezone.now() - timedelta(days=2))

        def step(i, pk=destination.pk):
            if i == 0:
                return destination_remove(merchant=merchant, destination_id=pk)
            return services.withdrawal_create(
                merchant=merchant, pay_password=DEFAULT_PAY_PASSWORD, amount=10, destination_id=pk
            )

        removal, withdrawal = concurrently(2, step)
        assert not isinstance(removal, Exception), removal
        removed = PayoutDestination.objects.get(pk=destination.pk)
        assert removed.removed_at is not None
        if isinstance(withdrawal, Withdrawal):
            assert withdrawal.created_at <= removed.removed_at  # made before the removal committed
        else:
            assert isinstance(withdrawal, AppError) and withdrawal.error_code == ErrorCode.NOT_FOUND, withdrawal
            assert not Withdrawal.objects.filter(destination=removed).exists()
    call_command("check_ledger", verbosity=0)
