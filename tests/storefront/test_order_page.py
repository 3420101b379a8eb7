"""The buyer's steps on the order page (issue 14), through the orders services the intake calls: cancel (a paid
order's money goes back through the provider), confirm receipt, ask for a refund, rate once; each refused with a
reason and no change when it does not apply."""

import re
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
import time_machine
from django.utils import timezone
from rest_framework.throttling import SimpleRateThrottle

from apps.catalog.models import Product
from apps.orders import services as order_services
from apps.orders.constants import GoodsStatus, OrderStatus, RefundStatus
from apps.orders.models import Order, Refund, Review
from apps.shop.figures import rating_of, totals_get
from apps.storefront.constants import PaymentStatus
from apps.storefront.models import Payment
from apps.wallet.constants import EntryKind
from apps.wallet.models import JournalEntry
from tests.factories import DEFAULT_PAY_PASSWORD, ProductFactory, ShopGoodsFactory, fund

from .checkout import buy, csrf, page_of, step

pytestmark = pytest.mark.django_db


@pytest.fixture
def goods(merchant):
    return ShopGoodsFactory(merchant=merchant, product=ProductFactory(retail_price=Decimal("12.50"), stock=5))


def shipped(buyer_order, merchant, operator):
    fund(merchant, "20")
    order_services.order_pick(merchant=merchant, order_id=buyer_order.order_id, pay_password=DEFAULT_PAY_PASSWORD)
    order_services.order_ship(order_id=buyer_order.order_id, carrier="DHL", tracking_number="JD0146", operator=operator)


def test_a_paid_order_cancelled_before_pickup_gives_the_money_back_through_the_provider(
    buyer, goods, django_capture_on_commit_callbacks
):
    buyer_order = buy(buyer, goods, 2)
    with django_capture_on_commit_callbacks(execute=True):
        html = step(buyer, buyer_order, "cancel")
    assert "Your order was cancelled and your payment is on its way back." in html
    order = Order.objects.get()
    assert order.status == OrderStatus.CANCELLED and Product.objects.get(pk=goods.product_id).stock == 5
    assert JournalEntry.objects.filter(kind=EntryKind.ORDER_CANCELLED, reference=f"order_cancel:{order.pk}").exists()
    assert Payment.objects.get().status == PaymentStatus.REFUNDED  # the development provider's "refund"


def test_from_shipped_to_received_to_rated_once(buyer, goods, merchant, operator):
    buyer_order = buy(buyer, goods)
    shipped(buyer_order, merchant, operator)
    html = buyer.get(page_of(buyer_order), {"lang": "en"}).content.decode()
    assert "Shipped" in html and "JD0146" in html and "I received it" in html and "Cancel the order" not in html
    assert "Rate this order" not in html  # not before receipt
    html = step(buyer, buyer_order, "receive")
    assert "Thank you: the order is received." in html and "I received it" not in html
    order = Order.objects.get()
    assert order.status == OrderStatus.RECEIVED
    assert JournalEntry.objects.filter(kind=EntryKind.ORDER_RECEIVED, reference=f"order_received:{order.pk}").exists()

    html = step(buyer, buyer_order, "rate", stars="4", text="Good flip-flops.")
    assert "Thank you for your rating." in html and "Your rating" in html and "★★★★☆" in html
    assert "Rate this order" not in html
    assert rating_of(totals_get(merchant_id=merchant.pk)) == 4
    html = step(buyer, buyer_order, "rate", stars="1")  # a second rating: refused, the first stays
    assert "This order was already rated." in html
    assert list(Review.objects.values_list("stars", flat=True)) == [4]


def refused(buyer, buyer_order, action: str, **fields) -> str:
    """Posts one of the order page's forms with errors: the page again (400), that form with its errors, in English."""
    token = csrf(buyer, buyer_order.order.merchant.shop.get_absolute_url())
    answer = buyer.post(f"{page_of(buyer_order)}{action}?lang=en", {"csrfmiddlewaretoken": token, **fields})
    assert answer.status_code == 400
    return answer.content.decode().replace("&#x27;", "'")


@pytest.mark.parametrize("fields", [{}, {"stars": "9"}, {"stars": "0", "text": "Fine."}])
def test_a_rating_without_its_stars_says_so_next_to_them_and_stays_at_the_form(
    buyer, goods, merchant, operator, fields
):
    buyer_order = buy(buyer, goods)
    shipped(buyer_order, merchant, operator)
    order_services.order_confirm_receipt(order_id=buyer_order.order_id)
    html = refused(buyer, buyer_order, "rate", **fields)
    form = re.search(r'<section class="panel" id="rate">.*?</section>', html, re.S)[0]
    assert re.search(r'action="/o/[-\w]{43}/rate\?lang=en#rate"', form)  # the answer opens at the form
    error = r'</fieldset>\s*<p class="error" id="rating_stars_error" role="alert">Choose 1 to 5 stars.</p>'
    assert re.search(error, form)
    assert 'aria-describedby="rating_stars_error"' in form
    assert 'class="notes"' not in html  # not a note at the top of the page
    assert not Review.objects.exists()


def test_a_rating_text_too_long_says_so_at_the_text(buyer, goods, merchant, operator):
    buyer_order = buy(buyer, goods)
    shipped(buyer_order, merchant, operator)
    order_services.order_confirm_receipt(order_id=buyer_order.order_id)
    html = refused(buyer, buyer_order, "rate", stars="4", text="x" * 2001)
    assert re.search(r'id="rating_text"[^>]*>\s*x+</textarea>\s*<span class="error">[^<]*at most 2000 characters', html)
    assert 'value="4" checked' in html or re.search(r'value="4"[^>]*checked', html)  # the stars chosen stay
    assert not Review.objects.exists()


def test_a_rating_before_receipt_is_refused(buyer, goods):
    buyer_order = buy(buyer, goods)
    assert "An order is rated once the buyer has received it." in step(buyer, buyer_order, "rate", stars="5")
    assert not Review.objects.exists()


def test_a_refund_request_waits_for_the_platform_and_its_approval_gives_the_money_back(
    buyer, goods, merchant, operator, django_capture_on_commit_callbacks
):
    buyer_order = buy(buyer, goods)
    shipped(buyer_order, merchant, operator)
    html = refused(buyer, buyer_order, "refund", reason=" ", goods_status="received")
    assert re.search(r'<details class="panel" id="refund" open>', html)  # the form, open, with its error at the field
    assert re.search(r'<textarea[^>]*id="refund_reason"[^>]*>\s*</textarea>\s*<span class="error">This field is', html)
    assert not Refund.objects.exists()
    html = step(buyer, buyer_order, "refund", reason="It arrived broken.", goods_status=GoodsStatus.RECEIVED)
    assert "Refund requested. The platform will decide it." in html
    assert "Pending approval" in html and "It arrived broken." in html
    assert "Ask for a refund" not in html and "I received it" not in html  # one open request at a time
    refund = Refund.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        order_services.refund_approve(refund_id=refund.pk, operator=operator)
    assert Order.objects.get().status == OrderStatus.REFUNDED
    assert Payment.objects.get().status == PaymentStatus.REFUNDED
    html = buyer.get(page_of(buyer_order), {"lang": "en"}).content.decode()
    assert "Refunded" in html and "Approved" in html
    assert Refund.objects.get().status == RefundStatus.APPROVED


def test_a_picked_up_order_is_not_cancelled_from_its_page(buyer, goods, merchant):
    buyer_order = buy(buyer, goods)
    fund(merchant, "20")
    order_services.order_pick(merchant=merchant, order_id=buyer_order.order_id, pay_password=DEFAULT_PAY_PASSWORD)
    html = step(buyer, buyer_order, "cancel")
    assert "The order was already picked up and can no longer be cancelled." in html
    assert Order.objects.get().status == OrderStatus.AWAITING_SHIPMENT
    assert Payment.objects.get().status == PaymentStatus.PAID


def test_order_steps_are_rate_limited_by_address(buyer, goods, monkeypatch):
    monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, "order_action", "1/hour")
    buyer_order = buy(buyer, goods)
    step(buyer, buyer_order, "rate", stars="5")  # refused on its merits, counted
    html = step(buyer, buyer_order, "cancel")
    assert "Too many requests from your network." in html
    assert Order.objects.get().status == OrderStatus.AWAITING_PICKUP


def test_an_unknown_order_link_changes_nothing(buyer, goods):
    buy(buyer, goods)
    token = csrf(buyer, goods.merchant.shop.get_absolute_url())
    answer = buyer.post(f"/o/{'y' * 43}/cancel", {"csrfmiddlewaretoken": token})
    assert answer.status_code == 404
    assert Order.objects.get().status == OrderStatus.AWAITING_PICKUP


def test_the_buyer_sees_the_delivery_among_the_shipping_steps(buyer, goods, merchant, operator):
    """Issue 32, attack 6: the carrier's delivery is a step on the buyer's page, at its time among the others."""
    buyer_order = buy(buyer, goods)
    shipped(buyer_order, merchant, operator)
    with time_machine.travel(timezone.now() + timedelta(hours=2)):
        order_services.tracking_event_add(
            order_id=buyer_order.order_id, occurred_at=timezone.now(), step="arrived", note="Hub 7"
        )
    html = buyer.get(page_of(buyer_order), {"lang": "en"}).content.decode()
    assert "Arrived in the destination city (Hub 7)" in html and 'data-step="delivered"' not in html
    with time_machine.travel(timezone.now() + timedelta(hours=5)):
        order_services.order_mark_delivered(order_id=buyer_order.order_id, operator=operator)
    html = buyer.get(page_of(buyer_order), {"lang": "en"}).content.decode()
    steps = html[html.index('<ol class="steps">') :]
    assert 'data-step="delivered"' in steps and "Delivered" in steps
    assert steps.index("Delivered") < steps.index("Arrived in the destination city")  # newest first
    html = buyer.get(page_of(buyer_order), {"lang": "ri"}).content.decode()  # Japanese
    assert "配達済み" in html[html.index('<ol class="steps">') :]


# --- the page after paying (issue 34) ---------------------------------------------------------------------------------


def test_the_page_after_paying_thanks_the_buyer_says_what_comes_next_and_asks_before_cancelling(buyer, goods):
    buyer_order = buy(buyer, goods, 2)
    html = buyer.get(page_of(buyer_order), {"lang": "en"}).content.decode()
    status = re.search(r"<section class=\"panel\">\s*<h1>.*?</section>", html, re.S)[0]
    assert "Thank you! Your payment was received." in status and "What happens next:" in status
    assert status.index("Thank you!") < status.index("Cancel the order")  # the thanks first, cancelling last
    assert f'<span class="number" translate="no">{buyer_order.order.number}</span></h1>' in status
    # Cancelling is a link to a page that asks; no form on the order page cancels in one tap.
    cancel = f"/o/{buyer_order.token}/cancel"
    assert f'<a href="{cancel}?lang=en">Cancel the order</a>' in status
    assert f'action="{cancel}' not in html
    page = buyer.get(cancel, {"lang": "en"})
    asked = page.content.decode()
    assert page.status_code == 200 and "Cancel this order?" in asked
    assert "Your payment of $25.00 comes back the way you paid." in asked
    assert f'href="/o/{buyer_order.token}/?lang=en">Keep the order</a>' in asked
    assert re.search(rf'<form method="post" action="{cancel}\?lang=en"><input type="hidden" name="csrfmid', asked)
    assert Order.objects.get().status == OrderStatus.AWAITING_PICKUP  # asking changed nothing
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', asked)[1]
    assert buyer.post(cancel, {}).status_code == 403  # the confirmation needs its CSRF token
    done = buyer.post(f"{cancel}?lang=en", {"csrfmiddlewaretoken": token})
    assert done.status_code == 303 and done["Location"].endswith(f"/o/{buyer_order.token}/?lang=en")
    assert Order.objects.get().status == OrderStatus.CANCELLED
    assert buyer.get(cancel, {"lang": "en"}).status_code == 303  # nothing left to cancel: back to the order page


def test_an_unpaid_orders_cancel_page_says_nothing_was_paid(buyer, goods):
    buyer_order = buy(buyer, goods, action="fail")
    html = buyer.get(page_of(buyer_order), {"lang": "en"}).content.decode()
    assert "Thank you!" not in html and "Pay now" in html
    asked = buyer.get(f"/o/{buyer_order.token}/cancel", {"lang": "ru-RU"}).content.decode()
    assert "Отменить этот заказ?" in asked and "Заказ ещё не оплачен." in asked


@pytest.mark.parametrize(
    ("lang", "written"),
    [
        ("en", "Nov 27, 2026, 9:05\u202fAM"),
        ("ru-RU", "27 нояб. 2026\u202fг., 09:05"),  # noqa: RUF001
        ("ri", "2026/11/27 9:05"),
    ],
)
def test_times_are_written_as_the_app_writes_them(buyer, goods, lang, written):
    with time_machine.travel(datetime(2026, 11, 27, 9, 5, tzinfo=UTC), tick=False):
        buyer_order = buy(buyer, goods)
    html = buyer.get(page_of(buyer_order), {"lang": lang}).content.decode()
    times = re.findall(r'<time datetime="2026-11-27T09:05:00\+00:00">([^<]+)</time>', html)
    assert times and set(times) == {written}
    assert "a.m." not in html
