"""The storefront's public pages under load (issue 38), called by `make bench` (bench/run.py) with gunicorn up.

A shop's page, a search in a shop and a product's page, each request in a random language (`?lang=`), with no
cookie (a buyer's first visit, or a shared cache asking), by BENCH_STOREFRONT_CLIENTS (64) concurrent clients, beside
the plain view in the same run:
- warm: the pages of BENCH_STOREFRONT_SHOPS (10) hot shops and of BENCH_STOREFRONT_GOODS (10) goods of each,
  every search word, in every language, each asked once before the measure (the application's page cache holds them:
  a hot shop);
- cold: any of the 1,000 shops, any of its goods, any page of its goods, any search word: nearly every request renders
  its page (a first visit to a page nobody asked for in the cache's lifetime).
Targets: p95 <= 50 ms and at least 25 % of the plain view's throughput, warm.
"""

import os
import random
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from urllib.parse import quote

from . import cpu
from .endpoints import Context, Endpoint
from .load import Result, drive
from .texts import APP_LANGS, keywords

CLIENTS = int(os.environ.get("BENCH_STOREFRONT_CLIENTS", "64"))
HOT_SHOPS = int(os.environ.get("BENCH_STOREFRONT_SHOPS", "10"))
HOT_GOODS = int(os.environ.get("BENCH_STOREFRONT_GOODS", "10"))
TARGET_P95_MS = 50.0
TARGET_SHARE = 0.25


@dataclass(frozen=True)
class Shops:
    slugs: list[str]
    goods: list[list[int]]  # on-shelf goods ids of each shop, in the order of `slugs`
    pages: list[int]  # pages of 20 goods of each shop


def _shops() -> Shops:
    from apps.catalog.models import ShopGoods
    from apps.storefront.selectors import GOODS_PER_PAGE, open_shops

    shops = list(open_shops())
    goods: dict[int, list[int]] = {}
    for merchant_id, goods_id in ShopGoods.objects.filter(on_shelf=True).order_by("pk").values_list("merchant", "pk"):
        goods.setdefault(merchant_id, []).append(goods_id)
    shops = [shop for shop in shops if goods.get(shop.merchant_id)]
    lists = [goods[shop.merchant_id] for shop in shops]
    return Shops([shop.slug for shop in shops], lists, [-(-len(ids) // GOODS_PER_PAGE) for ids in lists])


Pick = Callable[[random.Random, int], str]  # (rng, language index) -> path


def _kinds(shops: Shops, count: int, goods: int, hot: bool) -> dict[str, Pick]:
    def shop(rng: random.Random) -> int:
        return rng.randrange(count)

    def lang(index: int) -> str:
        return quote(APP_LANGS[index])

    def shop_page(rng: random.Random, index: int) -> str:
        n = shop(rng)
        page = f"&page={rng.randrange(1, shops.pages[n] + 1)}" if not hot else ""
        return f"/s/{shops.slugs[n]}/?lang={lang(index)}{page}"

    def search(rng: random.Random, index: int) -> str:
        n = shop(rng)
        return f"/s/{shops.slugs[n]}/?lang={lang(index)}&q={quote(rng.choice(keywords(index)))}"

    def product(rng: random.Random, index: int) -> str:
        n = shop(rng)
        return f"/s/{shops.slugs[n]}/g/{rng.choice(shops.goods[n][:goods])}/?lang={lang(index)}"

    return {"shop page (20 goods)": shop_page, "search in a shop": search, "product page": product}


def _endpoint(name: str, pick: Pick) -> Endpoint:
    return Endpoint(name, lambda ctx, rng, lang, who: ("GET", pick(rng, lang), None), page=True)


def _warm(shops: Shops, host: str, port: int) -> int:
    """Asks every page of the hot set once (a few at a time): the application's cache holds them afterwards."""
    import http.client

    paths = []
    for n in range(min(HOT_SHOPS, len(shops.slugs))):
        for index, code in enumerate(APP_LANGS):
            lang = quote(code)
            paths.append(f"/s/{shops.slugs[n]}/?lang={lang}")
            paths += [f"/s/{shops.slugs[n]}/g/{goods}/?lang={lang}" for goods in shops.goods[n][:HOT_GOODS]]
            paths += [f"/s/{shops.slugs[n]}/?lang={lang}&q={quote(word)}" for word in keywords(index)]

    def get(chunk: list[str]) -> None:
        conn = http.client.HTTPConnection(host, port, timeout=120)
        for path in chunk:
            conn.request("GET", path)
            conn.getresponse().read()
        conn.close()

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(get, [paths[n::4] for n in range(4)]))
    return len(paths)


def _measure(endpoint: Endpoint, ctx: Context, pid: int, **load: object) -> Result:
    before = cpu.snapshot(pid)
    result = drive(endpoint, ctx, **load)  # type: ignore[arg-type]
    spent = cpu.spent(before, cpu.snapshot(pid))
    result.cpu_ms = {name: 1000 * s / max(result.completed, 1) for name, s in spent.items()}
    return result


def run(ctx: Context, baseline: Endpoint, *, host: str, port: int, pid: int, seconds: float, warmup: float,
        beside: float, log: Callable[[str], None]) -> str:  # fmt: skip
    """Drives the pages warm, then cold, each beside the plain view (`baseline`); answers the Markdown table."""
    shops = _shops()
    load = {"host": host, "port": port, "clients": CLIENTS}
    started = time.perf_counter()
    warmed = _warm(shops, host, port)
    log(f"storefront: {warmed} pages of {HOT_SHOPS} hot shops asked once in {time.perf_counter() - started:.0f} s")
    rows = []
    plain = _measure(baseline, ctx, pid, seconds=beside, warmup=1, **load).rps
    for cache, count, goods in (("warm", min(HOT_SHOPS, len(shops.slugs)), HOT_GOODS), ("cold", len(shops.slugs), 300)):
        for name, pick in _kinds(shops, count, goods, hot=cache == "warm").items():
            result = _measure(_endpoint(f"{name}, {cache}", pick), ctx, pid, seconds=seconds, warmup=warmup, **load)
            after = _measure(baseline, ctx, pid, seconds=beside, warmup=1, **load).rps
            share = 2 * result.rps / (plain + after)
            log(
                f"{result.endpoint.name}: {result.rps:.0f} req/s, p95 {result.percentile(95):.1f} ms, "
                f"{result.errors} errors; the plain view beside it {plain:.0f} and {after:.0f} req/s"
            )
            if result.first_error:
                log(f"  first error: {result.first_error}")
            rows.append((result, share, plain, after))
            plain = after
    return _table(rows)


def _table(rows: list[tuple[Result, float, float, float]]) -> str:
    lines = [
        "| page (cache) | req/s | plain view req/s | of plain view | p50 ms | p95 ms | p99 ms | app CPU ms | DB CPU ms "
        f"| errors | p95 <= {TARGET_P95_MS:g} ms | >= {TARGET_SHARE:.0%} of plain view |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|",
    ]
    for result, share, before, after in rows:
        p95 = result.percentile(95)
        verdicts = ("met" if p95 <= TARGET_P95_MS else "missed", "met" if share >= TARGET_SHARE else "missed")
        lines.append(
            f"| {result.endpoint.name} | {result.rps:.0f} | {(before + after) / 2:.0f} | {share:.0%} "
            f"| {result.percentile(50):.1f} | {p95:.1f} | {result.percentile(99):.1f} "
            f"| {result.cpu_ms.get('app', 0):.1f} | {result.cpu_ms.get('db', 0):.1f} "
            f"| {result.errors}/{len(result.latencies)} | {verdicts[0]} | {verdicts[1]} |"
        )
    return "\n".join(lines)
