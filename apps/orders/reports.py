"""What Home and Finance show (product.md 11), read from the pre-aggregated rows (apps.shop.figures): a constant
number of queries and at most 30 daily rows whatever the number of orders. Dates are the merchant's local dates."""

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from django.db.models import QuerySet
from django.utils import timezone

from apps.accounts.models import Merchant
from apps.core.money import ZERO
from apps.core.notices import unread_count
from apps.shop.figures import days_get, hours_get, no_figures, rating_of, totals_get, visitors_get, zone_of
from apps.shop.models import DailyFigures

from .models import CreditEvent
from .selectors import awaiting_pickup_count

CURVE_RANGES = {"seven": 7, "thirty": 30}  # and "today": by hour
REPORT_RANGES = ("all", "yesterday", "today", "week", "month")
REPORT_ALL_DAYS = 30  # "all" lists the profit of the last 30 days (its figures are the running totals)


def local_today(merchant: Merchant) -> tuple[date, ZoneInfo]:
    zone = zone_of(merchant)
    return timezone.localtime(timezone.now(), zone).date(), zone


def home_figures(*, merchant: Merchant) -> dict[str, Any]:
    """Home's figures: five queries. Sales are the orders paid and not since cancelled or refunded (product.md 11), so
    today's are part of the total; today's profit and the total profit are estimated (their sales minus cost)."""
    today, zone = local_today(merchant)
    totals = totals_get(merchant_id=merchant.pk)
    day = days_get(merchant_id=merchant.pk, start=today, end=today).get(today) or no_figures(DailyFigures)
    visitors = visitors_get(merchant_id=merchant.pk, today=today)
    return {
        "time_zone": zone.key,
        "today": today,
        "total_sales": totals["total_sales"],
        "total_profit": totals["total_profit"],
        "today_orders": day["orders"],
        "today_sales": day["sales"],
        "today_profit": day["sales"] - day["cost"],
        "followers": totals["followers"],
        "rating": rating_of(totals),
        "rating_count": totals["rating_count"],
        "credit_score": totals["credit_score"],
        "visitors_today": visitors.today,
        "visitors_seven": visitors.seven,
        "visitors_thirty": visitors.thirty,
        "unread_messages": unread_count(merchant_id=merchant.pk),
        "awaiting_pickup": awaiting_pickup_count(merchant=merchant),
    }


def _dates(start: date, end: date) -> list[date]:
    return [start + timedelta(days=n) for n in range((end - start).days + 1)]


def sales_curve(*, merchant: Merchant, range_name: str) -> dict[str, Any]:
    """Orders paid and their sales per point, every point present: today by hour, otherwise by day. One query."""
    today, zone = local_today(merchant)
    if range_name == "today":
        hours = hours_get(merchant_id=merchant.pk, day=today)
        points = [
            {
                "at": datetime.combine(today, time(hour), tzinfo=zone).isoformat(),
                "orders": hours[hour]["orders"] if hour in hours else 0,
                "sales": hours[hour]["sales"] if hour in hours else ZERO,
            }
            for hour in range(24)
        ]
    else:
        start = today - timedelta(days=CURVE_RANGES[range_name] - 1)
        days = days_get(merchant_id=merchant.pk, start=start, end=today)
        points = [
            {
                "at": day.isoformat(),
                "orders": days[day]["orders"] if day in days else 0,
                "sales": days[day]["sales"] if day in days else ZERO,
            }
            for day in _dates(start, today)
        ]
    return {"range": range_name, "time_zone": zone.key, "points": points}


@dataclass(frozen=True)
class Period:
    start: date | None  # None: since the shop opened
    end: date


def report_period(range_name: str, today: date) -> Period:
    return {
        "all": Period(None, today),
        "today": Period(today, today),
        "yesterday": Period(today - timedelta(days=1), today - timedelta(days=1)),
        "week": Period(today - timedelta(days=6), today),
        "month": Period(today - timedelta(days=29), today),
    }[range_name]


def placed_between(*, merchant: Merchant, range_name: str) -> tuple[datetime, datetime] | None:
    """The moments [from, until) of a Finance period (REPORT_RANGES) in the merchant's time zone: the orders placed in
    it are those Finance counts; None for "all"."""
    today, zone = local_today(merchant)
    period = report_period(range_name, today)
    if period.start is None:
        return None
    start = datetime.combine(period.start, time(), tzinfo=zone)
    return start, datetime.combine(period.end + timedelta(days=1), time(), tzinfo=zone)


# Finance's figures of a period: {its name in financial_report: the DailyFigures field summed over the dates}.
REPORT_FIGURES = {
    "total_orders": "placed",
    "cancelled_orders": "cancelled",
    "refunded_orders": "refunded",
    "awaiting_amount": "pending",
    "total_profit": "profit",
}
REPORT_MONEY = frozenset({"pending", "profit"})


def report_days(*, merchant: Merchant, start: date, end: date) -> list[dict[str, Any]]:
    """Finance's figures on each local date from `start` to `end` (REPORT_FIGURES' fields, zeros on a date without
    events): what financial_report sums over a period, date by date. One query."""
    days = days_get(merchant_id=merchant.pk, start=start, end=end)
    empty = no_figures(DailyFigures)
    return [
        {"date": day, **{field: (days.get(day) or empty)[field] for field in REPORT_FIGURES.values()}}
        for day in _dates(start, end)
    ]


def financial_report(*, merchant: Merchant, range_name: str) -> dict[str, Any]:
    """Finance for a period of local dates ("week" and "month": the 7 and 30 days ending today): two queries. Its
    order counts are of the orders placed in the period (what the Orders tabs count for it, order/list's `range`),
    its profit is settled profit (T - C of the orders settled on each date)."""
    today, zone = local_today(merchant)
    period = report_period(range_name, today)
    listed_from = period.start or today - timedelta(days=REPORT_ALL_DAYS - 1)
    days = days_get(merchant_id=merchant.pk, start=listed_from, end=period.end)
    figures: dict[str, Any]
    if period.start is None:
        totals = totals_get(merchant_id=merchant.pk)
        figures = {
            "awaiting_amount": totals["pending"],
            "total_profit": totals["settled_profit"],
            "total_orders": totals["placed"],
            "cancelled_orders": totals["cancelled"],
            "refunded_orders": totals["refunded"],
        }
    else:
        rows = list(days.values())
        figures = {
            name: sum((row[field] for row in rows), ZERO if field in REPORT_MONEY else 0)
            for name, field in REPORT_FIGURES.items()
        }
    profit: list[dict[str, Any]] = [
        {"date": day, "profit": days[day]["profit"] if day in days else ZERO} for day in _dates(listed_from, period.end)
    ]
    return {
        "range": range_name,
        "time_zone": zone.key,
        "start": period.start,
        "end": period.end,
        **figures,
        "profit_by_date": profit,
    }


def credit_events(*, merchant: Merchant) -> QuerySet[CreditEvent]:
    return CreditEvent.objects.filter(merchant=merchant).select_related("order").order_by("-id")
