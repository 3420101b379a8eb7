"""An order from the buyer's payment to the merchant's settled money, with the money at every step."""

from datetime import timedelta

import time_machine
from django.utils import timezone

from apps.orders import services, tasks
from apps.orders.constants import OrderStatus
from apps.orders.models import Order
from apps.wallet.constants import AccountKind
from apps.wallet.ledger import account_get
from apps.wallet.selectors import wallet_summary
from tests.factories import DEFAULT_PAY_PASSWORD, fund, place_order


def _platform(kind):
    return account_get(kind=kind).balance


def test_paid_order_picked_shipped_received_and_settled_moves_the_money_once(merchant, operator):
    fund(merchant, "50")
    order = place_order(merchant, quantity=2)  # T = 40.00, C = 36.00
    assert (order.total_payment, order.total_cost, order.earnings) == (40, 36, 4)
    assert order.status == OrderStatus.AWAITING_PICKUP
    assert _platform(AccountKind.ESCROW) == 40

    services.order_pick(merchant=merchant, order_id=order.pk, pay_password=DEFAULT_PAY_PASSWORD)
    assert wallet_summary(merchant=merchant)["balance"] == "14.00"
    assert _platform(AccountKind.SUPPLY) == 36

    services.order_ship(order_id=order.pk, carrier="DHL", tracking_number="JD0001", operator=operator)
    services.order_confirm_receipt(order_id=order.pk)
    summary = wallet_summary(merchant=merchant)
    assert (summary["balance"], summary["pending_sales"]) == ("14.00", "40.00")
    assert _platform(AccountKind.ESCROW) == 0

    assert tasks.orders_move_due()["settle"] == 0  # not before the settlement delay
    with time_machine.travel(timezone.now() + timedelta(days=7, minutes=1)):
        assert tasks.orders_move_due()["settle"] == 1
        assert tasks.orders_move_due()["settle"] == 0
    summary = wallet_summary(merchant=merchant)
    assert (summary["balance"], summary["pending_sales"], summary["total_income"]) == ("54.00", "0.00", "40.00")
    assert Order.objects.get().status == OrderStatus.COMPLETED
