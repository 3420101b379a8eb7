"""Home, Finance and the order list cost the same for 100,000 orders as for 1,000 (issues 11 and 38): the same
requests for the first bench merchant (100,000 orders) and the second (1,000; the same visitors and followers),
alternated in-process with Django's test client so both see the same machine, compared by their median time and their
SQL queries. The order list's first page of every tab reads its tab counts from the counters (apps.orders.counts)."""

import statistics
import time
from dataclasses import dataclass

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from .endpoints import Context
from .orders import BIG, SMALL

PATHS = [
    "/merchant/index/index",
    "/merchant/index/echart?range=thirty",
    "/merchant/merchant/financial_report?range=all",
    "/merchant/merchant/financial_report?range=month",
    "/merchant/order/list",
    "/merchant/order/list?status=5",
]
TARGET = 1.2
ROUNDS, WARMUP = 300, 30


@dataclass(frozen=True)
class Ratio:
    path: str
    big_ms: float
    small_ms: float
    big_queries: int
    small_queries: int

    @property
    def ratio(self) -> float:
        return self.big_ms / self.small_ms


def _request(client: Client, path: str, token: str) -> None:
    response = client.get(path, headers={"token": token, "lang": "en"})
    if response.status_code != 200 or response.json().get("code") != 1:
        raise RuntimeError(f"{path} answered {response.status_code} {response.content[:200]!r}")


def measure(ctx: Context) -> list[Ratio]:
    client = Client()
    big, small = ctx.tokens[0], ctx.tokens[1]
    results = []
    for path in PATHS:
        times: dict[str, list[float]] = {big: [], small: []}
        for n in range(WARMUP + ROUNDS):
            for token in (big, small) if n % 2 else (small, big):
                began = time.perf_counter()
                _request(client, path, token)
                if n >= WARMUP:
                    times[token].append((time.perf_counter() - began) * 1000)
        queries = []
        for token in (big, small):
            with CaptureQueriesContext(connection) as captured:
                _request(client, path, token)
            queries.append(len(captured))
        results.append(Ratio(path, statistics.median(times[big]), statistics.median(times[small]), *queries))
    return results


def table(rows: list[Ratio]) -> str:
    lines = [
        f"| request | {BIG:,} orders: median ms | {SMALL:,} orders: median ms | ratio | SQL/req | target <= {TARGET} |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for r in rows:
        verdict = "met" if r.ratio <= TARGET and r.big_queries == r.small_queries else "missed"
        lines.append(
            f"| GET {r.path.removeprefix('/merchant/')} | {r.big_ms:.2f} | {r.small_ms:.2f} | {r.ratio:.2f} "
            f"| {r.big_queries} / {r.small_queries} | {verdict} |"
        )
    return "\n".join(lines)
