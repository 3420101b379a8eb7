"""The hot product (issue 38, part 3), against the bench's gunicorn: BUYERS buyers check out the last UNITS units of
one product at the same instant, then pay; and the merchant then picks up the paid orders, BUYERS requests at once.

Through the real HTTP path of production: each buyer has its own connection, cookies and address (X-Forwarded-For,
with NUM_PROXIES=1, so the per-address bounds and throttles see distinct buyers). Before the instant, untimed: the
product page (the CSRF cookie and the token of its "Add to cart" form), "Add to cart", the cart page (the checkout
form's token and key). At the instant:
the checkout POST (timed: "checkout"), which places the order and starts its payment with Stripe; Stripe is a local
stand-in that answers at once (STRIPE_API_BASE), so its own latency is not in the figures, while the worker's side
of the call (the stripe library, a new connection to the stand-in) is, as in production. A buyer whose order holds
no units (settings.ORDER_UNPAID_STOCK_PERCENT) lands on the order page and presses "Pay now" (timed with the
checkouts: it is the same step for that buyer); one told there that the goods are sold out stops. Then every started
payment is paid at once: Stripe's signed `checkout.session.completed` webhook (timed: "payment").

Counted from the database after each round: the orders paid (must be UNITS), the units sold past the stock
("oversold", must be 0), the stock left (0); any answer other than the expected redirects or the sold-out page is an
error, a 5xx among them. The pickups: first an approved deposit makes the merchant's balance cover the paid orders
(so what is measured is picking up, not refusing for the balance); then BUYERS requests at once of `order/pick` for
the first half of the paid orders, each asked for at least once and the rest a second request for one already asked
for ("pickup"); then BATCHES requests at once of `order/pick_batch` ("pick up all" of the spec), each of all of the
second half ("pickup batch"); each with the merchant's token and payment password: every order picked once (one
ledger entry), the duplicates refused or reported not awaiting pickup, never a 5xx.

Knobs: BENCH_CHECKOUT_BUYERS (64), BENCH_CHECKOUT_UNITS (50), BENCH_CHECKOUT_ROUNDS (3), BENCH_CHECKOUT_BATCHES (4).
"""

import hashlib
import hmac
import http.client
import json
import os
import re
import statistics
import threading
import time
import uuid
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlencode, urlsplit

BUYERS = int(os.environ.get("BENCH_CHECKOUT_BUYERS", "64"))
UNITS = int(os.environ.get("BENCH_CHECKOUT_UNITS", "50"))
ROUNDS = int(os.environ.get("BENCH_CHECKOUT_ROUNDS", "3"))
BATCHES = int(os.environ.get("BENCH_CHECKOUT_BATCHES", "4"))
TARGET_P95_MS = 200.0
STRIPE_PAGE = "https://checkout.stripe.com/c/pay/"
SHIPPING = {"name": "Bench Buyer", "phone": "+81 90 1234 5678", "address": "1-2-3 Shibuya", "country": "JP"}


def stand_in_port(bench_port: int) -> int:
    """The port of the Stripe stand-in: the one after the bench's."""
    return bench_port + 1


def environment(env: dict[str, str] | os._Environ, bench_port: int) -> None:
    """What the server needs for this part: Stripe at the local stand-in, buyers' addresses from X-Forwarded-For."""
    env.setdefault("STRIPE_API_BASE", f"http://127.0.0.1:{stand_in_port(bench_port)}")
    env.setdefault("NUM_PROXIES", "1")


class _StripeStandIn(BaseHTTPRequestHandler):
    """Creates Checkout sessions as Stripe answers them (a new id each), at once."""

    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        session = f"cs_bench_{uuid.uuid4().hex}"
        body = {"id": session, "object": "checkout.session", "url": STRIPE_PAGE + session, "payment_intent": "pi_b"}
        payload = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args: object) -> None:
        pass


class Browser:
    """One buyer's connection and cookies (kept by hand: the production cookies are Secure, the bench speaks HTTP)."""

    def __init__(self, host: str, port: int, address: str) -> None:
        self.host, self.port, self.address = host, port, address
        self.conn = http.client.HTTPConnection(host, port, timeout=120)
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, fields: dict | None = None, headers: dict | None = None, body=None):
        sent = {"X-Forwarded-For": self.address, **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if fields is not None:
            body = urlencode(fields).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in range(2):
            try:
                self.conn.request(method, path, body=body, headers=sent)
                response = self.conn.getresponse()
                data = response.read()
                break
            except (OSError, http.client.HTTPException):
                self.conn.close()  # gunicorn's sync workers close the connection: open it again
                if attempt:
                    raise
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                pair = value.split(";", 1)[0]
                key, _sep, val = pair.partition("=")
                self.cookies[key.strip()] = val.strip()
        return response.status, response.getheader("Location") or "", data.decode("utf-8", "replace")


def _attribute(page: str, name: str) -> str:
    found = re.search(rf'{name}="([^"]+)"', page)
    return found[1].replace("&amp;", "&") if found else ""


def _field(page: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]+)"', page)
    return found[1] if found else ""


@dataclass
class Round:
    checkout_ms: list[float] = field(default_factory=list)
    payment_ms: list[float] = field(default_factory=list)
    pickup_ms: list[float] = field(default_factory=list)
    batch_ms: list[float] = field(default_factory=list)
    placed: int = 0
    paid: int = 0
    sold_out: int = 0  # buyers told the goods are sold out (checkout or "Pay now")
    oversold: int = 0
    stock_left: int = 0
    errors: int = 0
    server_errors: int = 0
    picked: int = 0
    pick_refused: int = 0
    picked_twice: int = 0
    batch_picked: int = 0
    first_error: str = ""

    def error(self, what: str, status: int) -> None:
        self.errors += 1
        self.server_errors += status >= 500
        self.first_error = self.first_error or what


def _at_once(count: int, fn) -> list:
    barrier = threading.Barrier(count)
    results: list = [None] * count

    def run(i: int) -> None:
        barrier.wait()
        try:
            results[i] = fn(i)
        except Exception as exc:  # counted as an error
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def _timed(fn):
    began = time.perf_counter()
    answer = fn()
    return (time.perf_counter() - began) * 1000, answer


def _setup_round(number: int):
    """A bench merchant's listing whose product now has UNITS units left, the round's own; the merchant's token."""
    from apps.accounts.constants import MerchantStatus
    from apps.catalog.models import Product, ShopGoods

    from .seed import PHONE_PREFIX, token_for

    goods = (
        ShopGoods.objects.filter(
            merchant__phone__startswith=PHONE_PREFIX,
            merchant__status=MerchantStatus.ACTIVE,
            on_shelf=True,
            product__is_active=True,
        )
        .select_related("merchant__shop", "product")
        .order_by("merchant_id", "pk")[number]
    )
    Product.objects.filter(pk=goods.product_id).update(stock=UNITS)
    return goods, token_for(goods.merchant.phone)


def _stripe_paid(session_id: str, amount_minor: int, secret: str) -> tuple[bytes, dict[str, str]]:
    data = {
        "id": session_id,
        "object": "checkout.session",
        "amount_total": amount_minor,
        "currency": "usd",
        "payment_status": "paid",
    }
    event = {"id": f"evt_{uuid.uuid4().hex}", "object": "event", "type": "checkout.session.completed"}
    body = json.dumps({**event, "data": {"object": data}}).encode()
    stamp = int(time.time())
    digest = hmac.new(secret.encode(), f"{stamp}.".encode() + body, hashlib.sha256).hexdigest()
    return body, {"Stripe-Signature": f"t={stamp},v1={digest}", "Content-Type": "application/json"}


def _buyers_round(number: int, host: str, port: int, result: Round) -> tuple[Any, str, list[int]]:
    from django.conf import settings

    from apps.orders.constants import OrderStatus
    from apps.orders.models import Order
    from apps.storefront.models import Payment

    goods, token = _setup_round(number)
    shop = goods.merchant.shop.get_absolute_url()
    browsers = [Browser(host, port, f"10.{number % 250}.{n // 250}.{n % 250 + 1}") for n in range(BUYERS)]
    forms = []
    for browser in browsers:
        _status, _loc, page = browser.request("GET", f"{shop}g/{goods.pk}/?lang=en")  # a public page: no token...
        session = _attribute(page, "data-session")  # ...its script asks the session request for one
        _status, _loc, bits = browser.request("GET", session)
        fields = {"csrfmiddlewaretoken": json.loads(bits)["csrf"], "goods": goods.pk, "quantity": 1}
        added, _loc, _page = browser.request("POST", f"{shop}cart/add?lang=en", fields)
        status, _loc, page = browser.request("GET", f"{shop}cart/?lang=en")
        if (added, status) != (303, 200) or not _field(page, "key"):
            raise RuntimeError(f"the cart before checkout answered {added} then {status}: {page[:300]!r}")
        forms.append({"csrfmiddlewaretoken": _field(page, "csrfmiddlewaretoken"), "key": _field(page, "key")})

    def check_out(n: int) -> tuple[float, str]:
        email = f"buyer-{number}-{n}-{uuid.uuid4().hex[:6]}@example.com"
        fields = {**forms[n], **SHIPPING, "email": email, "website": ""}
        ms, (status, location, page) = _timed(lambda: browsers[n].request("POST", f"{shop}checkout?lang=en", fields))
        if status == 303 and location.startswith("http") and "/o/" in location:  # holds nothing: "Pay now"
            order_path = urlsplit(location).path
            _s, _l, order_page = browsers[n].request("GET", f"{order_path}?lang=en")
            pay = {"csrfmiddlewaretoken": _field(order_page, "csrfmiddlewaretoken")}
            more, (status, location, page) = _timed(
                lambda: browsers[n].request("POST", f"{order_path}pay?lang=en", pay)
            )
            ms += more
            if status == 303 and "/o/" in location:
                return ms, "sold out"
        if status == 303 and location.startswith(STRIPE_PAGE):
            return ms, location.removeprefix(STRIPE_PAGE)
        if status == 409 and "sold out" in page:
            return ms, "sold out"
        result.error(f"checkout -> {status} {location} {page[:200]!r}", status)
        return ms, ""

    answers = _at_once(BUYERS, check_out)
    sessions = []
    for answer in answers:
        if isinstance(answer, Exception):
            result.error(repr(answer), 0)
            continue
        ms, outcome = answer
        result.checkout_ms.append(ms)
        if outcome == "sold out":
            result.sold_out += 1
        elif outcome:
            sessions.append(outcome)
    amounts = dict(Payment.objects.filter(session_id__in=sessions).values_list("session_id", "amount"))
    result.placed += Order.objects.filter(lines__product_id=goods.product_id).count()

    def pay(n: int) -> float:
        body, headers = _stripe_paid(sessions[n], int(amounts[sessions[n]] * 100), settings.STRIPE_WEBHOOK_SECRET)
        ms, (status, _location, page) = _timed(
            lambda: browsers[n].request("POST", "/pay/webhook/stripe", headers=headers, body=body)
        )
        if status != 200:
            result.error(f"webhook -> {status} {page[:200]!r}", status)
        return ms

    for answer in _at_once(len(sessions), pay) if sessions else []:
        if isinstance(answer, Exception):
            result.error(repr(answer), 0)
        else:
            result.payment_ms.append(answer)
    paid = Order.objects.filter(lines__product_id=goods.product_id, status=OrderStatus.AWAITING_PICKUP)
    sold = paid.count()
    goods.product.refresh_from_db(fields=["stock"])
    result.paid += sold
    result.stock_left += goods.product.stock
    result.oversold += max(0, sold - UNITS) + max(0, -goods.product.stock)
    for browser in browsers:
        browser.conn.close()
    return goods, token, list(paid.values_list("pk", flat=True))


def _fund(goods, order_ids: list[int]) -> None:
    """An approved bank deposit (a ledger entry like any other) so the merchant's balance covers every paid order of
    the round: the pickups measured are pickups, not refusals for the balance."""
    from django.db.models import Sum

    from apps.orders.models import Order
    from apps.wallet.constants import Method
    from apps.wallet.services import deposit_approve, deposit_create

    cost = Order.objects.filter(pk__in=order_ids).aggregate(cost=Sum("total_cost"))["cost"]
    if cost:
        deposit = deposit_create(
            merchant=goods.merchant,
            method=Method.BANK,
            amount=cost,
            payer_name="Bench",
            card_number="4111111111111111",
            bank_name="Bench Bank",
        )
        deposit_approve(deposit_id=deposit.pk, operator=None, note="bench: the hot product's pickups")


def _pickups(goods, token: str, order_ids: list[int], host: str, port: int, result: Round) -> None:
    """The first half of the paid orders by BUYERS `order/pick` requests at once (each order asked for at least
    once, the rest repeats); the second half by BATCHES `order/pick_batch` requests at once, each of all of them
    (each batch starting at another order): every order picked once, by one request."""
    from apps.wallet.constants import EntryKind
    from apps.wallet.models import JournalEntry

    from .seed import PAY_PASSWORD

    if not order_ids:
        return
    _fund(goods, order_ids)
    singles, batched = order_ids[: len(order_ids) // 2], order_ids[len(order_ids) // 2 :]
    browsers = [Browser(host, port, "127.0.0.1") for _ in range(BUYERS)]
    headers = {"token": token, "lang": "en", "Content-Type": "application/json"}

    def pick(n: int) -> float:
        body = json.dumps({"id": singles[n % len(singles)], "pay_password": PAY_PASSWORD}).encode()
        ms, (status, _location, page) = _timed(
            lambda: browsers[n].request("POST", "/merchant/order/pick", headers=headers, body=body)
        )
        answer = json.loads(page) if status == 200 else {}
        if answer.get("code") == 1:
            result.picked += 1
        elif answer.get("code") == 0:
            result.pick_refused += 1
        else:
            result.error(f"order/pick -> {status} {page[:200]!r}", status)
        return ms

    def pick_batch(n: int) -> float:
        shift = n * len(batched) // BATCHES
        body = json.dumps({"ids": batched[shift:] + batched[:shift], "pay_password": PAY_PASSWORD}).encode()
        ms, (status, _location, page) = _timed(
            lambda: browsers[n].request("POST", "/merchant/order/pick_batch", headers=headers, body=body)
        )
        answer = json.loads(page) if status == 200 else {}
        if answer.get("code") != 1:
            result.error(f"order/pick_batch -> {status} {page[:200]!r}", status)
            return ms
        result.batch_picked += sum(row["result"] == "picked" for row in answer["data"]["results"])
        return ms

    for samples, count, fn in ((result.pickup_ms, BUYERS, pick), (result.batch_ms, BATCHES, pick_batch)):
        if count and (singles if fn is pick else batched):
            for answer in _at_once(count, fn):
                if isinstance(answer, Exception):
                    result.error(repr(answer), 0)
                else:
                    samples.append(answer)
    refs = list(
        JournalEntry.objects.filter(
            kind=EntryKind.ORDER_PICKUP, reference__in=[f"pickup:{pk}" for pk in order_ids]
        ).values_list("reference", flat=True)
    )
    result.picked_twice += len(refs) - len(set(refs))
    for browser in browsers:
        browser.conn.close()


def _percentiles(samples: list[float]) -> tuple[float, float, float]:
    if len(samples) < 2:
        value = samples[0] if samples else float("nan")
        return value, value, value
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    return cuts[49], cuts[94], cuts[98]


def run(*, host: str, port: int, log) -> str:
    """ROUNDS rounds of the hot product and its pickups; the table (Markdown)."""
    stand_in = ThreadingHTTPServer(("127.0.0.1", stand_in_port(port)), _StripeStandIn)
    threading.Thread(target=stand_in.serve_forever, daemon=True).start()
    total = Round()
    try:
        for number in range(ROUNDS):
            goods, token, paid = _buyers_round(number, host, port, total)
            _pickups(goods, token, paid, host, port, total)
            log(
                f"hot product round {number + 1}: {total.paid} paid of {UNITS * (number + 1)} units, "
                f"{total.oversold} oversold, {total.errors} errors, {total.picked} picked up"
            )
    finally:
        stand_in.shutdown()
    if total.first_error:
        log(f"  first error: {total.first_error}")
    rows = [
        "| step | requests | p50 ms | p95 ms | p99 ms | p95 <= 200 ms |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for name, samples in (
        (f"checkout: {BUYERS} buyers at once, last {UNITS} units", total.checkout_ms),
        ("payment: Stripe's webhook, all paid at once", total.payment_ms),
        (f"pickup: {BUYERS} order/pick at once, one merchant", total.pickup_ms),
        (f"pickup batch: {BATCHES} order/pick_batch at once, each of ~{UNITS // 2} orders", total.batch_ms),
    ):
        p50, p95, p99 = _percentiles(samples)
        verdict = "met" if p95 <= TARGET_P95_MS else "missed"
        rows.append(f"| {name} | {len(samples)} | {p50:.1f} | {p95:.1f} | {p99:.1f} | {verdict} |")
    units = UNITS * ROUNDS
    summary = (
        f"{ROUNDS} rounds: orders paid {total.paid} of {units} units (must equal), oversold {total.oversold}, stock "
        f"left {total.stock_left}, buyers told sold out {total.sold_out}, errors {total.errors} "
        f"(5xx {total.server_errors}); pickups: {total.picked} picked one by one, {total.pick_refused} refused, "
        f"{total.batch_picked} picked in batches, {total.picked_twice} paid twice."
    )
    return "\n".join(rows) + "\n\n" + summary + "\n"


def failed(text: str) -> bool:
    """Whether the part's table reports a broken rule (the latency targets are reported, not enforced)."""
    found = re.search(r"orders paid (\d+) of (\d+) .*oversold (\d+).*errors (\d+).* (\d+) paid twice", text)
    return found is None or found[1] != found[2] or found[3] != "0" or found[4] != "0" or found[5] != "0"
