"""`make bench`: seed PostgreSQL, start gunicorn with production settings, drive the hot endpoints, print the table.

Settings (environment): BENCH_SECONDS (10) and BENCH_WARMUP (2) per endpoint, BENCH_CLIENTS (16),
BENCH_SCALE (full | small | orders), BENCH_WORKERS (1 per core), BENCH_THREADS (1) and BENCH_WORKER_CLASS (sync)
of gunicorn (production's config/gunicorn.py otherwise), BENCH_PORT (8105),
BENCH_ONLY (run only endpoints whose name contains this text; "checkout": only the hot product of bench/checkout.py),
BENCH_DATABASE_URL, BENCH_REDIS_URL, BENCH_STOREFRONT
(0: not the storefront's pages; their own knobs in bench/storefront.py); at the orders scale
the sweeps (bench/sweeps.py: BENCH_SWEEPS=0 skips them).
"""

import os
import platform
import sys
import time
from collections.abc import MutableMapping
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from . import checkout
from .server import create_database

if TYPE_CHECKING:
    from .endpoints import Context, Endpoint
    from .seed import Log

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"

SECONDS = float(os.environ.get("BENCH_SECONDS", "10"))
WARMUP = float(os.environ.get("BENCH_WARMUP", "2"))
BESIDE = float(os.environ.get("BENCH_BESIDE", "4"))  # seconds of the baseline driven after each endpoint
CLIENTS = int(os.environ.get("BENCH_CLIENTS", "16"))
SCALE = os.environ.get("BENCH_SCALE", "full")
# Sync workers, one per core: PostgreSQL, Redis and the load driver run on the same cores, so a worker waiting on
# them leaves no core idle, and more workers only take turns, each request paying for the switches
# (docs/performance.md). Production's web machines wait on a database elsewhere: 2 per core + 1 (config/gunicorn.py).
WORKERS = int(os.environ.get("BENCH_WORKERS", str(os.cpu_count() or 1)))
THREADS = int(os.environ.get("BENCH_THREADS", "1"))
WORKER_CLASS = os.environ.get("BENCH_WORKER_CLASS", "sync")
HOST, PORT = "127.0.0.1", int(os.environ.get("BENCH_PORT", "8105"))
ONLY = os.environ.get("BENCH_ONLY", "")
CHECKOUT = not ONLY or ONLY in "checkout"  # the hot product (bench/checkout.py)
DATABASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/15")
STOREFRONT = os.environ.get("BENCH_STOREFRONT", "1") != "0" and (not ONLY or ONLY in "storefront")  # the pages


# Production settings start only with these set: the bench and `make lighthouse` give each a throwaway value.
SECRETS = ("DJANGO_SECRET_KEY", "THIRD_PARTY_SECRET", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET")


def throwaway_webpush(env: MutableMapping[str, str]) -> None:
    """A throwaway Web Push VAPID key and contact (production settings require them; nothing is pushed here)."""
    import base64

    from cryptography.hazmat.primitives.asymmetric import ec

    number = ec.generate_private_key(ec.SECP256R1()).private_numbers().private_value
    env.setdefault(
        "WEBPUSH_VAPID_PRIVATE_KEY", base64.urlsafe_b64encode(number.to_bytes(32, "big")).rstrip(b"=").decode()
    )
    env.setdefault("WEBPUSH_SUBJECT", "mailto:bench@localhost")


def _environment() -> None:
    """Production settings for this process and gunicorn; throwaway secrets (this database is the bench's)."""
    os.environ.update(
        DJANGO_SETTINGS_MODULE="config.settings.production",
        DATABASE_URL=DATABASE_URL,
        REDIS_URL=REDIS_URL,
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost,testserver",
        LOG_LEVEL="WARNING",
        SECURE_SSL_REDIRECT="false",  # gunicorn and the test client speak plain HTTP on 127.0.0.1
    )
    for name in SECRETS:
        os.environ.setdefault(name, f"bench-only-{name.lower()}")
    throwaway_webpush(os.environ)
    checkout.environment(os.environ, PORT)
    if SCALE != "full":
        # 50 merchants share the load: lift the per-merchant limit (the throttle still runs, on Redis).
        os.environ.setdefault("THROTTLE_USER", "100000/min")


def _machine() -> str:
    from django.db import connection

    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if "model name" in line
        ),
        platform.processor(),
    )
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        pg = cursor.fetchone()[0]
    memory = int(Path("/proc/meminfo").read_text().split()[1]) // 1024**2
    return f"{cpu}, {os.cpu_count()} cores, {memory} GB RAM; Python {platform.python_version()}, PostgreSQL {pg}"


def _loadavg() -> float:
    return float(Path("/proc/loadavg").read_text().split()[0])


def _order_samples(merchant_ids: list[int], per_merchant: int = 50) -> list[list[int]]:
    """Up to `per_merchant` order ids of each merchant, in the order of `merchant_ids` (one query)."""
    from django.db.models import F, Window
    from django.db.models.functions import RowNumber

    from apps.orders.models import Order

    rows = (
        Order.objects.annotate(row=Window(RowNumber(), partition_by=[F("merchant_id")], order_by=F("id").desc()))
        .filter(row__lte=per_merchant)
        .values_list("merchant_id", "pk")
    )
    samples: dict[int, list[int]] = {pk: [] for pk in merchant_ids}
    for merchant_id, order_id in rows:
        samples.setdefault(merchant_id, []).append(order_id)
    return [samples[pk] for pk in merchant_ids]


def prepare() -> tuple["Context", list["Endpoint"], "Log"]:
    """Production settings, the database migrated and seeded at SCALE, an empty Redis: the requests' context and
    the endpoints to drive (BENCH_ONLY; the baseline always)."""
    _environment()
    os.chdir(ROOT)
    create_database(DATABASE_URL)

    import django

    django.setup()
    import redis
    from django.core.management import call_command

    from apps.accounts.models import Merchant
    from apps.catalog.models import Product

    from . import seed
    from .endpoints import ENDPOINTS, Context

    log = seed.Log()
    call_command("migrate", interactive=False, verbosity=0)
    seed.ensure(seed.SCALES[SCALE], log)
    redis.Redis.from_url(REDIS_URL).flushdb()  # the bench's own Redis database: no throttle history
    if STOREFRONT or CHECKOUT:
        call_command("collectstatic", interactive=False, verbosity=0)  # the pages name the static files' manifest
    merchants = list(
        Merchant.objects.filter(phone__startswith=seed.PHONE_PREFIX).order_by("pk").values_list("pk", "phone")
    )
    ctx = Context(
        tokens=[seed.token_for(phone) for _pk, phone in merchants],
        product_ids=list(Product.objects.filter(is_active=True).values_list("pk", flat=True)),
        order_ids=_order_samples([pk for pk, _phone in merchants]),
    )
    has_orders = any(ctx.order_ids)
    endpoints = [e for e in ENDPOINTS if e.baseline or (ONLY in e.name and (has_orders or not e.orders))]
    return ctx, endpoints, log


def server() -> "AbstractContextManager[int]":
    """gunicorn as the bench runs it (bench.server.gunicorn with the settings above); yields the master's pid."""
    from .server import gunicorn

    return gunicorn(
        host=HOST, port=PORT, workers=WORKERS, threads=THREADS, worker_class=WORKER_CLASS, log=RESULTS / "gunicorn.log"
    )


def main() -> int:
    ctx, endpoints, log = prepare()
    from . import cpu, queries, ratio
    from .load import drive
    from .report import table

    has_orders = any(ctx.order_ids)
    counts = {e.name: queries.count(e, ctx) for e in endpoints}
    log(f"SQL queries per request counted for {len(endpoints)} endpoints")
    ratios = ratio.measure(ctx) if has_orders else []
    if ratios:
        log("Home, Finance and the order list timed for 100,000 and 1,000 orders")

    RESULTS.mkdir(parents=True, exist_ok=True)
    results = []
    load = [_loadavg()]
    # This machine's speed drifts within a run (a shared VM: the baseline went from 745 to 556 requests a second between
    # two runs of a few minutes): each endpoint's share is of the baseline driven just before and just after it.
    baseline, beside = next(e for e in endpoints if e.baseline), []
    with server() as pid:
        log(f"gunicorn up on {HOST}:{PORT}: {WORKERS} {WORKER_CLASS} workers x {THREADS} threads")
        for endpoint in endpoints:
            before, driver = cpu.snapshot(pid), time.process_time()
            result = drive(endpoint, ctx, host=HOST, port=PORT, clients=CLIENTS, seconds=SECONDS, warmup=WARMUP)
            spent = cpu.spent(before, cpu.snapshot(pid))
            spent["driver"] = time.process_time() - driver
            result.cpu_ms = {name: 1000 * s / max(result.completed, 1) for name, s in spent.items()}
            results.append(result)
            log(
                f"{endpoint.name}: {result.rps:.0f} req/s, p95 {result.percentile(95):.1f} ms, {result.errors} errors;"
                " CPU ms/req " + ", ".join(f"{name} {ms:.2f}" for name, ms in result.cpu_ms.items())
            )
            if result.first_error:
                log(f"  first error: {result.first_error}")
            if not endpoint.baseline:
                beside.append(drive(baseline, ctx, host=HOST, port=PORT, clients=CLIENTS, seconds=BESIDE, warmup=1).rps)
                log(f"  the baseline beside it: {beside[-1]:.0f} req/s")
            time.sleep(0.5)
            load.append(_loadavg())
        if STOREFRONT:
            from .storefront import run as storefront

            pages = storefront(ctx, baseline, host=HOST, port=PORT, pid=pid, seconds=SECONDS, warmup=WARMUP,
                               beside=BESIDE, log=log)  # fmt: skip
            load.append(_loadavg())
        hot = checkout.run(host=HOST, port=PORT, log=log) if CHECKOUT else ""

    heading = (
        f"`make bench` on {datetime.now(UTC):%Y-%m-%d %H:%M} UTC. {_machine()}.\n"
        f"Data set '{SCALE}' ({len(ctx.product_ids)} products, {len(ctx.tokens)} merchants). gunicorn "
        f"{WORKERS} workers x {THREADS} threads ({WORKER_CLASS}), production settings, DEBUG off; {CLIENTS} concurrent "
        f"clients, {SECONDS:g} s per endpoint after {WARMUP:g} s warm-up; 'of baseline' against the baseline "
        f"driven for {BESIDE:g} s just before and just after the endpoint. Load average of the machine "
        f"(1 min) during the run: {min(load):.1f} to {max(load):.1f} (other processes included).\n"
    )
    text = heading + "\n" + table(results, counts, beside) + "\n"
    if STOREFRONT:
        text += "\nThe storefront's pages (bench/storefront.py):\n\n" + pages + "\n"
    if ratios:
        text += (
            "\nThe cost of Home, Finance and the order list for the merchant with 100,000 orders against the one "
            "with 1,000 (same visitors and followers), in-process, alternated, median of "
            f"{ratio.ROUNDS} requests each:\n\n" + ratio.table(ratios) + "\n"
        )
    if hot:
        text += f"\nThe hot product (bench/checkout.py, {checkout.BUYERS} buyers at once):\n\n{hot}"
    if SCALE == "orders":
        from .sweeps import section

        text += section(log)
    (RESULTS / "latest.md").write_text(text, encoding="utf-8")
    print("\n" + text)
    return 1 if any(r.errors for r in results) or (hot and checkout.failed(hot)) else 0


if __name__ == "__main__":
    sys.exit(main())
