"""What the benchmark drives: one line per endpoint. A builder returns (method, path, JSON body or None) for the
request of merchant `who` (an index of Context.tokens) in the language LANGS[lang]; the driver adds that merchant's
`token` and `lang` headers.
"""

import random
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote

from .seed import CARD, PAY_PASSWORD
from .texts import keywords

Request = tuple[str, str, dict | None]
Builder = Callable[["Context", random.Random, int, int], Request]


@dataclass(frozen=True)
class Context:
    tokens: list[str]
    product_ids: list[int]
    order_ids: list[list[int]]  # a sample of each merchant's orders (empty lists when the scale has none)


@dataclass(frozen=True)
class Endpoint:
    name: str
    build: Builder
    baseline: bool = False  # answers {"status": "ok"} instead of the envelope
    orders: bool = False  # needs a scale with orders
    page: bool = False  # a storefront page (bench/storefront.py): HTML, sent without the merchant's headers


def _get(path: str) -> Builder:
    return lambda ctx, rng, lang, who: ("GET", path, None)


def _search(ctx: Context, rng: random.Random, lang: int, who: int) -> Request:
    return "GET", f"/merchant/product/product?keyword={quote(rng.choice(keywords(lang)))}", None


def _detail(ctx: Context, rng: random.Random, lang: int, who: int) -> Request:
    return "GET", f"/merchant/product/detail?id={rng.choice(ctx.product_ids)}", None


def _order_detail(ctx: Context, rng: random.Random, lang: int, who: int) -> Request:
    return "GET", f"/merchant/order/detail?id={rng.choice(ctx.order_ids[who])}", None


def _curve(ctx: Context, rng: random.Random, lang: int, who: int) -> Request:
    return "GET", f"/merchant/index/echart?range={rng.choice(['today', 'seven', 'thirty'])}", None


def _report(ctx: Context, rng: random.Random, lang: int, who: int) -> Request:
    period = rng.choice(["all", "yesterday", "today", "week", "month"])
    return "GET", f"/merchant/merchant/financial_report?range={period}", None


def _withdraw(ctx: Context, rng: random.Random, lang: int, who: int) -> Request:
    body = {
        "method": "bank",
        "full_name": f"Bench Merchant {who}",  # the seeded card's holder (bench.seed): its destination, usable
        "bank_name": "Bench Bank",
        "account": CARD,
        "amount": f"{rng.randrange(10, 30)}.00",
        "pay_password": PAY_PASSWORD,
    }
    return "POST", "/merchant/merchant/extract", body


ENDPOINTS = [
    Endpoint("baseline: GET /healthz (plain Django JSON view)", _get("/healthz"), baseline=True),
    Endpoint("GET product/product (distribution center)", _get("/merchant/product/product")),
    Endpoint("GET product/product?keyword= (search)", _search),
    Endpoint("GET product/manage (shop goods)", _get("/merchant/product/manage")),
    Endpoint("GET product/detail?id=", _detail),
    Endpoint("GET merchant/getMerInfo", _get("/merchant/merchant/getMerInfo")),
    Endpoint("GET merchant/extract (withdraw form)", _get("/merchant/merchant/extract")),
    Endpoint("POST merchant/extract (withdraw)", _withdraw),
    Endpoint("GET merchant/bill (funds records)", _get("/merchant/merchant/bill")),
    Endpoint("GET order/list", _get("/merchant/order/list"), orders=True),
    Endpoint("GET order/detail?id=", _order_detail, orders=True),
    Endpoint("GET index/index (Home figures)", _get("/merchant/index/index"), orders=True),
    Endpoint("GET index/echart (sales curve)", _curve, orders=True),
    Endpoint("GET merchant/financial_report", _report, orders=True),
]
