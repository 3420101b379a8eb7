import re
from decimal import Decimal

import pytest

from apps.accounts.constants import MerchantStatus
from apps.accounts.models import OperatorAction
from apps.core.errors import AppError
from apps.support.models import Notice
from apps.wallet import services
from apps.wallet.constants import AccountKind, WithdrawalStatus
from apps.wallet.ledger import account_get
from apps.wallet.models import Withdrawal
from apps.wallet.selectors import wallet_summary
from tests.factories import DEFAULT_PAY_PASSWORD, MerchantFactory, fund
from tests.history import status_history

from .conftest import ERC20_ADDRESS, TRC20_ADDRESS

URL = "/merchant/merchant/extract"


def _bank(**extra):
    return {
        "method": "bank",
        "full_name": "Ann Lee",
        "bank_name": "Good Bank",
        "account": "6222 0000 1111 2222",
        "amount": "50.00",
        "pay_password": DEFAULT_PAY_PASSWORD,
        **extra,
    }


def test_extract_form_shows_balance_methods_networks_fee_rule_and_preview(merchant_api, funded, trc20):
    data = merchant_api.get(URL).json()["data"]
    assert data["balance"] == "100.00"
    assert [m["code"] for m in data["methods"]] == ["chain", "bank"]
    [network] = data["networks"]
    assert {k: network[k] for k in ("code", "currency", "address_format")} == {
        "code": "USDT-TRC20",
        "currency": "USDT",
        "address_format": "tron",
    }
    # The form receives the patterns the service checks with, so the screen refuses what the server would.
    assert re.match(network["address_pattern"], TRC20_ADDRESS)
    assert not re.match(network["address_pattern"], ERC20_ADDRESS)
    assert re.match(data["card_pattern"], "6222 0000 1111 2222")
    assert not re.match(data["card_pattern"], "12ab")
    assert (data["fee_fixed"], data["fee_percent"], data["minimum"], data["preview"]) == ("1.00", "2.00", "10.00", None)
    previewed = merchant_api.get(URL, {"amount": "50"}).json()["data"]
    assert previewed["preview"] == {"amount": "50.00", "fee": "2.00", "actual_amount": "48.00"}


def test_bank_withdrawal_moves_available_to_held_with_fee_stored(merchant_api, funded):
    body = merchant_api.post(URL, _bank()).json()
    assert body["code"] == 1, body
    assert (body["data"]["amount"], body["data"]["fee"], body["data"]["actual_amount"]) == ("50.00", "2.00", "48.00")
    assert body["data"]["status_label"] == "In review"
    assert body["data"]["account"] == "•••• 2222"  # the card's last four digits, never the whole number
    assert Withdrawal.objects.get().account == "6222 0000 1111 2222"  # kept whole for the payout
    assert merchant_api.get("/merchant/merchant/extract_log").json()["data"]["list"][0]["account"] == "•••• 2222"
    assert wallet_summary(merchant=funded) == {
        "balance": "50.00",
        "pending_amount": "50.00",
        "held_amount": "50.00",  # the withdrawal in review, labelled for what it is
        "pending_sales": "0.00",
        "total_income": "0.00",
    }


@pytest.mark.parametrize(
    ("lang", "payload", "message"),
    [
        ("en", {"amount": "0"}, "Cannot be zero"),
        ("zh-CN", {"amount": "0"}, "不能为零"),
        ("en", {"amount": "100.01"}, "Cannot exceed balance"),
        ("ru-RU", {"amount": "100.01"}, "Не может превышать баланс"),  # noqa: RUF001
        ("en", {"amount": "9.99"}, "The minimum withdrawal is 10.00 USD."),
        ("en", {"pay_password": "000000"}, "Wrong payment password. 4 tries left."),
        ("en", {"pay_password": ""}, "Please enter the payment password"),
        ("en", {"account": "12ab"}, "The card number is not valid."),
        ("en", {"bank_name": ""}, "Please enter the bank name."),
        ("en", {"method": "paypal"}, "Please choose a withdrawal method."),
        ("en", {"currency": "EUR"}, "This currency is not available for this method."),
        ("en", {"method": "chain", "network": "USDT-TRC20", "account": ERC20_ADDRESS}, None),
        ("ri", {"method": "chain", "network": "USDT-ERC20", "account": TRC20_ADDRESS}, None),
    ],
)
def test_bad_withdrawals_are_refused_and_move_nothing(merchant_api, funded, trc20, erc20, lang, payload, message):
    merchant_api.lang = lang
    body = merchant_api.post(URL, _bank(**payload)).json()
    assert body["code"] == 0
    expected = (
        message
        or {
            "en": "This is not a valid USDT-TRC20 address.",
            "ri": "有効な USDT-ERC20 アドレスではありません。",
        }[lang]
    )
    assert body["msg"] == expected
    assert not Withdrawal.objects.exists()
    assert wallet_summary(merchant=funded)["balance"] == "100.00"


@pytest.mark.parametrize(("network", "address"), [("USDT-TRC20", TRC20_ADDRESS), ("USDT-ERC20", ERC20_ADDRESS)])
def test_chain_withdrawal_checks_the_address_for_its_network(merchant_api, funded, trc20, erc20, network, address):
    body = merchant_api.post(URL, _bank(method="chain", network=network, account=address, bank_name="")).json()
    assert body["code"] == 1, body
    assert (body["data"]["network"], body["data"]["currency"]) == (network, "USDT")


def test_merchant_under_review_cannot_withdraw(api, fee_rule):
    pending = MerchantFactory(status=MerchantStatus.PENDING)
    api.login_as(pending).lang = "ru-RU"
    body = api.post(URL, _bank()).json()
    assert (body["code"], body["msg"]) == (0, "Вывод станет доступен после одобрения регистрации.")


def test_closed_shop_can_still_withdraw(merchant_api, funded):
    funded.status = MerchantStatus.CLOSED
    funded.save()
    assert merchant_api.post(URL, _bank()).json()["code"] == 1
    assert Withdrawal.objects.get().merchant == funded


def test_operator_pays_once_fee_goes_to_revenue(funded, operator):
    w = services.withdrawal_create(merchant=funded, pay_password=DEFAULT_PAY_PASSWORD, **_args())
    services.withdrawal_pay(withdrawal_id=w.pk, operator=operator, reference="BANK-REF-1")
    for second in (
        lambda: services.withdrawal_pay(withdrawal_id=w.pk, operator=operator, reference="again"),
        lambda: services.withdrawal_reject(withdrawal_id=w.pk, operator=operator, reason="late"),
    ):
        with pytest.raises(AppError):
            second()
    w.refresh_from_db()
    assert (w.status, w.payout_reference, w.reviewed_by) == (WithdrawalStatus.PAID, "BANK-REF-1", operator)
    assert account_get(kind=AccountKind.HELD, merchant=funded).balance == 0
    assert account_get(kind=AccountKind.REVENUE_FEES).balance == Decimal("2.00")
    assert account_get(kind=AccountKind.EXTERNAL_BANK).balance == Decimal("-100.00") + Decimal("48.00")
    assert status_history(w).count() == 1
    # One message for the decision: the operator action, with the payout reference as what it rests on.
    notice = Notice.objects.get(merchant=funded, title__startswith="Withdrawal %(number)s")
    assert (notice.rendered_title(), notice.rendered_body()) == (
        f"Withdrawal {w.number} paid out: $48.00",
        "Reason: BANK-REF-1",
    )
    action = OperatorAction.objects.get(merchant=funded)
    assert (action.kind, action.operator, action.reason) == ("withdrawal_paid", operator, "BANK-REF-1")


def test_operator_rejects_once_and_money_returns(funded, operator):
    w = services.withdrawal_create(merchant=funded, pay_password=DEFAULT_PAY_PASSWORD, **_args())
    with pytest.raises(AppError):
        services.withdrawal_reject(withdrawal_id=w.pk, operator=operator, reason="")
    services.withdrawal_reject(withdrawal_id=w.pk, operator=operator, reason="Name does not match")
    with pytest.raises(AppError):
        services.withdrawal_pay(withdrawal_id=w.pk, operator=operator, reference="x")
    assert wallet_summary(merchant=funded) == {
        "balance": "100.00",
        "pending_amount": "0.00",
        "held_amount": "0.00",
        "pending_sales": "0.00",
        "total_income": "0.00",
    }
    notice = Notice.objects.get(merchant=funded, title__startswith="Withdrawal %(number)s")
    assert (notice.rendered_title(), notice.rendered_body()) == (
        f"Withdrawal {w.number} not approved: $50.00 is back in your balance",
        "Reason: Name does not match",
    )
    action = OperatorAction.objects.get(merchant=funded)
    assert (action.kind, action.operator, action.reason) == ("withdrawal_rejected", operator, "Name does not match")


def _args(**extra):
    args = _bank(**extra)
    args.pop("pay_password")
    args["amount"] = Decimal(args["amount"])
    return args


def test_extract_log_lists_own_withdrawals_in_constant_queries(
    merchant_api, funded, other_merchant, operator, django_assert_max_num_queries
):
    fund(other_merchant, "50")
    services.withdrawal_create(merchant=other_merchant, pay_password=DEFAULT_PAY_PASSWORD, **_args(amount="20"))
    made = [
        services.withdrawal_create(merchant=funded, pay_password=DEFAULT_PAY_PASSWORD, **_args(amount=str(a)))
        for a in (10, 20, 30)
    ]
    services.withdrawal_reject(withdrawal_id=made[0].pk, operator=operator, reason="Wrong card")
    with django_assert_max_num_queries(4):
        data = merchant_api.get("/merchant/merchant/extract_log", {"limit": 2}).json()["data"]
    assert data["total"] == 3
    assert [(r["amount"], r["fee"], r["actual_amount"]) for r in data["list"]] == [
        ("30.00", "1.60", "28.40"),
        ("20.00", "1.40", "18.60"),
    ]
    merchant_api.lang = "zh-Hant"
    last = merchant_api.get("/merchant/merchant/extract_log", {"page": 2, "limit": 2}).json()["data"]["list"]
    assert (last[0]["status"], last[0]["status_label"], last[0]["reason"]) == (2, "未通過", "Wrong card")


def test_fee_preview_refuses_a_bad_amount(merchant_api, fee_rule):
    body = merchant_api.get(URL, {"amount": "abc"}).json()
    assert (body["code"], body["msg"]) == (0, "Please enter a valid amount.")
