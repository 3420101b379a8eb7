"""Issue 35: the wallet's pages in the operators' console put the evidence before the decision.

A finance operator (a staff user with the wallet's permissions, signed in over HTTP) sees on a deposit's pages the
voucher or the chain transaction, the amount with its currency and the network or bank before the Approve and Reject
forms, and no row without a value; on a withdrawal's "Mark paid" page everything the transfer needs; on an
adjustment's pages what will move. Each decision's message says what happened and whether the merchant was told, and
the lists show amounts with their currency."""

import re
from decimal import Decimal
from html import unescape

import pytest
from django.urls import reverse

from apps.support.models import Notice
from apps.wallet import services
from apps.wallet.constants import AdjustmentStatus, DepositStatus, WithdrawalStatus
from tests.factories import DEFAULT_PAY_PASSWORD, fund, staff_operator, upload_image
from tests.helpers import admin_as

TX_HASH = "ab" * 32
FINANCE = (
    "wallet.view_deposit",
    "wallet.change_deposit",
    "wallet.view_withdrawal",
    "wallet.change_withdrawal",
    "wallet.view_adjustment",
    "wallet.approve_adjustment",
    "wallet.view_journalentry",
)


@pytest.fixture
def finance(client):
    """The console signed in as a finance operator: a staff user with the wallet's permissions, not a superuser."""
    return admin_as(client, staff_operator("finance", *FINANCE))


@pytest.fixture
def bank_deposit(merchant):
    voucher = upload_image(kind="voucher", owner=merchant)
    return services.deposit_create(
        merchant=merchant,
        method="bank",
        amount=Decimal("500.00"),
        payer_name="Alex Payer",
        card_number="4000 1234 5678 9010",
        bank_name="Demo Bank",
        voucher_key=voucher.key,
    )


@pytest.fixture
def chain_deposit(merchant, trc20, voucher):
    return services.deposit_create(
        merchant=merchant,
        method="chain",
        amount=Decimal("250.00"),
        network_code=trc20.code,
        voucher_key=voucher.key,
        tx_hash=TX_HASH,
    )


def _rows(html: str) -> dict[str, str]:
    """The read-only rows of a page: {row's field name: its value as text}, in the page's order."""
    rows = re.findall(r'<div class="form-row field-(\w+)">.*?<div class="readonly">(.*?)</div>\s*</div>', html, re.S)
    return {name: unescape(re.sub(r"<[^>]+>", "", value)).strip() for name, value in rows}


def _said(response) -> str:
    """The page a decision redirected to, as text (its message included)."""
    return unescape(response.content.decode())


def _before(html: str, first: str, then: str) -> bool:
    """Whether `first` is on the page (as text) before `then`."""
    text = unescape(html)
    return -1 < text.index(first) < text.index(then)


def test_a_bank_deposits_pages_show_the_voucher_amount_and_bank_before_the_decisions(finance, bank_deposit):
    voucher_url = reverse("admin:private_file", args=[bank_deposit.voucher_id])
    change = finance.get(reverse("admin:wallet_deposit_change", args=[bank_deposit.pk])).content.decode()
    approve = finance.get(reverse("admin:wallet_deposit_approve", args=[bank_deposit.pk])).content.decode()
    reject = finance.get(reverse("admin:wallet_deposit_reject", args=[bank_deposit.pk])).content.decode()
    for page, form in (
        (change, reverse("admin:wallet_deposit_approve", args=[bank_deposit.pk])),
        (approve, 'name="credited_amount"'),
        (reject, 'name="reason"'),
    ):
        rows = _rows(page)
        assert rows["amount_shown"] == "$500.00"  # with its currency
        assert (rows["payer"], rows["card_shown"], rows["payer_bank"]) == ("Alex Payer", "•••• 9010", "Demo Bank")
        # The evidence first: the voucher, the amount and the bank before the decisions.
        for evidence in (voucher_url, "$500.00", "Demo Bank"):
            assert _before(page, evidence, form), evidence
        # No empty rows: a bank deposit has no transaction hash, network or chain check row; no row reads "-".
        assert not {"tx_hash", "network_shown", "platform_address", "chain_check", "confirmations"} & set(rows)
        assert all(value not in ("", "-") for value in rows.values()), rows
    # On its change page, the status and then the decisions follow the evidence; the review's rows come once decided.
    assert _rows(change)["status"] == "In review"
    assert "field-reviewed_by" not in change and "field-credited_shown" not in change
    assert 'name="tx_hash"' not in approve  # a bank transfer has no hash to credit
    assert "In USD, the currency of the merchant's balance." in approve


def test_a_chain_deposits_pages_show_the_transaction_before_the_decisions(finance, chain_deposit, trc20):
    change = finance.get(reverse("admin:wallet_deposit_change", args=[chain_deposit.pk])).content.decode()
    approve = finance.get(reverse("admin:wallet_deposit_approve", args=[chain_deposit.pk])).content.decode()
    for page, form in (
        (change, reverse("admin:wallet_deposit_reject", args=[chain_deposit.pk])),
        (approve, 'name="credited_amount"'),
    ):
        rows = _rows(page)
        assert (rows["amount_shown"], rows["network_shown"], rows["tx_hash"]) == ("250.00 USDT", trc20.code, TX_HASH)
        assert rows["platform_address"] == trc20.address  # where the merchant was told to send it
        assert rows["confirmations"] == str(trc20.confirmations)
        assert rows["chain_check"] == "Not checked on the chain: check the transaction yourself."
        for evidence in (
            "250.00 USDT",
            TX_HASH,
            trc20.code,
            reverse("admin:private_file", args=[chain_deposit.voucher_id]),
        ):
            assert _before(page, evidence, form), evidence
        # No empty rows: a chain deposit has no payer's card, name or bank; no other deposit has its hash.
        assert not {"payer", "card_shown", "payer_bank", "same_tx_hash"} & set(rows)
        assert all(value not in ("", "-") for value in rows.values()), rows


def test_approving_and_rejecting_a_deposit_say_what_happened_and_that_the_merchant_was_told(
    finance, merchant, bank_deposit, chain_deposit
):
    response = finance.post(
        reverse("admin:wallet_deposit_approve", args=[bank_deposit.pk]),
        {"credited_amount": "500.00", "note": "Matched the bank statement"},
        follow=True,
    )
    assert f"Deposit {bank_deposit.number} approved: $500.00 credited; the merchant was notified." in (_said(response))
    notice = Notice.objects.get(merchant=merchant)
    assert notice.rendered_title() == f"Deposit {bank_deposit.number} approved: $500.00 was added to your balance"
    response = finance.post(
        reverse("admin:wallet_deposit_reject", args=[chain_deposit.pk]), {"reason": "No such transfer"}, follow=True
    )
    page = _said(response)
    assert f"Deposit {chain_deposit.number} not approved; the merchant was notified with your reason." in page
    assert Notice.objects.filter(merchant=merchant).count() == 2
    assert Notice.objects.filter(merchant=merchant).first().rendered_title() == (
        f"Deposit {chain_deposit.number} not approved"
    )
    bank_deposit.refresh_from_db()
    chain_deposit.refresh_from_db()
    assert (bank_deposit.status, chain_deposit.status) == (DepositStatus.APPROVED, DepositStatus.REJECTED)
    # Decided: the change page shows the review (credited amount with its currency, who decided).
    rows = _rows(finance.get(reverse("admin:wallet_deposit_change", args=[bank_deposit.pk])).content.decode())
    assert (rows["status"], rows["credited_shown"], rows["reviewed_by"]) == ("Approved", "$500.00", "finance")


@pytest.fixture
def withdrawals(funded, trc20):
    made = {
        method: services.withdrawal_create(
            merchant=funded,
            pay_password=DEFAULT_PAY_PASSWORD,
            method=method,
            amount=Decimal("40.00"),
            full_name="Alex Holder",
            bank_name="Holder Bank" if method == "bank" else "",
            account="4000 1234 5678 9010" if method == "bank" else trc20.address,
            network_code=trc20.code if method == "chain" else "",
        )
        for method in ("bank", "chain")
    }
    return made["bank"], made["chain"]


def test_the_mark_paid_page_has_everything_the_transfer_needs(finance, withdrawals, trc20):
    bank, chain = withdrawals
    fee, to_send = bank.fee, bank.actual_amount
    page = finance.get(reverse("admin:wallet_withdrawal_pay", args=[bank.pk])).content.decode()
    rows = _rows(page)
    assert (rows["holder"], rows["bank_name"], rows["card_to_pay"]) == ("Alex Holder", "Holder Bank", bank.account)
    assert (rows["to_send"], rows["amount_shown"], rows["fee_shown"]) == (f"${to_send}", "$40.00", f"${fee}")
    assert rows["merchant_shown"].startswith(bank.merchant.real_name)
    for evidence in ("Alex Holder", "Holder Bank", bank.account, f"${to_send}"):
        assert _before(page, evidence, 'name="reference"'), evidence
    assert all(value not in ("", "-") for value in rows.values()), rows
    assert "network_shown" not in rows and "chain_address" not in rows
    # A chain payout: the network and the address, the amount in the token it is sent in.
    page = finance.get(reverse("admin:wallet_withdrawal_pay", args=[chain.pk])).content.decode()
    rows = _rows(page)
    assert (rows["network_shown"], rows["chain_address"]) == (trc20.code, trc20.address)
    assert rows["to_send"] == f"{chain.actual_amount} USDT"
    assert "bank_name" not in rows and "card_to_pay" not in rows
    assert _before(page, trc20.address, 'name="reference"')
    # The reject page shows the same summary, with the card as its last four digits.
    page = finance.get(reverse("admin:wallet_withdrawal_reject", args=[bank.pk])).content.decode()
    rows = _rows(page)
    assert (rows["holder"], rows["account_shown"], rows["to_send"]) == ("Alex Holder", "•••• 9010", f"${to_send}")
    assert bank.account not in page
    assert _before(page, f"${to_send}", 'name="reason"')


def test_paying_and_rejecting_a_withdrawal_say_what_happened_and_that_the_merchant_was_told(
    finance, funded, withdrawals
):
    bank, chain = withdrawals
    response = finance.post(
        reverse("admin:wallet_withdrawal_pay", args=[bank.pk]), {"reference": "BANK-77"}, follow=True
    )
    assert f"Withdrawal {bank.number} marked paid: ${bank.actual_amount} sent; the merchant was notified." in _said(
        response
    )
    assert Notice.objects.filter(merchant=funded).first().rendered_title() == (
        f"Withdrawal {bank.number} paid out: ${bank.actual_amount}"
    )
    response = finance.post(
        reverse("admin:wallet_withdrawal_reject", args=[chain.pk]), {"reason": "Wrong address"}, follow=True
    )
    assert (
        f"Withdrawal {chain.number} not approved: $40.00 is back in the merchant's balance; the merchant was notified "
        "with your reason." in _said(response)
    )
    assert Notice.objects.filter(merchant=funded).first().rendered_title() == (
        f"Withdrawal {chain.number} not approved: $40.00 is back in your balance"
    )
    bank.refresh_from_db()
    chain.refresh_from_db()
    assert (bank.status, chain.status) == (WithdrawalStatus.PAID, WithdrawalStatus.REJECTED)


def test_the_adjustment_pages_show_what_will_move_and_the_messages_who_was_told(finance, merchant, operator):
    fund(merchant, "50.00")
    credit, debit = (
        services.adjustment_request(merchant=merchant, amount=Decimal(amount), reason=reason, operator=operator)
        for amount, reason in (("25.00", "Goodwill for a late shipment"), ("-15.00", "Duplicate credit"))
    )
    for adjustment, amount, direction, form in (
        (credit, "$25.00", "Credit: added to the merchant's balance", '<input type="submit"'),
        (debit, "-$15.00", "Debit: taken from the merchant's balance", 'name="reason"'),
    ):
        name = "approve" if adjustment is credit else "reject"
        page = finance.get(reverse(f"admin:wallet_adjustment_{name}", args=[adjustment.pk])).content.decode()
        rows = _rows(page)
        assert (rows["amount_shown"], rows["direction"], rows["reason"]) == (amount, direction, adjustment.reason)
        assert (rows["operator"], rows["balance_now"]) == ("operator", "$50.00")
        assert rows["merchant_shown"].startswith(merchant.real_name)
        for evidence in (amount, direction, adjustment.reason):
            assert _before(page, evidence, form), evidence
        assert all(value not in ("", "-") for value in rows.values()), rows
    notices = Notice.objects.filter(merchant=merchant).count()
    response = finance.post(reverse("admin:wallet_adjustment_approve", args=[credit.pk]), follow=True)
    assert f"Balance adjustment approved: $25.00 for {merchant}; the merchant was notified." in _said(response)
    assert Notice.objects.filter(merchant=merchant).count() == notices + 1
    assert Notice.objects.filter(merchant=merchant).first().rendered_title() == "Balance adjustment: $25.00"
    response = finance.post(
        reverse("admin:wallet_adjustment_reject", args=[debit.pk]), {"reason": "Not a duplicate"}, follow=True
    )
    assert "Balance adjustment not approved: nothing moved, and the merchant was not told." in _said(response)
    assert Notice.objects.filter(merchant=merchant).count() == notices + 1  # a rejected adjustment tells nobody
    credit.refresh_from_db()
    debit.refresh_from_db()
    assert (credit.status, debit.status) == (AdjustmentStatus.APPROVED, AdjustmentStatus.REJECTED)


def test_the_lists_show_amounts_with_their_currency(
    finance, merchant, operator, bank_deposit, chain_deposit, withdrawals
):
    bank, chain = withdrawals
    services.adjustment_request(merchant=merchant, amount=Decimal("-15.00"), reason="Duplicate", operator=operator)
    deposits = finance.get(reverse("admin:wallet_deposit_changelist")).content.decode()
    assert "$500.00" in deposits and "250.00 USDT" in deposits
    assert "USDT-TRC20" in deposits and "In review" in deposits
    listed = finance.get(reverse("admin:wallet_withdrawal_changelist")).content.decode()
    assert f"${bank.actual_amount}" in listed and f"{chain.actual_amount} USDT" in listed
    assert bank.account not in listed  # never the whole card number outside "Mark paid"
    assert "-$15.00" in finance.get(reverse("admin:wallet_adjustment_changelist")).content.decode()
    # The journal: what each entry moved (the withdrawals held 40.00 each, the fund 100.00).
    journal = finance.get(reverse("admin:wallet_journalentry_changelist")).content.decode()
    assert "$40.00" in journal and "$100.00" in journal
