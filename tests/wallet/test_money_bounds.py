"""Every money input has an upper bound per operation (settings.MONEY_MAX), published on the screens, checked where
the value enters (the API's money field and the services), and what is stored reads back exactly on SQLite and
PostgreSQL (issue 8, finding 1)."""

from decimal import Decimal

import pytest
from django.urls import reverse

from apps.core.money import MONEY_CEILING, money_max
from apps.wallet import services
from apps.wallet.models import Adjustment, Deposit, JournalLine, LedgerAccount, Withdrawal
from apps.wallet.selectors import wallet_summary
from tests.factories import DEFAULT_PAY_PASSWORD, fund

HUGE = "999999999999999999.99"  # fits the column (20 digits), not SQLite's REAL
ROUNDED_ON_SQLITE = "12345678901234.56"  # 16 significant digits


def _bank_deposit(amount: str) -> dict:
    return {"type": "bank", "amount": amount, "name": "Ann Lee", "card_number": "6222 0000 1111 2222", "bank_name": "B"}


def _bank_withdrawal(amount: str) -> dict:
    return {
        "method": "bank",
        "full_name": "Ann Lee",
        "bank_name": "Good Bank",
        "account": "6222 0000 1111 2222",
        "amount": amount,
        "pay_password": DEFAULT_PAY_PASSWORD,
    }


@pytest.fixture
def at_the_ceiling(settings):
    """Bounds lifted as far as a setting can: the largest amounts the app ever stores."""
    settings.MONEY_MAX = {**settings.MONEY_MAX, "deposit": str(MONEY_CEILING), "credit": str(MONEY_CEILING)}


@pytest.mark.parametrize("amount", [HUGE, ROUNDED_ON_SQLITE, "1000000.01"])
def test_a_deposit_above_the_maximum_is_refused_and_nothing_is_stored(merchant_api, amount):
    body = merchant_api.post("/merchant/merchant/recharge", _bank_deposit(amount)).json()
    assert body["code"] == 0, body
    assert body["msg"] == "The amount cannot be more than 1000000.00 USD."
    assert "amount" in body["data"]["errors"]
    assert not Deposit.objects.exists()
    assert merchant_api.get("/merchant/merchant/recharge_log").json()["data"]["total"] == 0


def test_the_services_refuse_an_amount_above_the_maximum_too(merchant, operator):
    with pytest.raises(Exception, match="cannot be more than"):
        services.deposit_create(
            merchant=merchant,
            method="bank",
            amount=Decimal(HUGE),
            payer_name="A",
            card_number="40001234",
            bank_name="B",
        )
    with pytest.raises(Exception, match="cannot be more than"):
        services.adjustment_request(merchant=merchant, amount=Decimal("-1000000.01"), reason="typo", operator=operator)
    deposit = services.deposit_create(
        merchant=merchant, method="bank", amount=Decimal("10"), payer_name="A", card_number="40001234", bank_name="B"
    )
    with pytest.raises(Exception, match="cannot be more than"):
        services.deposit_approve(
            deposit_id=deposit.pk, operator=operator, credited_amount=Decimal("1000000.01"), note="Bank statement"
        )
    assert not Adjustment.objects.exists()
    assert not JournalLine.objects.exists()


def test_a_setting_cannot_lift_a_bound_past_what_sqlite_reads_back(settings):
    settings.MONEY_MAX = {**settings.MONEY_MAX, "deposit": HUGE}
    assert money_max("deposit") == MONEY_CEILING == Decimal("9999999999999.99")


def test_the_maximum_deposit_round_trips_exactly_and_the_operators_pages_answer(
    merchant_api, merchant, admin_client, at_the_ceiling
):
    ceiling = str(MONEY_CEILING)
    body = merchant_api.post("/merchant/merchant/recharge", _bank_deposit(ceiling)).json()
    assert body["code"] == 1, body
    deposit = Deposit.objects.get()
    deposit.refresh_from_db()
    assert deposit.amount == MONEY_CEILING
    log = merchant_api.get("/merchant/merchant/recharge_log").json()
    assert log["data"]["list"][0]["amount"] == ceiling
    for url in (
        reverse("admin:wallet_deposit_changelist"),
        reverse("admin:wallet_deposit_change", args=[deposit.pk]),
        reverse("admin:wallet_deposit_reject", args=[deposit.pk]),
        reverse("admin:wallet_deposit_approve", args=[deposit.pk]),
    ):
        page = admin_client.get(url)
        assert page.status_code == 200, url
    assert (
        admin_client.post(
            reverse("admin:wallet_deposit_approve", args=[deposit.pk]),
            {"credited_amount": ceiling, "note": "Statement"},
        ).status_code
        == 302
    )
    deposit.refresh_from_db()
    assert deposit.credited_amount == MONEY_CEILING
    assert wallet_summary(merchant=merchant)["balance"] == ceiling
    assert LedgerAccount.objects.get(merchant=merchant, kind="available").balance == MONEY_CEILING
    assert merchant_api.get("/merchant/merchant/bill").json()["data"]["list"][0]["balance_after"] == ceiling
    assert admin_client.get(reverse("admin:wallet_deposit_change", args=[deposit.pk])).status_code == 200


def test_the_operators_forms_refuse_an_amount_above_the_maximum(admin_client, merchant):
    deposit = services.deposit_create(
        merchant=merchant, method="bank", amount=Decimal("10"), payer_name="A", card_number="40001234", bank_name="B"
    )
    english = {"HTTP_ACCEPT_LANGUAGE": "en"}
    page = admin_client.post(
        reverse("admin:wallet_deposit_approve", args=[deposit.pk]), {"credited_amount": HUGE}, **english
    )
    assert page.status_code == 200
    assert "The amount cannot be more than 1000000.00 USD." in page.content.decode()
    page = admin_client.post(
        reverse("admin:wallet_adjustment_add"),
        {"merchant": merchant.pk, "amount": "1000000.01", "reason": "typo"},
        **english,
    )
    assert page.status_code == 200
    assert "The amount cannot be more than 1000000.00 USD." in page.content.decode()
    assert not Adjustment.objects.exists()


def test_a_withdrawal_above_the_maximum_is_refused(merchant_api, merchant, fee_rule, settings):
    settings.MONEY_MAX = {**settings.MONEY_MAX, "withdrawal": "100.00"}
    fund(merchant, "500")
    body = merchant_api.post("/merchant/merchant/extract", _bank_withdrawal("100.01")).json()
    assert body["code"] == 0
    assert body["data"]["errors"]["amount"] == ["The amount cannot be more than 100.00 USD."]
    assert not Withdrawal.objects.exists()
    preview = merchant_api.get("/merchant/merchant/extract", {"amount": HUGE}).json()
    assert (preview["code"], preview["msg"]) == (0, "The amount cannot be more than 100.00 USD.")
    assert merchant_api.post("/merchant/merchant/extract", _bank_withdrawal("100.00")).json()["code"] == 1


def test_the_screens_get_the_maxima(merchant_api, fee_rule, trc20):
    form = merchant_api.get("/merchant/merchant/extract").json()["data"]
    assert form["maximum"] == "500000.00"
    options = merchant_api.get("/merchant/merchant/getBlockchain").json()["data"]
    assert options["maximum"] == "1000000.00"
