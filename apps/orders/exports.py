"""The merchant's exports (product: "Exports"): the funds records (apps.wallet.exports), the orders with their lines
and Finance's figures by date, for a period of the merchant's local dates, as CSV or XLSX (apps.core.exports).

Each export's rows are read by the same selectors, and written with the same labels, as its screen's answer:
the Funds records (merchant/bill), the order list and detail (order/list, order/detail), Finance
(merchant/financial_report). The orders are one row per order line; the order's own amounts (total payment, total
cost, earnings) are on its first line's row only, so that a spreadsheet's sum of a column is the orders' total."""

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from enum import StrEnum
from typing import Any

from django.utils.translation import gettext_lazy as _

from apps.accounts.models import Merchant
from apps.core.exports import Column, Kind
from apps.core.formats import labels
from apps.shop.figures import zone_of
from apps.wallet.exports import FUNDS_COLUMNS, funds_rows

from .constants import OrderStatus
from .reports import report_days
from .selectors import orders_between

# The longest period one export covers, in days (a year, leap or not).
EXPORT_DAYS_MAX = 366


class ExportKind(StrEnum):
    FUNDS = "funds"
    ORDERS = "orders"
    FINANCE = "finance"


ORDER_COLUMNS = (
    Column(_("Order number"), Kind.TEXT),
    Column(_("Placed at"), Kind.TIME),
    Column(_("Status"), Kind.TEXT),
    Column(_("Product"), Kind.TEXT),
    Column(_("Quantity"), Kind.NUMBER),
    Column(_("Retail price"), Kind.NUMBER),
    Column(_("Purchase price"), Kind.NUMBER),
    Column(_("Profit"), Kind.NUMBER),
    Column(_("Order total payment"), Kind.NUMBER),
    Column(_("Order total cost"), Kind.NUMBER),
    Column(_("Order earnings"), Kind.NUMBER),
    Column(_("Carrier"), Kind.TEXT),
    Column(_("Tracking number"), Kind.TEXT),
)

FINANCE_COLUMNS = (
    Column(_("Date"), Kind.DATE),
    Column(_("Orders placed"), Kind.NUMBER),
    Column(_("Cancelled orders"), Kind.NUMBER),
    Column(_("Refunded orders"), Kind.NUMBER),
    Column(_("Pending settlement"), Kind.NUMBER),
    Column(_("Settled profit"), Kind.NUMBER),
)


def order_rows(*, merchant: Merchant, since: datetime, until: datetime) -> Iterator[Sequence[Any]]:
    """The orders placed in [since, until), newest first as on the Orders screen, one row per line (ORDER_COLUMNS)."""
    statuses = labels(OrderStatus)  # the status_label of OrderSummarySerializer's LabelField
    for order in orders_between(merchant=merchant, since=since, until=until):
        head = (order["number"], order["created_at"], statuses[order["status"]])
        tail = (order["carrier"], order["tracking_number"])
        totals: tuple[Any, ...] = (order["total_payment"], order["total_cost"], order["earnings"])
        for line in order["lines"] or [None]:
            if line is None:
                yield (*head, "", None, None, None, None, *totals, *tail)
                continue
            amounts = (line["quantity"], line["retail_price"], line["purchase_price"], line["profit"])
            yield (*head, line["shown_title"], *amounts, *totals, *tail)
            totals = (None, None, None)


def finance_rows(*, merchant: Merchant, start: date, end: date) -> Iterator[Sequence[Any]]:
    """Finance's figures on each date from `start` to `end` (FINANCE_COLUMNS): at most EXPORT_DAYS_MAX rows."""
    for day in report_days(merchant=merchant, start=start, end=end):
        yield (day["date"], day["placed"], day["cancelled"], day["refunded"], day["pending"], day["profit"])


@dataclass(frozen=True)
class Export:
    columns: Sequence[Column]
    rows: Callable[[], Iterator[Sequence[Any]]]  # read lazily, as the download is written
    filename: str


def export_of(*, merchant: Merchant, kind: ExportKind, start: date, end: date) -> Export:
    """The export `kind` of the merchant's local dates `start` to `end` (inclusive, in the merchant's time zone)."""
    zone = zone_of(merchant)
    since = datetime.combine(start, time(), tzinfo=zone)
    until = datetime.combine(end + timedelta(days=1), time(), tzinfo=zone)
    filename = f"{kind.value}-{start.isoformat()}-{end.isoformat()}"
    if kind is ExportKind.FUNDS:
        return Export(FUNDS_COLUMNS, lambda: funds_rows(merchant=merchant, since=since, until=until), filename)
    if kind is ExportKind.ORDERS:
        return Export(ORDER_COLUMNS, lambda: order_rows(merchant=merchant, since=since, until=until), filename)
    return Export(FINANCE_COLUMNS, lambda: finance_rows(merchant=merchant, start=start, end=end), filename)
