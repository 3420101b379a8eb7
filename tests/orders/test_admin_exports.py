"""Operators' exports of the orders list (apps.core.admin_exports), over HTTP: the file holds the rows the list shows
with the same filters (by default the orders to ship), only the list's columns, headers in the operator's language,
amounts as numbers and times as times; an operator who may not view orders is refused; each export is recorded."""

import csv
import io

import pytest
from django.contrib.admin.models import LogEntry
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone
from openpyxl import load_workbook

from apps.core import admin_exports
from apps.core.admin_exports import EXPORT_FLAG, export_records
from apps.orders import services
from apps.orders.models import Order
from tests.factories import DEFAULT_PAY_PASSWORD, fund, place_order, staff_operator
from tests.helpers import admin_as

pytestmark = pytest.mark.django_db

LIST = reverse("admin:orders_order_changelist")
EN_HEADERS = ["order number", "status", "total payment", "total cost", "shop name", "created at", "shipment"]


def _export(fmt):
    return reverse("admin:orders_order_export", args=[fmt])


@pytest.fixture
def orders(merchant, operator):
    """Three orders to ship, one awaiting pickup, one shipped; the shop's name reads like a formula."""
    merchant.shop.name = "=HYPERLINK(1)"
    merchant.shop.save()
    fund(merchant, "500")
    made = [place_order(merchant, retail=f"{10 + i}.50") for i in range(5)]
    for order in made[:4]:
        services.order_pick(merchant=merchant, order_id=order.pk, pay_password=DEFAULT_PAY_PASSWORD)
    services.order_ship(order_id=made[3].pk, carrier="DHL", tracking_number="TRK-9", operator=operator)
    return made


@pytest.fixture
def fulfilment(client):
    return admin_as(client, staff_operator("fulfilment-op", "orders.view_order", "orders.change_order"))


def _csv_rows(response):
    body = b"".join(response.streaming_content)
    assert body.startswith(b"\xef\xbb\xbf")
    text = body[3:].decode("utf-8")
    return list(csv.reader(io.StringIO(text), delimiter=";" if text.split("\r\n")[0].count(";") else ","))


def _list_numbers(client, query):
    return [order.number for order in client.get(LIST + query).context["cl"].result_list]


@pytest.mark.parametrize("query", ["", "?queue=all", "?queue=all&status__exact=5", "?q=", "?queue=all&o=-1"])
def test_the_export_holds_the_rows_the_list_shows_with_its_filters(
    fulfilment, orders, query, django_assert_max_num_queries
):
    if query == "?q=":
        query = f"?q={orders[1].number}"
    shown = _list_numbers(fulfilment, query)
    assert shown
    with django_assert_max_num_queries(12):  # the same few queries whatever the rows
        response = fulfilment.get(_export("csv") + query)
        rows = _csv_rows(response)
    assert response.status_code == 200 and response["Content-Type"] == "text/csv; charset=utf-8"
    assert rows[0] == EN_HEADERS
    assert [row[0] for row in rows[1:]] == shown  # the same rows in the same order


def test_the_default_export_is_the_orders_to_ship_with_typed_values(fulfilment, orders):
    rows = _csv_rows(fulfilment.get(_export("csv")))
    to_ship = {order.number for order in orders[:3]}
    assert {row[0] for row in rows[1:]} == to_ship
    first = next(row for row in rows[1:] if row[0] == orders[0].number)
    order = Order.objects.get(pk=orders[0].pk)
    assert first[1] == "Awaiting shipment"
    assert first[2] == f"{order.total_payment}" and first[3] == f"{order.total_cost}"  # numbers, no currency sign
    assert first[4] == "'=HYPERLINK(1)"  # the merchant's words, never a formula
    assert first[5] == timezone.localtime(order.created_at).strftime("%Y-%m-%d %H:%M:%S")
    assert first[6] == ""  # the list's "-" (nothing yet) as an empty cell


def test_headers_are_in_the_operators_language(fulfilment, orders):
    ru = _csv_rows(fulfilment.get(_export("csv"), HTTP_ACCEPT_LANGUAGE="ru"))
    assert ru[0] == [
        "номер заявки",
        "статус",
        "сумма оплаты",
        "общая стоимость закупки",
        "название магазина",
        "создан",
        "отправка",
    ]
    order = Order.objects.get(pk=orders[0].pk)
    row = next(row for row in ru[1:] if row[0] == order.number)
    assert row[1] == "Ожидает отправки"  # a status in the operator's language too
    assert row[2] == f"{order.total_payment}".replace(".", ",")  # the Russian decimal sign, ";" between cells
    th = _csv_rows(fulfilment.get(_export("csv"), HTTP_ACCEPT_LANGUAGE="th"))
    assert all(not header.isascii() for header in th[0]) and len(th[0]) == len(EN_HEADERS)


def test_the_xlsx_export_has_typed_cells(fulfilment, orders):
    response = fulfilment.get(_export("xlsx") + "?queue=all", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    assert response["Content-Disposition"].startswith('attachment; filename="orders-')
    sheet = load_workbook(io.BytesIO(b"".join(response.streaming_content))).active
    rows = list(sheet.iter_rows())
    assert len(rows) == 1 + len(orders)
    assert all(not str(cell.value).isascii() for cell in rows[0])
    _number, _status, payment, cost, shop, created, _shipment = rows[1]
    assert payment.data_type == "n" and cost.data_type == "n" and created.is_date
    assert shop.data_type == "s" and shop.value == "=HYPERLINK(1)"


def test_each_export_is_recorded_with_who_which_list_and_how_many_rows(fulfilment, orders):
    before = timezone.now()
    b"".join(fulfilment.get(_export("csv") + "?queue=all&status__exact=5").streaming_content)
    record = export_records(Order).get()
    assert record.user.username == "fulfilment-op" and record.action_flag == EXPORT_FLAG
    assert record.action_time >= before
    assert record.object_repr == f"{LIST}?queue=all&status__exact=5"
    assert record.change_message == f"Exported 1 rows as CSV (en): {LIST}?queue=all&status__exact=5"


def test_an_operator_who_may_not_view_orders_is_refused_and_nothing_is_recorded(client, orders):
    admin_as(client, staff_operator("finance-op", "wallet.view_withdrawal", "wallet.change_withdrawal"))
    for fmt in ("csv", "xlsx"):
        assert client.get(_export(fmt)).status_code == 403
    assert not LogEntry.objects.exists()


def test_an_operator_who_may_only_view_orders_exports_them(client, orders):
    admin_as(client, staff_operator("order-viewer", "orders.view_order"))
    page = client.get(LIST + "?queue=all").content.decode()
    assert f'href="{_export("csv")}?queue=all"' in page and f'href="{_export("xlsx")}?queue=all"' in page
    assert client.get(_export("csv")).status_code == 200
    assert export_records(Order).count() == 1


def test_an_unknown_format_or_filter_changes_nothing(fulfilment, orders):
    assert fulfilment.get(_export("pdf")).status_code == 404
    response = fulfilment.get(_export("csv") + "?no_such_field=1")
    assert response.status_code == 302 and response["Location"] == f"{LIST}?e=1"
    assert not LogEntry.objects.exists()


def test_a_list_over_the_cap_is_refused_with_a_message(fulfilment, orders, monkeypatch):
    monkeypatch.setattr(admin_exports, "EXPORT_MAX_ROWS", 2)
    response = fulfilment.get(_export("xlsx") + "?queue=all")
    assert response.status_code == 302 and response["Location"] == f"{LIST}?queue=all"
    assert [str(m) for m in get_messages(response.wsgi_request)] == [
        "Rows in this list: 5. An export holds at most 2 rows: narrow the list with its filters or the search, then "
        "export again."
    ]
    assert fulfilment.get(_export("csv")).status_code == 302  # the 3 orders to ship: still over 2
    assert not LogEntry.objects.exists()
