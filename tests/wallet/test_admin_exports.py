"""Operators' exports of the withdrawals list (apps.core.admin_exports), over HTTP: the withdrawals to pay (the list's
default, "in review") with their amount to send as a number beside its currency, and nothing the list does not show:
never the payout account (a card number or an address) nor the account holder."""

import csv
import io
from decimal import Decimal

import pytest
from django.contrib.admin.models import LogEntry
from django.urls import reverse
from openpyxl import load_workbook

from apps.core.admin_exports import export_records
from apps.wallet import services
from apps.wallet.models import Withdrawal
from tests.factories import DEFAULT_PAY_PASSWORD, staff_operator
from tests.helpers import admin_as

pytestmark = pytest.mark.django_db

LIST = reverse("admin:wallet_withdrawal_changelist")
CARD = "4000 1234 5678 9010"


def _export(fmt):
    return reverse("admin:wallet_withdrawal_export", args=[fmt])


@pytest.fixture
def withdrawals(funded, trc20, operator):
    """A bank withdrawal and a chain one in review, and a bank one rejected."""
    made = [
        services.withdrawal_create(
            merchant=funded,
            pay_password=DEFAULT_PAY_PASSWORD,
            method=method,
            amount=Decimal("20.00"),
            full_name="Alex Holder",
            bank_name="Holder Bank" if method == "bank" else "",
            account=CARD if method == "bank" else trc20.address,
            network_code=trc20.code if method == "chain" else "",
        )
        for method in ("bank", "chain", "bank")
    ]
    services.withdrawal_reject(withdrawal_id=made[2].pk, operator=operator, reason="Wrong card")
    return made


@pytest.fixture
def finance(client):
    return admin_as(client, staff_operator("finance-op", "wallet.view_withdrawal", "wallet.change_withdrawal"))


def _body(response):
    body = b"".join(response.streaming_content)
    assert body.startswith(b"\xef\xbb\xbf")
    return body[3:].decode("utf-8")


def test_the_withdrawals_to_pay_export_as_the_list_shows_them(finance, withdrawals, trc20):
    shown = [w.number for w in finance.get(LIST).context["cl"].result_list]
    text = _body(finance.get(_export("csv")))
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == [
        "withdrawal number",
        "merchant",
        "amount to send",
        "currency",
        "method",
        "status",
        "review deadline",
    ]
    assert [row[0] for row in rows[1:]] == shown and len(shown) == 2  # the two in review, as the list orders them
    bank = Withdrawal.objects.get(pk=withdrawals[0].pk)
    row = next(row for row in rows[1:] if row[0] == bank.number)
    assert row[2:6] == [f"{bank.actual_amount}", bank.currency, "Bank card", "In review"]
    assert row[1] == str(bank.merchant)
    # Only the list's columns: no card number (not even its last digits), no address, no holder, no bank.
    for secret in (CARD, "9010", trc20.address, "Alex Holder", "Holder Bank"):
        assert secret not in text


def test_the_withdrawals_export_in_russian_and_as_xlsx(finance, withdrawals):
    text = _body(finance.get(_export("csv") + "?queue=all", HTTP_ACCEPT_LANGUAGE="ru"))
    header = text.split("\r\n")[0].split(";")
    assert header[:2] == ["номер вывода", "продавец"]
    assert all(not name.isascii() for name in header)
    assert len(text.strip().split("\r\n")) == 1 + 3
    response = finance.get(_export("xlsx") + "?queue=all")
    rows = list(load_workbook(io.BytesIO(b"".join(response.streaming_content))).active.iter_rows())
    assert len(rows) == 1 + 3
    amounts = {row[0].value: row[2] for row in rows[1:]}
    assert all(cell.data_type == "n" for cell in amounts.values())
    rejected = next(row for row in rows[1:] if row[0].value == withdrawals[2].number)
    assert rejected[6].value is None  # decided: no review deadline
    pending = next(row for row in rows[1:] if row[0].value == withdrawals[0].number)
    assert pending[6].is_date
    assert export_records(Withdrawal).count() == 2


def test_an_operator_without_the_withdrawals_view_permission_is_refused(client, withdrawals):
    admin_as(client, staff_operator("fulfilment-op", "orders.view_order", "orders.change_order"))
    assert client.get(_export("csv")).status_code == 403
    assert client.get(_export("xlsx")).status_code == 403
    assert not LogEntry.objects.exists()


def test_the_record_names_the_operator_the_list_and_the_rows(finance, withdrawals):
    b"".join(finance.get(_export("csv") + "?queue=all&status__exact=2").streaming_content)
    record = export_records(Withdrawal).get()
    assert record.user.username == "finance-op"
    assert record.get_change_message().startswith("Exported ")
    assert record.object_repr.startswith(f"{LIST}?queue=all&status__exact=2")
