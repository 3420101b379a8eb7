"""Issue 35, the fulfilment pages: a refund decided beside its evidence (the order, its tracking, the goods' state),
the carrier picked from a list (the ones already used first), a CSV template that the import reads back, the
import's result row by row in words, and success messages that say who was told."""

import csv
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from apps.orders import services
from apps.orders.constants import GoodsStatus, OrderStatus, RefundStatus, TrackingStep
from apps.orders.forms import CSV_COLUMNS
from apps.orders.models import Order, Refund
from apps.orders.selectors import COMMON_CARRIERS, carrier_choices
from apps.support.models import Notice
from tests.factories import DEFAULT_PAY_PASSWORD, fund, place_order, staff_operator
from tests.helpers import admin_as

FULFILMENT = ("orders.view_order", "orders.change_order", "orders.view_refund", "orders.change_refund")


@pytest.fixture
def fulfilment(client):
    return admin_as(client, staff_operator("fulfilment", *FULFILMENT))


def picked(merchant):
    order = place_order(merchant)
    services.order_pick(merchant=merchant, order_id=order.pk, pay_password=DEFAULT_PAY_PASSWORD)
    order.refresh_from_db()
    return order


def ship(order, operator, carrier="DHL", tracking="TRK-1"):
    services.order_ship(order_id=order.pk, carrier=carrier, tracking_number=tracking, operator=operator)
    order.refresh_from_db()
    return order


def messages_of(response):
    return [str(m) for m in response.context["messages"]]


def upload(text):
    return SimpleUploadedFile("ship.csv", text.encode("utf-8"), content_type="text/csv")


# ---------- the refund: the evidence before the decision ----------
def test_the_refund_pages_show_the_tracking_and_the_goods_before_the_forms(fulfilment, merchant, operator):
    fund(merchant, "100")
    order = ship(picked(merchant), operator, tracking="JD0146")
    services.tracking_event_add(
        order_id=order.pk,
        occurred_at=timezone.now(),
        step=TrackingStep.SORTING_CENTER,
        note="",
        place="Leipzig hub",
        operator=operator,
    )
    refund = services.refund_request(order_id=order.pk, reason="Box arrived crushed", goods_status=GoodsStatus.RETURNED)

    change = fulfilment.get(reverse("admin:orders_refund_change", args=[refund.pk])).content.decode()
    approve = fulfilment.get(reverse("admin:orders_refund_approve", args=[refund.pk])).content.decode()
    for page, decision in (
        (change, reverse("admin:orders_refund_approve", args=[refund.pk])),
        (approve, 'name="note"'),
    ):
        shown = [
            order.number,
            "$20.00",
            "$18.00",
            "DHL",
            "JD0146",
            "Leipzig hub",
            "Not delivered yet.",
            "Returned",
            "Box arrived crushed",
        ]
        for text in shown:
            assert text in page, text
            assert page.index(text) < page.index(decision), text  # the evidence comes first
    assert "Arrived at the sorting center" in approve
    # No empty rows: the decision is not made yet, so no reviewer, no review time, no operator's reason.
    assert "Reviewed at" not in change and "field-reviewed_by" not in change and "field-review_note" not in change


def test_a_refund_of_an_order_never_shipped_shows_no_tracking_rows(fulfilment, merchant):
    fund(merchant, "100")
    order = picked(merchant)
    refund = services.refund_request(order_id=order.pk, reason="Too late", goods_status=GoodsStatus.NOT_RECEIVED)
    page = fulfilment.get(reverse("admin:orders_refund_approve", args=[refund.pk])).content.decode()
    assert "No tracking events yet." in page and "Not received" in page
    assert "field-order_carrier" not in page and "Tracking number:" not in page


def test_refund_decisions_say_what_happened_and_who_was_told(fulfilment, merchant, operator):
    fund(merchant, "100")
    first, second = ship(picked(merchant), operator, tracking="A1"), ship(picked(merchant), operator, tracking="A2")
    approve = services.refund_request(order_id=first.pk, reason="Broken", goods_status=GoodsStatus.RETURNED)
    reject = services.refund_request(order_id=second.pk, reason="Changed mind", goods_status=GoodsStatus.RECEIVED)
    done = fulfilment.post(reverse("admin:orders_refund_approve", args=[approve.pk]), {"note": "ok"}, follow=True)
    assert (
        f"Refund of order {first.number} approved: $20.00 back to the buyer, its cost $18.00 back in the "
        "merchant's balance; the merchant was notified." in messages_of(done)
    )
    done = fulfilment.post(reverse("admin:orders_refund_reject", args=[reject.pk]), {"reason": "Used"}, follow=True)
    assert f"Refund of order {second.number} rejected: the order goes on; the merchant was notified." in messages_of(
        done
    )
    assert list(Refund.objects.order_by("pk").values_list("status", flat=True)) == [
        RefundStatus.APPROVED,
        RefundStatus.REJECTED,
    ]


def test_an_operator_without_the_permissions_is_refused(client, merchant, operator):
    fund(merchant, "100")
    order = ship(picked(merchant), operator)
    refund = services.refund_request(order_id=order.pk, reason="Broken", goods_status=GoodsStatus.RETURNED)
    viewer = admin_as(client, staff_operator("viewer", "orders.view_order", "orders.view_refund"))
    assert viewer.get(reverse("admin:orders_order_ship_csv_template")).status_code == 403
    assert viewer.get(reverse("admin:orders_refund_approve", args=[refund.pk])).status_code == 403
    assert viewer.post(reverse("admin:orders_refund_approve", args=[refund.pk]), {"note": "x"}).status_code == 403
    assert Refund.objects.get().status == RefundStatus.PENDING


# ---------- the carrier: picked from a list, the ones already used first ----------
def test_the_carrier_list_puts_the_used_carriers_first_in_one_query(fulfilment, merchant, operator):
    fund(merchant, "200")
    for carrier, times in (("Yodel", 1), ("Aramex", 3), ("DHL", 2)):
        for _ in range(times):
            ship(picked(merchant), operator, carrier=carrier, tracking=f"{carrier}-{_}")
    with CaptureQueriesContext(connection) as queries:
        choices = carrier_choices()
    assert len(queries) == 1
    assert choices[:3] == ["Aramex", "DHL", "Yodel"]  # most used first
    assert choices.count("DHL") == 1 and set(COMMON_CARRIERS) <= set(choices)

    waiting = picked(merchant)
    page = fulfilment.get(reverse("admin:orders_order_ship", args=[waiting.pk])).content.decode()
    assert 'list="id_carrier_choices"' in page and '<datalist id="id_carrier_choices">' in page
    assert page.index('value="Aramex"') < page.index('value="DHL"') < page.index('value="Yodel"')
    assert page.index('value="Yodel"') < page.index('value="FedEx"')  # the common ones after the used ones
    bulk = fulfilment.post(
        reverse("admin:orders_order_changelist"), {"action": "ship_selected", "_selected_action": [waiting.pk]}
    ).content.decode()
    assert '<datalist id="id_carrier_choices">' in bulk and 'value="Aramex"' in bulk
    # A carrier not in the list is typed in.
    done = fulfilment.post(
        reverse("admin:orders_order_ship", args=[waiting.pk]),
        {"carrier": "Pony Express", "tracking_number": "PX-1"},
        follow=True,
    )
    assert (
        f"Order {waiting.number} shipped with Pony Express (tracking PX-1); the merchant was notified."
        in messages_of(done)
    )
    assert Notice.objects.filter(merchant=merchant, title="Order shipped").count() == 7


# ---------- the CSV template and the import's result ----------
def test_the_csv_template_round_trip_ships_the_orders(fulfilment, merchant, operator):
    fund(merchant, "200")
    first, second, third = picked(merchant), picked(merchant), picked(merchant)
    ship(picked(merchant), operator)  # shipped already: not in the template
    place_order(merchant)  # not picked up: not in the template
    page = fulfilment.get(reverse("admin:orders_order_ship_csv")).content.decode()
    url = reverse("admin:orders_order_ship_csv_template")
    assert url in page

    response = fulfilment.get(url)
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    header = rows[0]
    assert header[: len(CSV_COLUMNS)] == CSV_COLUMNS and "carrier" in header
    assert sorted(row[0] for row in rows[1:]) == sorted([first.number, second.number, third.number])
    assert all(row[1] == "" and row[2] == "" for row in rows[1:])  # tracking number and carrier to fill in

    # Filled in: two rows with a tracking number, one left empty.
    filled = [header]
    for row in rows[1:]:
        if row[0] != third.number:
            row[1], row[2] = f"T-{row[0]}", "DHL"
        filled.append(row)
    out = io.StringIO()
    csv.writer(out).writerows(filled)
    result = fulfilment.post(reverse("admin:orders_order_ship_csv"), {"file": upload(out.getvalue())})
    assert result.status_code == 200
    assert "2 orders shipped (each one's merchant was notified), 1 skipped (see below)." in messages_of(result)
    state = {
        o.pk: (o.status, o.carrier, o.tracking_number)
        for o in Order.objects.filter(pk__in=[first.pk, second.pk, third.pk])
    }
    assert state[first.pk] == (OrderStatus.SHIPPED, "DHL", f"T-{first.number}")
    assert state[second.pk] == (OrderStatus.SHIPPED, "DHL", f"T-{second.number}")
    assert state[third.pk] == (OrderStatus.AWAITING_SHIPMENT, "", "")


def test_the_import_lists_every_rows_result_in_words(fulfilment, merchant, operator):
    fund(merchant, "200")
    good = picked(merchant)
    done = ship(picked(merchant), operator, carrier="UPS", tracking="OLD-9")
    waiting = place_order(merchant)
    bad = picked(merchant)
    rows = [
        "order_number,tracking_number,carrier",
        f"{good.number},GOOD-1,DHL",  # 2: shipped
        f"{done.number},NEW-1,DHL",  # 3: already shipped
        "O-NOT-THERE,X-1,DHL",  # 4: not found
        f"{waiting.number},W-1,DHL",  # 5: not ready to ship
        f"{bad.number},{'9' * 70},DHL",  # 6: a tracking number too long
    ]
    response = fulfilment.post(reverse("admin:orders_order_ship_csv"), {"file": upload("\n".join(rows))})
    assert "1 order shipped (its merchant was notified), 4 skipped (see below)." in messages_of(response)
    page = response.content.decode()
    table = page[page.index('id="csv-result"') :]
    expected = [
        (good.number, "Shipped", "The merchant was notified."),
        (done.number, "Skipped", "Already shipped with UPS, tracking number OLD-9."),
        ("O-NOT-THERE", "Skipped", "Unknown order number."),
        (waiting.number, "Skipped", "The order is “Awaiting pickup”, not awaiting shipment."),
        (bad.number, "Skipped", "The tracking number is longer than 64 characters."),
    ]
    position = 0
    for number, result, words in expected:
        found = table.index(number, position)
        assert table.index(result, found) < table.index(words, found), number
        position = table.index(words, found)
    assert "GOOD-1" in table
    assert Order.objects.get(pk=good.pk).status == OrderStatus.SHIPPED
    assert Order.objects.get(pk=done.pk).tracking_number == "OLD-9"  # a bad row changes nothing
    assert Order.objects.get(pk=waiting.pk).status == OrderStatus.AWAITING_PICKUP
    assert Order.objects.get(pk=bad.pk).status == OrderStatus.AWAITING_SHIPMENT


# ---------- the order's page and the lists ----------
def test_the_order_page_reads_top_down_with_currency_and_no_empty_rows(fulfilment, merchant, operator):
    fund(merchant, "100")
    order = ship(picked(merchant), operator, carrier="DHL", tracking="JD77")
    page = fulfilment.get(reverse("admin:orders_order_change", args=[order.pk])).content.decode()
    sequence = [
        "Shipped",
        "$20.00",
        "$18.00",
        order.ship_address,
        order.ship_phone,
        "JD77",
        "Not delivered yet.",
    ]
    assert [text for text in sequence if text not in page] == []
    positions = [page.index(text) for text in sequence]
    assert positions == sorted(positions)
    assert "field-delivered_at" not in page and "field-settled_at" not in page  # dates not reached: no rows
    # The order is shipped: not in the list's default queue (orders to ship), so every order is asked for.
    listing = fulfilment.get(reverse("admin:orders_order_changelist") + "?queue=all").content.decode()
    assert "$20.00" in listing and "$18.00" in listing and "DHL JD77" in listing
