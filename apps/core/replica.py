"""Storefront reads off the primary: a PostgreSQL streaming replica (settings DATABASE_REPLICA_URL, the database alias
`replica`), used only where a page says so and only while it is fresh (docs/operations.md, "The read replica").

- `replica_reads` marks a view whose GET and HEAD may read from the replica: the anonymous storefront pages (a shop,
  a product, search), the cart page and the order page. Nothing else does: the merchant API, the admin, Celery tasks
  and every write read from the primary, which stays the alias `default`.
- `ReplicaRouter` (DATABASE_ROUTERS) answers `replica` for a read only inside such a view, outside any transaction,
  and until the view writes something (from then on its reads come from the primary). The session (the cart, the
  signed-in buyer, flash messages) is always read from the primary.
- Read-your-writes: a buyer's form (any POST of a page: cart, checkout, follow, an order's steps, signing in) sets the
  cookie OWN_WRITES_COOKIE for `read_your_writes_seconds()`; while a browser carries it, its pages read from the
  primary, so the order page after checkout and the cart show what the buyer just did.
- Shared caches are filled from the primary (`primary_reads`, apps.core.cached): a value read from a replica a moment
  behind a write would outlive the lag in the cache.
- Fresh: the replica is used while its replay lag is at most DATABASE_REPLICA_MAX_LAG seconds (measured at most once
  every DATABASE_REPLICA_CHECK_SECONDS in each process). Lagging, down or unreachable (a short connect timeout), the
  pages read from the primary; a query that fails on the replica inside a page runs the page again on the primary, so
  no page fails because of the replica.

Without a replica configured none of this does anything.
"""

import contextlib
import math
import threading
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from functools import wraps
from typing import Any

from django.conf import settings
from django.db import DatabaseError, connections, transaction
from django.db.models import Model
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.utils.deprecation import MiddlewareMixin

from .middleware import PagesOnly

REPLICA = "replica"
OWN_WRITES_COOKIE = "own_writes"
# Always from the primary: the session is the buyer's own state, written by the buyer's own requests.
PRIMARY_ONLY_APPS = frozenset({"sessions"})
SAFE_METHODS = ("GET", "HEAD")
DOWN_RECHECK_SECONDS = 5.0  # an unreachable replica is tried again after this long (each try may wait its timeout)

# True while a `replica_reads` view runs outside any transaction and has written nothing yet.
_reads_may_go_to_replica: ContextVar[bool] = ContextVar("reads_may_go_to_replica", default=False)


def replica_configured() -> bool:
    return REPLICA in settings.DATABASES


def read_your_writes_seconds() -> int:
    """How long after a buyer's write that buyer reads from the primary: the longest the replica may be behind (its
    bound, plus the time its last measurement may be old), rounded up."""
    return math.ceil(settings.DATABASE_REPLICA_MAX_LAG + 2 * settings.DATABASE_REPLICA_CHECK_SECONDS)


# ---------- how far behind the replica is ----------
class _Health:
    """The replica's replay lag, measured at most once every DATABASE_REPLICA_CHECK_SECONDS in this process (one query
    on the primary, one on the replica), None when the replica could not be reached."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.lag: float | None = None
        self.next_check = 0.0

    def fresh(self) -> bool:
        now = time.monotonic()
        if now >= self.next_check and self.lock.acquire(blocking=False):  # another thread measuring: its last value
            try:
                self.lag = replica_lag()
                wait = settings.DATABASE_REPLICA_CHECK_SECONDS if self.lag is not None else DOWN_RECHECK_SECONDS
                self.next_check = time.monotonic() + wait
            finally:
                self.lock.release()
        return self.lag is not None and self.lag <= settings.DATABASE_REPLICA_MAX_LAG

    def forget(self) -> None:
        """Measure again before the next page (after a query failed on the replica)."""
        self.next_check = 0.0


health = _Health()


def replica_lag() -> float | None:
    """Seconds the replica is behind the primary: 0 when it has replayed all the WAL the primary had written a moment
    before; otherwise the time since the last transaction it replayed was committed. None when it cannot be reached.
    """
    with connections["default"].cursor() as cursor:
        cursor.execute("SELECT pg_current_wal_lsn()::text")
        primary_lsn = cursor.fetchone()[0]
    try:
        with connections[REPLICA].cursor() as cursor:
            cursor.execute(
                "SELECT NOT pg_is_in_recovery() OR pg_last_wal_replay_lsn() >= %s::pg_lsn,"
                " EXTRACT(EPOCH FROM clock_timestamp() - pg_last_xact_replay_timestamp())::float",
                [primary_lsn],
            )
            caught_up, since_last_replayed = cursor.fetchone()
    except DatabaseError:
        _close_replica()
        return None
    if caught_up:
        return 0.0
    return math.inf if since_last_replayed is None else max(since_last_replayed, 0.0)


def _close_replica() -> None:
    with contextlib.suppress(DatabaseError):
        connections[REPLICA].close()


# ---------- which reads go there ----------
def _may_use_replica(request: HttpRequest) -> bool:
    return (
        replica_configured()
        and request.method in SAFE_METHODS
        and OWN_WRITES_COOKIE not in request.COOKIES
        and not transaction.get_connection().in_atomic_block
        and health.fresh()
    )


def replica_reads(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A view whose GET and HEAD read from the replica while it is fresh and the browser has no write of its own to
    read back. A database error while it does runs the view again on the primary (a GET changes nothing)."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not _may_use_replica(request):
            return view(request, *args, **kwargs)
        token = _reads_may_go_to_replica.set(True)
        try:
            return view(request, *args, **kwargs)
        except DatabaseError:
            health.forget()
            _close_replica()
        finally:
            _reads_may_go_to_replica.reset(token)
        return view(request, *args, **kwargs)

    return wrapped


class ReplicaRouter:
    """DATABASE_ROUTERS (only with a replica): reads inside `replica_reads` go to the replica, all else to default."""

    def db_for_read(self, model: type[Model], **hints: Any) -> str | None:
        if not _reads_may_go_to_replica.get() or model._meta.app_label in PRIMARY_ONLY_APPS:
            return None
        if transaction.get_connection().in_atomic_block:
            return None
        return REPLICA

    def db_for_write(self, model: type[Model], **hints: Any) -> str | None:
        _reads_may_go_to_replica.set(False)  # what the view reads next may depend on what it wrote: the primary's
        return None

    def allow_relation(self, obj1: Model, obj2: Model, **hints: Any) -> bool:
        return True  # the replica is a copy of the primary: one database

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool | None:
        return False if db == REPLICA else None  # it replays the primary's migrations


@contextlib.contextmanager
def primary_reads() -> Iterator[None]:
    """What is read inside comes from the primary: what fills a shared cache (apps.core.cached). Read from a replica
    just behind a write, the older rows would be kept under the generation the write started, long after the replica
    caught up."""
    token = _reads_may_go_to_replica.set(False)
    try:
        yield
    finally:
        _reads_may_go_to_replica.reset(token)


# ---------- read-your-writes ----------
class ReadYourWritesMiddleware(PagesOnly, MiddlewareMixin):
    """After a page's POST (or another unsafe method), the browser reads from the primary for a while."""

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if replica_configured() and request.method not in SAFE_METHODS:
            response.set_cookie(
                OWN_WRITES_COOKIE,
                "1",
                max_age=read_your_writes_seconds(),
                httponly=True,
                samesite="Lax",
                secure=settings.SESSION_COOKIE_SECURE,
            )
        return response
