"""Every state machine moves only through core's transition(): each allowed move writes one audit row; every other
move is refused with ErrorCode.STATE and changes nothing."""

from decimal import Decimal
from itertools import product

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.utils import timezone, translation

from apps.accounts.constants import MERCHANT_TRANSITIONS, MerchantStatus
from apps.accounts.models import Merchant
from apps.core.errors import AppError, ErrorCode
from apps.core.hooks import Hook
from apps.core.models import AppendOnlyError, StatusChange
from apps.core.transitions import transition
from apps.wallet.constants import DEPOSIT_TRANSITIONS, WITHDRAWAL_TRANSITIONS, DepositStatus, WithdrawalStatus
from apps.wallet.models import Deposit, Withdrawal
from tests.factories import MerchantFactory
from tests.history import status_history


def _deposit():
    merchant = MerchantFactory()
    return Deposit.objects.create(merchant=merchant, method="bank", amount=Decimal("10"), number=f"D{merchant.pk}")


def _withdrawal():
    merchant = MerchantFactory()
    return Withdrawal.objects.create(
        merchant=merchant,
        number=f"W{merchant.pk}",
        method="bank",
        currency="USD",
        full_name="A",
        account="40001234",
        amount=Decimal("10"),
        fee=Decimal("0"),
        actual_amount=Decimal("10"),
        review_due_at=timezone.now(),
    )


MACHINES = {
    "merchant": (Merchant, MERCHANT_TRANSITIONS, list(MerchantStatus), MerchantFactory),
    "deposit": (Deposit, DEPOSIT_TRANSITIONS, list(DepositStatus), _deposit),
    "withdrawal": (Withdrawal, WITHDRAWAL_TRANSITIONS, list(WithdrawalStatus), _withdrawal),
}
# What the database's constraints want beside a decided status (the services set these with the move).
DECIDED = {
    "merchant": {},
    "deposit": {"credited_amount": Decimal("10"), "reviewed_at": timezone.now()},
    "withdrawal": {"payout_reference": "ref", "reviewed_at": timezone.now()},
}
CASES = [
    pytest.param(name, source, target, id=f"{name}:{source}->{target}")
    for name, (_model, _table, statuses, _make) in MACHINES.items()
    for source, target in product(statuses, statuses)
]


@pytest.mark.django_db
@pytest.mark.parametrize(("machine", "source", "target"), CASES)
def test_each_move_is_allowed_by_its_table_or_refused(machine, source, target):
    model, table, _statuses, make = MACHINES[machine]
    obj = make()
    # The starting state, set outside the machine.
    model.objects.filter(pk=obj.pk).update(status=source, **DECIDED[machine])
    obj.refresh_from_db()
    if target in table[source]:
        transition(obj, target, note="why", changes=DECIDED[machine])
        obj.refresh_from_db()
        assert obj.status == target
        change = status_history(obj).get()
        assert (change.from_status, change.to_status, change.note) == (str(source), str(target), "why")
        return
    with translation.override("en"), pytest.raises(AppError) as refused:
        transition(obj, target, note="why", changes=DECIDED[machine])
    assert refused.value.error_code == ErrorCode.STATE
    obj.refresh_from_db()
    assert obj.status == source
    assert not status_history(obj).exists()


@pytest.mark.django_db
def test_the_refusal_names_the_states_in_the_request_language():
    merchant = MerchantFactory(status=MerchantStatus.ACTIVE)
    with translation.override("en"), pytest.raises(AppError) as refused:
        transition(merchant, MerchantStatus.REJECTED)
    assert str(refused.value.message) == "A merchant who is Active cannot become Rejected."
    assert refused.value.data == {"status": "active"}


@pytest.mark.django_db
def test_a_stale_object_is_checked_against_the_row_not_its_own_fields():
    merchant = MerchantFactory(status=MerchantStatus.PENDING)
    stale = Merchant.objects.get(pk=merchant.pk)
    transition(merchant, MerchantStatus.ACTIVE)
    with pytest.raises(AppError):
        transition(stale, MerchantStatus.REJECTED)  # the copy still says pending; the row says active
    assert Merchant.objects.get(pk=merchant.pk).status == MerchantStatus.ACTIVE
    assert StatusChange.objects.count() == 1


@pytest.mark.django_db
def test_status_changes_are_append_only():
    merchant = MerchantFactory(status=MerchantStatus.PENDING)
    transition(merchant, MerchantStatus.ACTIVE)
    change = StatusChange.objects.get()
    change.note = "edited"
    with pytest.raises(AppendOnlyError):
        change.save()
    with pytest.raises(AppendOnlyError):
        change.delete()


def test_a_hook_without_an_implementation_fails_loudly_and_takes_one():
    hook = Hook("probe")
    with pytest.raises(ImproperlyConfigured):
        hook(value=1)
    hook.register(lambda *, value: value * 2)
    assert hook(value=2) == 4
    with pytest.raises(ImproperlyConfigured):
        hook.register(lambda *, value: value)


@pytest.mark.django_db
def test_the_platform_s_wording_is_kept_as_a_message_and_read_in_the_reader_s_language():
    merchant = MerchantFactory(status=MerchantStatus.PENDING)
    wording = "The buyer paid %(paid)s; the order asked %(asked)s"
    with translation.override("en"):  # the language of the move does not matter: the row keeps the msgid
        transition(merchant, MerchantStatus.ACTIVE, message=wording, params={"paid": "5 USD", "asked": "7 USD"})
    change = status_history(merchant).get()
    assert (change.note, change.params) == (wording, {"paid": "5 USD", "asked": "7 USD"})
    with translation.override("ru"):
        assert change.rendered_note() == "Покупатель заплатил 5 USD, а заказ стоит 7 USD"  # noqa: RUF001 - Russian
    with translation.override("en"):
        assert change.rendered_note() == "The buyer paid 5 USD; the order asked 7 USD"


@pytest.mark.django_db
def test_someone_s_own_words_are_shown_as_written_in_every_language():
    merchant = MerchantFactory(status=MerchantStatus.PENDING)
    transition(merchant, MerchantStatus.ACTIVE, note="Paid by the buyer, 100% (%(sure)s)")  # words, not a msgid
    change = status_history(merchant).get()
    assert change.params is None
    with translation.override("ru"):
        assert change.rendered_note() == "Paid by the buyer, 100% (%(sure)s)"
