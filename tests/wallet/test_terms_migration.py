"""The wallet's terms become versions (migration wallet 0008): every existing network, bank account and active fee
rule is kept as the version in force since it was made; deposits keep pointing at their network."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

from tests.factories import MerchantFactory

from .conftest import TRC20_ADDRESS

BEFORE = [("wallet", "0007_alter_journalentry_kind")]
AFTER = [("wallet", "0008_terms_versions")]
MADE = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def test_existing_terms_are_kept_as_the_versions_in_force(migrate_to):
    old = migrate_to(BEFORE)

    def made(model, days, **fields):
        row = old.get_model("wallet", model).objects.create(**fields)
        old.get_model("wallet", model).objects.filter(pk=row.pk).update(created_at=MADE + timedelta(days=days))
        return row

    network = made("DepositNetwork", 0, code="USDT-TRC20", address_format="tron", address=TRC20_ADDRESS, minimum=10)
    retired = made("DepositNetwork", 1, code="USDT-OLD", address_format="tron", address=TRC20_ADDRESS, is_active=False)
    first_bank = made("BankDepositDetails", 0, bank_name="A", account_name="Ltd", account_number="1")
    second_bank = made("BankDepositDetails", 1, bank_name="B", account_name="Ltd", account_number="2")
    made("WithdrawalFeeRule", 0, fixed_fee=Decimal("1"), percent_fee=Decimal("1"), minimum=Decimal("10"))
    applied = made("WithdrawalFeeRule", 1, fixed_fee=Decimal("2"), percent_fee=Decimal("1"), minimum=Decimal("10"))
    made("WithdrawalFeeRule", 2, fixed_fee=Decimal("9"), percent_fee=Decimal("50"), is_active=False)  # never applied
    deposit = old.get_model("wallet", "Deposit").objects.create(
        merchant_id=MerchantFactory().pk, method="chain", network=network, amount=Decimal("50"), number="D1"
    )

    from apps.wallet.models import BankDepositDetails, Deposit, DepositNetwork, WithdrawalFeeRule

    migrate_to(AFTER)
    networks = {n.pk: n for n in DepositNetwork.objects.in_force()}
    assert set(networks) == {network.pk, retired.pk}
    assert networks[network.pk].effective_from == networks[network.pk].announced_at == MADE
    assert not networks[retired.pk].is_active
    assert {b.pk: b.label for b in BankDepositDetails.objects.in_force()} == {
        first_bank.pk: "main",
        second_bank.pk: f"account-{second_bank.pk}",
    }
    [rule] = WithdrawalFeeRule.objects.in_force()
    assert (rule.pk, rule.fixed_fee, rule.effective_from) == (applied.pk, Decimal("2.00"), MADE + timedelta(days=1))
    assert WithdrawalFeeRule.objects.count() == 2
    assert Deposit.objects.get(pk=deposit.pk).network_id == network.pk
