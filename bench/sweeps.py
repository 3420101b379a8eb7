"""The background work at the orders scale (`BENCH_SCALE=orders`, called by bench/run.py): a day's due orders moved by
the real beat task, and a broadcast to every merchant by the real send task.

Where: a copy of the bench database (`CREATE DATABASE <name>_sweeps TEMPLATE <name>`, PostgreSQL's file copy), made
after the endpoints ran and dropped at the end, so the seeded data set stays as it was for the next run.

What is due, in the copy: nothing but a day's share. Everything the data set already has past its date (settlement,
receipt, pickup, shipment) is moved 30 days on; then, one kind at a time, that kind's day is made due a minute ago:
- settle: a day's orders that reach settlement (the orders of one of the data set's 90 days, less the cancelled and
  refunded share), chosen at random among the received orders;
- receive: as many shipped orders (each settled order was received once);
- unpaid: BENCH_SWEEP_EXPIRED (10 %) of a day's orders placed and never paid (orders awaiting pickup made unpaid,
  placed two hours ago);
- unpicked: as many orders not picked up in time (a bad day), among those awaiting pickup.
Then all four kinds' day at once (other orders): the time for a day's due orders to clear.

How: in-process, one process = one worker. `apps.orders.tasks.orders_move_due` (the beat task's own body, as a
Celery worker runs it) is called until it moves nothing; the broker's part is one message a run, nothing next to the
orders' work, and a worker process of its own would only add start-up time to the figures. A task run that moves
nothing more ends the kind. Then `apps.support.tasks.broadcast_send` delivers one broadcast to every merchant.

Checks after each kind: every chosen order is in the status it moves to, exactly one settlement entry per settled
order, and every journal entry written during the run balanced; the broadcast gave each merchant one message.

`python -m bench.sweeps` seeds when needed (bench.run.prepare) and runs only this part.

Knobs: BENCH_SWEEPS (1; 0 skips it; so does a BENCH_ONLY that "sweeps" does not contain), BENCH_SWEEP_EXPIRED
(0.10), BENCH_SWEEP_KEEP (0; 1 keeps the copy for EXPLAIN).
"""

import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.db import connection
from django.db.models import Max, Sum
from django.db.models.functions import Coalesce
from django.utils import timezone

ENABLED = os.environ.get("BENCH_SWEEPS", "1") != "0" and os.environ.get("BENCH_ONLY", "") in "sweeps"
EXPIRED = float(os.environ.get("BENCH_SWEEP_EXPIRED", "0.10"))
KEEP = os.environ.get("BENCH_SWEEP_KEEP", "0") == "1"
DAYS = 90  # the data set's span (bench.orders.DAYS)
# "Keeps up": one worker clears a whole day's due orders (all kinds, due at once) within an hour, a 24th of the day
# they come due over, so one worker has the headroom of a day's backlog cleared in an hour; a broadcast reaches
# 10,000 merchants within 10 s.
TARGET_DAY_SECONDS = 3600.0
TARGET_BROADCAST_SECONDS = 10.0


@dataclass
class Kind:
    name: str  # orders_move_due's key
    label: str
    status: int  # the orders chosen among
    moved_to: int
    due: Callable[[list[int]], object]  # makes the chosen orders due
    count: Callable[[int], int]  # how many, of a day's
    check: Callable[[list[int]], list[str]] = lambda ids: []  # what is wrong once they moved


@dataclass
class Outcome:
    label: str
    due: int
    moved: int = 0
    durations: list[float] = field(default_factory=list)  # of each task run that moved something
    queries: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def seconds(self) -> float:
        return sum(self.durations)

    @property
    def runs(self) -> int:
        return len(self.durations)

    def cleared_after(self, beat: float) -> float:
        """When the last order moved, counted from when they all came due, with beat starting a run every `beat`
        seconds and a run that finds the worker busy waiting for it."""
        end = 0.0
        for n, spent in enumerate(self.durations):
            end = max(end, n * beat) + spent
        return end

    @property
    def rate(self) -> float:
        return self.moved / self.seconds if self.seconds else 0.0


class _Counter:
    """Counts the queries run on the default connection while installed (connection.execute_wrapper)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, execute: Callable[..., Any], sql: str, params: Any, many: bool, context: dict[str, Any]) -> Any:
        self.count += 1
        return execute(sql, params, many, context)


def _copy_name() -> str:
    return f"{settings.DATABASES['default']['NAME']}_sweeps"


def _admin_url() -> str:
    url = os.environ["DATABASE_URL"]
    return url.rsplit("/", 1)[0] + "/postgres"


def _use(name: str) -> None:
    """Points Django's default connection at database `name` (closed now, opened again on the next query)."""
    connection.close()
    settings.DATABASES["default"]["NAME"] = name
    connection.settings_dict["NAME"] = name


def _copy(source: str, target: str) -> float:
    import psycopg

    started = time.perf_counter()
    connection.close()
    with psycopg.connect(_admin_url(), autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{target}"')
        admin.execute(f'CREATE DATABASE "{target}" TEMPLATE "{source}" STRATEGY FILE_COPY')
    return time.perf_counter() - started


def _drop(name: str) -> None:
    import psycopg

    connection.close()
    with psycopg.connect(_admin_url(), autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')


def _nothing_due() -> None:
    """Moves every date past or within a day (of the data set's last days) 30 days on: only what a kind makes due
    comes due during the run."""
    from apps.orders.constants import OrderStatus
    from apps.orders.models import Order

    now, soon, later = timezone.now(), timezone.now() + timedelta(days=1), timezone.now() + timedelta(days=30)
    Order.objects.filter(status=OrderStatus.RECEIVED, settle_at__lte=soon).update(settle_at=later)
    Order.objects.filter(status=OrderStatus.SHIPPED, receive_due_at__lte=soon).update(receive_due_at=later)
    Order.objects.filter(status=OrderStatus.AWAITING_PICKUP, pickup_deadline__lte=soon).update(pickup_deadline=later)
    Order.objects.filter(status=OrderStatus.AWAITING_SHIPMENT, ship_deadline__lte=soon).update(ship_deadline=later)
    Order.objects.filter(status=OrderStatus.AWAITING_PAYMENT).update(created_at=now)


def _kinds() -> list[Kind]:
    from apps.orders.constants import OrderStatus
    from apps.orders.models import Order
    from apps.wallet.models import JournalEntry
    from apps.wallet.references import RefKind, ledger_ref

    def past() -> object:
        return timezone.now() - timedelta(minutes=1)

    def settled_once(ids: list[int]) -> list[str]:
        references = [ledger_ref(RefKind.ORDER_SETTLED, pk) for pk in ids]
        found = JournalEntry.objects.filter(reference__in=references).count()
        return [] if found == len(ids) else [f"{found} settlement entries for {len(ids)} settled orders"]

    def unpaid(ids: list[int]) -> None:
        Order.objects.filter(pk__in=ids).update(
            status=OrderStatus.AWAITING_PAYMENT,
            paid_at=None,
            pickup_deadline=None,
            created_at=timezone.now() - timedelta(hours=2),
        )

    return [
        Kind(
            "settle",
            "settlement (received -> completed)",
            OrderStatus.RECEIVED,
            OrderStatus.COMPLETED,
            lambda ids: Order.objects.filter(pk__in=ids).update(settle_at=past()),
            lambda day: day,
            settled_once,
        ),
        Kind(
            "receive",
            "receipt date (shipped -> received)",
            OrderStatus.SHIPPED,
            OrderStatus.RECEIVED,
            lambda ids: Order.objects.filter(pk__in=ids).update(receive_due_at=past()),
            lambda day: day,
        ),
        Kind(
            "unpaid",
            "payment expiry (awaiting payment -> cancelled)",
            OrderStatus.AWAITING_PICKUP,
            OrderStatus.CANCELLED,
            unpaid,
            lambda day: round(day * EXPIRED),
        ),
        Kind(
            "unpicked",
            "pickup expiry (awaiting pickup -> cancelled)",
            OrderStatus.AWAITING_PICKUP,
            OrderStatus.CANCELLED,
            lambda ids: Order.objects.filter(pk__in=ids).update(pickup_deadline=past()),
            lambda day: round(day * EXPIRED),
        ),
    ]


def _unbalanced(since: int) -> list[str]:
    from apps.wallet.models import JournalLine

    rows = (
        JournalLine.objects.filter(entry_id__gt=since)
        .values("entry_id")
        .annotate(total=Sum("amount"))
        .exclude(total=0)
        .order_by()
    )
    return [f"entry {row['entry_id']} sums to {row['total']}" for row in rows[:5]]


def _move(kinds: list[Kind], day: int, rng: random.Random, label: str = "") -> Outcome:
    """Makes each kind's share due, then runs the beat task until a run moves nothing; checks what moved."""
    from apps.orders import tasks
    from apps.orders.models import Order
    from apps.wallet.models import JournalEntry

    chosen = {}
    for kind in kinds:  # in turn: a kind that changes the status takes its orders out of the next one's choice
        candidates = list(Order.objects.filter(status=kind.status).values_list("pk", flat=True))
        chosen[kind.name] = sorted(rng.sample(candidates, min(kind.count(day), len(candidates))))
        kind.due(chosen[kind.name])
    outcome = Outcome(label or kinds[0].label, sum(len(ids) for ids in chosen.values()))
    since = JournalEntry.objects.aggregate(last=Coalesce(Max("pk"), 0))["last"]
    while True:
        counter = _Counter()
        started = time.perf_counter()
        with connection.execute_wrapper(counter):
            moved = tasks.orders_move_due()
        spent = time.perf_counter() - started
        if not any(moved.values()):
            break
        outcome.durations.append(spent)
        outcome.moved += sum(moved.values())
        outcome.queries += counter.count
    for kind in kinds:
        ids = chosen[kind.name]
        done = Order.objects.filter(pk__in=ids, status=kind.moved_to).count()
        if done != len(ids):
            outcome.problems.append(f"{kind.name}: {len(ids) - done} of {len(ids)} not moved")
        outcome.problems += kind.check(ids)
    outcome.problems += _unbalanced(since)
    return outcome


def _broadcast() -> Outcome:
    from apps.accounts.models import Merchant
    from apps.support.constants import BroadcastAudience, NoticeType
    from apps.support.models import Broadcast, Notice
    from apps.support.tasks import broadcast_send

    merchants = Merchant.objects.count()
    broadcast = Broadcast.objects.create(
        audience=BroadcastAudience.ALL, type=NoticeType.SYSTEM, title="Bench", content="A bench broadcast."
    )
    outcome = Outcome(f"broadcast to every merchant ({merchants:,})", merchants)
    counter = _Counter()
    started = time.perf_counter()
    with connection.execute_wrapper(counter):
        outcome.moved = broadcast_send(broadcast.pk)
    outcome.durations.append(time.perf_counter() - started)
    outcome.queries = counter.count
    delivered = Notice.objects.filter(broadcast=broadcast).values("merchant_id").distinct().count()
    if delivered != merchants or outcome.moved != merchants:
        outcome.problems.append(f"{delivered} merchants have it, {outcome.moved} counted, of {merchants}")
    return outcome


def _verdict(met: bool) -> str:
    return "met" if met else "missed"


def _table(outcomes: list[Outcome], day: Outcome, broadcast: Outcome, per_day: int, copied: float) -> str:
    beat = float(settings.CELERY_BEAT_SCHEDULE["orders-move-due"]["schedule"])
    rows = [
        "| sweep | due | moved | seconds | per second (one worker) | SQL per order | task runs | checks |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for o in [*outcomes, day, broadcast]:
        per_order = o.queries / o.moved if o.moved else 0
        rows.append(
            f"| {o.label} | {o.due:,} | {o.moved:,} | {o.seconds:.1f} | {o.rate:.0f} | {per_order:.1f} | {o.runs} "
            f"| {'; '.join(o.problems) or 'ok'} |"
        )
    settle = outcomes[0]
    cleared = day.cleared_after(beat)
    return (
        f"{per_day:,} orders a day reach settlement in the data set (those of its {DAYS} days, less the cancelled and "
        f"refunded); in a copy of it (made in {copied:.0f} s), each sweep's day came due at once, one sweep at a time, "
        "then all of them together. One worker: the beat task's own body in-process, run until a run moves nothing.\n\n"
        + "\n".join(rows)
        + "\n\n"
        f"- A day's due orders, all due at once: the last moved {cleared:.0f} s after, with beat starting a run every "
        f"{beat:g} s (target <= {TARGET_DAY_SECONDS:g} s: {_verdict(cleared <= TARGET_DAY_SECONDS)}).\n"
        f"- Settled per second per worker: {settle.rate:.0f}.\n"
        f"- The broadcast reached every merchant in {broadcast.seconds:.1f} s (target <= "
        f"{TARGET_BROADCAST_SECONDS:g} s: {_verdict(broadcast.seconds <= TARGET_BROADCAST_SECONDS)}).\n"
    )


def measure(log: Callable[[str], None]) -> str:
    """Runs the sweeps in a copy of the bench database (dropped after, unless BENCH_SWEEP_KEEP); the Markdown table."""
    from apps.orders.constants import OrderStatus
    from apps.orders.models import Order

    source = settings.DATABASES["default"]["NAME"]
    assert urlsplit(os.environ["DATABASE_URL"]).path.lstrip("/") == source
    copy = _copy_name()
    copied = _copy(source, copy)
    log(f"sweeps: database copied to {copy} in {copied:.0f} s")
    _use(copy)
    try:
        rng = random.Random(38)
        total = Order.objects.count()
        lost = Order.objects.filter(status__in=[OrderStatus.CANCELLED, OrderStatus.REFUNDED]).count()
        per_day = round((total - lost) / DAYS)
        _nothing_due()
        kinds, outcomes = _kinds(), []
        for kind in kinds:
            outcomes.append(_move([kind], per_day, rng))
            log(f"sweeps: {_line(outcomes[-1])}")
        day = _move(kinds, per_day, rng, "a day's due orders of every sweep, due together")
        log(f"sweeps: {_line(day)}")
        broadcast = _broadcast()
        log(f"sweeps: {_line(broadcast)}")
        return _table(outcomes, day, broadcast, per_day, copied)
    finally:
        _use(source)
        if not KEEP:
            _drop(copy)


def _line(o: Outcome) -> str:
    return f"{o.label}: {o.moved} of {o.due} in {o.seconds:.1f} s, {o.runs} runs; {'; '.join(o.problems) or 'ok'}"


def section(log: Callable[[str], None]) -> str:
    """The part bench/run.py appends to its results at the orders scale ('' when skipped)."""
    return f"\nThe background work (bench/sweeps.py):\n\n{measure(log)}\n" if ENABLED else ""


if __name__ == "__main__":
    from .run import prepare

    _ctx, _endpoints, run_log = prepare()
    print(measure(run_log))
