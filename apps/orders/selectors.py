"""Order reads. Each list answers in a constant number of queries."""

from datetime import timedelta
from decimal import Decimal

from django.conf import settings
from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.accounts.models import Merchant
from apps.core.errors import AppError, ErrorCode
from apps.core.money import ZERO, quantize
from apps.core.transitions import status_history

from .constants import OrderStatus, RefundStatus
from .models import Order, OrderLine, Refund

# How many orders one beat run moves per kind; the next run (a minute later) takes the rest.
DUE_BATCH = 500


def order_missing() -> str:
    return _("The order does not exist.")


def payment_window() -> timedelta:
    return timedelta(minutes=settings.ORDER_PAYMENT_WINDOW_MINUTES)


def _lines() -> Prefetch:
    return Prefetch("lines", queryset=OrderLine.objects.order_by("id"))


# An order as the list shows it, read as plain values (no model instances): the list is the app's hottest read
# after the catalogue, and building and serialising models cost most of it (README, Performance).
SUMMARY_VALUES = (
    "id", "number", "created_at", "status", "quantity", "total_payment", "total_cost", "earnings", "pickup_deadline",
    "settle_at",
)  # fmt: skip


def order_list(*, merchant: Merchant, status: int | None = None, keyword: str = "") -> QuerySet[Order]:
    """The merchant's orders, newest first, as SUMMARY_VALUES rows; `keyword` matches the order number or a line's
    title. order_summaries completes a page of them."""
    qs = Order.objects.filter(merchant=merchant)
    if status is not None:
        qs = qs.filter(status=status)
    keyword = keyword.strip()
    if keyword:
        qs = qs.filter(
            Q(number__icontains=keyword)
            | Exists(OrderLine.objects.filter(order=OuterRef("pk"), title__icontains=keyword))
        )
    return qs.order_by("-id").values(*SUMMARY_VALUES)


def order_summaries(rows: list[dict]) -> list[dict]:
    """A page of order_list rows, each with `title` and `image` (a storage name) of its first line and `line_count`:
    one query for the page's lines."""
    lines = OrderLine.objects.filter(order_id__in=[row["id"] for row in rows]).order_by("order_id", "id")
    first: dict[int, tuple[str, str]] = {}
    count: dict[int, int] = {}
    for order_id, title, image in lines.values_list("order_id", "title", "image"):
        first.setdefault(order_id, (title, image))
        count[order_id] = count.get(order_id, 0) + 1
    for row in rows:
        title, image = first.get(row["id"], ("", ""))
        row.update(title=title, image=image, line_count=count.get(row["id"], 0))
    return rows


def order_tab_figures(*, merchant: Merchant) -> tuple[dict[int, int], Decimal]:
    """({status: number of the merchant's orders in it} for every status, the total cost of the orders awaiting
    pickup: what "pick up all" can cost at most), in one query."""
    rows = (
        Order.objects.filter(merchant=merchant)
        .order_by()
        .values("status")
        .annotate(n=Count("id"), cost=Sum("total_cost"))
    )
    by_status = {row["status"]: row for row in rows}
    counts = {status: by_status[status]["n"] if status in by_status else 0 for status in OrderStatus.values}
    awaiting = by_status.get(OrderStatus.AWAITING_PICKUP)
    return counts, quantize(awaiting["cost"]) if awaiting else ZERO


def order_get(*, merchant: Merchant, order_id: int) -> Order:
    """One of the merchant's orders with its lines, tracking events (newest first), refunds (newest first) and status
    history (`history`, oldest first); another merchant's order is missing."""
    order = (
        Order.objects.filter(merchant=merchant, pk=order_id)
        .prefetch_related(_lines(), "tracking_events", Prefetch("refunds", queryset=Refund.objects.order_by("-id")))
        .first()
    )
    if order is None:
        raise AppError(order_missing(), ErrorCode.NOT_FOUND)
    order.history = list(status_history(order).order_by("created_at", "id"))  # type: ignore[attr-defined]
    return order


def refund_list(*, merchant: Merchant, status: int | None = None) -> QuerySet[Refund]:
    """The refund requests of the merchant's orders, newest first, each with its order and the order's lines."""
    qs = Refund.objects.filter(merchant=merchant)
    if status is not None:
        qs = qs.filter(status=status)
    return (
        qs.select_related("order")
        .prefetch_related(Prefetch("order__lines", queryset=OrderLine.objects.order_by("id")))
        .order_by("-id")
    )


def order_ids_due(kind: str) -> list[int]:
    """The orders a beat run moves (tasks.orders_move_due): `unpaid`, `unpicked`, `receive` or `settle`."""
    now = timezone.now()
    open_refund = Exists(Refund.objects.filter(order=OuterRef("pk"), status=RefundStatus.PENDING))
    qs = {
        "unpaid": Order.objects.filter(status=OrderStatus.AWAITING_PAYMENT, created_at__lte=now - payment_window()),
        "unpicked": Order.objects.filter(status=OrderStatus.AWAITING_PICKUP, pickup_deadline__lte=now),
        "receive": Order.objects.filter(status=OrderStatus.SHIPPED, receive_due_at__lte=now).exclude(open_refund),
        "settle": Order.objects.filter(status=OrderStatus.RECEIVED, settle_at__lte=now).exclude(open_refund),
    }[kind]
    return list(qs.order_by("id").values_list("id", flat=True)[:DUE_BATCH])


def order_ids_shipped() -> list[int]:
    return list(Order.objects.filter(status=OrderStatus.SHIPPED).order_by("id").values_list("id", flat=True))


def orders_by_ids(ids: list[int]) -> QuerySet[Order]:
    return Order.objects.filter(pk__in=ids).order_by("id")
