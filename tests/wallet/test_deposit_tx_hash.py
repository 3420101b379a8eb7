"""Attack 7 (one transfer credited twice): a chain transaction is credited at most once across all deposits, whether
the chain check or an operator approves it; the operator deciding a deposit sees the other deposits with its hash."""

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from apps.accounts.models import OperatorAction
from apps.wallet import services
from apps.wallet.constants import DepositStatus
from apps.wallet.models import Deposit, JournalEntry
from apps.wallet.selectors import wallet_summary
from tests.factories import MerchantFactory, staff_operator, upload_image
from tests.helpers import admin_as

H = "9f" * 32  # one transaction's hash


@pytest.fixture
def cashier(client):
    """An operator who decides deposits: may view and change them, nothing more."""
    user = staff_operator("cashier", "wallet.view_deposit", "wallet.change_deposit")
    admin_as(client, user)
    return user


def _chain_deposit(merchant, network, tx_hash="", amount="50"):
    return services.deposit_create(
        merchant=merchant,
        method="chain",
        amount=Decimal(amount),
        network_code=network.code,
        voucher_key=upload_image(kind="voucher", owner=merchant).key,
        tx_hash=tx_hash,
    )


def _approve(client, deposit, **data):
    url = reverse("admin:wallet_deposit_approve", args=[deposit.pk])
    return client.post(url, {"credited_amount": str(deposit.amount), "note": "Seen on the explorer", **data})


def test_an_operator_cannot_credit_a_credited_hash_again_for_another_merchant(client, cashier, trc20, erc20):
    first, second = MerchantFactory(), MerchantFactory()
    # Both claim transaction H before either is decided: merchant 2 spells it another way, on another network.
    a = _chain_deposit(first, trc20, tx_hash=H)
    b = _chain_deposit(second, erc20, tx_hash="0x" + H.upper())
    assert _approve(client, a).status_code == 302
    a.refresh_from_db()
    assert (a.status, a.credited_tx_hash) == (DepositStatus.APPROVED, H)

    # The operator opening B sees A, linked, on the deposit's page and on the approval page.
    link = reverse("admin:wallet_deposit_change", args=[a.pk])
    for url in (
        reverse("admin:wallet_deposit_change", args=[b.pk]),
        reverse("admin:wallet_deposit_approve", args=[b.pk]),
    ):
        page = client.get(url).content.decode()
        assert "The same transaction hash is on:" in page, url
        assert f'<a href="{link}">{a.number}</a>' in page and "credited with this hash" in page, url

    # Approving B by hand is refused with the reason, and credits nothing.
    response = _approve(client, b)
    assert response.status_code == 200
    assert f"Transaction {H} was already credited by deposit {a.number}: it is not credited twice." in (
        response.content.decode()
    )
    b.refresh_from_db()
    assert (b.status, b.credited_tx_hash, b.credited_amount) == (DepositStatus.PENDING, None, None)
    assert wallet_summary(merchant=second)["balance"] == "0.00"
    assert not JournalEntry.objects.filter(reference=f"deposit:{b.pk}").exists()
    assert not OperatorAction.objects.filter(merchant=second).exists()
    # Nor by typing the hash again in another spelling.
    response = _approve(client, b, tx_hash="0X" + H)
    assert "was already credited by deposit" in response.content.decode()
    b.refresh_from_db()
    assert b.status == DepositStatus.PENDING
    # What the operator can still do: reject it, with a reason the merchant is told.
    reject = reverse("admin:wallet_deposit_reject", args=[b.pk])
    assert client.post(reject, {"reason": "This transfer was credited to another deposit."}).status_code == 302
    assert wallet_summary(merchant=first)["balance"] == "50.00"


def test_a_deposit_without_a_hash_is_credited_under_the_hash_the_operator_reads(client, cashier, trc20):
    first, second = MerchantFactory(), MerchantFactory()
    a = _chain_deposit(first, trc20)  # no hash given: the operator reads it from the voucher
    assert _approve(client, a, tx_hash="").status_code == 200  # a chain deposit needs its hash
    assert _approve(client, a, tx_hash="not-a-hash").status_code == 200
    a.refresh_from_db()
    assert a.status == DepositStatus.PENDING
    assert _approve(client, a, tx_hash="0x" + H).status_code == 302
    a.refresh_from_db()
    assert (a.status, a.credited_tx_hash) == (DepositStatus.APPROVED, H)
    # The same transfer's voucher under another merchant's deposit, also without a hash: refused.
    b = _chain_deposit(second, trc20)
    response = _approve(client, b, tx_hash=H)
    assert f"already credited by deposit {a.number}" in response.content.decode()
    assert Deposit.objects.get(pk=b.pk).status == DepositStatus.PENDING
    # And the merchant can no longer submit it either.
    with pytest.raises(Exception, match="already credited"):
        _chain_deposit(second, trc20, tx_hash=H)


def test_bank_deposits_are_approved_without_a_hash(client, cashier, merchant):
    deposit = services.deposit_create(
        merchant=merchant, method="bank", amount=Decimal("30"), payer_name="A", card_number="40001234", bank_name="B"
    )
    page = client.get(reverse("admin:wallet_deposit_approve", args=[deposit.pk])).content.decode()
    assert 'name="tx_hash"' not in page
    assert _approve(client, deposit).status_code == 302
    deposit.refresh_from_db()
    assert (deposit.status, deposit.credited_tx_hash) == (DepositStatus.APPROVED, None)


def test_the_database_refuses_a_second_credit_of_one_hash(merchant, trc20, operator):
    a = _chain_deposit(merchant, trc20, tx_hash=H)
    services.deposit_approve(deposit_id=a.pk, operator=operator, note="ok")
    b = _chain_deposit(MerchantFactory(), trc20)
    with pytest.raises(IntegrityError), transaction.atomic():
        Deposit.objects.filter(pk=b.pk).update(credited_tx_hash=H)
