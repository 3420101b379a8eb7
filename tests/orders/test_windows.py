"""Issue 32's windows. Attack 3's other half: a picked-up order the platform does not ship within the published ship
window is cancelled by the beat, the merchant's cost C back and the buyer refunded, with no credit event; so C cannot
stay with the platform. Attack 8: while a shop is closed its pickup windows pause (pickups are refused then), so no
order is lost and no credit point either; when it reopens each order gets the time it had left."""

from datetime import timedelta
from decimal import Decimal

import time_machine
from django.urls import reverse
from django.utils import timezone

from apps.accounts.constants import MerchantStatus
from apps.accounts.services import merchant_transition
from apps.catalog.models import Product
from apps.core.formats import time
from apps.orders import selectors, services, tasks
from apps.orders.constants import CreditEventKind, GoodsStatus, OrderStatus, RefundStatus
from apps.orders.models import CreditEvent, Order, OrderTerms, Refund
from apps.shop.figures import totals_get
from apps.support.models import Notice
from apps.wallet.constants import AccountKind, EntryKind
from apps.wallet.ledger import account_get
from apps.wallet.models import JournalEntry
from apps.wallet.selectors import wallet_summary
from tests.conftest import ApiClient
from tests.factories import DEFAULT_PAY_PASSWORD, ProductFactory, ShopGoodsFactory, fund, place_order, staff_operator

PAY = DEFAULT_PAY_PASSWORD


def later(**delta):
    return time_machine.travel(timezone.now() + timedelta(**delta))


def platform(kind) -> Decimal:
    return account_get(kind=kind).balance


def balance(merchant) -> str:
    return wallet_summary(merchant=merchant)["balance"]


def picked(merchant, **kw) -> Order:
    order = place_order(merchant, **kw)
    services.order_pick(merchant=merchant, order_id=order.pk, pay_password=PAY)
    order.refresh_from_db()
    return order


def credit_score(merchant) -> int:
    return totals_get(merchant_id=merchant.pk)["credit_score"]


# ---------- the ship window ----------
def ship_window_set(hours: int) -> None:
    """A new version of the order terms in force now, with this ship window (the notice period is the admin's and
    terms_version_add's check, tested in tests/orders/test_order_terms.py)."""
    terms = selectors.order_terms()
    OrderTerms.objects.create(
        **{**{name: getattr(terms, name) for name in OrderTerms.terms_fields}, "ship_window_hours": hours}
    )


def test_the_ship_window_is_the_order_terms_in_force(settings):
    assert selectors.ship_window() == timedelta(hours=settings.ORDER_SHIP_WINDOW_HOURS)
    ship_window_set(30)
    assert selectors.ship_window() == timedelta(hours=30)


def test_a_picked_up_order_not_shipped_in_time_is_cancelled_with_the_cost_back_and_no_credit_event(merchant):
    fund(merchant, "50")
    goods = ShopGoodsFactory(merchant=merchant, product=ProductFactory(retail_price=Decimal("20.00"), stock=10))
    order = picked(merchant, goods=goods, quantity=2)  # T 40.00, C 36.00
    assert order.ship_deadline == order.picked_at + timedelta(hours=72)
    assert (balance(merchant), platform(AccountKind.SUPPLY), platform(AccountKind.ESCROW)) == ("14.00", 36, 40)
    score = credit_score(merchant)

    with later(hours=71, minutes=59):
        assert tasks.orders_move_due()["unshipped"] == 0  # not before its deadline
    with later(hours=72, minutes=1):
        assert tasks.orders_move_due()["unshipped"] == 1
        assert tasks.orders_move_due()["unshipped"] == 0  # once
        assert services.order_expire_unshipped(order_id=order.pk) is False
    order.refresh_from_db()
    assert (order.status, order.closed_at is not None) == (OrderStatus.CANCELLED, True)
    # The cost is back in the balance, the buyer's payment back to the buyers, the goods back in stock: one entry.
    assert (balance(merchant), platform(AccountKind.SUPPLY), platform(AccountKind.ESCROW)) == ("50.00", 0, 0)
    entry = JournalEntry.objects.get(reference=f"order_cancel:{order.pk}")
    assert entry.kind == EntryKind.ORDER_CANCELLED
    assert sorted(str(line.amount) for line in entry.lines.all()) == ["-36.00", "-40.00", "36.00", "40.00"]
    assert Product.objects.get(pk=goods.product_id).stock == 10
    assert not CreditEvent.objects.exists() and credit_score(merchant) == score
    notice = Notice.objects.filter(merchant=merchant).latest("pk")
    assert notice.title == "Order cancelled: not shipped in time"
    assert notice.params == {"number": order.number, "hours": "72", "cost": "36.00 USD"}
    # The merchant's funds records show the cost coming back among the orders' records.
    api = ApiClient().login_as(merchant)
    records = api.get("/merchant/merchant/bill", {"type": "order"}).json()["data"]["list"]
    assert [(row["kind"], row["amount"]) for row in records][:2] == [
        ("order_cancelled", "36.00"),
        ("order_pickup", "-36.00"),
    ]


def test_a_shipped_order_is_not_cancelled_and_a_shipment_in_time_wins(merchant, operator):
    fund(merchant, "50")
    order = picked(merchant)
    with later(hours=71):
        services.order_ship(order_id=order.pk, carrier="DHL", tracking_number="JD1", operator=operator)
    with later(hours=80):
        assert tasks.orders_move_due()["unshipped"] == 0
        assert services.order_expire_unshipped(order_id=order.pk) is False
    assert Order.objects.get(pk=order.pk).status == OrderStatus.SHIPPED
    assert balance(merchant) == "32.00"


def test_the_deadline_an_order_got_at_pickup_stays_when_the_window_changes(merchant, settings):
    fund(merchant, "50")
    order = picked(merchant)
    ship_window_set(300)  # a later version applies to later pickups
    with later(hours=73):
        assert tasks.orders_move_due()["unshipped"] == 1
    assert Order.objects.get(pk=order.pk).status == OrderStatus.CANCELLED
    second = picked(merchant)
    assert second.ship_deadline == second.picked_at + timedelta(hours=300)


def test_an_open_refund_request_is_approved_by_the_cancellation(merchant):
    fund(merchant, "50")
    order = picked(merchant)
    refund = services.refund_request(
        order_id=order.pk, reason="Still not shipped", goods_status=GoodsStatus.NOT_RECEIVED
    )
    with later(hours=73):
        assert tasks.orders_move_due()["unshipped"] == 1
    refund = Refund.objects.get(pk=refund.pk)
    assert (refund.status, refund.review_note) == (RefundStatus.APPROVED, "Not shipped in time")
    assert Order.objects.get(pk=order.pk).status == OrderStatus.CANCELLED
    assert balance(merchant) == "50.00" and not CreditEvent.objects.exists()


def test_the_merchant_sees_the_ship_deadline(merchant, merchant_api):
    fund(merchant, "50")
    order = picked(merchant)
    detail = merchant_api.get("/merchant/order/detail", {"id": order.pk}).json()["data"]
    listed = merchant_api.get("/merchant/order/list", {"status": "1"}).json()["data"]["list"][0]
    assert detail["ship_deadline"] == listed["ship_deadline"] == time(order.ship_deadline)
    assert detail["pickup_paused_left"] is None


# ---------- closed shops: the pickup windows pause ----------
def close(merchant, operator, reason="Counterfeit goods reported"):
    merchant_transition(merchant_id=merchant.pk, to=MerchantStatus.CLOSED, operator=operator, reason=reason)


def reopen(merchant, operator):
    merchant_transition(merchant_id=merchant.pk, to=MerchantStatus.ACTIVE, operator=operator, reason="Cleared")


def test_a_closed_shops_orders_are_not_lost_and_cost_no_credit_however_long_it_stays_closed(merchant, operator):
    fund(merchant, "50")
    order = place_order(merchant)  # paid now: 48 hours to pick it up
    score = credit_score(merchant)
    with later(hours=10):
        close(merchant, operator)
    order.refresh_from_db()
    assert order.pickup_deadline is None
    assert timedelta(hours=38) - timedelta(seconds=5) <= order.pickup_paused_left <= timedelta(hours=38)
    with later(days=30):
        assert tasks.orders_move_due()["unpicked"] == 0
        assert services.order_expire_unpicked(order_id=order.pk) is False
    order.refresh_from_db()
    assert order.status == OrderStatus.AWAITING_PICKUP
    assert not CreditEvent.objects.exists() and credit_score(merchant) == score
    assert platform(AccountKind.ESCROW) == 20  # the buyer's payment waits with the order

    # Reopened, the order has the 38 hours it had left, and the rule applies again from there.
    with later(days=31):
        reopen(merchant, operator)
        reopened_at = timezone.now()
    order.refresh_from_db()
    assert order.pickup_paused_left is None
    assert abs(order.pickup_deadline - (reopened_at + timedelta(hours=38))) < timedelta(seconds=10)
    with later(days=31, hours=37):
        assert tasks.orders_move_due()["unpicked"] == 0
        services.order_pick(merchant=merchant, order_id=order.pk, pay_password=PAY)
    assert Order.objects.get(pk=order.pk).status == OrderStatus.AWAITING_SHIPMENT


def test_a_reopened_shops_order_expires_when_its_remaining_time_runs_out(merchant, operator):
    order = place_order(merchant)
    with later(hours=47):
        close(merchant, operator)
    with later(days=10):
        reopen(merchant, operator)
    with later(days=10, minutes=61):
        assert tasks.orders_move_due()["unpicked"] == 1
    assert Order.objects.get(pk=order.pk).status == OrderStatus.CANCELLED
    assert CreditEvent.objects.get().kind == CreditEventKind.PICKUP_MISSED  # missed while open: the published rule


def test_an_order_paid_while_the_shop_is_closed_waits_with_its_whole_window(merchant, operator):
    order = place_order(merchant, paid=False)
    close(merchant, operator)
    order = services.order_pay(order_id=order.pk, payment_reference="PAY-closed")
    assert (order.pickup_deadline, order.pickup_paused_left) == (None, timedelta(hours=48))
    notice = Notice.objects.filter(merchant=merchant, title="New order awaiting pickup").get()
    assert "paused" in notice.body


def test_the_merchant_sees_the_paused_window(merchant, merchant_api, operator):
    order = place_order(merchant)
    with later(hours=12):
        close(merchant, operator)
    detail = merchant_api.get("/merchant/order/detail", {"id": order.pk}).json()["data"]
    assert detail["pickup_deadline"] is None and 36 * 3600 - 5 <= detail["pickup_paused_left"] <= 36 * 3600
    listed = merchant_api.get("/merchant/order/list", {"status": "5"}).json()["data"]["list"][0]
    assert listed["pickup_paused_left"] == detail["pickup_paused_left"]


def test_closing_a_shop_in_the_admin_then_letting_the_window_pass_loses_nothing(client, merchant):
    """The attack as an operator makes it: close the shop over HTTP (an operator holding close_merchant), wait past
    the pickup window, let the beat run."""
    closer = staff_operator("closer", "accounts.view_merchant", "accounts.close_merchant")
    fund(merchant, "50")
    order = place_order(merchant)
    score = credit_score(merchant)
    client.force_login(closer)
    url = reverse("admin:accounts_merchant_close", args=[merchant.pk])
    assert client.post(url, {"reason": "Under review"}).status_code == 302
    assert Order.objects.get(pk=order.pk).pickup_deadline is None
    with later(hours=100):
        assert tasks.orders_move_due()["unpicked"] == 0
        assert services.order_expire_unpicked(order_id=order.pk) is False
    assert Order.objects.get(pk=order.pk).status == OrderStatus.AWAITING_PICKUP
    assert not CreditEvent.objects.exists() and credit_score(merchant) == score
