"""The merchant's exports over HTTP: each compared row by row with its screen's answer, in two languages, at the
time zone's midnight, for one merchant only; the signed link; bad periods; the throttle; streaming."""

import csv
import io
from datetime import datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.db import connection
from django.http import StreamingHttpResponse
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from openpyxl import load_workbook
from rest_framework.throttling import SimpleRateThrottle

from apps.accounts.models import AuthToken, Merchant
from apps.accounts.services import session_revoke
from apps.core import exports as writer
from apps.wallet.constants import AccountKind, EntryKind
from apps.wallet.models import JournalEntry, JournalLine, LedgerAccount
from tests.answers import data, rejection
from tests.factories import fund, place_order, received_order

EXPORT = "/merchant/merchant/export"
ZONE = "Asia/Bangkok"  # UTC+7: the local midnight is 17:00 UTC the day before


@pytest.fixture
def merchant(db):
    from tests.factories import MerchantFactory

    return MerchantFactory(time_zone=ZONE)


def local_today(merchant: Merchant):
    return timezone.localtime(timezone.now(), ZoneInfo(merchant.time_zone)).date()


def ask(api, kind, start, end, fmt="csv"):
    return api.post(EXPORT, {"kind": kind, "start": str(start), "end": str(end), "format": fmt})


def download(api, kind, start, end, fmt="csv"):
    """(response, rows as lists of strings or values) of an export asked for and then downloaded without the token."""
    link = data(ask(api, kind, start, end, fmt))
    response = api.client.get(link["url"]) if hasattr(api, "client") else _plain_get(link["url"])
    assert response.status_code == 200
    assert f'filename="{link["filename"]}"' in response["Content-Disposition"]
    body = b"".join(response.streaming_content)
    if fmt == "xlsx":
        sheet = load_workbook(io.BytesIO(body), read_only=True).active
        return response, [list(row) for row in sheet.iter_rows(values_only=True)]
    assert body.startswith("\ufeff".encode())
    separator = ";" if api.lang.startswith("ru") else ","
    return response, list(csv.reader(io.StringIO(body.decode("utf-8-sig")), delimiter=separator))


def _plain_get(url):
    from django.test import Client

    return Client().get(url)  # a browser's download: no token header, no lang header


def number(text, lang):
    return Decimal(text.replace(",", ".")) if lang.startswith("ru") else Decimal(text)


def local_time(iso, merchant):
    return timezone.localtime(datetime.fromisoformat(iso), ZoneInfo(merchant.time_zone)).strftime("%Y-%m-%d %H:%M:%S")


def bill_screen(api):
    return data(api.get("/merchant/merchant/bill", {"limit": 100}))["list"]


@pytest.mark.parametrize("lang", ["en", "ru-RU"])
def test_the_funds_records_are_the_screen_s_lines_with_their_balance_after(merchant_api, merchant, lang):
    fund(merchant, "100.00")
    fund(merchant, "0.50")
    received_order(merchant, None, "20.00")
    merchant_api.lang = lang
    today = local_today(merchant)
    _, rows = download(merchant_api, "funds", today, today)
    screen = bill_screen(merchant_api)
    assert rows[0] == (
        ["Time", "Type", "Details", "Amount", "Balance after"]
        if lang == "en"
        else ["Время", "Тип", "Подробности", "Сумма", "Баланс после"]
    )
    assert len(rows) - 1 == len(screen) >= 4
    for row, line in zip(rows[1:], screen, strict=True):
        assert row[0] == local_time(line["created_at"], merchant)
        assert row[1:3] == [line["title"], line["memo"]]
        assert number(row[3], lang) == Decimal(line["amount"])
        assert number(row[4], lang) == Decimal(line["balance_after"])
    if lang == "ru-RU":
        assert rows[1][4].count(",") == 1  # the decimal sign of Russian spreadsheets


def test_the_funds_records_as_xlsx_are_numbers_and_times(merchant_api, merchant):
    fund(merchant, "12.30")
    today = local_today(merchant)
    _, rows = download(merchant_api, "funds", today, today, "xlsx")
    (line,) = bill_screen(merchant_api)
    assert rows[0][3:] == ["Amount", "Balance after"]
    assert rows[1][3:] == [Decimal("12.30"), Decimal("12.30")] or rows[1][3:] == [12.3, 12.3]
    assert rows[1][0].strftime("%Y-%m-%d %H:%M:%S") == local_time(line["created_at"], merchant)


def test_a_period_is_of_local_dates_in_the_merchant_s_time_zone(merchant_api, merchant):
    today = local_today(merchant)
    midnight = datetime.combine(today, datetime.min.time(), tzinfo=ZoneInfo(ZONE))
    with time_machine.travel(midnight - timedelta(seconds=1), tick=False):
        fund(merchant, "1.00")  # yesterday, 23:59:59 in Bangkok
    with time_machine.travel(midnight, tick=False):
        fund(merchant, "2.00")  # today, 00:00:00
    _, rows = download(merchant_api, "funds", today, today)
    assert [row[3] for row in rows[1:]] == ["2.00"]
    _, rows = download(merchant_api, "funds", today - timedelta(days=1), today - timedelta(days=1))
    assert [row[3] for row in rows[1:]] == ["1.00"]
    assert rows[1][0] == f"{today - timedelta(days=1)} 23:59:59"


def test_the_orders_are_the_list_s_and_the_detail_s_one_row_per_line(merchant_api, merchant, operator):
    received_order(merchant, operator, "20.00")
    place_order(merchant, retail="35.50", quantity=2)
    place_order(merchant, retail="9.99", paid=False)
    merchant_api.lang = "ru-RU"
    today = local_today(merchant)
    _, rows = download(merchant_api, "orders", today, today)
    listed = data(merchant_api.get("/merchant/order/list", {"limit": 100}))["list"]
    assert rows[0][:3] == ["Номер заказа", "Оформлен", "Статус"]
    assert len(rows) - 1 == len(listed) == 3
    for row, summary in zip(rows[1:], listed, strict=True):
        detail = data(merchant_api.get("/merchant/order/detail", {"id": summary["id"]}))
        (line,) = detail["lines"]
        assert row[:4] == [
            summary["number"],
            local_time(summary["created_at"], merchant),
            summary["status_label"],
            line["title"],
        ]
        amounts = [number(text, "ru") for text in row[4:11]]
        assert amounts == [
            Decimal(line["quantity"]),
            Decimal(line["retail_price"]),
            Decimal(line["purchase_price"]),
            Decimal(line["profit"]),
            Decimal(summary["total_payment"]),
            Decimal(summary["total_cost"]),
            Decimal(summary["earnings"]),
        ]
        assert row[11:] == [detail["carrier"], detail["tracking_number"]]
    assert rows[-1][12].startswith("T")  # the order received: shipped with its tracking number


def test_finance_by_date_is_the_finance_screen_s(merchant_api, merchant, operator):
    received_order(merchant, operator, "20.00")
    place_order(merchant, retail="10.00")
    today = local_today(merchant)
    screen = data(merchant_api.get("/merchant/merchant/financial_report", {"range": "week"}))
    _, rows = download(merchant_api, "finance", today - timedelta(days=6), today)
    assert rows[0] == [
        "Date",
        "Orders placed",
        "Cancelled orders",
        "Refunded orders",
        "Pending settlement",
        "Settled profit",
    ]
    assert [row[0] for row in rows[1:]] == [day["date"] for day in screen["profit_by_date"]]
    assert [Decimal(row[5]) for row in rows[1:]] == [Decimal(day["profit"]) for day in screen["profit_by_date"]]
    assert sum(int(row[1]) for row in rows[1:]) == screen["total_orders"] == 2
    assert sum(int(row[2]) for row in rows[1:]) == screen["cancelled_orders"]
    assert sum(int(row[3]) for row in rows[1:]) == screen["refunded_orders"]
    assert sum(Decimal(row[4]) for row in rows[1:]) == Decimal(screen["awaiting_amount"]) > 0


def test_another_merchant_s_records_never_appear(merchant_api, merchant, other_merchant):
    fund(merchant, "1.00")
    fund(other_merchant, "7.00")
    place_order(other_merchant)
    today = local_today(merchant)
    _, funds = download(merchant_api, "funds", today, today)
    _, orders = download(merchant_api, "orders", today, today)
    assert [row[3] for row in funds[1:]] == ["1.00"]
    assert orders[1:] == []


def test_the_link_expires_and_ends_with_the_session(merchant_api, merchant):
    fund(merchant, "1.00")
    today = local_today(merchant)
    url = data(ask(merchant_api, "funds", today, today))["url"]
    with time_machine.travel(timezone.now() + timedelta(minutes=6)):
        expired = _plain_get(url)
    assert expired.status_code == 404 and expired.json()["code"] == 0
    tampered = _plain_get(url[:-3] + ("aaa" if not url.endswith("aaa") else "bbb"))
    assert tampered.status_code == 404
    assert _plain_get(url).status_code == 200
    session_revoke(token_ids=list(AuthToken.objects.filter(merchant=merchant).values_list("pk", flat=True)))
    assert _plain_get(url).status_code == 404  # signed out: the link opens nothing


@pytest.mark.parametrize(
    ("start", "end", "field"),
    [(5, 6, "end"), (400, 0, "end"), (-2, -3, "start")],  # days before today: end first; a year and more; the future
)
def test_a_bad_period_is_refused_in_the_merchant_s_language(merchant_api, merchant, start, end, field):
    today = local_today(merchant)
    answers = {}
    for lang in ("en", "ru-RU"):
        merchant_api.lang = lang
        body = rejection(ask(merchant_api, "funds", today - timedelta(days=start), today - timedelta(days=end)))
        answers[lang] = body["data"]["errors"][field][0]
    assert answers["en"] != answers["ru-RU"] and answers["en"].isascii() and not answers["ru-RU"].isascii()
    body = rejection(merchant_api.post(EXPORT, {"kind": "everything", "start": str(today), "end": str(today)}))
    assert "kind" in body["data"]["errors"]


def test_exports_are_throttled_per_merchant(merchant_api, other_merchant, monkeypatch, api):
    monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, "export", "2/min")
    today = local_today(merchant_api_merchant(merchant_api))
    assert data(ask(merchant_api, "funds", today, today))
    assert data(ask(merchant_api, "orders", today, today))
    assert rejection(ask(merchant_api, "finance", today, today))["data"]["error"] == 1003
    other = type(merchant_api)().login_as(other_merchant)
    assert data(ask(other, "funds", today, today))


def merchant_api_merchant(api):
    return AuthToken.objects.get(key_hash=AuthToken.hash(api.token)).merchant


def test_many_rows_stream_with_constant_queries_per_chunk(merchant_api, merchant):
    fund(merchant, "1.00")
    account = LedgerAccount.objects.get(merchant=merchant, kind=AccountKind.AVAILABLE)
    platform, _ = LedgerAccount.objects.get_or_create(merchant=None, kind=AccountKind.ADJUSTMENTS)
    n, cent = 5000, Decimal("0.01")
    entries = JournalEntry.objects.bulk_create(
        JournalEntry(reference=f"bulk:{i}", kind=EntryKind.ADJUSTMENT, memo=f"=SUM(A{i})") for i in range(n)
    )
    JournalLine.objects.bulk_create(
        line
        for i, entry in enumerate(entries)
        for line in (
            JournalLine(entry=entry, account=account, amount=cent, balance_after=account.balance + cent * (i + 1)),
            JournalLine(entry=entry, account=platform, amount=-cent, balance_after=platform.balance - cent * (i + 1)),
        )
    )
    LedgerAccount.objects.filter(pk=account.pk).update(balance=account.balance + cent * n)
    LedgerAccount.objects.filter(pk=platform.pk).update(balance=platform.balance - cent * n)
    today = local_today(merchant)
    url = data(ask(merchant_api, "funds", today, today))["url"]
    response = _plain_get(url)
    assert isinstance(response, StreamingHttpResponse)

    with CaptureQueriesContext(connection) as queries:
        chunks = iter(response.streaming_content)
        first = next(chunks)  # the header leaves before any row is read
        assert first.startswith("\ufeff".encode()) and len(queries) == 0
        second = next(chunks)
        assert second.count(b"\r\n") == writer.CSV_ROWS_PER_CHUNK
        after_one_chunk = len(queries)
        rest = b"".join(chunks)
    read = 1 + second.count(b"\r\n") + rest.count(b"\r\n")
    assert read == 1 + 1 + n  # the header, the deposit, the lines
    assert after_one_chunk <= 2  # a chunk of lines (and its memos' names when it has levels or promotions)
    assert len(queries) <= 2 * (n // 500 + 2)
    assert b"'=SUM(A0)" in second + rest  # a memo written as a formula stays text
