from decimal import Decimal

import pytest

from apps.core.models import IdempotencyRecord
from apps.wallet import services
from apps.wallet.constants import AccountKind, EntryKind, WithdrawalStatus
from apps.wallet.ledger import account_get, ledger_post
from apps.wallet.models import Withdrawal
from apps.wallet.selectors import wallet_summary
from tests.factories import DEFAULT_PAY_PASSWORD, LevelFactory, adjust, fund


@pytest.fixture
def levels(db):
    return [
        LevelFactory(rank=1, upgrade_price=Decimal("0")),
        LevelFactory(rank=2, upgrade_price=Decimal("30")),
        LevelFactory(rank=3, upgrade_price=Decimal("100")),
    ]


def _settle(merchant, amount, n):
    """A settled sale as the orders app posts it (pending -> available)."""
    pending = account_get(kind=AccountKind.PENDING, merchant=merchant)
    ledger_post(
        reference=f"received:{n}",
        kind=EntryKind.ORDER_RECEIVED,
        lines=[(account_get(kind=AccountKind.ESCROW), -amount), (pending, amount)],
    )
    ledger_post(
        reference=f"settled:{n}",
        kind=EntryKind.ORDER_SETTLED,
        lines=[(pending, -amount), (account_get(kind=AccountKind.AVAILABLE, merchant=merchant), amount)],
    )


def test_bill_tabs_titles_and_balance_after(
    merchant_api, merchant, other_merchant, operator, fee_rule, django_assert_max_num_queries
):
    fund(merchant, "100")
    fund(other_merchant, "70")
    w = services.withdrawal_create(
        merchant=merchant,
        pay_password=DEFAULT_PAY_PASSWORD,
        method="bank",
        amount=Decimal("40"),
        full_name="A",
        account="40001234",
        bank_name="B",
    )
    services.withdrawal_reject(withdrawal_id=w.pk, operator=operator, reason="no")
    _settle(merchant, Decimal("25.50"), 1)
    adjust(merchant, "-5", "Duplicate credit", requester=operator)
    with django_assert_max_num_queries(4):
        rows = merchant_api.get("/merchant/merchant/bill").json()["data"]["list"]
    assert [(r["title"], r["amount"], r["balance_after"]) for r in rows] == [
        ("Balance adjustment", "-5.00", "120.50"),
        ("Order settled", "25.50", "125.50"),
        ("Withdrawal rejected, amount returned", "40.00", "100.00"),
        ("Withdrawal request", "-40.00", "60.00"),
        ("Deposit", "100.00", "100.00"),
    ]
    assert rows[0]["memo"] == "Duplicate credit"
    second = merchant_api.get("/merchant/merchant/bill", {"page": 2, "limit": 2}).json()["data"]
    assert (second["total"], second["list"], second["page"], second["limit"]) == (5, rows[2:4], 2, 2)
    tab = lambda t: [r["kind"] for r in merchant_api.get("/merchant/merchant/bill", {"type": t}).json()["data"]["list"]]  # noqa: E731
    assert tab("recharge") == ["deposit"]
    assert tab("withdraw") == ["withdrawal_rejected", "withdrawal"]
    assert tab("order") == ["order_settled"]
    merchant_api.lang = "han"
    first = merchant_api.get("/merchant/merchant/bill", {"type": "recharge"}).json()["data"]["list"][0]
    assert first["title"] == "입금"
    unknown = merchant_api.get("/merchant/merchant/bill", {"type": "nope"}).json()
    assert (unknown["code"], unknown["msg"]) == (0, '"nope"은 유효하지 않은 선택입니다.')
    # (The total income comes from orders settled through their lifecycle: tests/orders/test_services.py.)
    summary = wallet_summary(merchant=merchant)
    assert {name: summary[name] for name in ("balance", "pending_amount", "held_amount", "pending_sales")} == {
        "balance": "120.50",
        "pending_amount": "0.00",
        "held_amount": "0.00",
        "pending_sales": "0.00",
    }


def test_wallet_summary_reads_in_constant_queries(merchant, django_assert_num_queries):
    fund(merchant, "10")
    with django_assert_num_queries(2):
        assert wallet_summary(merchant=merchant)["balance"] == "10.00"


def test_level_upgrade_charges_the_difference_and_only_goes_up(merchant_api, merchant, levels):
    merchant.level = levels[1]
    merchant.save()
    fund(merchant, "100")
    url = "/merchant/index/level_upgrade"
    body = merchant_api.post(url, {"level_id": levels[2].pk, "pay_password": DEFAULT_PAY_PASSWORD}).json()
    assert body["code"] == 1, body
    assert body["data"]["level"]["rank"] == 3
    assert body["data"]["wallet"]["balance"] == "30.00"
    merchant.refresh_from_db()
    assert merchant.level == levels[2]
    assert account_get(kind=AccountKind.REVENUE_LEVELS).balance == Decimal("70.00")
    merchant_api.lang = "ru-RU"
    for level in (levels[2], levels[0]):
        body = merchant_api.post(url, {"level_id": level.pk, "pay_password": DEFAULT_PAY_PASSWORD}).json()
        assert (body["code"], body["msg"]) == (0, "Можно перейти только на более высокий уровень.")
    rows = merchant_api.get("/merchant/merchant/bill").json()["data"]["list"]
    # Paid in English, read in Russian: the level is named in the reader's language (issue 9, problem 9).
    assert (rows[0]["title"], rows[0]["memo"], rows[0]["amount"]) == ("Повышение уровня", "Уровень 3", "-70.00")


def test_level_upgrade_refuses_without_money_pay_password_or_level(merchant_api, merchant, levels):
    fund(merchant, "20")
    url = "/merchant/index/level_upgrade"
    cases = [
        ({"level_id": levels[2].pk, "pay_password": DEFAULT_PAY_PASSWORD}, "Cannot exceed balance"),
        ({"level_id": levels[1].pk, "pay_password": "111111"}, "Wrong payment password. 4 tries left."),
        ({"level_id": 999999, "pay_password": DEFAULT_PAY_PASSWORD}, "This level does not exist."),
        ({"pay_password": DEFAULT_PAY_PASSWORD}, "Please choose a level."),
    ]
    for payload, message in cases:
        body = merchant_api.post(url, payload).json()
        assert (body["code"], body["msg"]) == (0, message)
    merchant.refresh_from_db()
    assert merchant.level is None
    assert wallet_summary(merchant=merchant)["balance"] == "20.00"


def test_idempotency_key_replays_the_first_answer_and_moves_nothing(merchant_api, merchant, fee_rule):
    fund(merchant, "100")
    payload = {
        "method": "bank",
        "full_name": "A",
        "bank_name": "B",
        "account": "40001234",
        "amount": "30",
        "pay_password": DEFAULT_PAY_PASSWORD,
    }
    first = merchant_api.post("/merchant/merchant/extract", payload, HTTP_IDEMPOTENCY_KEY="k-1").json()
    again = merchant_api.post("/merchant/merchant/extract", payload, HTTP_IDEMPOTENCY_KEY="k-1").json()
    assert first["code"] == 1
    assert again == first
    assert Withdrawal.objects.count() == 1
    assert wallet_summary(merchant=merchant)["balance"] == "70.00"
    merchant_api.lang = "zh-CN"
    other = merchant_api.post("/merchant/merchant/extract", {**payload, "amount": "31"}, HTTP_IDEMPOTENCY_KEY="k-1")
    assert other.json() == {"code": 0, "msg": "此 Idempotency-Key 已用于另一个请求。", "data": {"error": 1004}}
    # Without a key, or with a new one, it is a new request.
    assert merchant_api.post("/merchant/merchant/extract", payload, HTTP_IDEMPOTENCY_KEY="k-2").json()["code"] == 1
    assert Withdrawal.objects.count() == 2


def test_a_rejected_request_is_not_stored_and_keeps_the_pay_password_try(merchant_api, merchant, fee_rule):
    fund(merchant, "100")
    payload = {
        "method": "bank",
        "full_name": "A",
        "bank_name": "B",
        "account": "40001234",
        "amount": "30",
        "pay_password": "000000",
    }
    body = merchant_api.post("/merchant/merchant/extract", payload, HTTP_IDEMPOTENCY_KEY="k-9").json()
    assert (body["code"], body["msg"]) == (0, "Wrong payment password. 4 tries left.")
    assert not IdempotencyRecord.objects.exists()
    merchant.refresh_from_db()
    assert merchant.pay_password_failures == 1
    payload["pay_password"] = DEFAULT_PAY_PASSWORD
    assert merchant_api.post("/merchant/merchant/extract", payload, HTTP_IDEMPOTENCY_KEY="k-9").json()["code"] == 1


def test_idempotency_keys_are_per_merchant_and_scope(merchant_api, merchant, api, other_merchant, levels):
    fund(merchant, "100")
    fund(other_merchant, "100")
    body = {"level_id": levels[1].pk, "pay_password": DEFAULT_PAY_PASSWORD}
    assert merchant_api.post("/merchant/index/level_upgrade", body, HTTP_IDEMPOTENCY_KEY="same").json()["code"] == 1
    from tests.conftest import ApiClient

    other = ApiClient().login_as(other_merchant)
    assert other.post("/merchant/index/level_upgrade", body, HTTP_IDEMPOTENCY_KEY="same").json()["code"] == 1
    assert wallet_summary(merchant=other_merchant)["balance"] == "70.00"
    long_key = "x" * 101
    too_long = merchant_api.post("/merchant/index/level_upgrade", body, HTTP_IDEMPOTENCY_KEY=long_key).json()
    assert (too_long["code"], too_long["msg"]) == (0, "The Idempotency-Key is too long (at most 100 characters).")
    assert wallet_summary(merchant=merchant)["balance"] == "70.00"  # the first upgrade only


def test_recharge_replay_returns_the_same_deposit(merchant_api):
    payload = {"type": "bank", "amount": "30", "name": "P", "card_number": "40001234", "bank_name": "B"}
    answers = [
        merchant_api.post("/merchant/merchant/recharge", payload, HTTP_IDEMPOTENCY_KEY="r-1").json() for _ in range(2)
    ]
    assert answers[0]["code"] == 1
    assert answers[0] == answers[1]
    from apps.wallet.models import Deposit

    assert Deposit.objects.count() == 1


def test_wallet_endpoints_need_a_session(api):
    for path in ("getBlockchain", "recharge_log", "extract", "extract_log", "bill"):
        assert api.get(f"/merchant/merchant/{path}").status_code == 401
    assert api.post("/merchant/index/level_upgrade", {}).status_code == 401


def test_a_retry_with_the_pay_password_mistyped_still_gets_the_first_result(merchant_api, merchant, fee_rule):
    """After a lost answer the merchant types the password again; a typo must not turn the retry into a refusal
    (which would make the app drop the key and the next submit withdraw twice)."""
    fund(merchant, "100")
    payload = {
        "method": "bank",
        "full_name": "A",
        "bank_name": "B",
        "account": "40001234",
        "amount": "30",
        "pay_password": DEFAULT_PAY_PASSWORD,
    }
    first = merchant_api.post("/merchant/merchant/extract", payload, HTTP_IDEMPOTENCY_KEY="lost-1").json()
    again = merchant_api.post(
        "/merchant/merchant/extract", {**payload, "pay_password": "000000"}, HTTP_IDEMPOTENCY_KEY="lost-1"
    ).json()
    assert first["code"] == 1
    assert again == first
    assert Withdrawal.objects.count() == 1
    merchant.refresh_from_db()
    assert merchant.pay_password_failures == 0


def test_a_replay_answers_the_object_as_it_is_now_not_the_first_answer(merchant_api, merchant, fee_rule):
    """The key keeps which object the first request made, not its answer: a withdrawal cancelled since comes back
    cancelled, and the replay moves nothing."""
    fund(merchant, "100")
    payload = {
        "method": "bank",
        "full_name": "A",
        "bank_name": "B",
        "account": "40001234",
        "amount": "30",
        "pay_password": DEFAULT_PAY_PASSWORD,
    }
    first = merchant_api.post("/merchant/merchant/extract", payload, HTTP_IDEMPOTENCY_KEY="k-now").json()["data"]
    services.withdrawal_cancel(merchant=merchant, withdrawal_id=Withdrawal.objects.get().pk)
    again = merchant_api.post("/merchant/merchant/extract", payload, HTTP_IDEMPOTENCY_KEY="k-now").json()["data"]
    assert again["id"] == first["id"]
    assert (first["status"], again["status"]) == (WithdrawalStatus.PENDING, WithdrawalStatus.CANCELLED)
    assert Withdrawal.objects.count() == 1
    assert wallet_summary(merchant=merchant)["balance"] == "100.00"
