"""The storefront's cart, checkout, payment and the buyer's order page (issue 14): a cart per browser session; the
order placed (awaiting payment, stock reserved) when the buyer goes to payment; the development provider's signed
events paying it exactly once; bad input, a honeypot and a closed shop placing nothing."""

import re
from decimal import Decimal

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.throttling import SimpleRateThrottle

from apps.accounts.constants import MerchantStatus
from apps.catalog.models import Product
from apps.orders import services as order_services
from apps.orders.constants import OrderStatus
from apps.orders.models import Order
from apps.storefront import services
from apps.storefront.constants import PaymentStatus
from apps.storefront.models import BuyerOrder, Payment
from apps.storefront.payments import Outcome
from apps.storefront.payments.dev import SIGNATURE_HEADER, signed_event
from apps.wallet.constants import EntryKind
from apps.wallet.models import JournalEntry
from tests.answers import data
from tests.factories import ProductFactory, ShopGoodsFactory

from .checkout import SHIPPING, add_to_cart, buy, cart_url, check_out, csrf

pytestmark = pytest.mark.django_db

WEBHOOK = "/pay/webhook/dev"


@pytest.fixture
def goods(merchant):
    return ShopGoodsFactory(merchant=merchant, product=ProductFactory(retail_price=Decimal("12.50"), stock=5))


def text(response) -> str:
    return response.content.decode()


def paid_entries(order) -> int:
    return JournalEntry.objects.filter(kind=EntryKind.ORDER_PAID, reference=f"order_paid:{order.pk}").count()


def event(payment, outcome=Outcome.PAID, amount=None) -> tuple[bytes, dict[str, str]]:
    """The development provider's signed event of `payment` (for its amount unless another is given)."""
    return signed_event(session_id=payment.session_id, outcome=outcome, amount=amount or payment.amount, currency="USD")


def deliver(body: bytes, headers: dict[str, str], client):
    """The provider's webhook request, as it would arrive over HTTP."""
    return client.post(WEBHOOK, body, content_type="application/json", headers=headers)


# --- cart ------------------------------------------------------------------------------------------------------------


def test_the_cart_keeps_the_goods_of_this_browser_and_adds_up_the_total(buyer, client, goods, merchant):
    other = ShopGoodsFactory(merchant=merchant, product=ProductFactory(retail_price=Decimal("3.00")))
    assert add_to_cart(buyer, goods, 2).status_code == 303
    add_to_cart(buyer, other)
    add_to_cart(buyer, goods)  # the same goods again: one line, 3 units
    page = text(buyer.get(cart_url(goods), {"lang": "en"}))
    assert 'value="3"' in page and "$40.50" in page  # 3 x 12.50 + 3.00
    assert 'class="count">4<' in page  # the cart link's count; on a shop's page, the session request's:
    assert buyer.get(f"{merchant.shop.get_absolute_url()}session").json()["cart"] == 4
    assert client.get(f"{merchant.shop.get_absolute_url()}session").json()["cart"] == 0
    assert "Your cart is empty." in text(client.get(cart_url(goods), {"lang": "en"}))  # another browser: its own


def test_quantities_are_changed_and_lines_removed(buyer, goods, merchant):
    other = ShopGoodsFactory(merchant=merchant)
    add_to_cart(buyer, goods)
    add_to_cart(buyer, other)
    token = csrf(buyer, cart_url(goods))
    buyer.post(cart_url(goods), {"csrfmiddlewaretoken": token, f"q-{goods.pk}": "4", f"q-{other.pk}": "1"})
    buyer.post(cart_url(goods), {"csrfmiddlewaretoken": token, "remove": str(other.pk)})
    page = text(buyer.get(cart_url(goods)))
    assert 'value="4"' in page and "$50.00" in page
    assert other.product.title not in page
    # A quantity of 0 removes; a huge or non-number quantity is ignored (bounded before anything reads it).
    buyer.post(cart_url(goods), {"csrfmiddlewaretoken": token, f"q-{goods.pk}": "9" * 30})
    assert 'value="4"' in text(buyer.get(cart_url(goods)))
    buyer.post(cart_url(goods), {"csrfmiddlewaretoken": token, f"q-{goods.pk}": "0"})
    assert "Your cart is empty." in text(buyer.get(cart_url(goods)))


def test_goods_not_on_sale_cannot_be_added_and_leave_the_cart_when_taken_off(buyer, goods, merchant, other_merchant):
    foreign = ShopGoodsFactory(merchant=other_merchant)
    token = csrf(buyer, merchant.shop.get_absolute_url())
    add = f"{merchant.shop.get_absolute_url()}cart/add"
    answer = buyer.post(add, {"csrfmiddlewaretoken": token, "goods": foreign.pk})
    assert answer.status_code == 404
    add_to_cart(buyer, goods)
    goods.on_shelf = False
    goods.save()
    page = text(buyer.get(cart_url(goods)))
    assert "1 product is no longer on sale and was taken out of your cart." in page
    assert "Your cart is empty." in page


def test_the_cart_forms_need_the_csrf_token(buyer, goods, merchant):
    answer = buyer.post(f"{merchant.shop.get_absolute_url()}cart/add", {"goods": goods.pk})
    assert answer.status_code == 403
    add_to_cart(buyer, goods)
    assert buyer.post(f"{merchant.shop.get_absolute_url()}checkout", SHIPPING).status_code == 403
    assert not Order.objects.exists()


# --- checkout --------------------------------------------------------------------------------------------------------


def test_checkout_places_the_order_reserves_stock_and_mails_its_page(
    buyer, goods, merchant, django_capture_on_commit_callbacks
):
    add_to_cart(buyer, goods, 2)
    with django_capture_on_commit_callbacks(execute=True):
        answer = check_out(buyer, goods)
    assert answer.status_code == 303 and answer["Location"].startswith("/pay/dev/dev_")
    order = Order.objects.get()
    assert (order.merchant, order.status, order.quantity) == (merchant, OrderStatus.AWAITING_PAYMENT, 2)
    assert order.total_payment == Decimal("25.00")
    assert (order.ship_name, order.ship_country) == ("Ann Buyer", "JP")
    assert Product.objects.get(pk=goods.product_id).stock == 3  # reserved now
    buyer_order = BuyerOrder.objects.get(order=order)
    assert buyer_order.email == "ann@example.com" and len(buyer_order.token) == 43
    [message] = mail.outbox
    assert message.to == ["ann@example.com"] and order.number in message.subject
    assert f"/o/{buyer_order.token}/?lang=en" in message.body
    assert "Your cart is empty." in text(buyer.get(cart_url(goods)))  # the cart became the order
    assert "Test payment: no money moves" in text(buyer.get(answer["Location"]))


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"email": "not-an-address"}, "Enter a valid email address."),
        ({"country": "XX"}, "Select a valid choice."),
        ({"name": ""}, "This field is required."),
        ({"address": "x" * 300}, "Ensure this value has at most 255 characters"),
        ({"website": "http://spam.example"}, "The order could not be placed. Please try again."),  # the honeypot
    ],
)
def test_bad_details_or_a_filled_honeypot_place_nothing(buyer, goods, fields, message):
    add_to_cart(buyer, goods)
    answer = check_out(buyer, goods, **fields)
    assert answer.status_code == 400 and message in text(answer)
    assert not Order.objects.exists() and not mail.outbox
    assert Product.objects.get(pk=goods.product_id).stock == 5


@pytest.mark.parametrize(
    ("phone", "country", "kept"),
    [
        ("+81 90-1234-5678", "JP", "+819012345678"),
        ("090 1234 5678", "JP", "+819012345678"),  # written the country's own way
        ("(415) 555-0123", "US", "+14155550123"),
        ("8 912 345-67-89", "RU", "+79123456789"),
        ("010-2000-0000", "KR", "+821020000000"),
    ],
)
def test_the_phone_is_checked_with_the_country_and_kept_in_e164(buyer, goods, phone, country, kept):
    add_to_cart(buyer, goods)
    assert check_out(buyer, goods, phone=phone, country=country).status_code == 303
    assert Order.objects.get().ship_phone == kept


@pytest.mark.parametrize("phone", ["abc", "12", "+1 415-555-0123", "(415) 555-0123"])  # none is a number in Japan
def test_a_phone_that_is_not_a_number_of_the_country_places_nothing_and_says_so_at_the_field(buyer, goods, phone):
    add_to_cart(buyer, goods)
    answer = check_out(buyer, goods, lang="ri", phone=phone, country="JP")
    assert answer.status_code == 400
    page = text(answer)
    field = re.search(r'<input[^>]*id="id_phone"[^>]*>\s*<span class="error">([^<]+)</span>', page)
    assert field and field[1] == "配送先の国（日本）の電話番号ではありません。例：+81 90-1234-5678"  # noqa: RUF001
    assert "autofocus" in field[0] and not Order.objects.exists() and not mail.outbox
    assert Product.objects.get(pk=goods.product_id).stock == 5


def test_more_than_the_stock_places_nothing_and_says_how_many_are_left(buyer, goods):
    add_to_cart(buyer, goods, 6)
    answer = check_out(buyer, goods)
    assert answer.status_code == 409
    assert f"Only 5 of {goods.product.title} are in stock." in text(answer)
    assert not Order.objects.exists() and Product.objects.get(pk=goods.product_id).stock == 5


def test_a_closed_shop_sells_nothing(buyer, goods, merchant):
    add_to_cart(buyer, goods)
    token = csrf(buyer, cart_url(goods))
    merchant.status = MerchantStatus.CLOSED
    merchant.save()
    answer = buyer.post(f"{merchant.shop.get_absolute_url()}checkout", {"csrfmiddlewaretoken": token, **SHIPPING})
    assert answer.status_code == 404 and "This shop is not open at the moment." in text(answer)
    assert buyer.get(cart_url(goods)).status_code == 404
    assert not Order.objects.exists()


def test_checkout_is_rate_limited_by_address(buyer, goods, monkeypatch):
    monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, "checkout", "1/hour")
    buy(buyer, goods)
    add_to_cart(buyer, goods)
    answer = check_out(buyer, goods)
    assert answer.status_code == 429 and "Too many orders from your network." in text(answer)
    assert Order.objects.count() == 1


# --- payment ---------------------------------------------------------------------------------------------------------


def test_paying_moves_the_order_to_awaiting_pickup_and_the_merchant_sees_it(buyer, goods, merchant_api):
    buyer_order = buy(buyer, goods)
    order = buyer_order.order
    order.refresh_from_db()
    assert order.status == OrderStatus.AWAITING_PICKUP and order.paid_at is not None
    assert paid_entries(order) == 1
    assert Payment.objects.get().status == PaymentStatus.PAID
    listed = data(merchant_api.get("/merchant/order/list", {"status": OrderStatus.AWAITING_PICKUP}))
    assert [row["number"] for row in listed["list"]] == [order.number]
    page = text(buyer.get(f"/o/{buyer_order.token}/", {"lang": "en"}))
    assert "Paid" in page and "Pay now" not in page
    assert "Awaiting pickup" not in page  # the merchant's step is not the buyer's


def test_a_webhook_sent_again_and_again_pays_once(buyer, client, goods):
    add_to_cart(buyer, goods)
    check_out(buyer, goods)
    payment = Payment.objects.get()
    body, headers = event(payment)
    for _attempt in range(3):
        assert deliver(body, headers, client).status_code == 200
    # and a later "failed" for the same payment changes nothing
    failed, failed_headers = event(payment, Outcome.FAILED)
    assert deliver(failed, failed_headers, client).status_code == 200
    order = Order.objects.get()
    assert order.status == OrderStatus.AWAITING_PICKUP and paid_entries(order) == 1
    assert Payment.objects.get().status == PaymentStatus.PAID


@pytest.mark.parametrize(
    "forge",
    [
        lambda body, headers: (body, {}),  # no signature
        lambda body, headers: (body, {SIGNATURE_HEADER: headers[SIGNATURE_HEADER].replace("v1=", "v1=0")}),
        lambda body, headers: (body.replace(b'"paid"', b'"paid" '), headers),  # the body changed after signing
        lambda body, headers: (body, {SIGNATURE_HEADER: "t=1000000000," + headers[SIGNATURE_HEADER].split(",")[1]}),
        lambda body, headers: (b"not json", headers),
    ],
    ids=["unsigned", "bad-signature", "changed-body", "stale", "unreadable"],
)
def test_a_forged_webhook_is_refused_and_changes_nothing(buyer, client, goods, forge):
    add_to_cart(buyer, goods)
    check_out(buyer, goods)
    payment = Payment.objects.get()
    body, headers = forge(*event(payment))
    assert deliver(body, headers, client).status_code == 400
    assert (
        Order.objects.get().status == OrderStatus.AWAITING_PAYMENT
        and not JournalEntry.objects.filter(kind=EntryKind.ORDER_PAID).exists()
    )
    assert Payment.objects.get().status == PaymentStatus.OPEN


@pytest.mark.parametrize("amount", ["sNaN", "NaN", "Infinity", "-Infinity", "-1", "1e400", "1,00"])
def test_an_event_of_an_amount_that_is_not_money_is_refused_and_changes_nothing(buyer, client, goods, amount):
    add_to_cart(buyer, goods)
    check_out(buyer, goods)
    body, headers = event(Payment.objects.get(), amount=amount)
    assert deliver(body, headers, client).status_code == 400
    assert (
        Order.objects.get().status == OrderStatus.AWAITING_PAYMENT
        and Payment.objects.get().status == PaymentStatus.OPEN
    )


def test_another_providers_webhook_path_is_not_found(client):
    assert client.post("/pay/webhook/stripe", b"{}", content_type="application/json").status_code == 404


def test_a_failed_payment_leaves_the_order_to_pay_again(buyer, goods):
    buyer_order = buy(buyer, goods, action="fail")
    order_page = f"/o/{buyer_order.token}/"
    page = text(buyer.get(order_page, {"lang": "en"}))
    assert "Awaiting payment" in page and "Your last payment failed." in page and "Pay now" in page
    assert Payment.objects.get().status == PaymentStatus.FAILED
    token = csrf(buyer, order_page)
    again = buyer.post(f"{order_page}pay", {"csrfmiddlewaretoken": token})
    assert again.status_code == 303 and again["Location"].startswith("/pay/dev/")
    assert Payment.objects.count() == 2
    buyer.post(again["Location"], {"csrfmiddlewaretoken": csrf(buyer, again["Location"]), "action": "pay"})
    order = Order.objects.get()
    assert order.status == OrderStatus.AWAITING_PICKUP and paid_entries(order) == 1


def test_pay_again_within_minutes_reopens_the_same_payment_page(buyer, goods):
    add_to_cart(buyer, goods)
    first = check_out(buyer, goods)["Location"]
    token = BuyerOrder.objects.get().token
    again = buyer.post(f"/o/{token}/pay", {"csrfmiddlewaretoken": csrf(buyer, f"/o/{token}/")})
    assert again["Location"] == first and Payment.objects.count() == 1


def test_money_taken_for_an_order_that_closed_is_marked_to_give_back(buyer, client, goods):
    add_to_cart(buyer, goods)
    check_out(buyer, goods)
    payment = Payment.objects.select_related("buyer_order").get()
    order_services.order_cancel(order_id=payment.buyer_order.order_id)
    body, headers = event(payment)
    assert deliver(body, headers, client).status_code == 200
    order = Order.objects.get()
    assert order.status == OrderStatus.CANCELLED and paid_entries(order) == 0
    assert Payment.objects.get().status == PaymentStatus.TO_REFUND
    assert Product.objects.get(pk=goods.product_id).stock == 5


def test_a_second_payment_of_a_paid_order_or_another_amount_is_not_taken(buyer, client, goods, monkeypatch):
    monkeypatch.setattr(services, "PAYMENT_REUSE", services.PAYMENT_REUSE * 0)  # each "Pay" starts a new payment
    add_to_cart(buyer, goods)
    check_out(buyer, goods)
    buyer_order = BuyerOrder.objects.get()
    for _ in range(2):
        services.payment_start(buyer_order=buyer_order, return_url="http://testserver/")
    first, second, third = Payment.objects.order_by("pk")
    wrong, wrong_headers = event(first, amount=Decimal("1.00"))
    deliver(wrong, wrong_headers, client)
    for payment in (second, third):
        body, headers = event(payment)
        deliver(body, headers, client)
    statuses = list(Payment.objects.order_by("pk").values_list("status", flat=True))
    assert statuses == [PaymentStatus.TO_REFUND, PaymentStatus.PAID, PaymentStatus.TO_REFUND]
    assert paid_entries(buyer_order.order) == 1


# --- the buyer's order page ------------------------------------------------------------------------------------------


def test_the_order_page_shows_the_order_to_whoever_has_its_link_and_nothing_of_the_merchant(buyer, client, goods):
    buyer_order = buy(buyer, goods)
    page = client.get(f"/o/{buyer_order.token}/", {"lang": "en"})  # the link works in another browser (the e-mail)
    html = text(page)
    assert page.status_code == 200 and page["X-Robots-Tag"] == "noindex" and "no-store" in page["Cache-Control"]
    assert buyer_order.order.number in html and goods.product.title_en in html and "Japan" in html
    purchase = buyer_order.order.lines.get().purchase_price
    assert f"${purchase}" not in html  # the merchant's cost is not the buyer's business
    wrong = client.get(f"/o/{'x' * 43}/")
    assert wrong.status_code == 404 and "This order link is not valid." in text(wrong)


def test_the_buyer_cancels_an_unpaid_order_and_its_stock_comes_back(buyer, goods):
    add_to_cart(buyer, goods, 2)
    check_out(buyer, goods)
    token = BuyerOrder.objects.get().token
    answer = buyer.post(f"/o/{token}/cancel", {"csrfmiddlewaretoken": csrf(buyer, f"/o/{token}/")})
    assert answer.status_code == 303
    assert Order.objects.get().status == OrderStatus.CANCELLED
    assert Product.objects.get(pk=goods.product_id).stock == 5
    page = text(buyer.get(f"/o/{token}/", {"lang": "en"}))
    assert "Your order was cancelled." in page and "Pay now" not in page


@pytest.mark.parametrize(
    ("lang", "words", "subject"),
    [("zh-CN", "待付款", "您在"), ("ru-RU", "Ожидает оплаты", "Ваш заказ"), ("tai", "รอชำระเงิน", "คำสั่งซื้อ")],
)
def test_the_cart_order_page_and_mail_speak_the_buyers_language(
    buyer, goods, lang, words, subject, django_capture_on_commit_callbacks
):
    add_to_cart(buyer, goods)
    with django_capture_on_commit_callbacks(execute=True):
        check_out(buyer, goods, lang=lang)
    token = BuyerOrder.objects.get().token
    [message] = mail.outbox
    assert subject in message.subject and f"?lang={lang}" in message.body
    assert words in text(buyer.get(f"/o/{token}/", {"lang": lang}))
    assert re.search(r"<html lang=\"(zh-hans|ru|th)\"", text(buyer.get(cart_url(goods), {"lang": lang})))


# --- the operators' console -----------------------------------------------------------------------------------------


def test_operators_find_a_storefront_orders_buyer_and_payments(buyer, client, goods, operator):
    buyer_order = buy(buyer, goods)
    client.force_login(operator)
    number = buyer_order.order.number
    orders = client.get("/admin/storefront/buyerorder/", {"q": number}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "ann@example.com" in orders and f"/admin/orders/order/{buyer_order.order_id}/change/" in orders
    page = client.get(f"/admin/storefront/buyerorder/{buyer_order.pk}/change/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200 and "ann@example.com" in page.content.decode()
    assert buyer_order.token not in orders + page.content.decode()  # the buyer's key stays the buyer's
    paid = client.get("/admin/storefront/payment/", {"status__exact": PaymentStatus.PAID}, HTTP_ACCEPT_LANGUAGE="en")
    assert number in paid.content.decode() and Payment.objects.get().session_id in paid.content.decode()
    assert client.get("/admin/storefront/payment/add/").status_code == 403  # read-only


def test_the_cart_page_reads_in_a_constant_number_of_queries(buyer, goods, merchant):
    def queries_of_cart() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert buyer.get(cart_url(goods)).status_code == 200
        return len(queries)

    add_to_cart(buyer, goods)
    one = queries_of_cart()
    for listing in ShopGoodsFactory.create_batch(9, merchant=merchant):
        add_to_cart(buyer, listing)
    assert queries_of_cart() == one
