"""The orders of the bench's "orders" scale, written in bulk (PostgreSQL COPY) in minutes: orders in every status over
90 days with their line, status history and ledger entries (each entry balanced, each merchant account's running
balance right, so check_ledger passes), a funding deposit per merchant covering its pickups, storefront visitors,
followers, ratings and credit events; then every shop's figures and tab counts (apps.orders.counts) rebuilt from
those events (apps.orders.figures), as `manage.py rebuild_figures` would.

The first merchant has BIG orders and the second SMALL, with the same visitors and followers: the pair the bench
compares to show that Home, Finance and the order list cost the same for 100,000 orders as for 1,000.
"""

import random
from collections.abc import Iterator
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.db import connection, models
from django.db.models import Max
from django.utils import timezone

from apps.accounts.models import Merchant
from apps.catalog.models import Product
from apps.catalog.pricing import prices_for
from apps.core.models import StatusChange
from apps.orders.constants import CreditEventKind, OrderSource, OrderStatus
from apps.orders.figures import figures_rebuild
from apps.orders.models import CreditEvent, Order, OrderLine, Review
from apps.shop.models import Follower, Visitor
from apps.wallet.constants import AccountKind, EntryKind
from apps.wallet.models import JournalEntry, JournalLine, LedgerAccount
from apps.wallet.references import RefKind, ledger_ref

BIG, SMALL = 100_000, 1_000
DAYS = 90
VISITORS_A_DAY = {0: 40, 1: 40}  # the measured pair; every other shop has a few
FOLLOWERS = 5
REBUILD_CHUNK = 500  # shops per figures rebuild

ORDER_COLUMNS = [str(f.column) for f in Order._meta.concrete_fields if f.column != "id"]
FLUSH_ROWS = 50_000  # orders buffered before their rows are copied (one COPY at a time per connection)


def _status(age_days: float, rng: random.Random) -> int:
    """Older orders are settled more often, recent ones still on their way; a few are cancelled or refunded."""
    roll = rng.random()
    if roll < 0.05:
        return OrderStatus.CANCELLED
    if roll < 0.08:
        return OrderStatus.REFUNDED
    if age_days > 20:
        return OrderStatus.COMPLETED
    if age_days > 12:
        return OrderStatus.RECEIVED
    if age_days > 4:
        return OrderStatus.SHIPPED
    if age_days > 2:
        return OrderStatus.AWAITING_SHIPMENT
    return OrderStatus.AWAITING_PICKUP


def order_counts(merchants: int, total: int) -> list[int]:
    """BIG for the first, SMALL for the second, the rest shared evenly by the others."""
    rest, others = total - BIG - SMALL, merchants - 2
    return [BIG, SMALL] + [rest // others + (1 if n < rest % others else 0) for n in range(others)]


class _Table:
    """Rows of one table, their ids drawn here, buffered and written with COPY on `flush` (a connection runs one
    COPY at a time); `close` also moves the id sequence past them."""

    def __init__(self, model: type[models.Model], columns: list[str]) -> None:
        self.table, self.columns = model._meta.db_table, columns
        self.rows: list[tuple[Any, ...]] = []
        self.next_id = (model._default_manager.aggregate(last=Max("id"))["last"] or 0) + 1

    def add(self, *values: Any) -> int:
        row_id = self.next_id
        self.next_id += 1
        self.rows.append((row_id, *values))
        return row_id

    def flush(self, cursor: Any) -> None:
        with cursor.connection.cursor().copy(f"COPY {self.table} (id, {', '.join(self.columns)}) FROM STDIN") as copy:
            for row in self.rows:
                copy.write_row(row)
        self.rows = []

    def close(self, cursor: Any) -> None:
        self.flush(cursor)
        cursor.execute(f"SELECT setval(pg_get_serial_sequence('{self.table}', 'id'), {self.next_id})")


class _Ledger:
    """Balanced entries with each line's running balance; the accounts' balances are written at the end."""

    def __init__(self, merchant_ids: list[int]) -> None:
        platform = [AccountKind.ESCROW, AccountKind.SUPPLY, AccountKind.BUYERS, AccountKind.EXTERNAL_BANK]
        LedgerAccount.objects.bulk_create(
            [LedgerAccount(kind=kind) for kind in platform]
            + [
                LedgerAccount(kind=kind, merchant_id=pk)
                for pk in merchant_ids
                for kind in (AccountKind.AVAILABLE, AccountKind.PENDING)
            ],
            batch_size=5000,
            ignore_conflicts=True,
        )
        self.ids: dict[tuple[str, int | None], int] = {
            (kind, merchant): pk
            for pk, kind, merchant in LedgerAccount.objects.values_list("pk", "kind", "merchant_id")
        }
        self.balances = dict(LedgerAccount.objects.values_list("pk", "balance"))
        self.entries = _Table(JournalEntry, ["reference", "kind", "memo", "created_at"])
        self.lines = _Table(JournalLine, ["entry_id", "account_id", "amount", "balance_after"])

    def post(
        self, reference: str, kind: str, at: datetime, memo: str, lines: list[tuple[str, int | None, Decimal]]
    ) -> None:
        entry = self.entries.add(reference, kind, memo, at)
        for account_kind, merchant, amount in lines:
            account = self.ids[(account_kind, merchant)]
            self.balances[account] += amount
            self.lines.add(entry, account, amount, self.balances[account])

    def flush(self, cursor: Any) -> None:
        self.entries.flush(cursor)
        self.lines.flush(cursor)

    def close(self, cursor: Any) -> None:
        self.entries.close(cursor)
        self.lines.close(cursor)
        accounts = [LedgerAccount(pk=pk, balance=balance) for pk, balance in self.balances.items()]
        LedgerAccount.objects.bulk_update(accounts, ["balance"], batch_size=5000)


def seed(log: Any, *, total: int, rng: random.Random) -> None:
    now = timezone.now()
    merchants = list(Merchant.objects.order_by("pk").values_list("pk", "level__profit_margin"))
    products = list(Product.objects.filter(is_active=True).values_list("pk", "title_en", "retail_price"))
    counts = order_counts(len(merchants), total)
    order_type = ContentType.objects.get_for_model(Order).pk
    with connection.cursor() as cursor:
        ledger = _Ledger([pk for pk, _margin in merchants])
        orders = _Table(Order, ORDER_COLUMNS)
        lines = _Table(
            OrderLine,
            ["order_id", "product_id", "title", "image", "quantity", "retail_price", "purchase_price", "profit"],
        )
        history = _Table(
            StatusChange, ["content_type_id", "object_id", "from_status", "to_status", "note", "created_at"]
        )
        reviews = _Table(Review, ["order_id", "stars", "text", "created_at"])
        credit = _Table(CreditEvent, ["merchant_id", "order_id", "kind", "points", "score", "created_at"])
        tables = (orders, lines, history, reviews, credit)
        written, buffered = 0, 0
        for index, ((merchant, margin), count) in enumerate(zip(merchants, counts, strict=True)):
            picks = _merchant_orders(merchant, margin, count, products, now, rng)
            cost = sum((o["cost"] for o in picks if o["picked"]), Decimal(0))
            ledger.post(
                f"bench-funding:{merchant}",
                EntryKind.DEPOSIT,
                now - timedelta(days=DAYS + 1),
                "bench",
                [(AccountKind.EXTERNAL_BANK, None, -(cost + 100)), (AccountKind.AVAILABLE, merchant, cost + 100)],
            )
            score = 100
            for o in picks:
                order_id = orders.add(*_order_row(o, merchant))
                lines.add(order_id, o["product"], o["title"], "", 1, o["total"], o["cost"], o["total"] - o["cost"])
                for at, (before, after) in o["moves"]:
                    history.add(order_type, order_id, str(before), str(after), "", at)
                for reference, kind, at, entry_lines in o["postings"]:
                    ledger.post(ledger_ref(reference, order_id), kind, at, o["number"], entry_lines)
                if o["rated"]:
                    reviews.add(order_id, o["rated"], "", o["received_at"] + timedelta(days=1))
                if o["missed"]:
                    score = max(0, score - 2)
                    credit.add(merchant, order_id, CreditEventKind.PICKUP_MISSED, -2, score, o["closed_at"])
            written, buffered = written + count, buffered + count
            if buffered >= FLUSH_ROWS:
                for table in tables:
                    table.flush(cursor)
                ledger.flush(cursor)
                buffered = 0
                log(f"orders: {written} for {index + 1} merchants")
        for table in tables:
            table.close(cursor)
        ledger.close(cursor)
    log(f"orders: {written} with lines, status history and ledger entries")
    _audience([pk for pk, _margin in merchants], now, rng)
    log("visitors and followers")
    ids = [pk for pk, _margin in merchants]
    for start in range(0, len(ids), REBUILD_CHUNK):
        figures_rebuild(ids[start : start + REBUILD_CHUNK])
    log("figures rebuilt from the events")


def _merchant_orders(
    merchant: int,
    margin: Decimal,
    count: int,
    products: list[tuple[int, str, Decimal]],
    now: datetime,
    rng: random.Random,
) -> list[dict[str, Any]]:
    """One merchant's orders, oldest first, each with its timestamps, status moves and ledger postings."""
    ages = sorted((rng.random() * DAYS for _ in range(count)), reverse=True)
    result = []
    for n, age in enumerate(ages):
        product, title, retail = products[rng.randrange(len(products))]
        prices = prices_for(retail=retail, margin=margin)
        created = now - timedelta(days=age)
        status = _status(age, rng)
        result.append(_one(merchant, n, product, title, prices.retail, prices.purchase, created, status, rng))
    return result


def _one(
    merchant: int,
    n: int,
    product: int,
    title: str,
    total: Decimal,
    cost: Decimal,
    created: datetime,
    status: int,
    rng: random.Random,
) -> dict[str, Any]:
    """An order's life up to `status`: when each step happened, the status moves and the money (product.md 5.3)."""
    o: dict[str, Any] = {
        "number": f"B{merchant:05d}{n:06d}",
        "ref": f"bench-{merchant}-{n}",
        "status": status,
        "product": product,
        "title": title,
        "total": total,
        "cost": cost,
        "created": created,
        "rated": 0,
        "missed": False,
        "picked": False,
    }
    for name in ("paid_at", "picked_at", "shipped_at", "received_at", "settled_at", "closed_at"):
        o[name] = None
    moves: list[tuple[datetime, tuple[int, int]]] = []
    postings: list[tuple[RefKind, str, datetime, list[tuple[str, int | None, Decimal]]]] = []
    paid = created + timedelta(minutes=3)
    o["paid_at"] = paid
    moves.append((paid, (OrderStatus.AWAITING_PAYMENT, OrderStatus.AWAITING_PICKUP)))
    postings.append(
        (
            RefKind.ORDER_PAID,
            EntryKind.ORDER_PAID,
            paid,
            [(AccountKind.BUYERS, None, -total), (AccountKind.ESCROW, None, total)],
        )
    )
    steps: list[int] = [OrderStatus.AWAITING_SHIPMENT, OrderStatus.SHIPPED, OrderStatus.RECEIVED, OrderStatus.COMPLETED]
    if status == OrderStatus.CANCELLED:
        closed = paid + timedelta(hours=48)
        o["closed_at"], o["missed"] = closed, rng.random() < 0.5
        moves.append((closed, (OrderStatus.AWAITING_PICKUP, OrderStatus.CANCELLED)))
        postings.append(
            (
                RefKind.ORDER_CANCEL,
                EntryKind.ORDER_CANCELLED,
                closed,
                [(AccountKind.ESCROW, None, -total), (AccountKind.BUYERS, None, total)],
            )
        )
        return {**o, "moves": moves, "postings": postings}
    if status == OrderStatus.REFUNDED:
        reach = steps[: rng.choice([1, 2, 3])]  # refunded after pickup, shipment or receipt
    elif status in steps:
        reach = steps[: steps.index(status) + 1]
    else:
        reach = []  # awaiting pickup
    at, was = paid, int(OrderStatus.AWAITING_PICKUP)
    for step in reach:
        at = at + timedelta(hours=rng.randrange(6, 60)) if step != OrderStatus.COMPLETED else at + timedelta(days=7)
        moves.append((at, (was, step)))
        was = step
        if step == OrderStatus.AWAITING_SHIPMENT:
            o["picked_at"], o["picked"] = at, True
            postings.append(
                (
                    RefKind.PICKUP,
                    EntryKind.ORDER_PICKUP,
                    at,
                    [(AccountKind.AVAILABLE, merchant, -cost), (AccountKind.SUPPLY, None, cost)],
                )
            )
        elif step == OrderStatus.SHIPPED:
            o["shipped_at"] = at
        elif step == OrderStatus.RECEIVED:
            o["received_at"] = at
            o["rated"] = rng.choice([0, 0, 0, 3, 4, 5, 5])
            postings.append(
                (
                    RefKind.ORDER_RECEIVED,
                    EntryKind.ORDER_RECEIVED,
                    at,
                    [(AccountKind.ESCROW, None, -total), (AccountKind.PENDING, merchant, total)],
                )
            )
        else:
            o["settled_at"] = at
            postings.append(
                (
                    RefKind.ORDER_SETTLED,
                    EntryKind.ORDER_SETTLED,
                    at,
                    [(AccountKind.PENDING, merchant, -total), (AccountKind.AVAILABLE, merchant, total)],
                )
            )
    if status == OrderStatus.REFUNDED:
        closed = at + timedelta(hours=12)
        o["closed_at"] = closed
        moves.append((closed, (was, OrderStatus.REFUNDED)))
        source = (AccountKind.PENDING, merchant) if was == OrderStatus.RECEIVED else (AccountKind.ESCROW, None)
        postings.append(
            (
                RefKind.REFUND,
                EntryKind.ORDER_REFUND,
                closed,
                [
                    (source[0], source[1], -total),
                    (AccountKind.BUYERS, None, total),
                    (AccountKind.SUPPLY, None, -cost),
                    (AccountKind.AVAILABLE, merchant, cost),
                ],
            )
        )
    return {**o, "moves": moves, "postings": postings}


def _order_row(o: dict[str, Any], merchant: int) -> Iterator[Any]:
    """The order's columns in the order of Order's concrete fields (without id)."""
    values = {
        "created_at": o["created"],
        "updated_at": o["closed_at"] or o["settled_at"] or o["created"],
        "merchant_id": merchant,
        "number": o["number"],
        "external_ref": o["ref"],
        "status": o["status"],
        "quantity": 1,
        "total_payment": o["total"],
        "total_cost": o["cost"],
        "earnings": o["total"] - o["cost"],
        "ship_name": "Bench Buyer",
        "ship_phone": "+14155550123",
        "ship_address": "1 Bench Road",
        "ship_country": "US",
        "payment_reference": f"PAY-{o['ref']}",
        "source": OrderSource.STOREFRONT,
        "storefront_key_id": None,
        "stock_reserved": o["status"] != OrderStatus.CANCELLED,
        "carrier": "DHL" if o["shipped_at"] else "",
        "tracking_number": f"T{o['number']}" if o["shipped_at"] else "",
        "paid_at": o["paid_at"],
        "pickup_deadline": o["paid_at"] + timedelta(hours=48),
        "pickup_paused_left": None,
        "pickup_reminded_at": None,
        "picked_at": o["picked_at"],
        "ship_deadline": o["picked_at"] + timedelta(hours=72) if o["picked_at"] else None,
        "shipped_at": o["shipped_at"],
        "delivered_at": None,
        "receive_due_at": o["shipped_at"] + timedelta(days=10) if o["shipped_at"] else None,
        "received_at": o["received_at"],
        "settle_at": o["received_at"] + timedelta(days=7) if o["received_at"] else None,
        "settled_at": o["settled_at"],
        "closed_at": o["closed_at"],
    }
    return (values[column] for column in ORDER_COLUMNS)


def _audience(merchant_ids: list[int], now: datetime, rng: random.Random) -> None:
    """Visitors of the last 30 days and followers, through COPY."""
    with connection.cursor() as cursor:
        visitors = _Table(Visitor, ["merchant_id", "date", "key", "first_at"])
        for index, merchant in enumerate(merchant_ids):
            a_day = VISITORS_A_DAY.get(index, 2)
            for days_ago in range(30):
                at = now - timedelta(days=days_ago, hours=1)
                for key in rng.sample(range(a_day * 5), a_day):
                    visitors.add(merchant, timezone.localtime(at).date(), f"v{key}", at)
        visitors.close(cursor)
        followers = _Table(Follower, ["merchant_id", "buyer", "created_at"])
        for merchant in merchant_ids:
            for n in range(FOLLOWERS):
                followers.add(merchant, f"buyer-{n}", now)
        followers.close(cursor)
