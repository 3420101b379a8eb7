"""The operators' side of orders: orders are only looked at and moved on through the services (ship one, a selection
or a CSV file; tracking steps; delivered), refunds are decided once, and nothing else in the admin changes them."""

from datetime import timedelta

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from apps.core.errors import AppError
from apps.orders import figures, services, tasks
from apps.orders.constants import CreditEventKind, GoodsStatus, OrderStatus, RefundStatus
from apps.orders.models import CreditEvent, Order, Refund, TrackingEvent
from apps.wallet.constants import AccountKind
from apps.wallet.ledger import account_get
from apps.wallet.models import JournalEntry
from apps.wallet.selectors import wallet_summary
from tests.factories import DEFAULT_PAY_PASSWORD, MerchantFactory, fund, place_order, staff_operator
from tests.helpers import admin_as
from tests.history import status_history

CHANGELIST = "admin:orders_order_changelist"


def change_url(order):
    return reverse("admin:orders_order_change", args=[order.pk])


def step_url(order, name):
    return reverse(f"admin:orders_order_{name}", args=[order.pk])


def picked(merchant, **kwargs):
    """An order awaiting shipment: paid by the buyer and picked up (paid for) by the merchant."""
    order = place_order(merchant, **kwargs)
    services.order_pick(merchant=merchant, order_id=order.pk, pay_password=DEFAULT_PAY_PASSWORD)
    order.refresh_from_db()
    return order


def shipped(merchant, operator, tracking="TRK-1"):
    order = picked(merchant)
    services.order_ship(order_id=order.pk, carrier="DHL", tracking_number=tracking, operator=operator)
    order.refresh_from_db()
    return order


def local_input(moment):
    return timezone.localtime(moment).strftime("%Y-%m-%dT%H:%M")


def messages_of(response):
    return [str(m) for m in response.context["messages"]]


# ---------- orders come only from buyers: no add, no edit, no delete ----------
def test_orders_cannot_be_added_changed_or_deleted_in_the_admin(admin_client, merchant):
    fund(merchant, "50")
    order = picked(merchant)
    assert admin_client.get(reverse("admin:orders_order_add")).status_code == 403
    assert admin_client.post(reverse("admin:orders_order_add"), {"number": "X1"}).status_code == 403
    assert admin_client.get(reverse("admin:orders_order_delete", args=[order.pk])).status_code == 403
    assert admin_client.post(reverse("admin:orders_order_delete", args=[order.pk]), {"post": "yes"}).status_code == 403
    page = admin_client.get(change_url(order))
    assert page.status_code == 200
    assert b'name="_save"' not in page.content and b'name="status"' not in page.content
    before = Order.objects.filter(pk=order.pk).values().get()
    forged = {"status": OrderStatus.COMPLETED, "tracking_number": "FAKE", "total_cost": "0", "_save": "Save"}
    assert admin_client.post(change_url(order), forged).status_code == 403
    assert Order.objects.filter(pk=order.pk).values().get() == before
    assert (
        not status_history(order)
        .exclude(to_status=str(OrderStatus.AWAITING_PICKUP))
        .exclude(to_status=str(OrderStatus.AWAITING_SHIPMENT))
        .exists()
    )
    # Neither the list's delete action nor a refund admin add/delete exist.
    changelist = admin_client.get(reverse(CHANGELIST)).content.decode()
    assert "delete_selected" not in changelist
    assert admin_client.get(reverse("admin:orders_refund_add")).status_code == 403


# ---------- ship one order from its page ----------
def test_operator_ships_an_order_from_its_page_once(admin_client, merchant, operator):
    fund(merchant, "50")
    order = picked(merchant)
    url = step_url(order, "ship")
    page = admin_client.get(change_url(order)).content.decode()
    assert url in page
    assert step_url(order, "tracking") not in page and step_url(order, "delivered") not in page  # not shipped yet
    form = admin_client.get(url)
    assert form.status_code == 200 and 'name="tracking_number"' in form.content.decode()
    assert order.ship_address in form.content.decode()  # where it goes, on the form

    assert admin_client.post(url, {"carrier": "DHL", "tracking_number": "  "}).status_code == 200  # required
    assert Order.objects.get(pk=order.pk).status == OrderStatus.AWAITING_SHIPMENT

    response = admin_client.post(url, {"carrier": "DHL", "tracking_number": "JD014600"}, follow=True)
    shipped_note = f"Order {order.number} shipped with DHL (tracking JD014600); the merchant was notified."
    assert shipped_note in messages_of(response)
    order.refresh_from_db()
    assert (order.status, order.carrier, order.tracking_number) == (OrderStatus.SHIPPED, "DHL", "JD014600")
    assert order.shipped_at is not None and order.receive_due_at is not None
    change = status_history(order).first()
    assert (change.to_status, change.actor, change.note) == (str(OrderStatus.SHIPPED), operator, "DHL JD014600")

    # Shipped: no second ship offered, and one typed by hand is refused and changes nothing.
    page = admin_client.get(change_url(order)).content.decode()
    assert url not in page and step_url(order, "tracking") in page and step_url(order, "delivered") in page
    again = admin_client.post(url, {"carrier": "UPS", "tracking_number": "OTHER"}, follow=True)
    assert "“Ship” is not possible while the status is “Shipped”." in again.content.decode()
    order.refresh_from_db()
    assert (order.carrier, order.tracking_number) == ("DHL", "JD014600")
    assert status_history(order).filter(to_status=str(OrderStatus.SHIPPED)).count() == 1


def test_an_order_not_picked_up_cannot_be_shipped(admin_client, merchant):
    order = place_order(merchant)  # awaiting pickup: the merchant has not paid its cost
    assert step_url(order, "ship") not in admin_client.get(change_url(order)).content.decode()
    response = admin_client.post(step_url(order, "ship"), {"carrier": "DHL", "tracking_number": "X"})
    assert response.status_code == 302 and response.url == change_url(order)
    assert Order.objects.get(pk=order.pk).status == OrderStatus.AWAITING_PICKUP


# ---------- ship a selection, one tracking number each ----------
def test_bulk_ship_asks_one_tracking_number_per_order(admin_client, merchant):
    fund(merchant, "100")
    first, second = picked(merchant), picked(merchant)
    waiting = place_order(merchant)  # awaiting pickup: listed, not shipped
    selection = [first.pk, second.pk, waiting.pk]
    url = reverse(CHANGELIST)

    page = admin_client.post(url, {"action": "ship_selected", "_selected_action": selection})
    assert page.status_code == 200
    text = page.content.decode()
    assert f'name="tracking_{first.pk}"' in text and f'name="tracking_{second.pk}"' in text
    assert f'name="tracking_{waiting.pk}"' not in text and waiting.number in text

    apply = {"action": "ship_selected", "_selected_action": selection, "apply": "1", "carrier": "FedEx"}
    missing = admin_client.post(url, {**apply, f"tracking_{first.pk}": "FX1", f"tracking_{second.pk}": ""})
    assert missing.status_code == 200  # each order needs its number
    same = admin_client.post(url, {**apply, f"tracking_{first.pk}": "FX1", f"tracking_{second.pk}": "FX1"})
    assert same.status_code == 200
    assert f"Order {first.number} has the same tracking number." in same.content.decode()
    assert not Order.objects.filter(status=OrderStatus.SHIPPED).exists()

    done = admin_client.post(url, {**apply, f"tracking_{first.pk}": "FX1", f"tracking_{second.pk}": "FX2"}, follow=True)
    notes = messages_of(done)
    assert "2 orders shipped with FedEx; each one's merchant was notified." in notes
    assert f"Not awaiting shipment, not shipped: {waiting.number}." in notes
    assert dict(Order.objects.values_list("pk", "tracking_number")) == {
        first.pk: "FX1",
        second.pk: "FX2",
        waiting.pk: "",
    }
    assert Order.objects.get(pk=waiting.pk).status == OrderStatus.AWAITING_PICKUP


def test_bulk_ship_with_nothing_to_ship_says_so(admin_client, merchant):
    order = place_order(merchant)
    response = admin_client.post(
        reverse(CHANGELIST), {"action": "ship_selected", "_selected_action": [order.pk]}, follow=True
    )
    assert "None of the selected orders is awaiting shipment." in messages_of(response)


# ---------- ship a CSV file: each valid row ships, the others are listed with their reason ----------
def _csv(text):
    return SimpleUploadedFile("ship.csv", text.encode("utf-8-sig"), content_type="text/csv")


def test_csv_upload_ships_valid_rows_and_reports_the_rejected_ones(admin_client, merchant, operator):
    fund(merchant, "200")
    good, default_carrier, conflict, blank = (picked(merchant) for _ in range(4))
    waiting = place_order(merchant)
    done = shipped(merchant, operator, tracking="OLD-1")
    rows = [
        "order_number,tracking_number,carrier",
        f"{good.number},TN-1,UPS",  # 2: shipped
        f"{default_carrier.number},TN-2,",  # 3: shipped with the form's carrier
        "O-NOT-THERE,TN-3,UPS",  # 4: unknown
        f"{waiting.number},TN-4,UPS",  # 5: wrong status
        f"{blank.number},,UPS",  # 6: blank tracking number
        f"{good.number},TN-1,UPS",  # 7: the same row again
        f"{conflict.number},TN-5,UPS",  # 8 and 9: one order, two different shipments
        f"{conflict.number},TN-6,UPS",
        f"{done.number},OLD-1,DHL",  # 10: already shipped with it
    ]
    url = reverse("admin:orders_order_ship_csv")
    assert url in admin_client.get(reverse(CHANGELIST)).content.decode()  # linked from the list
    assert admin_client.get(url).status_code == 200
    response = admin_client.post(url, {"file": _csv("\n".join(rows)), "carrier": "Royal Mail"})
    assert response.status_code == 200
    report = response.context["report"]
    assert report.shipped == [(2, good.number, "TN-1"), (3, default_carrier.number, "TN-2")]
    assert report.rejected == [
        (4, "O-NOT-THERE", "Unknown order number."),
        (5, waiting.number, "The order is “Awaiting pickup”, not awaiting shipment."),
        (6, blank.number, "The tracking number is missing."),
        (7, good.number, "Duplicate of row 2."),
        (8, conflict.number, "This order number is in rows 8, 9 with different shipments."),
        (9, conflict.number, "This order number is in rows 8, 9 with different shipments."),
        (10, done.number, "Already shipped with this tracking number."),
    ]
    assert "2 orders shipped (each one's merchant was notified), 7 skipped (see below)." in messages_of(response)
    assert "Duplicate of row 2." in response.content.decode()
    state = {o.pk: (o.status, o.carrier, o.tracking_number) for o in Order.objects.all()}
    assert state[good.pk] == (OrderStatus.SHIPPED, "UPS", "TN-1")
    assert state[default_carrier.pk] == (OrderStatus.SHIPPED, "Royal Mail", "TN-2")
    for untouched in (conflict, blank):
        assert state[untouched.pk] == (OrderStatus.AWAITING_SHIPMENT, "", "")  # nothing half-done
    assert state[waiting.pk][0] == OrderStatus.AWAITING_PICKUP
    assert state[done.pk] == (OrderStatus.SHIPPED, "DHL", "OLD-1")


def test_csv_upload_refuses_a_file_without_its_columns_or_a_carrier(admin_client, merchant):
    fund(merchant, "50")
    order = picked(merchant)
    url = reverse("admin:orders_order_ship_csv")
    response = admin_client.post(url, {"file": _csv(f"number,tracking\n{order.number},T1\n")})
    assert response.status_code == 200 and response.context["report"] is None
    assert "Missing columns: order_number, tracking_number" in response.content.decode()
    response = admin_client.post(url, {"file": _csv(f"order_number,tracking_number\n{order.number},T1\n")})
    assert response.context["report"].rejected == [
        (2, order.number, "The carrier is missing: give it in a carrier column or on the form.")
    ]
    assert Order.objects.get(pk=order.pk).status == OrderStatus.AWAITING_SHIPMENT


# ---------- tracking steps and delivery ----------
def test_operator_adds_a_tracking_event_but_not_one_in_the_future(admin_client, merchant, operator):
    fund(merchant, "50")
    with time_machine.travel(timezone.now() - timedelta(hours=3)):  # steps come after the shipment, to the minute
        order = shipped(merchant, operator)
    url = step_url(order, "tracking")
    assert admin_client.get(url).status_code == 200
    before_shipment = {"occurred_at": local_input(order.shipped_at - timedelta(hours=1)), "step": "sorting_center"}
    refused = admin_client.post(url, before_shipment).content.decode()
    assert "A tracking step cannot be dated before the shipment (" in refused

    tomorrow = timezone.now() + timedelta(days=1)
    future = admin_client.post(url, {"occurred_at": local_input(tomorrow), "place": "Leipzig", "step": "in_transit"})
    assert future.status_code == 200
    assert "A tracking step is recorded when it has happened, not before." in future.content.decode()
    assert not TrackingEvent.objects.exists()

    now = timezone.now()
    data = {"occurred_at": local_input(now), "place": "Leipzig hub", "step": "sorting_center", "note": "Gate 4"}
    response = admin_client.post(url, data, follow=True)
    assert f"Tracking event recorded for order {order.number}: Arrived at the sorting center." in messages_of(response)
    event = TrackingEvent.objects.get()
    assert (event.order, event.place, event.operator, event.source) == (order, "Leipzig hub", operator, "operator")
    assert (event.step, event.description) == ("sorting_center", "Gate 4")
    later = {"occurred_at": local_input(now + timedelta(minutes=1)), "place": "", "step": "out_for_delivery"}
    admin_client.post(url, later)
    page = admin_client.get(change_url(order)).content.decode()
    assert page.index("Out for delivery") < page.index("Arrived at the sorting center")  # newest first
    assert Order.objects.get(pk=order.pk).status == OrderStatus.SHIPPED  # a step is not a status move


def test_tracking_events_only_for_shipped_orders(admin_client, merchant):
    fund(merchant, "50")
    order = picked(merchant)
    data = {"occurred_at": local_input(timezone.now()), "step": "in_transit"}
    response = admin_client.post(step_url(order, "tracking"), data, follow=True)
    assert "“Add tracking event” is not possible while the status is “Awaiting shipment”." in messages_of(response)
    assert not TrackingEvent.objects.exists()


def test_operator_marks_a_shipped_order_delivered_once(admin_client, merchant, operator):
    fund(merchant, "50")
    order = shipped(merchant, operator)
    url = step_url(order, "delivered")
    assert admin_client.get(url).status_code == 200
    response = admin_client.post(url, {"delivered_at": ""}, follow=True)
    assert any(m.startswith(f"Order {order.number} marked delivered.") for m in messages_of(response))
    order.refresh_from_db()
    assert order.delivered_at is not None and order.status == OrderStatus.SHIPPED
    assert url not in admin_client.get(change_url(order)).content.decode()
    again = admin_client.post(url, {"delivered_at": ""}, follow=True)
    assert f"Order {order.number} was already marked delivered." in messages_of(again)


# ---------- refunds: decided once, through the services ----------
@pytest.fixture
def refund(merchant, operator):
    fund(merchant, "100")
    order = shipped(merchant, operator)  # T 20.00 in escrow, the merchant paid C 18.00
    return services.refund_request(order_id=order.pk, reason="Box arrived crushed", goods_status=GoodsStatus.RETURNED)


def refund_url(refund, name):
    return reverse(f"admin:orders_refund_{name}", args=[refund.pk])


def test_approving_a_refund_moves_the_money_and_refunds_the_order_once(admin_client, merchant, operator, refund):
    order = refund.order
    assert wallet_summary(merchant=merchant)["balance"] == "82.00"
    queue = admin_client.get(reverse("admin:orders_refund_changelist"), {"status__exact": RefundStatus.PENDING})
    assert queue.status_code == 200 and order.number in queue.content.decode()
    page = admin_client.get(reverse("admin:orders_refund_change", args=[refund.pk])).content.decode()
    assert "Box arrived crushed" in page and "Returned" in page and "Shipped" in page  # reason, goods, order status
    assert refund_url(refund, "approve") in page and refund_url(refund, "reject") in page
    form = admin_client.get(refund_url(refund, "approve")).content.decode()
    assert "gives the merchant its cost $18.00 back" in form

    response = admin_client.post(refund_url(refund, "approve"), {"note": "Photos checked"}, follow=True)
    approved_note = (
        f"Refund of order {order.number} approved: $20.00 back to the buyer, its cost $18.00 back in the "
        "merchant's balance; the merchant was notified."
    )
    assert approved_note in messages_of(response)
    refund.refresh_from_db()
    order.refresh_from_db()
    assert (refund.status, refund.reviewed_by, refund.review_note) == (
        RefundStatus.APPROVED,
        operator,
        "Photos checked",
    )
    assert order.status == OrderStatus.REFUNDED
    assert wallet_summary(merchant=merchant)["balance"] == "100.00"  # the cost came back
    assert account_get(kind=AccountKind.ESCROW).balance == 0
    assert JournalEntry.objects.filter(reference=f"refund:{refund.pk}").exists()

    # A second decision is refused and changes nothing.
    again = admin_client.post(refund_url(refund, "reject"), {"reason": "changed my mind"}, follow=True)
    assert "“Reject refund” is not possible while the status is “Approved”." in again.content.decode()
    admin_client.post(refund_url(refund, "approve"), {"note": "twice"})
    refund.refresh_from_db()
    assert (refund.status, refund.review_note) == (RefundStatus.APPROVED, "Photos checked")
    assert status_history(refund).count() == 1
    assert JournalEntry.objects.filter(reference__startswith="refund:").count() == 1

    # The order's page shows the refund's ledger entry beside the others, and the order's history.
    order_page = admin_client.get(change_url(order)).content.decode()
    for reference in (f"order_paid:{order.pk}", f"pickup:{order.pk}", f"refund:{refund.pk}"):
        assert reference in order_page
    assert "Refunded" in order_page and "Photos checked" in order_page
    assert not CreditEvent.objects.filter(merchant=merchant).exists()  # not at fault: the score is untouched


def test_a_refund_approved_for_the_merchants_fault_lowers_the_credit_score_once(admin_client, merchant, refund):
    form = admin_client.get(refund_url(refund, "approve")).content.decode()
    assert "The merchant is at fault" in form and "loses 3 points" in form
    admin_client.post(refund_url(refund, "approve"), {"note": "Wrong item", "merchant_fault": "on"})
    admin_client.post(refund_url(refund, "approve"), {"note": "again", "merchant_fault": "on"})
    event = CreditEvent.objects.get(merchant=merchant)
    assert (event.kind, event.points, event.score, event.order_id) == ("refund_merchant_fault", -3, 97, refund.order_id)


def test_rejecting_a_refund_needs_a_reason_and_keeps_the_order(admin_client, merchant, operator, refund):
    url = refund_url(refund, "reject")
    assert admin_client.post(url, {"reason": "  "}).status_code == 200
    assert Refund.objects.get(pk=refund.pk).status == RefundStatus.PENDING
    response = admin_client.post(url, {"reason": "Tracking shows delivered intact"}, follow=True)
    rejected_note = f"Refund of order {refund.order.number} rejected: the order goes on; the merchant was notified."
    assert rejected_note in messages_of(response)
    refund.refresh_from_db()
    assert (refund.status, refund.review_note, refund.reviewed_by) == (
        RefundStatus.REJECTED,
        "Tracking shows delivered intact",
        operator,
    )
    assert Order.objects.get(pk=refund.order_id).status == OrderStatus.SHIPPED
    assert not JournalEntry.objects.filter(reference__startswith="refund:").exists()
    assert wallet_summary(merchant=merchant)["balance"] == "82.00"
    assert admin_client.post(refund_url(refund, "approve"), {"note": ""}).status_code == 302
    assert Refund.objects.get(pk=refund.pk).status == RefundStatus.REJECTED


def test_refunds_cannot_be_added_changed_or_deleted(admin_client, refund):
    change = reverse("admin:orders_refund_change", args=[refund.pk])
    assert admin_client.post(change, {"status": RefundStatus.APPROVED, "amount": "0"}).status_code == 403
    assert (
        admin_client.post(reverse("admin:orders_refund_delete", args=[refund.pk]), {"post": "yes"}).status_code == 403
    )
    assert Refund.objects.get(pk=refund.pk).status == RefundStatus.PENDING


def test_refund_queue_shows_pending_requests_first(admin_client, merchant, operator, refund):
    decided = services.refund_request(
        order_id=shipped(merchant, operator, tracking="TRK-2").pk, reason="Late", goods_status=GoodsStatus.NOT_RECEIVED
    )
    services.refund_reject(refund_id=decided.pk, operator=operator, reason="Not late")
    newest = services.refund_request(
        order_id=shipped(merchant, operator, tracking="TRK-3").pk,
        reason="Wrong size",
        goods_status=GoodsStatus.RECEIVED,
    )
    page = admin_client.get(reverse("admin:orders_refund_changelist"))  # the queue: pending ones, oldest first
    assert [r.pk for r in page.context["cl"].result_list] == [refund.pk, newest.pk]
    page = admin_client.get(reverse("admin:orders_refund_changelist"), {"queue": "all"})
    shown = list(page.context["cl"].result_list)
    assert [r.pk for r in shown] == [newest.pk, refund.pk, decided.pk]


# ---------- the order's page: ledger entries and history, read-only ----------
def test_order_page_shows_its_ledger_entries_and_status_history(admin_client, merchant, operator):
    fund(merchant, "50")
    order = shipped(merchant, operator, tracking="JD-777")
    page = admin_client.get(change_url(order)).content.decode()
    assert f"order_paid:{order.pk}" in page and f"pickup:{order.pk}" in page
    assert "-$20.00" in page and "-$18.00" in page and "Platform escrow" in page
    assert "deposit:" not in page  # the merchant's other entries are not the order's
    assert "DHL JD-777" in page  # the ship step in the history, with its note
    assert "Awaiting shipment" in page and "Shipped" in page
    assert f"{order.lines.get().title}" in page


def test_credit_events_are_read_only(admin_client, merchant):
    figures.credit_event_add(merchant_id=merchant.pk, kind=CreditEventKind.PICKUP_MISSED, order=place_order(merchant))
    assert admin_client.get(reverse("admin:orders_creditevent_changelist")).status_code == 200
    assert admin_client.get(reverse("admin:orders_creditevent_add")).status_code == 403


# ---------- lists: searchable, in a constant number of queries ----------
def _queries(admin_client, url, params=None):
    with CaptureQueriesContext(connection) as queries:
        assert admin_client.get(url, params or {}).status_code == 200
    return len(queries)


def test_lists_and_search_answer_in_a_constant_number_of_queries(
    admin_client, merchant, operator, django_assert_max_num_queries
):
    fund(merchant, "500")
    services.refund_request(order_id=shipped(merchant, operator).pk, reason="r", goods_status=GoodsStatus.RECEIVED)
    orders_url, refunds_url = reverse(CHANGELIST), reverse("admin:orders_refund_changelist")
    few = {url: _queries(admin_client, url) for url in (orders_url, refunds_url)}
    others = [MerchantFactory() for _ in range(3)]
    for index, other in enumerate(others):
        # One word each, none inside another: the admin searches word by word ("Shop 1" finds "Shop 12").
        other.shop.name = ("Alder", "Birchwood", "Cedar")[index]
        other.shop.save()
        fund(other, "100")
        order = shipped(other, operator, tracking=f"TRK-X{index}")
        services.refund_request(order_id=order.pk, reason="r", goods_status=GoodsStatus.RECEIVED)
        place_order(other)
    for url, count in few.items():
        with django_assert_max_num_queries(count):
            assert admin_client.get(url).status_code == 200
    with django_assert_max_num_queries(few[orders_url]):
        assert admin_client.get(orders_url, {"status__exact": OrderStatus.SHIPPED}).status_code == 200

    target = Order.objects.get(tracking_number="TRK-X1")
    for term in (target.number, "TRK-X1", others[1].shop.name, others[1].phone, others[1].email):
        with django_assert_max_num_queries(few[orders_url]):
            response = admin_client.get(orders_url, {"q": term})
        found = [o.pk for o in response.context["cl"].result_list]
        assert target.pk in found and set(found) <= set(
            Order.objects.filter(merchant=others[1]).values_list("pk", flat=True)
        )
    by_number = admin_client.get(refunds_url, {"q": target.number})
    assert [r.order_id for r in by_number.context["cl"].result_list] == [target.pk]


# ---------- attack 6 of issue 32: a back-dated delivery ----------
def test_a_delivery_dated_ten_months_before_the_shipment_is_refused_and_the_order_is_not_settled(
    client, merchant, operator
):
    fund(merchant, "50")
    order = shipped(merchant, operator)
    admin_as(client, staff_operator("shipper", "orders.view_order", "orders.change_order"))  # what shipping needs
    url = step_url(order, "delivered")
    back_dated = {"delivered_at": local_input(order.shipped_at - timedelta(days=300))}
    page = client.post(url, back_dated)
    assert page.status_code == 200
    assert "The delivery cannot be dated before the shipment (" in page.content.decode()
    future = client.post(url, {"delivered_at": local_input(timezone.now() + timedelta(days=2))})
    assert "A delivery is recorded when it has happened, not before." in future.content.decode()
    order.refresh_from_db()
    assert (order.delivered_at, order.status) == (None, OrderStatus.SHIPPED)
    receive_due = order.receive_due_at
    # The next sweeps: the buyer's receipt date is still the one after shipment, nothing received or settled.
    for days in (0, 3, 9):
        with time_machine.travel(timezone.now() + timedelta(days=days)):
            moved = tasks.orders_move_due()
            assert (moved["receive"], moved["settle"]) == (0, 0)
    order.refresh_from_db()
    assert (order.status, order.receive_due_at, order.settle_at) == (OrderStatus.SHIPPED, receive_due, None)


def test_a_tracking_step_dated_before_the_shipment_is_refused_in_the_service_too(merchant, operator):
    fund(merchant, "50")
    order = shipped(merchant, operator)
    for call, field in (
        (
            lambda at: services.order_mark_delivered(order_id=order.pk, operator=operator, delivered_at=at),
            "delivered_at",
        ),
        (
            lambda at: services.tracking_event_add(order_id=order.pk, occurred_at=at, step="sorting_center"),
            "occurred_at",
        ),
    ):
        with pytest.raises(AppError) as refused:
            call(order.shipped_at - timedelta(minutes=1))
        assert list(refused.value.data["errors"]) == [field]
    assert not TrackingEvent.objects.exists() and Order.objects.get(pk=order.pk).delivered_at is None
    delivered = services.order_mark_delivered(order_id=order.pk, operator=operator, delivered_at=order.shipped_at)
    assert delivered.delivered_at == order.shipped_at


@pytest.mark.django_db
def test_the_order_s_history_reads_the_platform_s_notes_in_the_operator_s_language(client, operator, merchant):
    order = place_order(merchant)  # paid: the platform's note "Paid by the buyer"
    client.force_login(operator)
    assert status_history(order).get().params == {}
    assert "Оплачен покупателем" in client.get(change_url(order), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Paid by the buyer" in client.get(change_url(order), HTTP_ACCEPT_LANGUAGE="en").content.decode()
