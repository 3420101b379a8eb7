"""The benchmark data set, generated (no downloads) and loaded in bulk; skipped when it is already there.

A marker row (an inactive platform invitation code named after the scale and SEED_VERSION) says the data set is
complete. Without it the database is flushed and seeded again, in one transaction, so an interrupted seed leaves
nothing half-done. Catalogue and shop goods go in with bulk_create / COPY; wallet money goes through the wallet
services (deposits approved, withdrawals paid or rejected), so every balance is real ledger money.
"""

import hashlib
import random
import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from django.contrib.auth.hashers import PBKDF2PasswordHasher, make_password
from django.core.management import call_command
from django.db import connection, transaction
from django.test import override_settings
from django.utils import timezone

from apps.accounts.constants import MerchantStatus
from apps.accounts.models import AuthToken, InvitationCode, Merchant
from apps.catalog.models import Category, Product, ProductImage, ShopGoods
from apps.shop.models import Level, Shop
from apps.wallet import services as wallet
from apps.wallet.constants import AddressFormat, Method
from apps.wallet.models import DepositNetwork, WithdrawalFeeRule

from . import orders as bench_orders
from .texts import APP_LANGS, CATEGORY, LANGS, LEVELS, product_texts

SEED_VERSION = 2
PHONE_PREFIX = "+1999"
PASSWORD = "Bench-pass-2026"
PAY_PASSWORD = "135790"
CARD = "4000 1234 5678 9010"


@dataclass(frozen=True)
class Scale:
    name: str
    products: int
    categories: int
    merchants: int
    goods: int  # per merchant
    deposits: int  # approved deposits per merchant
    withdrawals: int  # per merchant: the first is paid, the others rejected (money comes back)
    orders: int = 0  # in all, written in bulk (bench/orders.py): 100,000 for the first merchant, 1,000 for the second


SCALES = {
    "full": Scale("full", products=10_000, categories=20, merchants=1_000, goods=300, deposits=6, withdrawals=2),
    "small": Scale("small", products=1_000, categories=8, merchants=50, goods=50, deposits=2, withdrawals=2),
    "orders": Scale(
        "orders", products=2_000, categories=10, merchants=10_000, goods=20, deposits=0, withdrawals=0, orders=1_000_000
    ),
}


def phone(index: int) -> str:
    return f"{PHONE_PREFIX}{index:07d}"


def token_for(merchant_phone: str) -> str:
    """The raw session token of a bench merchant: derived, so a later run needs no stored secrets."""
    return "bench-" + hashlib.sha256(f"bench-session:{merchant_phone}".encode()).hexdigest()


def _marker(scale: Scale) -> str:
    return f"BENCH-{scale.name}-v{SEED_VERSION}"


def _own_tables() -> str:
    """The database's own tables, for VACUUM and ANALYZE: without a list they take the catalogues every database
    shares too, and wait for a seed of another bench database that holds them in its transaction."""
    return ", ".join(connection.ops.quote_name(name) for name in connection.introspection.table_names())


def ensure(scale: Scale, log: "Log") -> None:
    """Seeds the data set unless this scale's marker is there; refreshes the bench sessions either way."""
    if InvitationCode.objects.filter(code=_marker(scale)).exists():
        log(f"data set '{scale.name}' already seeded")
    else:
        if Merchant.objects.exclude(phone__startswith=PHONE_PREFIX).exists():
            raise RuntimeError("This database holds merchants the bench did not make; refusing to flush it.")
        log("flushing the bench database and seeding (takes a few minutes at full scale)")
        call_command("flush", interactive=False, verbosity=0)
        with transaction.atomic():
            _seed(scale, log)
            InvitationCode.objects.create(code=_marker(scale), is_active=False, note="make bench data set")
        # What autovacuum does to a production table in its own time: planner statistics and the visibility map
        # (index-only scans). Without it the first minutes of the run measure a freshly loaded table.
        with connection.cursor() as cursor:
            cursor.execute(f"VACUUM ANALYZE {_own_tables()}")
        log("seeded; VACUUM ANALYZE done")
    now = timezone.now()
    AuthToken.objects.filter(merchant__phone__startswith=PHONE_PREFIX).update(
        revoked_at=None, last_used_at=now, expires_at=now + timedelta(days=30)
    )


class Log:
    def __init__(self) -> None:
        self.started = time.perf_counter()

    def __call__(self, message: str) -> None:
        print(f"[bench {time.perf_counter() - self.started:6.1f}s] {message}", flush=True)


def _seed(scale: Scale, log: Log) -> None:
    rng = random.Random(2026)
    levels = _levels()
    categories = Category.objects.bulk_create(
        Category(position=n, **{f"name_{lang}": CATEGORY[lang].format(n=n + 1) for lang in LANGS})
        for n in range(scale.categories)
    )
    products = Product.objects.bulk_create(
        (
            Product(
                sku=f"BENCH-{i:06d}",
                category=categories[i % len(categories)],
                retail_price=Decimal(rng.randrange(500, 50_000)) / 100,
                stock=rng.randrange(0, 1000),
                is_hot=i % 10 == 0,
                **product_texts(i),
            )
            for i in range(scale.products)
        ),
        batch_size=2000,
    )
    ProductImage.objects.bulk_create(
        (
            ProductImage(product=p, image=f"bench/p{p.pk}-{n}.jpg", thumbnail=f"bench/t{p.pk}-{n}.jpg", position=n)
            for p in products
            for n in range(2)
        ),
        batch_size=5000,
    )
    log(f"catalogue: {len(categories)} categories, {len(products)} products")

    # One Argon2 hash for every login password (0.5 s each on this machine). The payment password starts as a
    # cheap PBKDF2 hash so the withdrawals below can go through withdrawal_create; it becomes Argon2 at the end.
    password = make_password(PASSWORD)
    cheap_pay = PBKDF2PasswordHasher().encode(PAY_PASSWORD, "benchsalt", iterations=1000)
    merchants = Merchant.objects.bulk_create(
        (
            Merchant(
                phone=phone(i),
                email=f"bench{i}@example.com",
                real_name=f"Bench Merchant {i}",
                country="US",
                status=MerchantStatus.ACTIVE,
                language=APP_LANGS[i % len(APP_LANGS)],
                password=password,
                pay_password=cheap_pay,
                invite_code=f"BN{i:07d}",
                level=levels[i % len(levels)],
            )
            for i in range(scale.merchants)
        ),
        batch_size=2000,
    )
    Shop.objects.bulk_create(
        Shop(merchant=m, name=f"Bench Store {i}", phone=m.phone, address=f"{i} Bench Street")
        for i, m in enumerate(merchants)
    )
    now = timezone.now()
    AuthToken.objects.bulk_create(
        AuthToken(
            merchant=m,
            key_hash=AuthToken.hash(token_for(m.phone)),
            last_used_at=now,
            expires_at=now + timedelta(days=30),
            user_agent="bench",
        )
        for m in merchants
    )
    log(f"{len(merchants)} merchants with shops and sessions")

    product_ids = [p.pk for p in products]
    _copy_goods(
        (m.pk, pid, rng.random() < 0.7, now - timedelta(seconds=rng.randrange(180 * 86400)))
        for m in merchants
        for pid in rng.sample(product_ids, scale.goods)
    )
    log(f"{scale.merchants * scale.goods} shop goods")
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {_own_tables()}")  # statistics for the wallet services' queries below

    _wallet(scale, merchants, rng, log)
    if scale.orders:
        bench_orders.seed(log, total=scale.orders, rng=rng)
    Merchant.objects.filter(pk__in=[m.pk for m in merchants]).update(pay_password=make_password(PAY_PASSWORD))


def _levels() -> list[Level]:
    rows = [("0.10", 100, "0"), ("0.15", 300, "100"), ("0.20", 500, "300"), ("0.25", 1000, "800")]
    return [
        Level.objects.create(
            rank=rank,
            profit_margin=Decimal(margin),
            product_quantity=quantity,
            upgrade_price=Decimal(price),
            **{f"name_{lang}": LEVELS[lang][rank - 1] for lang in LANGS},
        )
        for rank, (margin, quantity, price) in enumerate(rows, start=1)
    ]


def _copy_goods(rows: Iterable[tuple[int, int, bool, datetime]]) -> None:
    """ShopGoods (merchant, product, on shelf, distributed at) through PostgreSQL COPY: 300,000 rows in seconds
    instead of minutes of bulk_create."""
    table = ShopGoods._meta.db_table
    columns = "merchant_id, product_id, on_shelf, clicks, sales, created_at, updated_at"
    with (
        connection.cursor() as cursor,
        cursor.connection.cursor().copy(f"COPY {table} ({columns}) FROM STDIN") as copy,
    ):
        for merchant_id, product_id, on_shelf, added in rows:
            copy.write_row((merchant_id, product_id, on_shelf, 0, 0, added, added))


def _wallet(scale: Scale, merchants: list[Merchant], rng: random.Random, log: Log) -> None:
    """Deposits approved and withdrawals paid or rejected through the wallet services: funds records with lines."""
    networks = [
        ("USDT-TRC20", AddressFormat.TRON, "TJbM8yRzQ3fxuWc7ZVd6kPq2sN4aHgE5Lt"),
        ("USDT-ERC20", AddressFormat.EVM, "0x7CdAc0083bE6D46B328b8410Bcc94000d1dfD6b7"),
    ]
    for sort, (code, address_format, address) in enumerate(networks):
        DepositNetwork.objects.create(
            code=code, address_format=address_format, address=address, minimum=Decimal(10), sort=sort
        )
    WithdrawalFeeRule.objects.create(fixed_fee=Decimal(1), percent_fee=Decimal(1), minimum=Decimal(10))
    for n, merchant in enumerate(merchants):
        for _ in range(scale.deposits):
            deposit = wallet.deposit_create(
                merchant=merchant,
                method=Method.BANK,
                amount=Decimal(rng.randrange(1000, 5000)),
                payer_name=merchant.real_name,
                card_number=CARD,
                bank_name="Bench Bank",
            )
            wallet.deposit_approve(deposit_id=deposit.pk, operator=None, note="bench")
        for w in range(scale.withdrawals):
            # The seeded card is a destination usable at once (no cooling-off for seeded data).
            with override_settings(PAYOUT_COOLING_OFF_HOURS=0):
                withdrawal = wallet.withdrawal_create(
                    merchant=merchant,
                    pay_password=PAY_PASSWORD,
                    method=Method.BANK,
                    amount=Decimal(rng.randrange(20, 200)),
                    full_name=merchant.real_name,
                    account=CARD,
                    bank_name="Bench Bank",
                )
            if w == 0:
                wallet.withdrawal_pay(withdrawal_id=withdrawal.pk, operator=None, reference=f"BENCH-{withdrawal.pk}")
            else:
                wallet.withdrawal_reject(withdrawal_id=withdrawal.pk, operator=None, reason="bench")
        if (n + 1) % 200 == 0:
            log(f"wallet: {n + 1} merchants")
    log("wallet: deposits, withdrawals and funds records done")
