"""A shop's figures (product.md 11): pre-aggregated rows changed in the transaction of each event, so reading Home or
Finance costs a few rows whatever the number of orders.

Each event adds to its rows with an `F()` increment; the first event of a row creates it (a concurrent first event
loses the insert and increments instead). Dates are local dates in the merchant's time zone. The order events
(apps.orders.figures) and the storefront's visits, follows and reviews write here; `manage.py check_figures`
recomputes every row from the events and `manage.py rebuild_figures` rewrites them.
"""

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, models, transaction
from django.db.models import Count, F, Q
from django.utils import timezone
from django.utils.crypto import salted_hmac

from apps.accounts.models import Merchant
from apps.core.prepared import Param, Prepared

from .models import DailyFigures, Follower, HourlySales, ShopFigures, Visitor

CREDIT_START = 100  # a new shop's credit score, and the most it recovers to
CREDIT_MIN = 0


def zone_of(merchant: Merchant) -> ZoneInfo:
    """The merchant's time zone; the platform's until the app has sent one."""
    return ZoneInfo(merchant.time_zone or settings.TIME_ZONE)


def bump(model: type[models.Model], keys: dict[str, Any], deltas: dict[str, Any]) -> None:
    """Adds `deltas` to the row of `model` with `keys`, creating it at the first event."""
    deltas = {field: value for field, value in deltas.items() if value}
    if not deltas:
        return
    increments = {field: F(field) + value for field, value in deltas.items()}
    if model._default_manager.filter(**keys).update(**increments):
        return
    try:
        with transaction.atomic():
            model._default_manager.create(**keys, **deltas)
    except IntegrityError:  # a concurrent first event created it meanwhile
        model._default_manager.filter(**keys).update(**increments)


def figures_add(
    *,
    merchant: Merchant,
    at: datetime,
    day: dict[str, Any] | None = None,
    totals: dict[str, Any] | None = None,
    hourly: dict[str, Any] | None = None,
) -> None:
    """Counts one event that happened `at`: `day` on its local date's row, `hourly` on its hour's, `totals` on the
    shop's running totals."""
    local = timezone.localtime(at, zone_of(merchant))
    if totals:  # first: a rebuild holds this row while it rewrites the others (apps.orders.figures)
        bump(ShopFigures, {"merchant_id": merchant.pk}, totals)
    if day:
        bump(DailyFigures, {"merchant_id": merchant.pk, "date": local.date()}, day)
    if hourly:
        bump(HourlySales, {"merchant_id": merchant.pk, "date": local.date(), "hour": local.hour}, hourly)


def credit_change(*, merchant_id: int, points: int, at: datetime) -> int:
    """Moves the credit score by `points` within CREDIT_MIN..CREDIT_START; the score after."""
    ShopFigures.objects.get_or_create(merchant_id=merchant_id)
    row = ShopFigures.objects.select_for_update(no_key=True).get(pk=merchant_id)
    score = max(CREDIT_MIN, min(CREDIT_START, row.credit_score + points))
    ShopFigures.objects.filter(pk=merchant_id).update(credit_score=score, credit_changed_at=at)
    return score


# --- storefront events -----------------------------------------------------------------------------------------------


# How long the cache remembers that an address was counted in a shop on a date: longer than a local date lasts from
# any moment of it (25 hours on the day clocks go back). The date is in the key, so a longer wait changes nothing.
VISIT_ADDRESS_SECONDS = 25 * 3600


def _address_counted(*, merchant_id: int, day: date, address: str) -> bool:
    """Whether a visitor from `address` was counted in the shop on `day`; marks it counted when not (cache.add is
    atomic). The address is kept only as a keyed hash (HMAC with SECRET_KEY of shop, date and address) in the cache,
    for that date: never in the database, never in the clear."""
    mark = salted_hmac("shop.visit", f"{merchant_id}:{day.isoformat()}:{address}", algorithm="sha256").hexdigest()
    return not cache.add(f"visit:{mark}", True, VISIT_ADDRESS_SECONDS)


@transaction.atomic
def visit_record(*, merchant: Merchant, key: str, address: str | None = None, at: datetime | None = None) -> bool:
    """A storefront visitor opened the shop; counted once per visitor and local date and, given the client's
    `address` (the storefront's beacon), once per address and local date too: requests without the visitor's key,
    or with made-up ones, count one visitor a day. True when counted."""
    at = at or timezone.now()
    day = timezone.localtime(at, zone_of(merchant)).date()
    if address is not None:
        if Visitor.objects.filter(merchant_id=merchant.pk, date=day, key=key).exists():
            return False  # counted already (from whichever address): this address stays free for another visitor
        if _address_counted(merchant_id=merchant.pk, day=day, address=address):
            return False
    _visitor, created = Visitor.objects.get_or_create(
        merchant_id=merchant.pk, date=day, key=key, defaults={"first_at": at}
    )
    if created:
        figures_add(merchant=merchant, at=at, day={"visitors": 1})
    return created


@transaction.atomic
def follow(*, merchant: Merchant, buyer: str) -> bool:
    """A buyer follows the shop. False when they already did."""
    _row, created = Follower.objects.get_or_create(merchant_id=merchant.pk, buyer=buyer)
    if created:
        bump(ShopFigures, {"merchant_id": merchant.pk}, {"followers": 1})
    return created


@transaction.atomic
def unfollow(*, merchant: Merchant, buyer: str) -> bool:
    """A buyer stops following the shop. False when they did not follow it."""
    deleted, _rows = Follower.objects.filter(merchant_id=merchant.pk, buyer=buyer).delete()
    if deleted:
        bump(ShopFigures, {"merchant_id": merchant.pk}, {"followers": -1})
    return bool(deleted)


# --- reads -----------------------------------------------------------------------------------------------------------


def figure_names(model: type[models.Model]) -> tuple[str, ...]:
    """What a row of `model` (DailyFigures, ShopFigures) counts: its fields but its keys and times."""
    fields = model._meta.concrete_fields
    return tuple(f.attname for f in fields if not (f.primary_key or f.is_relation or isinstance(f, models.DateField)))


def _values(model: type[models.Model]) -> tuple[str, ...]:
    return tuple(field.attname for field in model._meta.concrete_fields if not field.primary_key)


_TOTALS = Prepared(lambda: ShopFigures.objects.filter(pk=Param("merchant")).values(*_values(ShopFigures)))
_DAYS = Prepared(
    lambda: DailyFigures.objects.filter(
        merchant_id=Param("merchant"),
        date__gte=Param("start", models.DateField()),
        date__lte=Param("end", models.DateField()),
    ).values(*_values(DailyFigures))
)
_HOURS = Prepared(
    lambda: HourlySales.objects.filter(merchant_id=Param("merchant"), date=Param("day", models.DateField())).values(
        *_values(HourlySales)
    )
)


def no_figures(model: type[models.Model]) -> dict[str, Any]:
    """A row of `model` before its first event: every figure at its starting value."""
    fields = (field for field in model._meta.concrete_fields if not field.primary_key)
    return {field.attname: field.to_python(field.get_default()) for field in fields}


def totals_get(*, merchant_id: int) -> dict[str, Any]:
    """The shop's totals (ShopFigures' fields); a shop without events yet has the starting ones."""
    return _TOTALS.row(merchant=merchant_id) or no_figures(ShopFigures)


def days_get(*, merchant_id: int, start: date, end: date) -> dict[date, dict[str, Any]]:
    """The daily rows (DailyFigures' fields) from `start` to `end` (inclusive) that have events."""
    return {row["date"]: row for row in _DAYS.rows(merchant=merchant_id, start=start, end=end)}


def hours_get(*, merchant_id: int, day: date) -> dict[int, dict[str, Any]]:
    return {row["hour"]: row for row in _HOURS.rows(merchant=merchant_id, day=day)}


@dataclass(frozen=True)
class Visitors:
    today: int
    seven: int
    thirty: int


def _distinct_visitors(since: object) -> Count:
    return Count("key", distinct=True, filter=Q(date__gte=since))


_VISITORS = Prepared(
    lambda: (
        Visitor.objects.filter(
            merchant_id=Param("merchant"),
            date__gte=Param("month", models.DateField()),
            date__lte=Param("today", models.DateField()),
        )
        .values("merchant_id")
        .annotate(
            today=_distinct_visitors(Param("today", models.DateField())),
            seven=_distinct_visitors(Param("week", models.DateField())),
            thirty=Count("key", distinct=True),
        )
        .values("today", "seven", "thirty")
    )
)


def visitors_get(*, merchant_id: int, today: date) -> Visitors:
    """Distinct visitors today, in the 7 and in the 30 days ending today: one query over the visitor rows."""
    week, month = today - timedelta(days=6), today - timedelta(days=29)
    counts = _VISITORS.row(merchant=merchant_id, today=today, week=week, month=month)
    return Visitors(**counts) if counts is not None else Visitors(0, 0, 0)


RATING_STEP = Decimal("0.1")


def rating_round(average: Decimal | float | None) -> Decimal | None:
    """An average of stars as every screen shows it (the app, the storefront, a product's reviews): to one decimal,
    halves up (4.25 is 4.3). None stays None (no ratings yet)."""
    if average is None:
        return None
    return Decimal(str(average)).quantize(RATING_STEP, rounding=ROUND_HALF_UP)


def rating_of(totals: dict[str, Any]) -> Decimal | None:
    """The shop's rating: the average of the buyers' reviews (totals_get's) as rating_round writes it, None until
    the first."""
    if not totals["rating_count"]:
        return None
    return rating_round(Decimal(totals["rating_sum"]) / totals["rating_count"])
