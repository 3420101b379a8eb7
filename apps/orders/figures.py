"""The order events in the shop's figures (apps.shop.figures, product.md 11), the credit score's events, and the
figures recomputed from the events: `manage.py check_figures` compares, `manage.py rebuild_figures` rewrites. The
order list's tab counts (apps.orders.counts) are figures here too: the orders grouped by status.

One basis (product.md 11), each on a local date of the merchant's time zone:
- placed: an order placed, on its placed date; a cancellation or refund counts on that same date (what the Orders
  tabs count for a range);
- sold: an order paid (orders, sales T, cost C; the hour's curve; the totals' sales and estimated profit T - C), on
  its paid date, until it is cancelled or refunded: then it is taken off the date it was counted on;
- received: T pending settlement, on the received date's row until it is settled or refunded;
- settled: settled profit T - C on the settled date; the totals' settled sales ("total income") and settled profit.
"""

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Q, QuerySet, Sum
from django.db.models.functions import ExtractHour, TruncDate
from django.utils import timezone

from apps.accounts.models import Merchant
from apps.core.money import ZERO
from apps.shop.figures import CREDIT_MIN, CREDIT_START, credit_change, figure_names, figures_add
from apps.shop.models import DailyFigures, Follower, HourlySales, ShopFigures, Visitor
from apps.wallet.constants import AccountKind
from apps.wallet.models import LedgerAccount

from .constants import CREDIT_POINTS, CreditEventKind, OrderStatus
from .models import CreditEvent, Order, OrderCount, Review

# --- the order events (apps.orders.services calls these in the event's transaction) ---------------------------------


def order_placed(order: Order) -> None:
    figures_add(merchant=order.merchant, at=order.created_at, day={"placed": 1}, totals={"placed": 1})


def _sold(order: Order, sign: int) -> None:
    """Counts a paid order as sold on its paid date (sign 1), or takes it off that date again (sign -1)."""
    assert order.paid_at is not None
    figures_add(
        merchant=order.merchant,
        at=order.paid_at,
        day={"orders": sign, "sales": sign * order.total_payment, "cost": sign * order.total_cost},
        hourly={"orders": sign, "sales": sign * order.total_payment},
        totals={"orders": sign, "total_sales": sign * order.total_payment, "total_profit": sign * order.earnings},
    )


def order_paid(order: Order) -> None:
    _sold(order, 1)


def order_cancelled(order: Order, *, was_paid: bool) -> None:
    """Cancelled: counted on its placed date; a paid one is no longer sold on its paid date."""
    figures_add(merchant=order.merchant, at=order.created_at, day={"cancelled": 1}, totals={"cancelled": 1})
    if was_paid:
        _sold(order, -1)


def order_received(order: Order) -> None:
    assert order.received_at is not None
    pending = {"pending": order.total_payment}
    figures_add(merchant=order.merchant, at=order.received_at, day=pending, totals=pending)


def order_settled(order: Order) -> None:
    """No longer pending (off the received date's row); its T - C is settled profit on the settled date."""
    assert order.received_at is not None and order.settled_at is not None
    pending = {"pending": -order.total_payment}
    figures_add(merchant=order.merchant, at=order.received_at, day=pending, totals=pending)
    figures_add(
        merchant=order.merchant,
        at=order.settled_at,
        day={"profit": order.earnings},
        totals={"settled_sales": order.total_payment, "settled_profit": order.earnings},
    )


def order_refunded(order: Order, *, was_received: bool) -> None:
    """Refunded: counted on its placed date, no longer sold on its paid date, no longer pending once received."""
    figures_add(merchant=order.merchant, at=order.created_at, day={"refunded": 1}, totals={"refunded": 1})
    _sold(order, -1)
    if was_received:
        assert order.received_at is not None
        pending = {"pending": -order.total_payment}
        figures_add(merchant=order.merchant, at=order.received_at, day=pending, totals=pending)


def review_added(review: Review) -> None:
    figures_add(
        merchant=review.order.merchant,
        at=review.created_at,
        totals={"rating_sum": review.stars, "rating_count": 1},
    )


# --- the credit score -----------------------------------------------------------------------------------------------


@transaction.atomic
def credit_event_add(*, merchant_id: int, kind: CreditEventKind, order: Order | None = None) -> CreditEvent:
    """Records an event of the published table (constants.CREDIT_POINTS) and moves the score by its points."""
    now = timezone.now()
    points = CREDIT_POINTS[kind]
    score = credit_change(merchant_id=merchant_id, points=points, at=now)
    return CreditEvent.objects.create(merchant_id=merchant_id, order=order, kind=kind, points=points, score=score)


@transaction.atomic
def credit_recover(*, merchant_id: int) -> CreditEvent | None:
    """The published recovery: a score below the start, unchanged for CREDIT_RECOVERY_DAYS, gains its points."""
    row = ShopFigures.objects.select_for_update(no_key=True).filter(pk=merchant_id).first()
    due = timezone.now() - timedelta(days=settings.CREDIT_RECOVERY_DAYS)
    if row is None or row.credit_score >= CREDIT_START or (row.credit_changed_at and row.credit_changed_at > due):
        return None
    return credit_event_add(merchant_id=merchant_id, kind=CreditEventKind.RECOVERY)


def credit_recovery_due() -> list[int]:
    due = timezone.now() - timedelta(days=settings.CREDIT_RECOVERY_DAYS)
    return list(
        ShopFigures.objects.filter(credit_score__lt=CREDIT_START, credit_changed_at__lte=due).values_list(
            "pk", flat=True
        )
    )


# --- recomputed from the events -------------------------------------------------------------------------------------

DAY_FIELDS = figure_names(DailyFigures)
TOTAL_FIELDS = figure_names(ShopFigures)
TAB_FIELDS = ("orders", "cost")


@dataclass
class Figures:
    """One shop's figures as the events say they are."""

    days: dict[date, dict[str, Any]] = field(default_factory=lambda: defaultdict(lambda: dict.fromkeys(DAY_FIELDS, 0)))
    hours: dict[tuple[date, int], dict[str, Any]] = field(
        default_factory=lambda: defaultdict(lambda: {"orders": 0, "sales": 0})
    )
    totals: dict[str, Any] = field(
        default_factory=lambda: {**dict.fromkeys(TOTAL_FIELDS, 0), "credit_score": CREDIT_START}
    )
    # The tab counts: {status: {"orders": n, "cost": C}} (OrderCount).
    tabs: dict[int, dict[str, Any]] = field(default_factory=lambda: defaultdict(lambda: {"orders": 0, "cost": 0}))


def _zones(merchant_ids: list[int] | None) -> dict[str, list[int]]:
    merchants = Merchant.objects.all() if merchant_ids is None else Merchant.objects.filter(pk__in=merchant_ids)
    groups: dict[str, list[int]] = defaultdict(list)
    for pk, name in merchants.values_list("pk", "time_zone"):
        groups[name or settings.TIME_ZONE].append(pk)
    return groups


def figures_expected(merchant_ids: list[int] | None = None, *, tabs: bool = True) -> dict[int, Figures]:
    """Every shop's figures recomputed from its orders, visitors, followers, ratings and credit events: a few
    grouped queries per time zone in use, whatever the number of orders."""
    result: dict[int, Figures] = defaultdict(Figures)
    for name, ids in _zones(merchant_ids).items():
        orders = Order.objects.filter(merchant_id__in=ids)
        _from_orders(orders, ZoneInfo(name), result, tabs=tabs)
        _from_the_storefront(ids, result)
        for merchant_id, points in (
            CreditEvent.objects.filter(merchant_id__in=ids).order_by("id").values_list("merchant_id", "points")
        ):
            totals = result[merchant_id].totals
            totals["credit_score"] = max(CREDIT_MIN, min(CREDIT_START, totals["credit_score"] + points))
    return result


RECEIVED = Q(status=OrderStatus.RECEIVED)
SOLD = Q(paid_at__isnull=False) & ~Q(status__in=[OrderStatus.CANCELLED, OrderStatus.REFUNDED])
SETTLED = Q(settled_at__isnull=False)


def _from_orders(orders: QuerySet[Order], zone: ZoneInfo, result: dict[int, Figures], *, tabs: bool) -> None:
    placed = (
        orders.values("merchant_id", day=TruncDate("created_at", tzinfo=zone))
        .annotate(
            n=Count("id"),
            cancelled=Count("id", filter=Q(status=OrderStatus.CANCELLED)),
            refunded=Count("id", filter=Q(status=OrderStatus.REFUNDED)),
        )
        .order_by()
    )
    for made in placed:
        day = result[made["merchant_id"]].days[made["day"]]
        _add(day, placed=made["n"], cancelled=made["cancelled"], refunded=made["refunded"])
    sold = (
        orders.filter(SOLD)
        .values("merchant_id", day=TruncDate("paid_at", tzinfo=zone), hour=ExtractHour("paid_at", tzinfo=zone))
        .annotate(n=Count("id"), sales=Sum("total_payment"), cost=Sum("total_cost"))
        .order_by()
    )
    for sale in sold:
        figures = result[sale["merchant_id"]]
        _add(figures.days[sale["day"]], orders=sale["n"], sales=sale["sales"], cost=sale["cost"])
        _add(figures.hours[(sale["day"], sale["hour"])], orders=sale["n"], sales=sale["sales"])
    received = (
        orders.filter(RECEIVED, received_at__isnull=False)
        .values("merchant_id", day=TruncDate("received_at", tzinfo=zone))
        .annotate(pending=Sum("total_payment"))
        .order_by()
    )
    for got in received:
        _add(result[got["merchant_id"]].days[got["day"]], pending=got["pending"])
    settled = (
        orders.filter(SETTLED)
        .values("merchant_id", day=TruncDate("settled_at", tzinfo=zone))
        .annotate(profit=Sum("earnings"))
        .order_by()
    )
    for paid_out in settled:
        _add(result[paid_out["merchant_id"]].days[paid_out["day"]], profit=paid_out["profit"])
    totals = (
        orders.values("merchant_id")
        .annotate(
            placed=Count("id"),
            orders=Count("id", filter=SOLD),
            total_sales=Sum("total_payment", filter=SOLD),
            total_profit=Sum("earnings", filter=SOLD),
            settled_sales=Sum("total_payment", filter=SETTLED),
            settled_profit=Sum("earnings", filter=SETTLED),
            pending=Sum("total_payment", filter=RECEIVED),
            cancelled=Count("id", filter=Q(status=OrderStatus.CANCELLED)),
            refunded=Count("id", filter=Q(status=OrderStatus.REFUNDED)),
        )
        .order_by()
    )
    for shop in totals:
        values = {key: value or 0 for key, value in shop.items() if key != "merchant_id"}
        result[shop["merchant_id"]].totals.update(values)
    if not tabs:
        return
    by_status = orders.values("merchant_id", "status").annotate(n=Count("id"), cost=Sum("total_cost")).order_by()
    for tab in by_status:
        result[tab["merchant_id"]].tabs[tab["status"]] = {"orders": tab["n"], "cost": tab["cost"]}


def _from_the_storefront(ids: list[int], result: dict[int, Figures]) -> None:
    visits = Visitor.objects.filter(merchant_id__in=ids).values("merchant_id", "date").annotate(n=Count("id"))
    for visit in visits:
        _add(result[visit["merchant_id"]].days[visit["date"]], visitors=visit["n"])
    for follow in Follower.objects.filter(merchant_id__in=ids).values("merchant_id").annotate(n=Count("id")):
        result[follow["merchant_id"]].totals["followers"] = follow["n"]
    ratings = (
        Review.objects.filter(order__merchant_id__in=ids)
        .values("order__merchant_id")
        .annotate(total=Sum("stars"), n=Count("id"))
    )
    for rating in ratings:
        result[rating["order__merchant_id"]].totals.update(rating_sum=rating["total"], rating_count=rating["n"])


def _add(row: dict[str, Any], **values: Any) -> None:
    for key, value in values.items():
        row[key] += value


def _nonzero(rows: dict[Any, dict[str, Any]]) -> dict[Any, dict[str, Any]]:
    return {key: {k: Decimal(v) for k, v in row.items()} for key, row in rows.items() if any(row.values())}


def _stored(merchant_ids: list[int]) -> dict[int, Figures]:
    result: dict[int, Figures] = defaultdict(Figures)
    for day in DailyFigures.objects.filter(merchant_id__in=merchant_ids):
        result[day.merchant_id].days[day.date] = {name: getattr(day, name) for name in DAY_FIELDS}
    for hour in HourlySales.objects.filter(merchant_id__in=merchant_ids):
        result[hour.merchant_id].hours[(hour.date, hour.hour)] = {"orders": hour.orders, "sales": hour.sales}
    for totals in ShopFigures.objects.filter(merchant_id__in=merchant_ids):
        result[totals.merchant_id].totals = {name: getattr(totals, name) for name in TOTAL_FIELDS}
    for tab in OrderCount.objects.filter(merchant_id__in=merchant_ids).values("merchant_id", "status", *TAB_FIELDS):
        result[tab["merchant_id"]].tabs[tab["status"]] = {name: tab[name] for name in TAB_FIELDS}
    return result


def figures_differences(merchant_ids: list[int] | None = None) -> list[str]:
    """Where the stored figures differ from the events, or the pending settlement from the ledger's; empty when they
    agree."""
    expected = figures_expected(merchant_ids)
    ids = list(Merchant.objects.values_list("pk", flat=True)) if merchant_ids is None else merchant_ids
    stored = _stored(ids)
    pending = dict(
        LedgerAccount.objects.filter(kind=AccountKind.PENDING, merchant_id__in=ids).values_list(
            "merchant_id", "balance"
        )
    )
    problems = []
    for merchant_id in ids:
        want, have = expected[merchant_id], stored[merchant_id]
        for part in ("days", "hours", "tabs"):
            a, b = _nonzero(getattr(want, part)), _nonzero(getattr(have, part))
            for key in sorted(set(a) | set(b), key=str):
                if a.get(key) != b.get(key):
                    problems.append(f"merchant {merchant_id} {part} {key}: stored {b.get(key)}, events {a.get(key)}")
        ledger_pending = pending.get(merchant_id, ZERO)
        if Decimal(have.totals["pending"]) != ledger_pending:
            problems.append(
                f"merchant {merchant_id} pending: figures {have.totals['pending']}, ledger {ledger_pending}"
            )
        a_totals = {k: Decimal(v) for k, v in want.totals.items()}
        b_totals = {k: Decimal(v) for k, v in have.totals.items()}
        if a_totals != b_totals:
            problems.append(f"merchant {merchant_id} totals: stored {b_totals}, events {a_totals}")
    return problems


@transaction.atomic
def figures_rebuild(merchant_ids: list[int] | None = None, *, tabs: bool = True) -> int:
    """Rewrites the figures of these shops (all by default) from the events; the number of shops. Each shop's
    totals row is locked first, then its tab counts (in the lock order: the counters last), so an event waits and
    then adds itself to the rewritten rows. `tabs=False` leaves the tab counts out: for migration orders 0007, which
    runs before their table exists."""
    ids = list(Merchant.objects.values_list("pk", flat=True)) if merchant_ids is None else merchant_ids
    have = set(ShopFigures.objects.filter(merchant_id__in=ids).values_list("pk", flat=True))
    ShopFigures.objects.bulk_create(
        [ShopFigures(merchant_id=pk) for pk in ids if pk not in have], ignore_conflicts=True
    )
    list(ShopFigures.objects.select_for_update(no_key=True).filter(merchant_id__in=ids).values_list("pk", flat=True))
    if tabs:
        OrderCount.objects.bulk_create(
            [OrderCount(merchant_id=pk, status=status) for pk in ids for status in OrderStatus.values],
            ignore_conflicts=True,
            batch_size=2000,
        )
        counted = OrderCount.objects.select_for_update(no_key=True).filter(merchant_id__in=ids)
        list(counted.order_by("merchant_id", "status").values_list("pk", flat=True))
    expected = figures_expected(ids, tabs=tabs)
    DailyFigures.objects.filter(merchant_id__in=ids).delete()
    HourlySales.objects.filter(merchant_id__in=ids).delete()
    days, hours, totals = [], [], []
    for merchant_id in ids:
        figures = expected[merchant_id]
        days += [DailyFigures(merchant_id=merchant_id, date=d, **row) for d, row in _nonzero(figures.days).items()]
        hours += [
            HourlySales(merchant_id=merchant_id, date=d, hour=h, **row)
            for (d, h), row in _nonzero(figures.hours).items()
        ]
        totals.append(ShopFigures(merchant_id=merchant_id, **figures.totals))
    DailyFigures.objects.bulk_create(days, batch_size=2000)
    HourlySales.objects.bulk_create(hours, batch_size=2000)
    ShopFigures.objects.bulk_update(totals, list(TOTAL_FIELDS), batch_size=2000)
    if tabs:
        _tabs_rewrite(ids, expected)
    return len(ids)


def _tabs_rewrite(ids: list[int], expected: dict[int, Figures]) -> None:
    """The shops' OrderCount rows (every status's, created by figures_rebuild and locked) set to the orders'."""
    rows = list(OrderCount.objects.filter(merchant_id__in=ids))
    for row in rows:
        want = expected[row.merchant_id].tabs.get(row.status, {"orders": 0, "cost": ZERO})
        row.orders, row.cost = want["orders"], want["cost"]
    OrderCount.objects.bulk_update(rows, list(TAB_FIELDS), batch_size=2000)


def figures_rebuild_one(*, merchant_id: int) -> None:
    figures_rebuild([merchant_id])
