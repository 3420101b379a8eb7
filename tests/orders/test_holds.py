"""What an order awaiting payment holds of the catalogue's stock (issue 31, finding 4), through the services the
storefront and the intake call: at most ORDER_UNPAID_MAX_UNITS of a product per order and, all unpaid orders
together, at most ORDER_UNPAID_STOCK_PERCENT of a product's units; an order past a bound is placed holding nothing
and takes its units when paid, so unpaid orders cannot keep goods from the buyers who pay."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from apps.catalog.models import Product
from apps.core.errors import AppError, ErrorCode
from apps.orders import services, tasks
from apps.orders.constants import OrderStatus
from apps.orders.models import Order
from apps.wallet.models import JournalLine
from tests.factories import ProductFactory, ShopGoodsFactory, place_order
from tests.storefront import Storefront


@pytest.fixture(autouse=True)
def _bounds(settings):
    settings.ORDER_UNPAID_MAX_UNITS = 10
    settings.ORDER_UNPAID_STOCK_PERCENT = 50


def listing(merchant, stock: int):
    return ShopGoodsFactory(merchant=merchant, product=ProductFactory(stock=stock))


def unpaid(merchant, goods, quantity: int) -> Order:
    return place_order(merchant, goods=goods, quantity=quantity, paid=False)


def stock(goods) -> int:
    return Product.objects.get(pk=goods.product_id).stock


def pay(order: Order) -> Order:
    return services.order_pay(order_id=order.pk, payment_reference=f"PAY-{order.pk}")


def test_one_unpaid_order_cannot_hold_all_of_a_products_stock(merchant):
    goods = listing(merchant, stock=8)
    order = unpaid(merchant, goods, 8)
    assert (order.status, order.stock_reserved, stock(goods)) == (OrderStatus.AWAITING_PAYMENT, False, 8)
    order = unpaid(merchant, goods, 4)  # half of the units: held
    assert (order.stock_reserved, stock(goods)) == (True, 4)


def test_an_unpaid_order_holds_at_most_the_units_of_a_product_per_order(merchant):
    goods = listing(merchant, stock=100)
    assert (unpaid(merchant, goods, 11).stock_reserved, stock(goods)) == (False, 100)
    assert (unpaid(merchant, goods, 10).stock_reserved, stock(goods)) == (True, 90)


def test_unpaid_orders_together_leave_stock_for_the_buyers_who_pay(merchant):
    goods = listing(merchant, stock=10)
    held = [unpaid(merchant, goods, quantity) for quantity in (2, 2, 1)]
    assert all(order.stock_reserved for order in held) and stock(goods) == 5
    late = unpaid(merchant, goods, 1)  # 6 of 10 units would wait for payment
    assert (late.stock_reserved, stock(goods)) == (False, 5)
    pay(late)  # whoever pays first gets the units still in stock
    late.refresh_from_db()
    assert (late.status, late.stock_reserved, stock(goods)) == (OrderStatus.AWAITING_PICKUP, True, 4)
    assert not unpaid(merchant, goods, 1).stock_reserved  # 3 held of 7 units left
    pay(held[0])  # paid orders are sold: they no longer count against what unpaid orders may hold
    pay(held[1])
    assert unpaid(merchant, goods, 1).stock_reserved and stock(goods) == 3  # 2 held of 5


def test_an_order_holding_nothing_is_refused_at_payment_when_its_goods_are_gone(merchant):
    goods = listing(merchant, stock=4)
    order = unpaid(merchant, goods, 3)
    assert not order.stock_reserved
    pay(unpaid(merchant, goods, 2))  # held, then paid: 2 left
    lines = JournalLine.objects.count()
    with pytest.raises(AppError) as caught:
        pay(order)
    assert caught.value.error_code == ErrorCode.STATE
    assert caught.value.message == "Some goods of this order are sold out for now, so it cannot be paid."
    order.refresh_from_db()
    assert (order.status, stock(goods), JournalLine.objects.count()) == (OrderStatus.AWAITING_PAYMENT, 2, lines)


def test_more_than_the_stock_is_still_refused_with_what_is_left(merchant):
    goods = listing(merchant, stock=3)
    with pytest.raises(AppError) as caught:
        unpaid(merchant, goods, 4)
    assert caught.value.message == f"Only 3 of {goods.product.title} are in stock."
    assert not Order.objects.exists() and stock(goods) == 3


def test_a_hold_comes_back_when_its_order_expires_or_is_cancelled(merchant):
    goods = listing(merchant, stock=10)
    expiring, cancelled = unpaid(merchant, goods, 3), unpaid(merchant, goods, 2)
    assert stock(goods) == 5 and not unpaid(merchant, goods, 1).stock_reserved  # the unpaid share is full
    services.order_cancel(order_id=cancelled.pk)
    assert stock(goods) == 7 and unpaid(merchant, goods, 2).stock_reserved  # its units may be held again
    assert stock(goods) == 5
    with time_machine.travel(timezone.now() + timedelta(minutes=31)):
        tasks.orders_move_due()
    expiring.refresh_from_db()
    assert expiring.status == OrderStatus.CANCELLED
    assert stock(goods) == 10  # every hold back; the orders that held nothing gave nothing back


def test_a_paid_order_that_held_nothing_gives_its_units_back_when_cancelled(merchant):
    goods = listing(merchant, stock=4)
    order = unpaid(merchant, goods, 4)
    pay(order)
    assert stock(goods) == 0
    services.order_cancel(order_id=order.pk)
    assert stock(goods) == 4


def test_the_intake_has_the_same_bounds_and_says_whether_an_order_holds_its_units(merchant):
    storefront = Storefront(merchant)
    goods = listing(merchant, stock=10)

    def create(ref: str, quantity: int) -> dict:
        body = {
            "external_ref": ref,
            "shop": merchant.shop.pk,
            "lines": [{"goods": goods.pk, "quantity": quantity}],
            "ship_name": "Ann Buyer",
            "ship_phone": "+14155550123",
            "ship_address": "1 Main Street, Springfield",
            "ship_country": "US",
        }
        answer = storefront.post("order/create", body).json()
        assert answer["code"] == 1, answer
        return answer["data"]

    assert create("SF-held", 5)["stock_reserved"] is True
    assert create("SF-free", 2)["stock_reserved"] is False and stock(goods) == 5
    paid = storefront.post("order/paid", {"external_ref": "SF-free", "payment_reference": "PAY-1"}).json()
    assert (paid["code"], paid["data"]["stock_reserved"], stock(goods)) == (1, True, 3)
    create("SF-late", 3)
    Product.objects.filter(pk=goods.product_id).update(stock=2)  # paid for in another shop meanwhile
    refused = storefront.post("order/paid", {"external_ref": "SF-late", "payment_reference": "PAY-2"}).json()
    assert (refused["code"], refused["msg"]) == (
        0,
        "Some goods of this order are sold out for now, so it cannot be paid.",
    )
    assert Order.objects.get(external_ref="SF-late").status == OrderStatus.AWAITING_PAYMENT and stock(goods) == 2
