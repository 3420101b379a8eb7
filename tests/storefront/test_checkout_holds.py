"""Checkout against hoarding and retries (issue 31, findings 4 and 10): what one checkout, and one buyer's unpaid
orders together, may hold of the catalogue's stock; an order past the bounds holds nothing and says so; the same
checkout form sent twice places one order."""

import uuid

import pytest
from django.test import Client

from apps.catalog.models import Product
from apps.orders import services as order_services
from apps.orders.constants import OrderStatus
from apps.orders.models import Order
from apps.storefront import selectors, services
from apps.storefront.models import BuyerOrder, Payment
from tests.factories import ProductFactory, ShopGoodsFactory

from .checkout import SHIPPING, add_to_cart, cart_url, check_out, checkout_fields, csrf

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _bounds(settings):
    settings.ORDER_UNPAID_MAX_UNITS = 10
    settings.ORDER_UNPAID_STOCK_PERCENT = 50
    settings.ORDER_UNPAID_BUYER_MAX_UNITS = 20


def listing(merchant, stock: int = 100):
    return ShopGoodsFactory(merchant=merchant, product=ProductFactory(stock=stock))


def stock(goods) -> int:
    return Product.objects.get(pk=goods.product_id).stock


def text(response) -> str:
    return response.content.decode()


def browser(address: str) -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="en", enforce_csrf_checks=True, REMOTE_ADDR=address)


def checkout_from(client: Client, goods, quantity: int, email: str):
    add_to_cart(client, goods, quantity)
    return check_out(client, goods, email=email)


# --- what unpaid orders hold -----------------------------------------------------------------------------------------


def test_one_checkout_cannot_reserve_all_of_a_products_stock(buyer, merchant):
    goods = listing(merchant, stock=6)
    answer = checkout_from(buyer, goods, 6, "ann@example.com")
    buyer_order = BuyerOrder.objects.select_related("order").get()
    assert answer.status_code == 303 and answer["Location"].endswith(f"/o/{buyer_order.token}/?lang=en")  # not to pay
    assert (buyer_order.order.stock_reserved, stock(goods)) == (False, 6)
    page = text(buyer.get(answer["Location"]))
    assert "These goods are not kept for this order: many buyers are paying for them right now." in page
    assert "Pay now" in page
    paying = buyer.post(f"/o/{buyer_order.token}/pay", {"csrfmiddlewaretoken": csrf(buyer, answer["Location"])})
    assert paying["Location"].startswith("/pay/dev/")  # whoever pays first gets them
    assert text(buyer.get(cart_url(goods))).count("Your cart is empty.") == 1


def test_several_checkouts_from_one_address_cannot_together_hold_more_than_the_buyers_bound(merchant):
    first, second, third = listing(merchant), listing(merchant), listing(merchant)
    robot = browser("203.0.113.7")
    for n, goods in enumerate((first, second)):
        assert checkout_from(robot, goods, 10, f"robot{n}@example.com").status_code == 303
    answer = checkout_from(robot, third, 1, "robot9@example.com")  # another email, the same address
    assert answer.status_code == 409
    assert (
        "At most 20 items may wait for payment from you at once, and 20 already do. Please pay or cancel those "
        "orders first, or order fewer." in text(answer)
    )
    assert (Order.objects.count(), stock(third)) == (2, 100)
    assert checkout_from(browser("198.51.100.2"), third, 1, "ann@example.com").status_code == 303  # another buyer
    # Paying (or cancelling) an order frees the buyer's bound.
    order_services.order_cancel(order_id=Order.objects.get(buyer_order__email="robot0@example.com").pk)
    assert checkout_from(robot, third, 1, "robot9@example.com").status_code == 303
    assert Order.objects.filter(status=OrderStatus.AWAITING_PAYMENT).count() == 3


def test_one_email_is_one_buyer_from_any_address(merchant):
    goods = listing(merchant)
    for n in range(2):
        assert checkout_from(browser(f"198.51.100.{n + 1}"), goods, 10, "ann@example.com").status_code == 303
    assert checkout_from(browser("198.51.100.9"), goods, 1, "ANN@example.com").status_code == 409


def test_an_ipv6_buyer_is_one_buyer_across_its_network(merchant):
    goods = listing(merchant)
    for n in range(2):
        assert checkout_from(browser(f"2001:db8:1:2::{n + 1}"), goods, 10, f"v6-{n}@example.com").status_code == 303
    assert checkout_from(browser("2001:db8:1:2::ff"), goods, 1, "v6-9@example.com").status_code == 409


def test_a_buyers_address_is_kept_as_a_hash_of_its_ipv4_address_or_ipv6_network():
    key = selectors.client_key
    assert key("203.0.113.7") == key("::ffff:203.0.113.7") != key("::ffff:203.0.113.8")  # a dual-stack socket's
    assert key("2001:db8:1:2::1") == key("2001:db8:1:2:ffff::9") != key("2001:db8:1:3::1")
    assert "203.0.113.7" not in key("203.0.113.7") and len(key("203.0.113.7")) == 64 and key(None) == ""


def test_an_order_holding_nothing_is_not_sent_to_pay_once_its_goods_are_gone(buyer, merchant):
    goods = listing(merchant, stock=4)
    checkout_from(buyer, goods, 3, "ann@example.com")
    buyer_order = BuyerOrder.objects.select_related("order").get()
    assert not buyer_order.order.stock_reserved
    Product.objects.filter(pk=goods.product_id).update(stock=2)  # others bought them
    page = f"/o/{buyer_order.token}/"
    answer = buyer.post(f"{page}pay", {"csrfmiddlewaretoken": csrf(buyer, page)})
    assert answer.status_code == 303 and not Payment.objects.exists()
    assert "Some goods of this order are sold out for now, so it cannot be paid." in text(buyer.get(page))


# --- the same form sent twice ----------------------------------------------------------------------------------------


def test_the_same_checkout_form_sent_twice_places_one_order(buyer, merchant):
    goods = listing(merchant)
    add_to_cart(buyer, goods, 2)
    form = {**checkout_fields(buyer, goods), **SHIPPING}
    url = f"{merchant.shop.get_absolute_url()}checkout?lang=en"
    cart = buyer.session["cart"]
    first = buyer.post(url, form)
    session = buyer.session  # the answer was lost and the browser sent the form again, the two requests crossing:
    session["cart"] = cart  # the second read the session before the first emptied its cart
    session.save()
    again = buyer.post(url, form)
    assert first.status_code == again.status_code == 303
    assert again["Location"] == first["Location"]  # the first order's payment page
    assert (Order.objects.count(), Payment.objects.count(), stock(goods)) == (1, 1, 98)
    order_services.order_pay(order_id=Order.objects.get().pk, payment_reference="PAY-1")
    late = buyer.post(url, form)  # once paid: its page
    assert late["Location"].endswith(f"/o/{BuyerOrder.objects.get().token}/?lang=en")
    assert Order.objects.count() == 1


def test_two_checkout_forms_place_two_orders(buyer, merchant):
    goods = listing(merchant)
    url = f"{merchant.shop.get_absolute_url()}checkout?lang=en"
    for _ in range(2):
        add_to_cart(buyer, goods, 1)
        assert buyer.post(url, {**checkout_fields(buyer, goods), **SHIPPING}).status_code == 303
    assert Order.objects.count() == 2 and stock(goods) == 98


def test_each_cart_page_gives_its_form_a_new_key(buyer, merchant):
    goods = listing(merchant)
    add_to_cart(buyer, goods)
    assert checkout_fields(buyer, goods)["key"] != checkout_fields(buyer, goods)["key"]


def test_a_form_without_a_valid_key_is_placed_once_as_before(buyer, merchant):
    goods = listing(merchant)
    add_to_cart(buyer, goods)
    answer = check_out(buyer, goods, key="not-a-key")
    assert answer.status_code == 303 and Order.objects.count() == 1


def test_a_refused_checkout_may_be_sent_again_with_its_key(buyer, merchant):
    goods = listing(merchant, stock=1)
    add_to_cart(buyer, goods, 2)
    form = {**checkout_fields(buyer, goods), **SHIPPING}
    url = f"{merchant.shop.get_absolute_url()}checkout?lang=en"
    refused = buyer.post(url, form)
    assert refused.status_code == 409 and f'value="{form["key"]}"' in text(refused)  # nothing placed: same key
    Product.objects.filter(pk=goods.product_id).update(stock=10)
    assert buyer.post(url, form).status_code == 303 and Order.objects.count() == 1


def test_checkout_keys_are_the_order_references(merchant):
    goods = listing(merchant)
    key = uuid.uuid4()
    buyer_order = services.checkout(
        shop=merchant.shop,
        lines={goods.pk: 1},
        shipping=services.Shipping("Ann", "+1 555 0100", "1 Main St", "US", "ann@example.com"),
        language="en",
        page_url=lambda token: f"http://testserver/o/{token}/",
        key=key,
    )
    assert buyer_order.order.external_ref == f"web-{key.hex}"
