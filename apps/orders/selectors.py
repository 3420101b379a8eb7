"""Order reads. Each list answers in a constant number of queries."""

from collections.abc import Iterable, Iterator
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db.models import Avg, Count, DateTimeField, Exists, F, OuterRef, Prefetch, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce, NullIf
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.serializers import Serializer

from apps.accounts.models import Merchant
from apps.catalog.models import Product
from apps.core.errors import AppError, ErrorCode
from apps.core.money import ZERO, quantize
from apps.core.prepared import Param, Prepared, translated
from apps.core.transitions import status_history_values
from apps.core.writers import fields_of
from apps.shop.figures import rating_round

from .answers import (
    OrderDetailSerializer,
    OrderLineSerializer,
    OrderSummarySerializer,
    RefundStateSerializer,
    TrackingEventSerializer,
)
from .constants import PICKUP_REMINDER_LEAD, OrderStatus, RefundStatus
from .models import Order, OrderCount, OrderLine, OrderTerms, Refund, Review, TrackingEvent

# How many due orders of a kind a beat run reads at a time (tasks.orders_move_due moves batches until its time is up,
# so a run overruns that time by at most a batch: seconds at 100, 30 s at 500 on a loaded 2-core machine).
DUE_BATCH = 100
REMIND_BATCH = 500  # pickup reminders a run of tasks.orders_pickup_remind sends (every 5 minutes)


def order_missing() -> str:
    return _("The order does not exist.")


def payment_window() -> timedelta:
    return timedelta(minutes=settings.ORDER_PAYMENT_WINDOW_MINUTES)


def order_terms() -> OrderTerms:
    """The order windows and the settlement delay in force now (one query), read by each step of an order when it
    happens; the settings' values (an unsaved version) while no version is in force."""
    terms = OrderTerms.objects.in_force().first()
    if terms is not None:
        return terms
    return OrderTerms(
        pickup_window_hours=settings.ORDER_PICKUP_WINDOW_HOURS,
        ship_window_hours=settings.ORDER_SHIP_WINDOW_HOURS,
        receive_days_after_shipment=settings.ORDER_RECEIVE_DAYS_AFTER_SHIPMENT,
        receive_days_after_delivery=settings.ORDER_RECEIVE_DAYS_AFTER_DELIVERY,
        settlement_delay_days=settings.ORDER_SETTLEMENT_DELAY_DAYS,
    )


def pickup_window() -> timedelta:
    """How long a paid order awaits the merchant's pickup (paused while the shop is closed), in the terms in force."""
    return timedelta(hours=order_terms().pickup_window_hours)


def ship_window() -> timedelta:
    """How long the platform has to ship a picked-up order, from the pickup, before it is cancelled with the cost
    back to the merchant (services.order_expire_unshipped), in the order terms in force: an order keeps the deadline
    it was given at its pickup."""
    return timedelta(hours=order_terms().ship_window_hours)


def order_in_stock(*, order_id: int) -> bool:
    """Whether the stock has every unit of the order now (of an order that holds nothing: whether it can be paid)."""
    lines = OrderLine.objects.filter(order_id=order_id)
    return not lines.filter(Q(product=None) | Q(product__stock__lt=F("quantity"))).exists()


def units_held_unpaid(*, product_ids: Iterable[int]) -> dict[int, int]:
    """{product id: units the orders awaiting payment hold of it}."""
    rows = (
        OrderLine.objects.filter(
            order__status=OrderStatus.AWAITING_PAYMENT, order__stock_reserved=True, product_id__in=product_ids
        )
        .values("product_id")
        .annotate(units=Sum("quantity"))
        .values_list("product_id", "units")
    )
    return dict(rows)


def order_sold_out() -> str:
    """Why an order that holds nothing cannot be paid when order_in_stock is False."""
    return _("Some goods of this order are sold out for now, so it cannot be paid.")


# An order as the list shows it, read as plain values (no model instances): the list is the app's hottest read
# after the catalogue, and building and serialising models cost most of it (docs/performance.md). Its first line
# stands for it: `title`, `image` (a storage name) and the order's `line_count`.
FIRST_LINE = ("title", "image", "line_count")


def line_title() -> Coalesce:
    """An order line's title as the merchant reads it: its product's title in the active language (with
    modeltranslation's fallbacks, apps.core.prepared.translated), or the buyer's wording (the line's frozen title) when
    the product is gone or has no title."""
    return Coalesce(NullIf(translated("title", Product, via="product__"), Value("")), F("title"))


def _columns(serializer: type[Serializer]) -> list[str]:
    """The order's own values `serializer` writes: those of fields_of not of the first line nor of the storefront."""
    return [name for name in fields_of(serializer) if name not in (*FIRST_LINE, "storefront_name")]


# Awaiting pickup is a queue: the soonest pickup deadline first (while the shop is closed the deadlines pause,
# then the least time left first), on orders_pickup_queue_idx; every other list is newest first.
PICKUP_QUEUE = (F("pickup_deadline").asc(nulls_last=True), F("pickup_paused_left").asc(nulls_last=True), "id")


def _orders(merchant: Any, status: int | None, keyword: str = "") -> QuerySet[Order, dict[str, Any]]:
    """The merchant's orders (an id or a Param), newest first (awaiting pickup: PICKUP_QUEUE), as
    OrderSummarySerializer rows, the first line's title in the active language (line_title); `keyword` matches the
    order number or a line's title, as the merchant reads it or as the buyer ordered it."""
    qs = Order.objects.filter(merchant_id=merchant)
    if status is not None:
        qs = qs.filter(status=status)
    if keyword:
        matching = OrderLine.objects.filter(order=OuterRef("pk")).annotate(shown_title=line_title())
        qs = qs.filter(
            Q(number__icontains=keyword)
            | Exists(matching.filter(Q(title__icontains=keyword) | Q(shown_title__icontains=keyword)))
        )
    lines = OrderLine.objects.filter(order=OuterRef("pk"))
    first = lines.order_by("id")
    order = PICKUP_QUEUE if status == OrderStatus.AWAITING_PICKUP else ("-id",)
    return qs.order_by(*order).values(
        *_columns(OrderSummarySerializer),
        title=Coalesce(Subquery(first.values(shown_title=line_title())[:1]), Value("")),
        image=Coalesce(Subquery(first.values("image")[:1]), Value("")),
        line_count=Coalesce(Subquery(lines.order_by().values("order").annotate(n=Count("id")).values("n")), 0),
    )


# The page's orders are chosen first (their ids alone, on the merchant's index), then read with their first line:
# reading the whole rows, PostgreSQL walked the orders' primary key backwards for a merchant whose orders are old
# (155 ms a page for the bench's merchant with 100,000 orders).
def _page(status: int | None, start: int, end: int) -> QuerySet[Order, dict[str, Any]]:
    orders = _orders(Param("merchant"), status)
    return orders.filter(pk__in=orders.values("pk")[start:end])


_PAGE = Prepared(_page)


def _tabs(orders: QuerySet[Order]) -> Any:
    return orders.order_by().values("status").annotate(orders=Count("id"), cost=Sum("total_cost"))


# The tabs of all the shop's orders: its counters (apps.orders.counts), at most eight rows.
_TABS = Prepared(lambda: OrderCount.objects.filter(merchant_id=Param("merchant")).values("status", "orders", "cost"))

# [from, until): the orders placed in a period (reports.placed_between), None: all of them.
Placed = tuple[datetime, datetime] | None


def order_page(
    *,
    merchant: Merchant,
    counts: dict[int, int],
    status: int | None,
    keyword: str,
    page: int,
    limit: int,
    placed: Placed = None,
) -> tuple[int, list[dict[str, Any]]]:
    """(how many in all, one page of the orders) in a status (None: every status), placed in `placed` (None: ever),
    in `_orders`' order, as rows; `counts` are the tabs' (order_tab_figures). One query; a keyword search or a
    period two."""
    start, keyword = (page - 1) * limit, keyword.strip()
    if keyword or placed:
        qs = _orders(merchant.pk, status, keyword)
        if placed:
            qs = qs.filter(created_at__gte=placed[0], created_at__lt=placed[1])
        return qs.count(), list(qs[start : start + limit])
    total = sum(counts.values()) if status is None else counts.get(status, 0)
    return total, (_PAGE.rows(status, start, start + limit, merchant=merchant.pk) if start < total else [])


_AWAITING = Prepared(
    lambda: OrderCount.objects.filter(merchant_id=Param("merchant"), status=OrderStatus.AWAITING_PICKUP).values(
        "orders"
    )
)


def awaiting_pickup_count(*, merchant: Merchant) -> int:
    """Home's badge: the orders awaiting pickup (their counter, apps.orders.counts)."""
    row = _AWAITING.row(merchant=merchant.pk)
    return row["orders"] if row is not None else 0


def order_tab_figures(*, merchant: Merchant, placed: Placed = None) -> tuple[dict[int, int], Decimal]:
    """({status: number of the merchant's orders in it} for every status, the total cost of the orders awaiting
    pickup: what "pick up all" can cost at most), of the orders placed in `placed` (None: all), in one query: of all
    the orders, their counters (at most eight rows, apps.orders.counts); of a period, the period's orders grouped."""
    if placed:
        orders = Order.objects.filter(merchant=merchant, created_at__gte=placed[0], created_at__lt=placed[1])
        rows = list(_tabs(orders))
    else:
        rows = _TABS.rows(merchant=merchant.pk)
    by_status = {row["status"]: row for row in rows}
    counts = {status: by_status[status]["orders"] if status in by_status else 0 for status in OrderStatus.values}
    awaiting = by_status.get(OrderStatus.AWAITING_PICKUP)
    return counts, quantize(awaiting["cost"]) if awaiting else ZERO


# One order as its detail shows it, read as plain values in five prepared reads (apps.core.prepared).
_ORDER = Prepared(
    lambda: Order.objects.filter(merchant_id=Param("merchant"), pk=Param("order")).values(
        *_columns(OrderDetailSerializer), storefront_name=Coalesce(F("storefront_key__name"), Value(""))
    )
)
_LINES = Prepared(
    lambda: (
        OrderLine.objects.filter(order_id=Param("order"))
        .order_by("id")
        .values(*(name for name in fields_of(OrderLineSerializer) if name != "shown_title"), shown_title=line_title())
    )
)
_EVENTS = Prepared(
    lambda: (
        TrackingEvent.objects.filter(order_id=Param("order"))
        .order_by("-occurred_at", "-id")
        .values(*fields_of(TrackingEventSerializer))
    )
)
_REFUNDS = Prepared(
    lambda: Refund.objects.filter(order_id=Param("order")).order_by("-id").values(*fields_of(RefundStateSerializer))
)


def order_detail(*, merchant: Merchant, order_id: int) -> dict[str, Any]:
    """One of the merchant's orders as an OrderDetailSerializer row, with its `lines` (in order), `tracking_events`
    (newest first), `refunds` (newest first) and `history` (its status changes, oldest first); another merchant's
    order is missing."""
    order = _ORDER.row(merchant=merchant.pk, order=order_id)
    if order is None:
        raise AppError(order_missing(), ErrorCode.NOT_FOUND)
    order["lines"] = lines = _LINES.rows(order=order_id)
    order["title"], order["image"] = (lines[0]["shown_title"], lines[0]["image"]) if lines else ("", "")
    order["line_count"] = len(lines)
    order["tracking_events"] = _EVENTS.rows(order=order_id)
    order["refunds"] = _REFUNDS.rows(order=order_id)
    order["history"] = status_history_values(Order, order_id)
    return order


# The orders of a period with their lines, read in chunks of EXPORT_CHUNK orders by the id of the last one read
# (keyset): the export's memory and its queries per chunk stay the same whatever the number of orders.
EXPORT_CHUNK = 500
_ID_MAX = 2**63 - 1
EXPORT_ORDER_FIELDS = (*_columns(OrderSummarySerializer), "carrier", "tracking_number")
_EXPORT_ORDERS = Prepared(
    lambda: (
        Order.objects.filter(
            merchant_id=Param("merchant"),
            created_at__gte=Param("since", DateTimeField()),
            created_at__lt=Param("until", DateTimeField()),
            pk__lt=Param("before"),
        )
        .order_by("-id")
        .values(*EXPORT_ORDER_FIELDS)[:EXPORT_CHUNK]
    )
)
EXPORT_LINE_FIELDS = tuple(name for name in fields_of(OrderLineSerializer) if name not in ("shown_title", "image"))


def orders_between(*, merchant: Merchant, since: datetime, until: datetime) -> Iterator[dict[str, Any]]:
    """The orders placed in [since, until) (what order/list's `range` lists), newest first, as rows of
    OrderSummarySerializer's own values with `carrier`, `tracking_number` and `lines` (OrderDetailSerializer's, in
    order, each title as the merchant reads it: line_title), a chunk at a time: two queries a chunk."""
    before = _ID_MAX
    while True:
        orders = _EXPORT_ORDERS.rows(merchant=merchant.pk, since=since, until=until, before=before)
        lines: dict[int, list[dict[str, Any]]] = {order["id"]: [] for order in orders}
        if orders:
            for line in (
                OrderLine.objects.filter(order_id__in=list(lines))
                .order_by("id")
                .values("order_id", *EXPORT_LINE_FIELDS, shown_title=line_title())
            ):
                lines[line["order_id"]].append(line)
        for order in orders:
            order["lines"] = lines[order["id"]]
            yield order
        if len(orders) < EXPORT_CHUNK:
            return
        before = orders[-1]["id"]


def refund_list(*, merchant: Merchant, status: int | None = None) -> QuerySet[Refund]:
    """The refund requests of the merchant's orders, newest first, each with its order and the order's lines (each
    with its `shown_title`, line_title)."""
    qs = Refund.objects.filter(merchant=merchant)
    if status is not None:
        qs = qs.filter(status=status)
    return (
        qs.select_related("order")
        .prefetch_related(
            Prefetch("order__lines", queryset=OrderLine.objects.annotate(shown_title=line_title()).order_by("id"))
        )
        .order_by("-id")
    )


def order_ids_due(kind: str) -> list[int]:
    """The orders a beat run moves (tasks.orders_move_due): `unpaid`, `unpicked`, `unshipped`, `receive` or
    `settle`; at most DUE_BATCH, the longest due first.

    In the order of the kind's index (status, due date: Order.Meta.indexes), so the scan reads only the due rows: in
    id order PostgreSQL walks the primary key and filters, reading every order of the table when few are due (1.0 to
    1.8 s at 1M orders, every minute, for each kind)."""
    now = timezone.now()
    open_refund = Exists(Refund.objects.filter(order=OuterRef("pk"), status=RefundStatus.PENDING))
    due = {
        "unpaid": ("created_at", Order.objects.filter(status=OrderStatus.AWAITING_PAYMENT)),
        "unpicked": ("pickup_deadline", Order.objects.filter(status=OrderStatus.AWAITING_PICKUP)),
        "unshipped": ("ship_deadline", Order.objects.filter(status=OrderStatus.AWAITING_SHIPMENT)),
        "receive": ("receive_due_at", Order.objects.filter(status=OrderStatus.SHIPPED).exclude(open_refund)),
        "settle": ("settle_at", Order.objects.filter(status=OrderStatus.RECEIVED).exclude(open_refund)),
    }
    date, qs = due[kind]
    until = now - payment_window() if kind == "unpaid" else now
    return list(qs.filter(**{f"{date}__lte": until}).order_by(date, "id").values_list("id", flat=True)[:DUE_BATCH])


def order_ids_pickup_remind() -> list[int]:
    """The orders awaiting pickup whose deadline is PICKUP_REMINDER_LEAD away or nearer, not yet past, and not yet
    reminded (tasks.orders_pickup_remind), the soonest first; not those whose whole window is shorter than the lead
    (their "new order" message said it all)."""
    now = timezone.now()
    qs = Order.objects.filter(
        status=OrderStatus.AWAITING_PICKUP,
        pickup_deadline__gt=now,
        pickup_deadline__lte=now + PICKUP_REMINDER_LEAD,
        pickup_reminded_at__isnull=True,
    ).filter(pickup_deadline__gt=F("paid_at") + PICKUP_REMINDER_LEAD)
    return list(qs.order_by("pickup_deadline", "id").values_list("id", flat=True)[:REMIND_BATCH])


def order_ids_shipped() -> list[int]:
    return list(Order.objects.filter(status=OrderStatus.SHIPPED).order_by("id").values_list("id", flat=True))


def orders_by_ids(ids: list[int]) -> QuerySet[Order]:
    return Order.objects.filter(pk__in=ids).order_by("id")


REVIEW_VALUES = ("stars", "text", "created_at")


def product_reviews(*, merchant_id: int, product_id: int, limit: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The buyers' reviews of a product bought in this shop: ({count, average (None without reviews)}, the newest
    `limit` as {stars, text, created_at}). Two queries."""
    reviews = Review.objects.filter(order__merchant_id=merchant_id, order__lines__product_id=product_id)
    summary = reviews.aggregate(count=Count("pk"), average=Avg("stars"))
    summary["average"] = rating_round(summary["average"])
    newest = reviews.order_by("-created_at", "-pk").values(*REVIEW_VALUES)[:limit]
    return summary, list(newest)


# The carriers an operator picks from when shipping, after the ones already used (apps.orders.forms.CarrierInput).
COMMON_CARRIERS = (
    "DHL",
    "FedEx",
    "UPS",
    "USPS",
    "EMS",
    "China Post",
    "Cainiao",
    "SF Express",
    "YunExpress",
    "4PX",
    "Yanwen",
    "Japan Post",
    "Yamato",
    "Korea Post",
    "CJ Logistics",
    "Thailand Post",
    "Kerry Express",
    "Russian Post",
    "Royal Mail",
    "La Poste",
)
CARRIERS_USED_MAX = 30


def carrier_choices() -> list[str]:
    """The carriers past orders were shipped with, most used first (one aggregate query), then the common carriers
    not among them; each name once, whatever its case."""
    used = (
        Order.objects.exclude(carrier="")
        .values("carrier")
        .annotate(times=Count("id"))
        .order_by("-times", "carrier")
        .values_list("carrier", flat=True)[:CARRIERS_USED_MAX]
    )
    choices: list[str] = []
    seen: set[str] = set()
    for name in [*used, *COMMON_CARRIERS]:
        if name.casefold() not in seen:
            seen.add(name.casefold())
            choices.append(name)
    return choices
