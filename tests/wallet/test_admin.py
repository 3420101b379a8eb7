"""The operator's queues: decisions go through the services; the ledger is read-only."""

from decimal import Decimal

from django.urls import reverse

from apps.wallet import services
from apps.wallet.constants import AdjustmentStatus, DepositStatus, WithdrawalStatus
from apps.wallet.models import Adjustment, JournalEntry
from apps.wallet.selectors import wallet_summary
from tests.factories import DEFAULT_PAY_PASSWORD, fund, upload_image
from tests.history import status_history


def test_operator_approves_a_chain_deposit_with_the_credited_amount(admin_client, merchant, operator, trc20):
    voucher = upload_image(kind="voucher", owner=merchant)
    deposit = services.deposit_create(
        merchant=merchant, method="chain", amount=Decimal("60"), network_code=trc20.code, voucher_key=voucher.key
    )
    page = admin_client.get(reverse("admin:wallet_deposit_change", args=[deposit.pk]))
    assert page.status_code == 200
    assert reverse("admin:private_file", args=[voucher.pk]).encode() in page.content  # for operators who may view it
    assert b"common/file/" not in page.content  # never the merchant's link
    assert f"voucher:{voucher.pk}".encode() not in page.content  # the picture, not the raw reference
    assert b"field-chain_check" in page.content and b"field-verify_note" not in page.content  # "chain check" once
    assert admin_client.get(reverse("admin:wallet_deposit_changelist"), {"status__exact": 0}).status_code == 200
    url = reverse("admin:wallet_deposit_approve", args=[deposit.pk])
    reject_url = reverse("admin:wallet_deposit_reject", args=[deposit.pk])
    assert url in page.content.decode() and reject_url in page.content.decode()  # the decisions, while in review
    assert b'name="_save"' not in page.content  # a queue: read-only, decided only through the decisions
    assert admin_client.get(url).status_code == 200
    # A chain deposit is credited under its transaction's hash: without one (the merchant gave none), refused.
    assert admin_client.post(url, {"credited_amount": "59.50", "note": "fee by sender"}).status_code == 200
    tx_hash = "0X" + "C0" * 32  # as an explorer may show it: credited in one spelling
    response = admin_client.post(url, {"credited_amount": "59.50", "note": "fee by sender", "tx_hash": tx_hash})
    assert response.status_code == 302
    deposit.refresh_from_db()
    assert (deposit.status, deposit.credited_amount, deposit.reviewed_by, deposit.credited_tx_hash) == (
        DepositStatus.APPROVED,
        Decimal("59.50"),
        operator,
        "c0" * 32,
    )
    # Decided: no more decisions offered, and a second one is refused and changes nothing.
    page = admin_client.get(reverse("admin:wallet_deposit_change", args=[deposit.pk])).content.decode()
    assert url not in page and reject_url not in page
    again = admin_client.post(reject_url, {"reason": "late"}, follow=True)
    assert "“Reject” is not possible while the status is “Approved”." in again.content.decode()
    deposit.refresh_from_db()
    assert deposit.status == DepositStatus.APPROVED
    assert status_history(deposit).count() == 1
    assert wallet_summary(merchant=merchant)["balance"] == "59.50"


def test_bank_deposit_page_shows_the_payers_card_as_its_last_four_digits(admin_client, merchant):
    deposit = services.deposit_create(
        merchant=merchant,
        method="bank",
        amount=Decimal("80.00"),
        payer_name="Alex Merchant",
        card_number="6222 0000 1234 5678",
        bank_name="Demo Bank",
    )
    change = admin_client.get(reverse("admin:wallet_deposit_change", args=[deposit.pk])).content.decode()
    approve = admin_client.get(reverse("admin:wallet_deposit_approve", args=[deposit.pk])).content.decode()
    assert "•••• 5678" in change
    for page in (change, approve):
        assert "6222 0000 1234 5678" not in page and "0000 1234" not in page


def test_operator_pays_and_rejects_withdrawals(admin_client, merchant, fee_rule):
    fund(merchant, "100")
    made = [
        services.withdrawal_create(
            merchant=merchant,
            pay_password=DEFAULT_PAY_PASSWORD,
            method="bank",
            amount=Decimal("30"),
            full_name="A",
            account="40001234",
            bank_name="B",
        )
        for _ in range(2)
    ]
    # The operator sees the card's last four digits, and the whole number only on the page where it is paid.
    for page in (
        admin_client.get(reverse("admin:wallet_withdrawal_change", args=[made[0].pk])),
        admin_client.get(reverse("admin:wallet_withdrawal_changelist")),
        admin_client.get(reverse("admin:wallet_withdrawal_reject", args=[made[0].pk])),
    ):
        assert page.status_code == 200
        assert "40001234" not in page.content.decode()
    assert (
        "•••• 1234" in admin_client.get(reverse("admin:wallet_withdrawal_change", args=[made[0].pk])).content.decode()
    )
    assert "40001234" in admin_client.get(reverse("admin:wallet_withdrawal_pay", args=[made[0].pk])).content.decode()
    assert (
        admin_client.post(reverse("admin:wallet_withdrawal_pay", args=[made[0].pk]), {"reference": ""}).status_code
        == 200
    )
    admin_client.post(reverse("admin:wallet_withdrawal_pay", args=[made[0].pk]), {"reference": "BANK-77"})
    admin_client.post(reverse("admin:wallet_withdrawal_reject", args=[made[1].pk]), {"reason": "Card closed"})
    for w in made:
        w.refresh_from_db()
    assert [w.status for w in made] == [WithdrawalStatus.PAID, WithdrawalStatus.REJECTED]
    assert (
        admin_client.post(reverse("admin:wallet_withdrawal_reject", args=[made[0].pk]), {"reason": "x"}).status_code
        == 302
    )
    made[0].refresh_from_db()
    assert made[0].status == WithdrawalStatus.PAID  # a paid withdrawal cannot be rejected afterwards
    assert made[0].payout_reference == "BANK-77"
    assert wallet_summary(merchant=merchant)["balance"] == "70.00"


def test_adjustment_request_needs_a_reason_and_a_bounded_amount(admin_client, merchant, operator):
    fund(merchant, "10")
    url = reverse("admin:wallet_adjustment_add")
    assert admin_client.get(url).status_code == 200
    assert admin_client.post(url, {"merchant": merchant.pk, "amount": "5", "reason": ""}).status_code == 200
    assert admin_client.post(url, {"merchant": merchant.pk, "amount": "-10.01", "reason": "x"}).status_code == 200
    assert admin_client.post(url, {"merchant": merchant.pk, "amount": "0", "reason": "x"}).status_code == 200
    assert not Adjustment.objects.exists()
    response = admin_client.post(url, {"merchant": merchant.pk, "amount": "-4", "reason": "Duplicate credit"})
    assert response.status_code == 302
    adjustment = Adjustment.objects.get()
    assert (adjustment.operator, adjustment.status) == (operator, AdjustmentStatus.PENDING)
    assert wallet_summary(merchant=merchant)["balance"] == "10.00"  # a request: nothing moved yet


def test_ledger_is_read_only_in_the_admin(admin_client, merchant):
    fund(merchant, "10")
    entry = JournalEntry.objects.get()
    assert admin_client.get(reverse("admin:wallet_journalentry_change", args=[entry.pk])).status_code == 200
    assert admin_client.post(reverse("admin:wallet_journalentry_delete", args=[entry.pk])).status_code == 403
    assert admin_client.get(reverse("admin:wallet_journalentry_add")).status_code == 403


def test_network_admin_shows_the_qr_code_made_by_the_app(admin_client, trc20):
    page = admin_client.get(reverse("admin:wallet_depositnetwork_change", args=[trc20.pk]))
    assert b"data:image/png;base64," in page.content
