"""The Stripe Checkout adapter (issue 14), through the real `stripe` library: the session it asks Stripe for (sent to
a local stand-in of Stripe's API, which records the request: there is no network here) and the webhooks it accepts,
signed as Stripe signs them with the endpoint's secret; forged or stale ones change nothing."""

import hashlib
import hmac
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

import pytest
from django.conf import settings

from apps.orders import services as order_services
from apps.orders.constants import OrderStatus
from apps.orders.models import Order
from apps.storefront import services
from apps.storefront.constants import PaymentStatus
from apps.storefront.models import BuyerOrder, Payment
from apps.wallet.constants import EntryKind
from apps.wallet.models import JournalEntry
from tests.factories import ProductFactory, ShopGoodsFactory

from .checkout import add_to_cart, cart_url, check_out, csrf

pytestmark = pytest.mark.django_db

SESSION = "cs_test_a1b2c3"
CHECKOUT_URL = f"https://checkout.stripe.com/c/pay/{SESSION}"


class StripeStandIn(BaseHTTPRequestHandler):
    """Answers as Stripe does (or with `error`) creating and reading a Checkout session and creating a refund, keeping
    each request's method, path, form and headers."""

    requests: list[dict] = []
    error: dict | None = None

    def do_GET(self):
        self.answer("")

    def do_POST(self):
        self.answer(self.rfile.read(int(self.headers["Content-Length"])).decode())

    def answer(self, body: str):
        type(self).requests.append(
            {
                "method": self.command,
                "path": self.path,
                "form": {name: values[0] for name, values in parse_qs(body).items()},
                "auth": self.headers["Authorization"],
                "key": self.headers["Idempotency-Key"],
            }
        )
        if self.error:
            status, answer = 400, {"error": self.error}
        elif self.path.startswith("/v1/refunds"):
            status, answer = 200, {"id": "re_1", "object": "refund", "status": "succeeded"}
        else:
            status, answer = 200, self.session()
        payload = json.dumps(answer).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    @staticmethod
    def session() -> dict:
        return {"id": SESSION, "object": "checkout.session", "url": CHECKOUT_URL, "payment_intent": "pi_9"}

    def log_message(self, *args):
        pass


@pytest.fixture
def stripe_api(settings):
    StripeStandIn.requests, StripeStandIn.error = [], None
    server = ThreadingHTTPServer(("127.0.0.1", 0), StripeStandIn)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    settings.PAYMENT_PROVIDER = "stripe"
    settings.STRIPE_API_BASE = f"http://127.0.0.1:{server.server_port}"
    yield StripeStandIn
    server.shutdown()


@pytest.fixture
def goods(merchant):
    return ShopGoodsFactory(merchant=merchant, product=ProductFactory(stock=5))


def stripe_event(kind: str, **session) -> bytes:
    data = {"id": SESSION, "object": "checkout.session", "amount_total": 1999, "currency": "usd", **session}
    return json.dumps(
        {"id": f"evt_{time.time_ns()}", "object": "event", "type": kind, "data": {"object": data}}
    ).encode()


def stripe_signed(body: bytes, secret: str | None = None, at: int | None = None) -> dict[str, str]:
    """The Stripe-Signature header as Stripe computes it: HMAC-SHA256 of "<timestamp>.<body>"."""
    timestamp = at or int(time.time())
    key = (secret or settings.STRIPE_WEBHOOK_SECRET).encode()
    digest = hmac.new(key, f"{timestamp}.".encode() + body, hashlib.sha256)
    return {"Stripe-Signature": f"t={timestamp},v1={digest.hexdigest()}"}


def deliver(client, body: bytes, headers: dict[str, str]):
    return client.post("/pay/webhook/stripe", body, content_type="application/json", headers=headers)


def test_checkout_sends_the_buyer_to_a_stripe_session_for_the_orders_total(buyer, goods, stripe_api):
    add_to_cart(buyer, goods)
    page = buyer.get(cart_url(goods), {"lang": "ri"})
    assert "https://checkout.stripe.com" in page["Content-Security-Policy"].split("form-action")[1].split(";")[0]
    answer = check_out(buyer, goods, lang="ri")
    assert answer.status_code == 303 and answer["Location"] == CHECKOUT_URL
    [request] = stripe_api.requests
    form = request["form"]
    order, buyer_order = Order.objects.get(), BuyerOrder.objects.get()
    assert request["path"] == "/v1/checkout/sessions" and request["auth"] == "Bearer sk_test_storefront"
    assert form["mode"] == "payment" and form["client_reference_id"] == order.external_ref
    assert form["line_items[0][price_data][unit_amount]"] == "1999"  # 19.99 in cents
    assert form["line_items[0][price_data][currency]"] == "usd"
    assert form["customer_email"] == "ann@example.com" and form["locale"] == "ja"
    assert form["success_url"].endswith(f"/o/{buyer_order.token}/?lang=ri")
    assert int(form["expires_at"]) - time.time() > 30 * 60  # Stripe's least
    payment = Payment.objects.get()
    assert (payment.provider, payment.session_id, payment.status) == ("stripe", SESSION, PaymentStatus.OPEN)


def test_stripe_refusing_the_session_leaves_the_order_to_pay_later(buyer, goods, stripe_api):
    stripe_api.error = {"type": "invalid_request_error", "message": "No such thing"}
    add_to_cart(buyer, goods)
    answer = check_out(buyer, goods)
    token = BuyerOrder.objects.get().token
    assert answer.status_code == 303 and f"/o/{token}/" in answer["Location"]
    page = buyer.get(answer["Location"]).content.decode()
    assert "The payment could not be started. Please try again in a moment." in page and "Pay now" in page
    assert Order.objects.get().status == OrderStatus.AWAITING_PAYMENT and not Payment.objects.exists()


def test_a_completed_session_pays_the_order_once_however_often_stripe_sends_it(buyer, client, goods, stripe_api):
    add_to_cart(buyer, goods)
    check_out(buyer, goods)
    body = stripe_event("checkout.session.completed", payment_status="paid")
    for _attempt in range(3):
        assert deliver(client, body, stripe_signed(body)).status_code == 200
    order = Order.objects.get()
    assert order.status == OrderStatus.AWAITING_PICKUP and order.payment_reference == f"stripe:{SESSION}"
    assert JournalEntry.objects.filter(kind=EntryKind.ORDER_PAID).count() == 1
    assert Payment.objects.get().status == PaymentStatus.PAID


def test_an_unpaid_completion_waits_and_an_expired_session_fails(buyer, client, goods, stripe_api):
    add_to_cart(buyer, goods)
    check_out(buyer, goods)
    waiting = stripe_event("checkout.session.completed", payment_status="unpaid")  # a method that settles later
    assert deliver(client, waiting, stripe_signed(waiting)).status_code == 200
    assert Payment.objects.get().status == PaymentStatus.OPEN
    other = stripe_event("customer.created")  # not a payment's event: acknowledged, ignored
    assert deliver(client, other, stripe_signed(other)).status_code == 200
    expired = stripe_event("checkout.session.expired")
    assert deliver(client, expired, stripe_signed(expired)).status_code == 200
    assert Payment.objects.get().status == PaymentStatus.FAILED
    assert Order.objects.get().status == OrderStatus.AWAITING_PAYMENT


def test_a_paid_order_cancelled_is_refunded_through_stripe_once(
    buyer, client, goods, stripe_api, django_capture_on_commit_callbacks
):
    add_to_cart(buyer, goods)
    check_out(buyer, goods)
    body = stripe_event("checkout.session.completed", payment_status="paid")
    deliver(client, body, stripe_signed(body))
    order = Order.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        order_services.order_cancel(order_id=order.pk)
    read, refund = stripe_api.requests[1:]
    assert (read["method"], read["path"]) == ("GET", f"/v1/checkout/sessions/{SESSION}")
    assert (refund["method"], refund["path"]) == ("POST", "/v1/refunds")
    assert refund["form"] == {"payment_intent": "pi_9", "amount": "1999"}
    assert refund["key"] == f"order_cancel:{order.pk}"  # Stripe makes one refund of a retried request
    assert Payment.objects.get().status == PaymentStatus.REFUNDED
    services.payment_refund(payment_id=Payment.objects.get().pk, reference=f"order_cancel:{order.pk}")
    assert len(stripe_api.requests) == 3  # a second run asks Stripe nothing
    assert deliver(client, body, stripe_signed(body)).status_code == 200  # the "paid" event once more, late
    assert Payment.objects.get().status == PaymentStatus.REFUNDED
    assert Order.objects.get().status == OrderStatus.CANCELLED


@pytest.mark.parametrize(
    "sign",
    [
        lambda body: {},
        lambda body: stripe_signed(body, secret="whsec_someone_else"),
        lambda body: stripe_signed(body, at=int(time.time()) - 3600),  # outside the library's 5 minutes
        lambda body: stripe_signed(body.replace(b"1999", b"1")),  # signed another body
    ],
    ids=["unsigned", "other-secret", "stale", "other-body"],
)
def test_a_forged_stripe_webhook_is_refused(buyer, client, goods, stripe_api, sign):
    add_to_cart(buyer, goods)
    check_out(buyer, goods)
    body = stripe_event("checkout.session.completed", payment_status="paid")
    assert deliver(client, body, sign(body)).status_code == 400
    assert Order.objects.get().status == OrderStatus.AWAITING_PAYMENT
    assert Payment.objects.get().status == PaymentStatus.OPEN


def test_the_development_payment_page_is_gone_with_stripe(buyer, goods, stripe_api):
    add_to_cart(buyer, goods)
    token = csrf(buyer, cart_url(goods))
    assert token
    assert buyer.get("/pay/dev/dev_aaaaaaaaaaaaaaaaaaaaaa/").status_code == 404
