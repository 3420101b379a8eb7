"""The storefront's reads: what a buyer sees of a shop and of one of its goods, composed from the apps that own them
(shop, catalog, orders). Each page reads in a constant number of queries."""

import ipaddress
import uuid
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.paginator import Page, Paginator
from django.db.models import Prefetch, Q, QuerySet, Sum
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

from apps.accounts.constants import MerchantStatus
from apps.catalog.selectors import (
    product_cards,
    product_detail,
    product_stock,
    storefront_categories,
    storefront_goods,
    storefront_listing,
    storefront_products,
)
from apps.core.formats import labels
from apps.core.money import ZERO
from apps.orders.constants import REFUNDABLE, GoodsStatus, OrderStatus, RefundStatus, TrackingStep
from apps.orders.models import OrderLine, Review
from apps.orders.selectors import order_detail, product_reviews
from apps.shop.figures import rating_of, totals_get
from apps.shop.models import Follower, Shop

from .constants import BUYER_STATUS, PaymentStatus
from .models import BuyerOrder, BuyerSignIn, Payment, SignUp

GOODS_PER_PAGE = 20
REVIEWS_SHOWN = 10


def shop_find(*, shop_id: int) -> Shop | None:
    """A shop with its merchant and pictures, open or not; None when there is none."""
    return Shop.objects.select_related("merchant", "logo", "store_banner", "ad_banner").filter(pk=shop_id).first()


def shop_is_open(shop: Shop) -> bool:
    """Only an active merchant's shop is shown to buyers: a pending or closed one is hidden (product.md 3)."""
    return shop.merchant.status == MerchantStatus.ACTIVE


def shop_figures(*, shop: Shop) -> dict[str, Any]:
    """The shop's followers and rating (None: no ratings yet), from the recorded events."""
    totals = totals_get(merchant_id=shop.merchant_id)
    return {"followers": totals["followers"], "rating": rating_of(totals), "ratings": totals["rating_count"]}


def shop_goods_page(
    *, shop: Shop, category_id: int | None, keyword: str, page: int
) -> tuple[Page, list[dict[str, Any]]]:
    """One page of the shop's goods as a buyer sees them (promoted first), each a product card with `goods_id` and
    `is_promoted`: three queries (count, page, cards)."""
    goods = storefront_goods(merchant_id=shop.merchant_id, category_id=category_id, keyword=keyword)
    shown = Paginator(goods, GOODS_PER_PAGE).get_page(page)
    rows = list(shown.object_list)
    cards = product_cards(product_ids=[row["product_id"] for row in rows])
    return shown, [
        {**cards[row["product_id"]], "goods_id": row["id"], "is_promoted": row["is_promoted"]} for row in rows
    ]


def shop_categories(*, shop: Shop) -> QuerySet:
    return storefront_categories(merchant_id=shop.merchant_id)


def goods_page(*, shop: Shop, goods_id: int) -> dict[str, Any] | None:
    """One of the shop's goods as its page shows it: the product's detail, its stock now, whether it is promoted, and
    the reviews of buyers who bought it in this shop. None when the shop does not sell it (now)."""
    listing = storefront_listing(merchant_id=shop.merchant_id, goods_id=goods_id)
    if listing is None:
        return None
    product_id = listing["product_id"]
    summary, reviews = product_reviews(merchant_id=shop.merchant_id, product_id=product_id, limit=REVIEWS_SHOWN)
    return {
        **product_detail(product_id=product_id),
        "goods_id": listing["id"],
        "is_promoted": listing["is_promoted"],
        "stock": product_stock(product_id=product_id),
        "review_count": summary["count"],
        "review_average": summary["average"],
        "reviews": reviews,
    }


def listing_on_sale(*, shop: Shop, goods_id: int) -> bool:
    return storefront_listing(merchant_id=shop.merchant_id, goods_id=goods_id) is not None


def open_shops() -> QuerySet[Shop]:
    """The shops buyers can open, oldest first (the sitemap)."""
    return Shop.objects.filter(merchant__status=MerchantStatus.ACTIVE).order_by("pk")


def cart_lines(*, shop: Shop, lines: dict[int, int]) -> tuple[list[dict[str, Any]], Decimal, set[int]]:
    """The cart of a shop as the buyer sees it: (each line still on sale, its card with `goods_id`, `quantity` and
    `subtotal`; the total; the goods ids no longer on sale, to drop). Two queries."""
    on_sale = storefront_products(merchant_id=shop.merchant_id, goods_ids=list(lines))
    cards = product_cards(product_ids=list(on_sale.values()))
    rows = [
        {**cards[on_sale[goods]], "goods_id": goods, "quantity": quantity}
        for goods, quantity in lines.items()
        if goods in on_sale
    ]
    for row in rows:
        row["subtotal"] = row["retail_price"] * row["quantity"]
    return rows, sum((row["subtotal"] for row in rows), ZERO), set(lines) - set(on_sale)


def buyer_order_find_by(**lookup: Any) -> BuyerOrder | None:
    return BuyerOrder.objects.select_related("order__merchant__shop").filter(**lookup).first()


def buyer_order_find(*, token: str) -> BuyerOrder | None:
    """The storefront order whose page link has `token`, with its order, shop and merchant."""
    return buyer_order_find_by(token=token)


def checkout_reference(key: uuid.UUID) -> str:
    """The order reference of the checkout form with `key` (a random one the cart page gives each form)."""
    return f"web-{key.hex}"


def checkout_placed(*, key: uuid.UUID) -> BuyerOrder | None:
    """The order the checkout form with `key` placed already, if it did."""
    return buyer_order_find_by(order__external_ref=checkout_reference(key))


def client_key(address: str | None) -> str:
    """A buyer's network address as BuyerOrder.client keeps it: a keyed hash, of an IPv6 address's /64 network (what
    one connection is given), so it can be compared and not read back; "" for none."""
    if not address:
        return ""
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:  # an IPv4 client of a dual-stack socket
        ip = ip.ipv4_mapped
    network = str(ipaddress.ip_network(f"{ip}/64", strict=False)) if ip.version == 6 else str(ip)
    return salted_hmac("storefront.client", network, algorithm="sha256").hexdigest()


def units_held(*, client: str, email: str) -> int:
    """Units the buyer's storefront orders awaiting payment hold, the buyer known by `client` (client_key) or by the
    email."""
    known = Q(email=email.lower()) | Q(client=client) if client else Q(email=email.lower())
    orders = BuyerOrder.objects.filter(known, order__status=OrderStatus.AWAITING_PAYMENT, order__stock_reserved=True)
    return orders.aggregate(units=Sum("order__quantity"))["units"] or 0


def buyer_order_page(*, buyer_order: BuyerOrder) -> dict[str, Any]:
    """What the buyer's order page shows: the order (status, lines, shipping, tracking steps with the delivery among
    them, status changes, refund requests, the buyer's rating) and what the buyer may do now."""
    order = buyer_order.order
    detail = order_detail(merchant=order.merchant, order_id=order.pk)
    status = detail["status"]
    detail["status_label"] = BUYER_STATUS[status]
    for change in detail["history"]:
        change["label"] = BUYER_STATUS.get(int(change["to_status"]), change["to_status"])
    step_labels = labels(TrackingStep)
    for event in detail["tracking_events"]:
        event["step_label"] = step_labels[event["step"]]
    if detail["delivered_at"] is not None:  # the carrier's delivery, among the shipping steps by its time
        delivered = {
            "occurred_at": detail["delivered_at"],
            "place": "",
            "step_label": _("Delivered"),
            "description": "",
            "delivered": True,
        }
        steps = [*detail["tracking_events"], delivered]
        detail["tracking_events"] = sorted(steps, key=lambda step: step["occurred_at"], reverse=True)
    for refund in detail["refunds"]:
        refund["status_label"] = RefundStatus(refund["status"]).label
        refund["goods_label"] = GoodsStatus(refund["goods_status"]).label
    payment = Payment.objects.filter(buyer_order=buyer_order).values_list("status", flat=True).first()
    detail["payment_failed"] = payment == PaymentStatus.FAILED
    detail["stock_reserved"] = order.stock_reserved
    detail["review"] = Review.objects.filter(order_id=order.pk).values("stars", "text").first()
    refund_open = any(refund["status"] == RefundStatus.PENDING for refund in detail["refunds"])
    detail["paid"] = status == OrderStatus.AWAITING_PICKUP  # paid, not yet prepared: the page thanks the buyer
    detail["can"] = {
        "pay": status == OrderStatus.AWAITING_PAYMENT,
        "cancel": status in (OrderStatus.AWAITING_PAYMENT, OrderStatus.AWAITING_PICKUP),
        "receive": status == OrderStatus.SHIPPED and not refund_open,
        "refund": status in REFUNDABLE and not refund_open,
        "rate": status in (OrderStatus.RECEIVED, OrderStatus.COMPLETED) and detail["review"] is None,
    }
    return detail


ACCOUNT_ORDERS_SHOWN = 50


def buyer_orders(*, email: str) -> list[BuyerOrder]:
    """The storefront orders placed with this (confirmed) email, newest first, with their order, shop and lines (the
    first line's title and picture show the order): two queries."""
    orders = (
        BuyerOrder.objects.filter(email=email.lower())
        .select_related("order__merchant__shop")
        .prefetch_related(Prefetch("order__lines", queryset=OrderLine.objects.order_by("id")))
        .order_by("-pk")
    )
    rows = list(orders[:ACCOUNT_ORDERS_SHOWN])
    for row in rows:  # for the template
        lines = list(row.order.lines.all())
        row.status_label = BUYER_STATUS[row.order.status]  # type: ignore[attr-defined]
        row.first_line = lines[0] if lines else None  # type: ignore[attr-defined]
        row.more_lines = len(lines) - 1  # type: ignore[attr-defined]
    return rows


def followed_shops(*, key: str) -> QuerySet[Shop]:
    """The open shops this buyer follows, by name."""
    follows = Follower.objects.filter(buyer=key)
    return open_shops().filter(merchant_id__in=follows.values("merchant_id")).order_by("name")


def follows(*, shop: Shop, key: str) -> bool:
    return Follower.objects.filter(merchant_id=shop.merchant_id, buyer=key).exists()


def account_email(email: str) -> str:
    """An email as a buyer account keeps it (its username): lower case, without spaces around."""
    return User.objects.normalize_email(email.strip()).lower()


def buyer_accounts(*, email: str) -> QuerySet[User]:
    """The buyer account of this email (none or one), confirmed or not; never an operator's."""
    return User.objects.filter(username=account_email(email), is_staff=False, is_superuser=False)


def buyer_signed_in_from(*, email: str, ip: str) -> bool:
    """Whether the buyer account of this email signed in from this address within a session's lifetime."""
    since = timezone.now() - timedelta(seconds=settings.SESSION_COOKIE_AGE)
    accounts = buyer_accounts(email=email)
    return BuyerSignIn.objects.filter(user__in=accounts, ip=ip, signed_in_at__gte=since).exists()


def sign_ups_since() -> datetime:
    """When the oldest sign-up whose link still works was made (a link works settings.PASSWORD_RESET_TIMEOUT)."""
    return timezone.now() - timedelta(seconds=settings.PASSWORD_RESET_TIMEOUT)


def sign_up_find(*, token: str) -> SignUp | None:
    """The sign-up of this link, while its link works."""
    return SignUp.objects.filter(token_hash=SignUp.hash(token), created_at__gte=sign_ups_since()).first()
