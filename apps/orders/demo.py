"""Demo orders (manage.py seed_demo): the demo merchant's orders in every status, spread over the last 30 days.

Orders come only from buyers (product.md 2.2): each one is placed, paid, cancelled, confirmed or refunded through the
intake endpoint (/intake/v1/, in-process) by the "Demo storefront", an external storefront with its own key serving
the demo shop (created by the demo operator, as an operator creates one in the console), the merchant
picks up with the demo payment password, buyers review some received orders, visit and follow the shop, and the
operator ships, records tracking steps and decides refunds, all
through the services, each step at its own past time (time-machine). The settlement of a received order is the beat
job's step (services.order_settle). Several orders paid in the last two days still await pickup, within their window,
and the merchant's balance covers them. Idempotent: nothing is done when the demo merchant already has orders.
"""

import json
import time
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any, TextIO

import time_machine
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone, translation

from apps.accounts.models import Merchant
from apps.catalog.models import Product, ShopGoods
from apps.catalog.services import goods_add
from apps.shop.figures import zone_of
from apps.wallet import services as wallet_services
from apps.wallet.constants import Method
from apps.wallet.selectors import available_balance

from . import services
from .constants import OrderStatus, TrackingStep
from .intake import KEY_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, sign, storefront_key_create
from .models import Order, Refund, StorefrontKey

DEMO_EMAIL = "demo@example.com"
DEMO_STOREFRONT = "Demo storefront"
DEMO_PAY_PASSWORD = "246810"  # apps.accounts.demo
OPERATOR_USERNAME = "admin"  # apps.accounts.demo
LISTINGS = 8  # the demo orders rotate over this many of the shop's goods
TOP_UP = Decimal("500.00")

D = timedelta(days=1)
H = timedelta(hours=1)
M = timedelta(minutes=1)

BUYERS = [
    ("Olivia Martin", "+14155550123", "250 King Street, San Francisco, CA 94107", "US"),
    ("Lukas Schneider", "+4930901820", "Torstrasse 45, 10119 Berlin", "DE"),
    ("Emma Dubois", "+33142685300", "12 Rue de Rivoli, 75004 Paris", "FR"),
    ("Hiroshi Tanaka", "+81352223333", "2-1 Marunouchi, Chiyoda, Tokyo 100-0005", "JP"),
    ("Sofia Rossi", "+390667101", "Via del Corso 120, 00186 Roma", "IT"),
    ("James Wilson", "+442079460000", "18 Baker Street, London W1U 3BW", "GB"),
    ("Ana Souza", "+5511933334444", "Avenida Paulista 1000, Sao Paulo 01310-100", "BR"),
    ("Kim Min-jun", "+8221234567", "110 Sejong-daero, Jung-gu, Seoul 04524", "KR"),
]
PLACES = ["Shenzhen sorting center", "Hong Kong air hub", "Los Angeles customs", "Local delivery station"]

# Each demo order: its steps, each this long before now. The statuses they end in (product.md 5.2), oldest first.
Step = tuple[timedelta, str, dict[str, Any]]
SCENARIOS: list[list[Step]] = [
    # 4 settled
    [(28 * D, "create", {}), (28 * D - 9 * M, "pay", {}), (27 * D, "pick", {}), (26 * D, "ship", {}),
     (25 * D, "track", {"step": 0}), (24 * D, "track", {"step": 1}), (22 * D, "confirm", {}),
     (15 * D - H, "settle", {})],
    [(26 * D, "create", {}), (26 * D - 4 * M, "pay", {}), (25 * D + 3 * H, "pick", {}), (24 * D, "ship", {}),
     (21 * D, "confirm", {}), (14 * D - H, "settle", {})],
    [(20 * D, "create", {}), (20 * D - 12 * M, "pay", {}), (19 * D, "pick", {}), (18 * D, "ship", {}),
     (17 * D, "track", {"step": 0}), (15 * D, "confirm", {}), (8 * D - H, "settle", {})],
    # 4 settled after a refund request the platform rejected
    [(25 * D, "create", {}), (25 * D - 6 * M, "pay", {}), (24 * D + 5 * H, "pick", {}), (24 * D, "ship", {}),
     (21 * D, "refund", {"goods_status": "received", "reason": "The colour looks different from the photo."}),
     (20 * D, "reject", {"reason": "The colour matches the product page; the goods are as described."}),
     (19 * D, "confirm", {}), (12 * D - H, "settle", {})],
    # -2 refunded
    [(22 * D, "create", {}), (22 * D - 3 * M, "pay", {}), (21 * D + 6 * H, "pick", {}), (21 * D, "ship", {}),
     (17 * D, "refund", {"goods_status": "not_received", "reason": "The parcel never arrived."}),
     (16 * D, "approve", {})],
    # -1 cancelled: unpaid, paid then cancelled, a refund asked before pickup (cancelled at once)
    [(27 * D, "create", {}), (27 * D - 8 * M, "cancel", {})],
    [(12 * D, "create", {}), (12 * D - 5 * M, "pay", {}), (11 * D + 20 * H, "cancel", {})],
    [(8 * D, "create", {}), (8 * D - 2 * M, "pay", {}),
     (7 * D + 18 * H, "refund", {"goods_status": "not_received", "reason": "Ordered the wrong size."})],
    # 3 received, pending settlement
    [(9 * D, "create", {}), (9 * D - 7 * M, "pay", {}), (8 * D + 20 * H, "pick", {}), (8 * D, "ship", {}),
     (7 * D, "track", {"step": 0}), (6 * D, "track", {"step": 2}), (4 * D, "confirm", {})],
    [(7 * D, "create", {}), (7 * D - 5 * M, "pay", {}), (6 * D + 22 * H, "pick", {}), (6 * D, "ship", {}),
     (2 * D, "confirm", {})],
    # 2 shipped with tracking steps; one with an open refund request
    [(6 * D, "create", {}), (6 * D - 4 * M, "pay", {}), (5 * D + 21 * H, "pick", {}), (5 * D, "ship", {}),
     (4 * D + 12 * H, "track", {"step": 0}), (3 * D, "track", {"step": 1}),
     (2 * D, "refund", {"goods_status": "not_received", "reason": "Tracking has not moved for two days."})],
    [(4 * D, "create", {}), (4 * D - 6 * M, "pay", {}), (3 * D + 20 * H, "pick", {}), (3 * D, "ship", {}),
     (2 * D + 10 * H, "track", {"step": 0}), (D + 8 * H, "track", {"step": 1}), (6 * H, "track", {"step": 2})],
    [(3 * D, "create", {}), (3 * D - 3 * M, "pay", {}), (2 * D + 19 * H, "pick", {}), (2 * D, "ship", {}),
     (D, "track", {"step": 0})],
    # 1 awaiting shipment
    [(2 * D, "create", {}), (2 * D - 5 * M, "pay", {}), (D + 20 * H, "pick", {})],
    [(D, "create", {}), (D - 8 * M, "pay", {}), (20 * H, "pick", {})],
    # 5 awaiting pickup, paid within the pickup window (48 hours)
    [(36 * H, "create", {}), (36 * H - 4 * M, "pay", {})],
    [(26 * H, "create", {}), (26 * H - 6 * M, "pay", {})],
    [(14 * H, "create", {}), (14 * H - 3 * M, "pay", {})],
    [(5 * H, "create", {}), (5 * H - 2 * M, "pay", {})],
    [(40 * M, "create", {}), (38 * M, "pay", {})],
    # 0 awaiting payment (the buyer has the payment window to pay)
    [(3 * M, "create", {})],
    [(M, "create", {})],
]  # fmt: skip


# Buyers' reviews of received demo orders (scenario index: when, stars, text), and the shop's storefront audience.
REVIEWS = {
    0: (21 * D, 5, "Fast delivery, exactly as pictured."),
    1: (20 * D, 4, "Good quality; the box was a little dented."),
    2: (14 * D, 5, "Second order from this shop, as good as the first."),
    3: (18 * D, 3, "Fine, but the colour is darker than on the photo."),
}
FOLLOWERS = 7  # buyers who follow the shop; the last one unfollows again
VISITOR_POOL = 60  # visitor keys the daily visits draw from, so 7 and 30 days have distinct counts


class _Storefront:
    """The storefront's side of the demo: JSON requests to the intake endpoint signed with its key, in-process."""

    def __init__(self, key: StorefrontKey) -> None:
        self.client = Client(HTTP_HOST="localhost", HTTP_LANG="en")
        self.key = key

    def call(self, name: str, body: dict[str, Any]) -> dict[str, Any]:
        raw = json.dumps(body).encode()
        stamp = str(int(time.time()))
        response = self.client.generic(
            "POST",
            f"/intake/v1/{name}",
            raw,
            content_type="application/json",
            secure=True,
            headers={
                KEY_HEADER: self.key.key_id,
                TIMESTAMP_HEADER: stamp,
                SIGNATURE_HEADER: sign(timestamp=stamp, body=raw, secret=self.key.secret),
            },
        )
        answer = response.json()
        if answer.get("code") != 1:
            raise RuntimeError(f"order intake {name} refused: {answer.get('msg')}")
        return answer["data"]


def _demo_key(merchant: Merchant, operator: Any) -> StorefrontKey:
    """The demo storefront's key for the merchant's shop ("Demo storefront" for the demo shop, one per shop), made
    once, as an operator makes one in the console."""
    name = DEMO_STOREFRONT if merchant.email == DEMO_EMAIL else f"{DEMO_STOREFRONT}: {merchant.shop.name}"
    key = StorefrontKey.objects.filter(name=name[:100]).first()
    if key is None:
        key, _secret = storefront_key_create(
            name=name[:100],
            shop_ids=[merchant.shop.pk],
            operator=operator,
            reason="The demo storefront places the demo shop's orders.",
        )
    return key


def _listings(merchant: Merchant) -> list[ShopGoods]:
    """On-shelf goods of the demo shop that the demo orders can buy (distributing some first when too few)."""

    def usable() -> list[ShopGoods]:
        return list(
            ShopGoods.objects.filter(
                merchant=merchant, on_shelf=True, product__is_active=True, product__stock__gte=20
            ).order_by("product__retail_price", "id")[:LISTINGS]
        )

    found = usable()
    if len(found) < LISTINGS:
        listed = ShopGoods.objects.filter(merchant=merchant).values_list("product_id", flat=True)
        cheap = (
            Product.objects.filter(is_active=True, stock__gte=20)
            .exclude(pk__in=listed)
            .order_by("retail_price", "id")
            .values_list("pk", flat=True)[: LISTINGS - len(found)]
        )
        if cheap:
            goods_add(merchant=merchant, product_ids=list(cheap))
        found = usable()
    return found


def _cover(merchant: Merchant, amount: Decimal, operator: Any) -> None:
    """A bank deposit the operator approves, so the balance covers `amount` (real ledger money, as wallet.demo)."""
    short = amount - available_balance(merchant=merchant)
    if short <= 0:
        return
    deposit = wallet_services.deposit_create(
        merchant=merchant,
        method=Method.BANK,
        amount=max(TOP_UP, short.quantize(Decimal("100")) + TOP_UP),
        payer_name=merchant.real_name,
        card_number="4000 1234 5678 9010",
        bank_name="Demo Bank",
    )
    wallet_services.deposit_approve(deposit_id=deposit.pk, operator=operator, note="Demo top-up")


class _Run:
    def __init__(self, merchant: Merchant, operator: Any, listings: list[ShopGoods]) -> None:
        self.merchant, self.operator, self.listings = merchant, operator, listings
        self.storefront = _Storefront(_demo_key(merchant, operator))
        self.refs: dict[int, str] = {}
        self.tag = timezone.now().strftime("%Y%m%d%H%M%S")

    def order(self, index: int) -> Order:
        return Order.objects.get(external_ref=self.refs[index])

    def step(self, index: int, action: str, args: dict[str, Any], when: datetime) -> None:
        ref = self.refs.get(index, f"DEMO-{self.tag}-{index + 1:02d}")
        if action == "create":
            buyer = BUYERS[index % len(BUYERS)]
            goods = self.listings[index % len(self.listings)]
            lines = [{"goods": goods.pk, "quantity": 1 + index % 2}]
            if index % 5 == 3 and len(self.listings) > 1:  # some orders have two products
                lines.append({"goods": self.listings[(index + 3) % len(self.listings)].pk, "quantity": 1})
            self.storefront.call(
                "order/create",
                {
                    "external_ref": ref,
                    "shop": self.merchant.shop.pk,
                    "lines": lines,
                    "ship_name": buyer[0],
                    "ship_phone": buyer[1],
                    "ship_address": buyer[2],
                    "ship_country": buyer[3],
                },
            )
            self.refs[index] = ref
        elif action == "pay":
            self.storefront.call("order/paid", {"external_ref": ref, "payment_reference": f"PAY-{ref}"})
        elif action == "cancel":
            self.storefront.call("order/cancel", {"external_ref": ref})
        elif action == "confirm":
            self.storefront.call("order/confirm", {"external_ref": ref})
        elif action == "refund":
            self.storefront.call("order/refund", {"external_ref": ref, **args})
        elif action == "review":
            self.storefront.call("order/review", {"external_ref": ref, **args})
        elif action == "pick":
            order = self.order(index)
            _cover(self.merchant, order.total_cost, self.operator)
            services.order_pick(merchant=self.merchant, order_id=order.pk, pay_password=DEMO_PAY_PASSWORD)
        elif action == "ship":
            carrier = ("DHL", "FedEx", "UPS")[index % 3]
            services.order_ship(
                order_id=self.order(index).pk,
                carrier=carrier,
                tracking_number=f"{carrier[:2].upper()}{self.tag[2:]}{index:03d}",
                operator=self.operator,
            )
        elif action == "track":
            step = args["step"]
            code = [TrackingStep.PICKED_UP, TrackingStep.SORTING_CENTER, TrackingStep.OUT_FOR_DELIVERY][step]
            services.tracking_event_add(
                order_id=self.order(index).pk,
                occurred_at=when,
                step=code,
                place=PLACES[(index + step) % len(PLACES)],
                operator=self.operator,
            )
        elif action == "settle":
            if not services.order_settle(order_id=self.order(index).pk):
                raise RuntimeError(f"demo order {ref} could not be settled")
        elif action in ("approve", "reject"):
            refund = Refund.objects.get(order=self.order(index))
            if action == "approve":
                services.refund_approve(refund_id=refund.pk, operator=self.operator, note="Carrier lost the parcel.")
            else:
                services.refund_reject(refund_id=refund.pk, operator=self.operator, reason=args["reason"])
        else:
            raise ValueError(action)


def _audience(storefront: _Storefront, merchant: Merchant, now: datetime) -> None:
    """The storefront's visits of the last 30 days (a few to a dozen visitors a day) and its followers."""
    shop = merchant.shop.pk
    # Two hours before this time of day, but never on the day before (each day's visits fall on their own date).
    local = timezone.localtime(now, zone_of(merchant))
    earlier = min(2 * H, local - local.replace(hour=0, minute=0, second=0, microsecond=0))
    for days_ago in range(29, -1, -1):
        when = now - days_ago * D - earlier
        with time_machine.travel(when, tick=False):
            for n in range(3 + (days_ago * 7) % 10):
                storefront.call("shop/visit", {"shop": shop, "visitor": f"demo-{(days_ago * 5 + n) % VISITOR_POOL}"})
    for n in range(FOLLOWERS):
        with time_machine.travel(now - (20 - 2 * n) * D, tick=False):
            storefront.call("shop/follow", {"shop": shop, "buyer": f"demo-buyer-{n}"})
    with time_machine.travel(now - D, tick=False):
        storefront.call("shop/unfollow", {"shop": shop, "buyer": f"demo-buyer-{FOLLOWERS - 1}"})


def seed(stdout: TextIO) -> None:
    merchant = Merchant.objects.filter(email=DEMO_EMAIL).select_related("shop").first()
    if merchant is None or Order.objects.filter(merchant=merchant).exists():
        return
    users = get_user_model().objects
    operator = users.filter(username=OPERATOR_USERNAME).first() or users.filter(is_superuser=True).first()
    now = timezone.now()
    with time_machine.travel(now - 30 * D):
        listings = _listings(merchant)
    if not listings:
        stdout.write("Orders: no products to order in the demo shop.")
        return
    with time_machine.travel(now - 30 * D - H):
        _demo_key(merchant, operator)
    run = _Run(merchant, operator, listings)
    reviews = [(ago, index, "review", {"stars": stars, "text": text}) for index, (ago, stars, text) in REVIEWS.items()]
    steps = sorted(
        [(ago, index, action, args) for index, scenario in enumerate(SCENARIOS) for ago, action, args in scenario]
        + reviews,
        key=lambda step: (-step[0], step[1]),
    )
    for ago, index, action, args in steps:  # in the order they happened, so the ledger reads in time order
        when = now - ago
        with time_machine.travel(when, tick=False):
            run.step(index, action, args, when)
    _audience(run.storefront, merchant, now)
    # The orders awaiting pickup can all be picked up with the balance.
    awaiting = Order.objects.filter(merchant=merchant, status=OrderStatus.AWAITING_PICKUP)
    _cover(merchant, sum((order.total_cost for order in awaiting), Decimal("0")), operator)
    with translation.override("en"):
        counts = {
            str(label): Order.objects.filter(merchant=merchant, status=code).count()
            for code, label in OrderStatus.choices
        }
    stdout.write(
        f"Orders: {len(SCENARIOS)} placed through the storefront intake ("
        + ", ".join(f"{label} {n}" for label, n in counts.items())
        + ")"
    )
