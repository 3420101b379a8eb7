"""Attack 2 (withdrawals blocked): a withdrawal has a published review deadline; the merchant can cancel one still in
review (held back to available, one ledger entry); an overdue one is flagged to operators and the merchant is told."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.core.checks import run_checks
from django.db.models import F
from django.urls import reverse
from django.utils import timezone

from apps.core.errors import AppError
from apps.support.models import Notice
from apps.wallet import selectors, services, tasks
from apps.wallet.constants import AccountKind, EntryKind, WithdrawalStatus
from apps.wallet.ledger import account_get
from apps.wallet.models import JournalEntry, Withdrawal
from apps.wallet.selectors import wallet_summary
from tests.factories import DEFAULT_PAY_PASSWORD, fund, staff_operator
from tests.helpers import admin_as
from tests.history import status_history

CANCEL = "/merchant/merchant/extract_cancel"


def _withdraw(merchant, amount="60"):
    return services.withdrawal_create(
        merchant=merchant,
        pay_password=DEFAULT_PAY_PASSWORD,
        method="bank",
        amount=Decimal(amount),
        full_name="Ann Lee",
        account="6222 0000 1111 2222",
        bank_name="Good Bank",
    )


# ---------- the published deadline ----------
def test_the_withdraw_screen_publishes_the_review_deadline(merchant_api, funded, settings):
    assert merchant_api.get("/merchant/merchant/extract").json()["data"]["review_hours"] == 48
    settings.WITHDRAWAL_REVIEW_HOURS = 24
    assert merchant_api.get("/merchant/merchant/extract").json()["data"]["review_hours"] == 24


@pytest.mark.parametrize(("configured", "published"), [(0, 1), (-5, 1), (1000, 168), (168, 168)])
def test_the_review_deadline_stays_within_its_bounds(settings, configured, published):
    settings.WITHDRAWAL_REVIEW_HOURS = configured
    assert selectors.withdrawal_review_hours() == published
    errors = [m.id for m in run_checks() if m.id == "wallet.E001"]
    assert errors == ([] if configured == published else ["wallet.E001"])


def test_each_withdrawal_in_review_shows_its_deadline(merchant_api, funded, settings):
    settings.WITHDRAWAL_REVIEW_HOURS = 24
    before = timezone.now()
    body = merchant_api.post(
        "/merchant/merchant/extract",
        {
            "method": "bank",
            "full_name": "Ann Lee",
            "bank_name": "Good Bank",
            "account": "6222 0000 1111 2222",
            "amount": "50.00",
            "pay_password": DEFAULT_PAY_PASSWORD,
        },
    ).json()
    assert body["code"] == 1, body
    withdrawal = Withdrawal.objects.get()
    assert before + timedelta(hours=24) <= withdrawal.review_due_at <= timezone.now() + timedelta(hours=24)
    [record] = merchant_api.get("/merchant/merchant/extract_log").json()["data"]["list"]
    assert record["review_deadline"] is not None and record["overdue"] is False
    assert record["review_deadline"] == body["data"]["review_deadline"]
    # A later change of the setting does not move the deadline the merchant was shown.
    settings.WITHDRAWAL_REVIEW_HOURS = 96
    assert merchant_api.get("/merchant/merchant/extract_log").json()["data"]["list"][0] == record


# ---------- the merchant cancels ----------
def test_the_merchant_cancels_a_withdrawal_in_review_without_the_payment_password(merchant_api, funded):
    withdrawal = _withdraw(funded)
    assert wallet_summary(merchant=funded)["held_amount"] == "60.00"
    body = merchant_api.post(CANCEL, {"id": withdrawal.pk}).json()
    assert (body["code"], body["msg"]) == (1, "Withdrawal cancelled. The amount is back in your balance.")
    assert (body["data"]["status"], body["data"]["status_label"]) == (WithdrawalStatus.CANCELLED, "Cancelled")
    assert body["data"]["review_deadline"] is None and body["data"]["overdue"] is False
    summary = wallet_summary(merchant=funded)
    assert (summary["balance"], summary["held_amount"]) == ("100.00", "0.00")
    # One balanced entry: held -> available, the whole amount (no fee was taken).
    entry = JournalEntry.objects.get(reference=f"withdrawal-cancelled:{withdrawal.pk}")
    assert entry.kind == EntryKind.WITHDRAWAL_CANCELLED
    assert sorted((line.account.kind, line.amount) for line in entry.lines.all()) == [
        (AccountKind.AVAILABLE, Decimal("60.00")),
        (AccountKind.HELD, Decimal("-60.00")),
    ]
    [change] = status_history(withdrawal)
    assert (change.from_status, change.to_status, change.actor) == ("0", "3", None)
    # The funds records show it under withdrawals.
    bill = merchant_api.get("/merchant/merchant/bill", {"type": "withdraw"}).json()["data"]["list"]
    assert [(row["title"], row["amount"]) for row in bill] == [
        ("Withdrawal cancelled, amount returned", "60.00"),
        ("Withdrawal request", "-60.00"),
    ]
    # Once: a second cancel is refused and moves nothing; so is the operator's decision after it.
    again = merchant_api.post(CANCEL, {"id": withdrawal.pk}).json()
    assert (again["code"], again["msg"]) == (0, "This request was already decided.")
    operator = staff_operator("payer", "wallet.view_withdrawal", "wallet.change_withdrawal")
    with pytest.raises(AppError):
        services.withdrawal_pay(withdrawal_id=withdrawal.pk, operator=operator, reference="BANK-1")
    assert wallet_summary(merchant=funded)["balance"] == "100.00"
    assert account_get(kind=AccountKind.HELD, merchant=funded).balance == 0


def test_a_decided_withdrawal_cannot_be_cancelled(merchant_api, funded, operator):
    paid, rejected = _withdraw(funded, "30"), _withdraw(funded, "30")
    services.withdrawal_pay(withdrawal_id=paid.pk, operator=operator, reference="BANK-1")
    services.withdrawal_reject(withdrawal_id=rejected.pk, operator=operator, reason="Wrong card")
    for withdrawal in (paid, rejected):
        body = merchant_api.post(CANCEL, {"id": withdrawal.pk}).json()
        assert (body["code"], body["msg"]) == (0, "This request was already decided.")
    assert wallet_summary(merchant=funded)["balance"] == "70.00"
    assert not JournalEntry.objects.filter(kind=EntryKind.WITHDRAWAL_CANCELLED).exists()


def test_another_merchants_withdrawal_answers_like_a_missing_one(merchant_api, funded, other_merchant):
    fund(other_merchant, "50")
    theirs = _withdraw(other_merchant, "20")
    missing = merchant_api.post(CANCEL, {"id": theirs.pk + 1000}).json()
    other = merchant_api.post(CANCEL, {"id": theirs.pk}).json()
    assert other == missing
    assert (other["code"], other["msg"]) == (0, "This withdrawal does not exist.")
    theirs.refresh_from_db()
    assert theirs.status == WithdrawalStatus.PENDING
    for bad in ("x", 2**63):
        body = merchant_api.post(CANCEL, {"id": bad}).json()
        assert (body["code"], body["msg"]) == (0, "Please enter a valid number.")
    theirs.refresh_from_db()
    assert theirs.status == WithdrawalStatus.PENDING


def test_a_repeated_cancel_with_the_same_key_answers_the_first_result(merchant_api, funded):
    withdrawal = _withdraw(funded)
    first = merchant_api.post(CANCEL, {"id": withdrawal.pk}, HTTP_IDEMPOTENCY_KEY="cancel-1").json()
    second = merchant_api.post(CANCEL, {"id": withdrawal.pk}, HTTP_IDEMPOTENCY_KEY="cancel-1").json()
    assert first == second and first["code"] == 1
    assert wallet_summary(merchant=funded)["balance"] == "100.00"


def test_cancel_needs_a_session(api):
    assert api.post(CANCEL, {"id": 1}).status_code == 401


# ---------- overdue: flagged to operators, the merchant told once ----------
def test_an_overdue_withdrawal_is_told_to_the_merchant_once(funded, operator):
    late, decided, on_time = _withdraw(funded, "20"), _withdraw(funded, "20"), _withdraw(funded, "20")
    # Two were made 49 hours ago (due an hour ago).
    back = timedelta(hours=49)
    Withdrawal.objects.filter(pk__in=[late.pk, decided.pk]).update(
        created_at=F("created_at") - back, review_due_at=F("review_due_at") - back
    )
    services.withdrawal_reject(withdrawal_id=decided.pk, operator=operator, reason="Wrong card")
    Notice.objects.all().delete()
    assert tasks.withdrawals_overdue() == 1
    notice = Notice.objects.get(merchant=funded)
    assert notice.rendered_title() == f"Withdrawal {late.number} is past its review deadline"
    assert notice.rendered_body() == (
        "It was not reviewed within 48 hours, and the operators have been alerted. You can wait for the review, or "
        "cancel it in the withdrawal records: $20.00 then goes back to your balance."
    )
    # Idempotent: the next runs tell nobody again.
    assert tasks.withdrawals_overdue() == 0
    assert services.withdrawals_overdue_notify(now=timezone.now() + timedelta(minutes=5)) == 0
    assert Notice.objects.count() == 1
    late.refresh_from_db()
    on_time.refresh_from_db()
    assert late.overdue_notified_at is not None and on_time.overdue_notified_at is None
    # When the on-time one passes its deadline, it is told about in turn.
    assert services.withdrawals_overdue_notify(now=timezone.now() + timedelta(hours=49)) == 1


def test_the_overdue_task_runs_from_the_beat_schedule(settings):
    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert tasks.withdrawals_overdue.name in scheduled


def test_operators_see_overdue_withdrawals_flagged(client, funded):
    late, on_time = _withdraw(funded, "20"), _withdraw(funded, "20")
    Withdrawal.objects.filter(pk=late.pk).update(review_due_at=timezone.now() - timedelta(hours=1))
    admin_as(client, staff_operator("reviewer", "wallet.view_withdrawal", "wallet.change_withdrawal"))
    changelist = reverse("admin:wallet_withdrawal_changelist")
    every = client.get(changelist).content.decode()
    assert every.count('class="overdue"') == 1 and "Overdue" in every
    overdue = client.get(changelist, {"overdue": "yes"}).content.decode()
    assert late.number in overdue and on_time.number not in overdue
    page = client.get(reverse("admin:wallet_withdrawal_change", args=[late.pk])).content.decode()
    assert 'class="overdue"' in page


@pytest.mark.parametrize(
    ("lang", "done", "missing"),
    [
        ("ru-RU", "Вывод отменён. Сумма вернулась на ваш баланс.", "Такого вывода нет."),
        ("zh-CN", "提现已取消，金额已退回您的余额。", "该提现不存在。"),  # noqa: RUF001 - Chinese punctuation
        ("tai", "ยกเลิกการถอนเงินแล้ว จำนวนเงินคืนเข้ายอดคงเหลือของคุณแล้ว", "ไม่มีการถอนเงินนี้"),
    ],
)
def test_the_cancel_answers_in_the_merchants_language(merchant_api, funded, lang, done, missing):
    withdrawal = _withdraw(funded)
    merchant_api.lang = lang
    assert merchant_api.post(CANCEL, {"id": withdrawal.pk + 1}).json()["msg"] == missing
    body = merchant_api.post(CANCEL, {"id": withdrawal.pk}).json()
    assert (body["code"], body["msg"]) == (1, done)
