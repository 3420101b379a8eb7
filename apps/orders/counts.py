"""The order list's tab counts: per shop and status, how many orders are in it and their total cost C (OrderCount),
so order/list and Home's badge read at most eight rows whatever the number of orders.

Every order step that places an order or changes its status counts its moves here, in its own transaction, as its
LAST write: after the merchant row, the orders, the products, the refund, the ledger accounts and the shop's figures
(the lock order of apps.wallet.operations, where the counters come last). So a step holds a counter row only from
that write to its commit and never waits for another row while holding one: the counters cannot close a cycle with
the rows before them. Within a step the rows are written in status-code order, so two steps of one shop that share
two rows (a pickup 5 -> 1 and a shipment 1 -> 2 take row 1) take them in the same order and one waits for the other.
A caller that runs a step inside a larger transaction locks nothing after it (the storefront's checkout only inserts
the buyer's order and its mail; a payment's webhook changes the payment row it locked first).

The cost: one row per shop and status is a hot row for a busy shop. Steps of one shop that move orders into or out
of the same status wait for each other from their counter write to their commit (a few statements), as placing and
paying orders already do on the shop's totals row (ShopFigures). A step adds one UPDATE per status it touches (two
for a move; one pair for a whole batch pickup).

`manage.py check_figures` compares the rows with the orders grouped by status; `manage.py rebuild_figures` (and
apps.orders.figures.figures_rebuild, which bench/orders.py runs after its COPY) rewrites them.
"""

from collections import defaultdict
from collections.abc import Iterable
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.db.models import F

from apps.core.money import ZERO

from .models import Order, OrderCount

# An order's move: (the status it left, None for a new order; the status it entered; its total cost C).
Move = tuple[int | None, int, Decimal]


def counts_move(*, merchant_id: int, moves: Iterable[Move]) -> None:
    """Counts the moves of the shop's orders: the last write of an order step (see the module)."""
    deltas: dict[int, list] = defaultdict(lambda: [0, ZERO])
    for was, to, cost in moves:
        if was is not None:
            deltas[was][0] -= 1
            deltas[was][1] -= cost
        deltas[to][0] += 1
        deltas[to][1] += cost
    for status in sorted(deltas):
        orders, cost = deltas[status]
        if orders or cost:
            _add(merchant_id, status, orders, cost)


def order_counted(order: Order, *, was: int | None) -> None:
    """Counts one order that moved from `was` (None: placed now) to its status now."""
    counts_move(merchant_id=order.merchant_id, moves=[(was, order.status, order.total_cost)])


def _add(merchant_id: int, status: int, orders: int, cost: Decimal) -> None:
    """Adds to the shop's row of `status` with one UPDATE (F() increments), creating it at its first order. A row
    missing for a decrement is a bug (the orders were not counted): it fails loudly."""
    row = OrderCount.objects.filter(merchant_id=merchant_id, status=status)
    increments = {"orders": F("orders") + orders, "cost": F("cost") + cost}
    if row.update(**increments):
        return
    try:
        with transaction.atomic():
            OrderCount.objects.create(merchant_id=merchant_id, status=status, orders=orders, cost=cost)
    except IntegrityError:  # a concurrent first order created it meanwhile (or a decrement found no row)
        if not row.update(**increments):
            raise
