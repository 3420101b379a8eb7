"""The order windows and the settlement delay are published terms (issue 32: "terms are versioned, never edited in
place"): operators announce a new version in the admin, within the settings' bounds and no earlier than the notice
period later; each step of an order reads the version in force when it happens and stores its deadline, so an order
keeps the windows of its steps."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from apps.core.models import AppendOnlyError
from apps.orders import services
from apps.orders.models import OrderTerms
from apps.orders.selectors import order_terms
from apps.support.models import Broadcast
from tests.factories import DEFAULT_PAY_PASSWORD, LevelFactory, fund, place_order, staff_operator

pytestmark = pytest.mark.django_db

FIELDS = (
    "pickup_window_hours",
    "ship_window_hours",
    "receive_days_after_shipment",
    "receive_days_after_delivery",
    "settlement_delay_days",
)


@pytest.fixture
def terms_operator(client):
    """A staff operator who may add, change, view and delete order terms."""
    actions = ("add", "change", "view", "delete")
    client.force_login(staff_operator("windows", *(f"orders.{action}_orderterms" for action in actions)))
    return client


def _form(start, **values) -> dict:
    data = {"pickup_window_hours": 48, "ship_window_hours": 72, "receive_days_after_shipment": 10,
            "receive_days_after_delivery": 3, "settlement_delay_days": 7, "change_note": "", **values}  # fmt: skip
    data.update(effective_from_0=start.strftime("%Y-%m-%d"), effective_from_1=start.strftime("%H:%M:%S"))
    return data


def test_the_first_version_holds_the_settings_values():
    """The migration's first version (or, before any version is in force, the settings themselves)."""
    first = OrderTerms.objects.order_by("effective_from", "pk").first()
    values = [getattr(first, name) for name in FIELDS] if first else None
    with time_machine.travel(datetime(2020, 1, 1, tzinfo=UTC)):  # before any version
        values_before = [getattr(order_terms(), name) for name in FIELDS]
    assert values in (None, values_before)
    assert values_before == [
        settings.ORDER_PICKUP_WINDOW_HOURS,
        settings.ORDER_SHIP_WINDOW_HOURS,
        settings.ORDER_RECEIVE_DAYS_AFTER_SHIPMENT,
        settings.ORDER_RECEIVE_DAYS_AFTER_DELIVERY,
        settings.ORDER_SETTLEMENT_DELAY_DAYS,
    ]


def test_operators_announce_windows_within_bounds_and_orders_keep_the_windows_of_their_steps(
    terms_operator, merchant, operator, django_capture_on_commit_callbacks
):
    versions = OrderTerms.objects.count()  # the migration's first version, unless a flush removed it
    first = OrderTerms.objects.create(pickup_window_hours=48, ship_window_hours=72, receive_days_after_shipment=10,
                                      receive_days_after_delivery=3, settlement_delay_days=7,
                                      effective_from=timezone.now())  # fmt: skip
    LevelFactory(rank=1)
    merchant.level = LevelFactory(rank=1)
    merchant.save(update_fields=["level"])

    # The attack: the settlement delay edited in place to hold merchants' money longer. Refused.
    change = reverse("admin:orders_orderterms_change", args=[first.pk])
    assert terms_operator.post(change, _form(first.effective_from, settlement_delay_days=90)).status_code == 403
    assert (
        terms_operator.post(reverse("admin:orders_orderterms_delete", args=[first.pk]), {"post": "yes"}).status_code
        == 403
    )
    first.settlement_delay_days = 90
    with pytest.raises(AppendOnlyError):
        first.save()
    first.refresh_from_db()

    add = reverse("admin:orders_orderterms_add")
    later = timezone.now() + timedelta(days=settings.TERMS_NOTICE_DAYS, hours=2)
    for data, field in [
        (_form(later, settlement_delay_days=90), "settlement_delay_days"),  # beyond the bounds of settings
        (_form(later, pickup_window_hours=1), "pickup_window_hours"),
        (_form(later, receive_days_after_shipment=365), "receive_days_after_shipment"),
        (_form(timezone.now() + timedelta(days=1), pickup_window_hours=24), "effective_from"),  # too soon
    ]:
        refused = terms_operator.post(add, data)
        assert refused.status_code == 200 and field in refused.context_data["adminform"].form.errors, field
    assert OrderTerms.objects.count() == versions + 1 and not Broadcast.objects.exists()

    paid_before = place_order(merchant)  # pickup window 48 h
    fund(merchant, "100")
    shipped_before = place_order(merchant)
    services.order_pick(merchant=merchant, order_id=shipped_before.pk, pay_password=DEFAULT_PAY_PASSWORD)
    shipped_before = services.order_ship(
        order_id=shipped_before.pk, carrier="DHL", tracking_number="T1", operator=operator
    )

    with django_capture_on_commit_callbacks(execute=True):
        data = _form(later, pickup_window_hours=24, receive_days_after_shipment=5, settlement_delay_days=3,
                     change_note="Faster settlement")  # fmt: skip
        assert terms_operator.post(add, data).status_code == 302
    new = OrderTerms.objects.get(pickup_window_hours=24)
    assert Broadcast.objects.get().title_en == f"New order windows and settlement delay from {later:%Y-%m-%d %H:%M} UTC"
    assert order_terms() == first  # announced, not in force yet

    with time_machine.travel(later + timedelta(minutes=5)):
        assert order_terms() == new
        # The orders whose steps happened before keep the deadlines those steps were given.
        paid_before.refresh_from_db()
        assert paid_before.pickup_deadline == paid_before.paid_at + timedelta(hours=48)
        shipped_before.refresh_from_db()
        assert shipped_before.receive_due_at == shipped_before.shipped_at + timedelta(days=10)
        # A step from now on reads the new version.
        paid_now = place_order(merchant)
        assert paid_now.pickup_deadline == paid_now.paid_at + timedelta(hours=24)
        received = services.order_confirm_receipt(order_id=shipped_before.pk)
        assert received.settle_at == received.received_at + timedelta(days=3)
