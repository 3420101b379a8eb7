from decimal import Decimal

import pytest

from apps.accounts.constants import MerchantStatus
from apps.accounts.models import OperatorAction
from apps.core.errors import AppError
from apps.support.models import Notice
from apps.wallet import services
from apps.wallet.constants import AccountKind, DepositStatus
from apps.wallet.ledger import account_get
from apps.wallet.models import Deposit
from apps.wallet.selectors import wallet_summary
from tests.factories import MerchantFactory, upload_image
from tests.history import status_history

from .conftest import TRC20_ADDRESS

TX = "0x" + "ab" * 32


def _chain(upload, **extra):
    return {"type": "chain", "network": "USDT-TRC20", "amount": "50.00", "voucher": upload.key, **extra}


def test_get_blockchain_lists_networks_banks_and_the_notice(merchant_api, trc20, erc20):
    from apps.wallet.models import BankDepositDetails

    BankDepositDetails.objects.create(bank_name="B", account_name="Platform", account_number="123")
    body = merchant_api.get("/merchant/merchant/getBlockchain").json()
    assert body["code"] == 1
    first = body["data"]["networks"][0]
    assert first["code"] == "USDT-TRC20"
    assert first["address"] == TRC20_ADDRESS
    assert first["minimum"] == "10.00"
    assert first["confirmations"] == 2
    assert first["qr_code"].startswith("data:image/png;base64,")
    assert body["data"]["banks"][0]["account_number"] == "123"
    assert "BSC or HECO" in body["data"]["notice"]
    merchant_api.lang = "zh-CN"
    assert "HECO" in merchant_api.get("/merchant/merchant/getBlockchain").json()["data"]["notice"]
    assert "不支持" in merchant_api.get("/merchant/merchant/getBlockchain").json()["data"]["notice"]


def test_chain_recharge_is_recorded_pending(merchant_api, merchant, trc20, voucher):
    body = merchant_api.post("/merchant/merchant/recharge", _chain(voucher, tx_hash=TX.upper()[2:])).json()
    assert body["code"] == 1, body
    assert body["data"]["status"] == 0
    assert body["data"]["status_label"] == "In review"
    deposit = Deposit.objects.get()
    assert (deposit.merchant, deposit.amount, deposit.voucher, deposit.tx_hash) == (
        merchant,
        Decimal("50.00"),
        voucher,
        TX[2:],  # TRON hashes are kept without 0x
    )
    assert wallet_summary(merchant=merchant)["balance"] == "0.00"


@pytest.mark.parametrize(
    ("lang", "payload", "message"),
    [
        ("en", {"amount": "0"}, "Cannot be zero"),
        ("ru-RU", {"amount": "-5"}, "Не может быть равно нулю"),  # noqa: RUF001
        ("en", {"voucher": ""}, "Please upload recharge voucher"),
        ("zh-CN", {"voucher": ""}, "请上传充值凭证"),
        ("en", {"amount": "9.99"}, "The minimum deposit on USDT-TRC20 is 10.00 USDT."),
        ("ru-RU", {"amount": "9.99"}, "Минимальная сумма пополнения в сети USDT-TRC20: 10.00 USDT."),
        ("en", {"network": "USDT-BSC"}, "Please choose a network."),
        ("en", {"tx_hash": "0x123"}, "The transaction hash is not valid."),
        ("en", {"amount": "1.234"}, "At most 2 decimal places."),
    ],
)
def test_bad_chain_recharge_is_refused_and_changes_nothing(merchant_api, trc20, voucher, lang, payload, message):
    merchant_api.lang = lang
    body = merchant_api.post("/merchant/merchant/recharge", _chain(voucher, **payload)).json()
    assert body["code"] == 0
    assert body["msg"] == message
    assert not Deposit.objects.exists()


def test_another_merchants_voucher_answers_like_a_missing_one(merchant_api, trc20, other_merchant):
    foreign = upload_image(kind="voucher", owner=other_merchant)
    answers = [
        merchant_api.post("/merchant/merchant/recharge", {**_chain(foreign), "voucher": key}).json()
        for key in (foreign.key, "no-such-upload-key")
    ]
    assert answers[0] == answers[1]
    assert (answers[0]["code"], answers[0]["msg"]) == (0, "The uploaded file was not found. Please upload it again.")
    assert not Deposit.objects.exists()


def test_bank_recharge_needs_name_card_and_bank(merchant_api):
    good = {"type": "bank", "amount": "100", "name": "Ann Lee", "card_number": "6222 0000 1111 2222", "bank_name": "B"}
    no_bank = merchant_api.post("/merchant/merchant/recharge", {**good, "bank_name": ""}).json()
    assert (no_bank["code"], no_bank["msg"]) == (0, "Please enter the name, card number and bank name.")
    bad_card = merchant_api.post("/merchant/merchant/recharge", {**good, "card_number": "abc"}).json()
    assert (bad_card["code"], bad_card["msg"]) == (0, "The card number is not valid.")
    assert not Deposit.objects.exists()
    body = merchant_api.post("/merchant/merchant/recharge", good).json()
    assert body["code"] == 1
    assert body["data"]["method"] == "bank"
    assert Deposit.objects.get().card_number == "6222 0000 1111 2222"


def test_a_credited_hash_cannot_be_submitted_again(merchant_api, merchant, trc20, voucher):
    first = services.deposit_create(
        merchant=merchant, method="chain", amount=Decimal("20"), network_code="USDT-TRC20", voucher_key=voucher.key
    )
    services.deposit_approve(deposit_id=first.pk, operator=None, tx_hash=TX[2:])
    body = merchant_api.post("/merchant/merchant/recharge", _chain(voucher, tx_hash=TX)).json()
    assert (body["code"], body["msg"]) == (0, "This transaction was already credited.")


def test_approve_credits_once_audits_and_notifies(merchant, operator):
    deposit = services.deposit_create(
        merchant=merchant, method="bank", amount=Decimal("80"), payer_name="A", card_number="40001234", bank_name="B"
    )
    services.deposit_approve(deposit_id=deposit.pk, operator=operator, credited_amount=Decimal("75.50"), note="ok")
    with pytest.raises(AppError) as exc:
        services.deposit_approve(deposit_id=deposit.pk, operator=operator, note="again")
    assert exc.value.message == "This request was already decided."
    with pytest.raises(AppError):
        services.deposit_reject(deposit_id=deposit.pk, operator=operator, reason="late")
    deposit.refresh_from_db()
    assert (deposit.status, deposit.credited_amount, deposit.reviewed_by) == (
        DepositStatus.APPROVED,
        Decimal("75.50"),
        operator,
    )
    assert account_get(kind=AccountKind.AVAILABLE, merchant=merchant).balance == Decimal("75.50")
    assert account_get(kind=AccountKind.EXTERNAL_BANK).balance == Decimal("-75.50")
    change = status_history(deposit).get()
    assert (change.from_status, change.to_status, change.actor, change.note) == ("0", "1", operator, "ok")
    # One message for the decision, and the operator action the merchant lists in the app.
    notice = Notice.objects.get(merchant=merchant)
    assert (notice.rendered_title(), notice.rendered_body()) == (
        f"Deposit {deposit.number} approved: $75.50 was added to your balance",
        "Reason: ok",
    )
    action = OperatorAction.objects.get(merchant=merchant)
    assert (action.kind, action.operator, action.reason) == ("deposit_approved", operator, "ok")


def test_reject_needs_a_reason_and_moves_nothing(merchant, operator):
    deposit = services.deposit_create(
        merchant=merchant, method="bank", amount=Decimal("80"), payer_name="A", card_number="40001234", bank_name="B"
    )
    with pytest.raises(AppError):
        services.deposit_reject(deposit_id=deposit.pk, operator=operator, reason=" ")
    services.deposit_reject(deposit_id=deposit.pk, operator=operator, reason="No payment received")
    deposit.refresh_from_db()
    assert deposit.status == DepositStatus.REJECTED
    assert wallet_summary(merchant=merchant)["balance"] == "0.00"
    notice = Notice.objects.get(merchant=merchant)
    assert (notice.rendered_title(), notice.rendered_body()) == (
        f"Deposit {deposit.number} not approved",
        "Reason: No payment received",
    )
    assert OperatorAction.objects.get(merchant=merchant).kind == "deposit_rejected"


def test_an_operator_approval_needs_a_reason(merchant, operator):
    deposit = services.deposit_create(
        merchant=merchant, method="bank", amount=Decimal("80"), payer_name="A", card_number="40001234", bank_name="B"
    )
    with pytest.raises(AppError) as exc:
        services.deposit_approve(deposit_id=deposit.pk, operator=operator, note="  ")
    assert exc.value.data == {"errors": {"note": ["Please give a reason."]}}
    deposit.refresh_from_db()
    assert deposit.status == DepositStatus.PENDING
    assert not Notice.objects.exists() and not OperatorAction.objects.exists()


def test_a_merchant_under_review_may_submit_but_is_credited_only_after_approval(api, operator):
    pending = MerchantFactory(status=MerchantStatus.PENDING)
    api.login_as(pending)
    body = api.post(
        "/merchant/merchant/recharge",
        {"type": "bank", "amount": "30", "name": "P", "card_number": "40001234", "bank_name": "B"},
    ).json()
    assert body["code"] == 1
    deposit_id = body["data"]["id"]
    with pytest.raises(AppError) as exc:
        services.deposit_approve(deposit_id=deposit_id, operator=operator, note="Bank statement")
    assert exc.value.message == "Waiting for the merchant's registration to be approved."
    pending.status = MerchantStatus.ACTIVE
    pending.save()
    services.deposit_approve(deposit_id=deposit_id, operator=operator, note="Bank statement")
    assert wallet_summary(merchant=pending)["balance"] == "30.00"


def test_recharge_log_is_paged_filtered_and_own_only(
    merchant_api, merchant, other_merchant, operator, django_assert_max_num_queries
):
    def bank(m, amount):
        return services.deposit_create(
            merchant=m, method="bank", amount=Decimal(amount), payer_name="A", card_number="40001234", bank_name="B"
        )

    for amount in ("10", "20", "30", "40", "50"):
        bank(merchant, amount)
    bank(other_merchant, "99")
    approved = bank(merchant, "60")
    services.deposit_approve(deposit_id=approved.pk, operator=operator, note="Bank statement")
    with django_assert_max_num_queries(4):
        data = merchant_api.get("/merchant/merchant/recharge_log", {"page": 1, "limit": 4}).json()["data"]
    assert data["total"] == 6
    assert [row["amount"] for row in data["list"]] == ["60.00", "50.00", "40.00", "30.00"]
    assert data["list"][0]["status_label"] == "Approved"
    merchant_api.lang = "ru-RU"
    data = merchant_api.get("/merchant/merchant/recharge_log", {"status": 1}).json()["data"]
    assert data["total"] == 1
    assert data["list"][0]["status_label"] == "Одобрено"
    bad = merchant_api.get("/merchant/merchant/recharge_log", {"status": 7}).json()
    assert (bad["code"], bad["msg"]) == (0, "Значения 7 нет среди допустимых вариантов.")
