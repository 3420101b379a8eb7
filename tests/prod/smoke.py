"""`make prod-smoke`: the production shape on this machine, as separate processes, driven over HTTP
(docs/operations.md).

Production settings from the environment, a PostgreSQL database and Redis database numbers of its own; two gunicorn
processes on two ports (two web machines), two Celery workers and one beat, a local EVM chain node. Through the HTTP
API: sign-in, a chain deposit confirmed by the beat's verification task, orders placed and paid through the signed
intake, picked up with the payment password, shipped by an operator's CSV in the admin, received and settled by the
beat. Then what must survive:

- a worker killed (kill -9, the whole process group) while it settles an order, before the commit: the task is
  delivered again to another worker, which settles the order once;
- a worker killed after a chain deposit was credited, before the task was acknowledged: delivered again, it credits
  nothing more;
- a second beat beside the first: every task is sent twice and every order is still settled once;
- a web process killed under a load of pickups: every pickup it accepted happened, and the ones cut off, sent again
  with the same Idempotency-Key, happen once.

In front of the two web processes, nginx from Debian with the production rules of deploy/nginx/ (tests/prod/nginx.py):
a shop page is rendered once and then served from nginx's cache; taking a product off the shelf through the merchant
API purges the shop's pages (a worker's PURGE), so the next request shows the change; a POST and a buyer's cart reach
the app.

It ends with `check_ledger` and `check_figures`, stops everything it started and prints a report (when it fails, the
logs stay in the temporary folder it names). It runs on each broker named (`--broker redis`, `--broker rabbitmq`;
both by default).
"""

import argparse
import contextlib
import csv
import functools
import io
import itertools
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import psycopg
import redis
import requests

from apps.orders.constants import OrderStatus
from tests import helpers, pg_cluster
from tests.helpers import RunFailedError, check
from tests.prod.nginx import Nginx

BASE_DIR = Path(__file__).resolve().parent.parent.parent
PY = sys.executable
REDIS = os.environ.get("PROD_SMOKE_REDIS", "redis://127.0.0.1:6379")
BROKERS = {
    "redis": f"{REDIS}/14",
    "rabbitmq": os.environ.get("PROD_SMOKE_AMQP", "amqp://guest:guest@127.0.0.1:5672//"),
}
DATABASE = "prod_smoke"
OPERATOR, OPERATOR_PASSWORD = "operator", "Operator-pass-2026"
QUEUES = "money,default,bulk"
WAIT = 90  # seconds any one thing may take before the smoke fails
wait_for = functools.partial(helpers.wait_for, seconds=WAIT)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---------- the processes ----------
@dataclass
class Fleet:
    """Each process in its own session (process group), so kill -9 takes a whole machine's worth: a worker's main
    process with its pool, a gunicorn master with its workers."""

    folder: Path
    env: dict[str, str]
    processes: dict[str, subprocess.Popen] = field(default_factory=dict)

    def start(self, name: str, *argv: str) -> None:
        log = (self.folder / f"{name}.log").open("ab")
        self.processes[name] = subprocess.Popen(
            argv,
            cwd=BASE_DIR,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def web(self, name: str, port: int) -> None:
        self.start(name, PY, "-m", "gunicorn", "config.wsgi", "-c", "config/gunicorn.py", "--bind", f"127.0.0.1:{port}")

    def worker(self, name: str) -> None:
        self.start(
            name,
            PY,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "-Q",
            QUEUES,
            "-n",
            f"{name}@%h",
            "--concurrency",
            "1",
            "-l",
            "info",
        )

    def beat(self, name: str) -> None:
        schedule = str(self.folder / f"{name}-schedule")
        self.start(name, PY, "-m", "celery", "-A", "config", "beat", "-l", "info", "-s", schedule)

    def kill(self, name: str) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.processes[name].pid, signal.SIGKILL)
        self.processes.pop(name).wait()

    def stop(self, name: str) -> None:
        process = self.processes.pop(name)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()

    def stop_all(self) -> None:
        for name in list(self.processes):
            self.stop(name)

    def log_lines(self, name: str) -> Iterator[dict]:
        for raw in (self.folder / f"{name}.log").read_text(errors="replace").splitlines():
            with contextlib.suppress(ValueError):
                yield json.loads(raw)

    def group_of(self, pid: int) -> str:
        group = os.getpgid(pid)
        return next(name for name, process in self.processes.items() if process.pid == group)


def manage(env: dict[str, str], *argv: str) -> str:
    done = subprocess.run([PY, "manage.py", *argv], cwd=BASE_DIR, env=env, capture_output=True, text=True)
    check(done.returncode == 0, f"manage.py {' '.join(argv)} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


# ---------- the clients: a merchant's app, a storefront, an operator ----------
class Merchant:
    def __init__(self, base: str) -> None:
        self.base, self.http, self.token = base, requests.Session(), ""

    def call(self, method: str, path: str, base: str | None = None, idempotency: str = "", **kwargs: Any) -> dict:
        headers = {"lang": "en", "token": self.token, **({"Idempotency-Key": idempotency} if idempotency else {})}
        answer = self.http.request(
            method, f"{base or self.base}/merchant/{path}", headers=headers, timeout=30, **kwargs
        )
        return answer.json()

    def sign_in(self, account: str, password: str) -> None:
        body = self.call("POST", "merchant/login", json={"account": account, "password": password})
        check(body["code"] == 1, f"sign-in refused: {body}")
        self.token = body["data"]["merinfo"]["token"]


def intake(base: str, world: "World", call: str, body: dict) -> dict:
    from tests.storefront import signature_of

    raw = json.dumps(body).encode()
    stamp = str(int(time.time()))
    signature = signature_of(stamp, raw, world.storefront_secret)
    headers = {
        "Content-Type": "application/json",
        "X-Storefront-Key": world.storefront_key,
        "X-Storefront-Timestamp": stamp,
        "X-Storefront-Signature": signature,
    }
    return requests.post(f"{base}/intake/v1/{call}", data=raw, headers=headers, timeout=30).json()


class Operator:
    def __init__(self, base: str) -> None:
        self.base, self.http = base, requests.Session()
        self.http.get(f"{base}/admin/login/", timeout=30)
        form = {"username": OPERATOR, "password": OPERATOR_PASSWORD, "csrfmiddlewaretoken": self._csrf()}
        answer = self.http.post(f"{base}/admin/login/?next=/admin/", data=form, timeout=30)
        check(answer.url.rstrip("/").endswith("/admin"), "the operator could not sign in to the admin")

    def _csrf(self) -> str:
        return self.http.cookies["csrftoken"]

    def ship(self, numbers: list[str]) -> None:
        rows = io.StringIO()
        writer = csv.writer(rows)
        writer.writerow(["order_number", "tracking_number"])
        writer.writerows([number, f"TRK{number}"] for number in numbers)
        url = f"{self.base}/admin/orders/order/ship-csv/"
        self.http.get(url, timeout=30)
        files = {"file": ("tracking.csv", rows.getvalue().encode(), "text/csv")}
        form = {"carrier": "DHL", "csrfmiddlewaretoken": self._csrf()}
        answer = self.http.post(url, data=form, files=files, timeout=30)
        check(answer.status_code == 200, f"the CSV upload answered {answer.status_code}")


# ---------- the run ----------
@dataclass
class World:
    """What the smoke set up as the platform's operators would (a one-off process with the same settings)."""

    account: str
    password: str
    pay_password: str
    shop_id: int
    goods_id: int
    network: str
    token_address: str
    token_abi: list
    payer: str
    platform: str
    storefront_key: str  # the smoke's external storefront: its key id and secret
    storefront_secret: str


def setup_world(rpc: str) -> World:
    import vyper
    from django.contrib.auth import get_user_model
    from web3 import Web3

    from tests.factories import (
        DEFAULT_PASSWORD,
        DEFAULT_PAY_PASSWORD,
        DepositNetworkFactory,
        LevelFactory,
        MerchantFactory,
        ProductFactory,
        ShopGoodsFactory,
    )

    w3 = Web3(Web3.HTTPProvider(rpc))
    owner, payer, platform = w3.eth.accounts[:3]
    source = (BASE_DIR / "apps" / "wallet" / "chain" / "contracts" / "Token.vy").read_text()
    compiled = vyper.compile_code(source, output_formats=["abi", "bytecode"])
    factory = w3.eth.contract(abi=compiled["abi"], bytecode=compiled["bytecode"])
    receipt = w3.eth.wait_for_transaction_receipt(
        factory.constructor("Tether", "USDT", 6, 10**18).transact({"from": owner})
    )
    token = w3.eth.contract(address=receipt.contractAddress, abi=compiled["abi"])
    w3.eth.wait_for_transaction_receipt(token.functions.transfer(payer, 10**15).transact({"from": owner}))

    from apps.orders.intake import storefront_key_create

    operator = get_user_model().objects.create_superuser(OPERATOR, "operator@example.com", OPERATOR_PASSWORD)
    merchant = MerchantFactory(level=LevelFactory(rank=1))
    key, secret = storefront_key_create(
        name="Smoke storefront", shop_ids=[merchant.shop.pk], operator=operator, reason="The smoke's orders"
    )
    goods = ShopGoodsFactory(merchant=merchant, product=ProductFactory(retail_price=Decimal("20.00"), stock=100_000))
    network = DepositNetworkFactory(
        code="USDT-ERC20",
        address_format="evm",
        address=platform,
        token_contract=token.address,
        rpc_url=rpc,
        auto_verify=True,
        minimum=Decimal("1.00"),
        confirmations=2,
    )
    return World(
        merchant.email,
        DEFAULT_PASSWORD,
        DEFAULT_PAY_PASSWORD,
        merchant.shop.pk,
        goods.pk,
        network.code,
        token.address,
        compiled["abi"],
        payer,
        platform,
        key.key_id,
        secret,
    )


@dataclass
class Servers:
    """The smoke's PostgreSQL (tests/pg_cluster.py): a primary of its own, since the machine's server allows no
    replication, and a streaming replica made by pg_basebackup, which the web processes' pages read from."""

    primary: pg_cluster.Cluster
    replica: pg_cluster.Cluster

    def shop_scans_on_replica(self) -> int:
        rows = self.replica.sql(
            "SELECT COALESCE(seq_scan, 0) + COALESCE(idx_scan, 0) FROM pg_stat_user_tables WHERE relname = 'shop_shop'",
            database=DATABASE,
        )
        return rows[0][0] if rows else 0


class Smoke:
    def __init__(
        self, broker: str, fleet: Fleet, world: World, rpc: str, report: list[str], servers: "Servers"
    ) -> None:
        self.broker, self.fleet, self.world, self.rpc, self.report = broker, fleet, world, rpc, report
        self.servers = servers
        self.ports = {"web-1": free_port(), "web-2": free_port()}
        self.web = {name: f"http://127.0.0.1:{port}" for name, port in self.ports.items()}
        self.merchant = Merchant(self.web["web-1"])
        self.refs = (f"{broker}-{n}" for n in range(1, 10_000))
        self.faults = Path(fleet.env["FAULT_PAUSE_DIR"])
        self.nginx = self._nginx_configured()

    def say(self, line: str) -> None:
        self.report.append(f"[{self.broker}] {line}")
        print(self.report[-1], flush=True)

    # --- orders through the API ---
    def place(self) -> str:
        ref = next(self.refs)
        base = self.web["web-2"]
        body = {
            "external_ref": ref,
            "shop": self.world.shop_id,
            "lines": [{"goods": self.world.goods_id, "quantity": 1}],
            "ship_name": "Ann Buyer",
            "ship_phone": "+14155550123",
            "ship_address": "1 Main Street",
            "ship_country": "US",
        }
        created = intake(base, self.world, "order/create", body)
        check(created["code"] == 1, f"intake order/create refused: {created}")
        paid = intake(base, self.world, "order/paid", {"external_ref": ref, "payment_reference": f"PAY-{ref}"})
        check(paid["code"] == 1, f"intake order/paid refused: {paid}")
        return ref

    def order(self, ref: str) -> Any:
        from apps.orders.models import Order

        return Order.objects.get(external_ref=ref)

    def pick(self, ref: str, base: str | None = None, key: str = "") -> dict:
        return self.merchant.call(
            "POST",
            "order/pick",
            base=base,
            idempotency=key or uuid.uuid4().hex,
            json={"id": self.order(ref).pk, "pay_password": self.world.pay_password},
        )

    def wait_status(self, refs: list[str], status: int, what: str) -> None:
        from apps.orders.models import Order

        wait_for(what, lambda: Order.objects.filter(external_ref__in=refs, status=status).count() == len(refs))

    def entries(self, reference: str) -> int:
        from apps.wallet.models import JournalEntry

        return JournalEntry.objects.filter(reference=reference).count()

    # --- the phases ---
    def start(self) -> None:
        for name, port in self.ports.items():
            self.fleet.web(name, port)
        self.fleet.worker("worker-1")
        self.fleet.worker("worker-2")
        self.workers = 2
        self.fleet.beat("beat-1")
        for name, base in self.web.items():
            wait_for(f"{name} ready", lambda base=base: _ready(base))
        wait_for("two workers", lambda: self._workers_ready({"worker-1", "worker-2"}))
        self.say("2 web processes, 2 workers and 1 beat started; /readyz answers 200 on both web processes")

    # --- the read replica (apps.core.replica) ---
    def storefront_reads_through_the_replica(self) -> None:
        """Shop pages rendered through the replica: the replica's count of scans of the shop table moves. Each page
        is a search of its own (a page in the page cache reads nothing), and the first ones may read the primary:
        a page rendered just after its shop changed does (apps.storefront.cache), and the shop just changed."""
        from apps.shop.models import Shop

        replica = self.servers.replica
        wait_for("the replica to catch up", lambda: pg_cluster.caught_up(self.servers.primary, replica))
        url = f"{self.web['web-1']}{Shop.objects.get(pk=self.world.shop_id).get_absolute_url()}"
        before = self.servers.shop_scans_on_replica()
        searches = itertools.count()

        def rendered_from_the_replica() -> int | None:
            page = requests.get(url, params={"lang": "en", "q": f"lamp {next(searches)}"}, timeout=30)
            check(page.status_code == 200, f"the shop page answered {page.status_code}")
            return self.servers.shop_scans_on_replica() - before or None

        after = wait_for("a shop page read from the replica", rendered_from_the_replica)
        pages = next(searches)
        self.say(f"{pages} shop pages through web-1, the last read from the replica (its scans of shop_shop: +{after})")

    def _workers_ready(self, names: set[str]) -> bool:
        return all(any("ready" in line.get("message", "") for line in self.fleet.log_lines(n)) for n in names)

    def deposit_with_a_kill_after_commit(self) -> None:
        from web3 import Web3

        from apps.wallet.constants import DepositStatus
        from apps.wallet.models import Deposit
        from tests.factories import image_bytes

        self.merchant.sign_in(self.world.account, self.world.password)
        w3 = Web3(Web3.HTTPProvider(self.rpc))
        token = w3.eth.contract(address=self.world.token_address, abi=self.world.token_abi)
        tx = Web3.to_hex(
            token.functions.transfer(self.world.platform, 500_000_000).transact({"from": self.world.payer})
        )
        upload = self.merchant.call(
            "POST",
            "common/upload",
            base=self.web["web-2"],
            data={"kind": "voucher"},
            files={"file": ("voucher.png", image_bytes(), "image/png")},
        )
        check(upload["code"] == 1, f"upload refused: {upload}")
        (self.faults / "chain_deposit_credited.armed").touch()
        body = {
            "type": "chain",
            "amount": "500.00",
            "network": self.world.network,
            "voucher": upload["data"]["id"],
            "tx_hash": tx,
        }
        submitted = self.merchant.call("POST", "merchant/recharge", idempotency=uuid.uuid4().hex, json=body)
        check(submitted["code"] == 1, f"deposit refused: {submitted}")
        task, victim = self.kill_the_holder("chain_deposit_credited")
        deposit = Deposit.objects.get(pk=submitted["data"]["id"])
        check(deposit.status == DepositStatus.APPROVED, f"the deposit is not credited: status {deposit.status}")
        redone = self.redelivered(task)
        check(redone["result"] == "0", f"the task delivered again credited something: {redone}")
        check(self.entries(f"deposit:{deposit.pk}") == 1, "the deposit was not credited exactly once")
        self.say(
            f"chain deposit 500.00 credited by the beat's verification on the local chain; its worker ({victim}) "
            f"killed (kill -9) after the commit; task {task[:8]} delivered again to {redone['worker']}, which "
            "credited nothing more"
        )

    def order_to_settlement(self) -> None:
        ref = self.place()
        picked = self.pick(ref)
        check(picked["code"] == 1, f"pickup refused: {picked}")
        Operator(self.web["web-2"]).ship([self.order(ref).number])
        self.wait_status([ref], OrderStatus.COMPLETED, "the beat to settle the order")
        check(self.entries(f"order_settled:{self.order(ref).pk}") == 1, "the order was not settled exactly once")
        self.say(
            f"order {self.order(ref).number}: placed and paid through the intake, picked up, shipped by CSV in "
            f"the admin, received and settled by the beat"
        )

    def settlement_with_a_kill_before_commit(self) -> None:
        from apps.orders.tasks import orders_move_due
        from config.celery import app as celery_app

        self.fleet.stop("beat-1")  # this once, the task is sent by hand, so that only it can settle the order
        ref = self.place()
        check(self.pick(ref)["code"] == 1, "pickup refused")
        Operator(self.web["web-2"]).ship([self.order(ref).number])
        (self.faults / "order_settle.armed").touch()
        with celery_app.connection_for_write(BROKERS[self.broker]) as connection, connection.Producer() as producer:
            orders_move_due.apply_async(producer=producer)  # as the beat sends it: to the task's own queue
        task, victim = self.kill_the_holder("order_settle")
        check(self.entries(f"order_settled:{self.order(ref).pk}") == 0, "the killed worker's settlement was kept")
        redone = self.redelivered(task)
        check("'settle': 1" in redone["result"], f"the task delivered again did not settle: {redone}")
        order = self.order(ref)
        check(
            order.status == OrderStatus.COMPLETED and self.entries(f"order_settled:{order.pk}") == 1,
            "not settled exactly once",
        )
        self.say(
            f"order {order.number}: its worker ({victim}) killed (kill -9) inside the settlement, before the commit; "
            f"task {task[:8]} delivered again to {redone['worker']}, which settled it once"
        )
        self.fleet.beat("beat-1")

    def kill_the_holder(self, point: str) -> tuple[str, str]:
        """Waits for a worker to hold the armed pause point, kills its whole process group and starts a new worker
        in its place (the machine is replaced); returns the task id it held and the worker killed."""
        held = self.faults / f"{point}.held"
        record = wait_for(f"a worker to reach {point}", lambda: held.exists() and _json(held))
        victim = self.fleet.group_of(record["pid"])
        self.fleet.kill(victim)
        held.unlink()
        self.workers += 1
        self.fleet.worker(f"worker-{self.workers}")
        return record["task_id"], victim

    def redelivered(self, task_id: str) -> dict:
        def succeeded() -> dict | None:
            for name in self.fleet.processes:
                if name.startswith("worker"):
                    for line in self.fleet.log_lines(name):
                        message = line.get("message", "")
                        if f"[{task_id}] succeeded" in message:
                            return {"worker": name, "result": message.split(": ", 1)[-1]}
            return None

        return wait_for(f"task {task_id} to be delivered again", succeeded)

    def two_beats(self) -> None:
        from apps.orders.models import Order

        self.fleet.beat("beat-2")
        wait_for("the second beat to send", lambda: self._beat_sent("beat-2") >= 2)
        refs = [self.place() for _ in range(3)]
        for ref in refs:
            check(self.pick(ref)["code"] == 1, "pickup refused")
        Operator(self.web["web-1"]).ship([self.order(ref).number for ref in refs])
        self.wait_status(refs, OrderStatus.COMPLETED, "the orders to settle under two beats")
        self.fleet.stop("beat-2")
        sent = self._beat_sent("beat-2")
        for order in Order.objects.filter(external_ref__in=refs):
            check(self.entries(f"order_settled:{order.pk}") == 1, f"order {order.number} settled more than once")
        self.say(f"a second beat beside the first sent orders-move-due {sent} more times; 3 orders settled once each")

    def _beat_sent(self, beat: str) -> int:
        return sum("Sending due task orders-move-due" in line.get("message", "") for line in self.fleet.log_lines(beat))

    def web_killed_under_load(self) -> None:
        from apps.orders.models import Order

        refs = [self.place() for _ in range(24)]
        keys = {ref: uuid.uuid4().hex for ref in refs}
        bases = [self.web["web-1"], self.web["web-2"]]

        def pick(index_ref: tuple[int, str]) -> tuple[str, str]:
            index, ref = index_ref
            try:
                body = self.pick(ref, base=bases[index % 2], key=keys[ref])
                return ref, "accepted" if body["code"] == 1 else f"refused {body}"
            except requests.RequestException:
                return ref, "cut off"

        with ThreadPoolExecutor(8) as pool:
            futures = [pool.submit(pick, item) for item in enumerate(refs)]
            wait_for("the first pickups", lambda: sum(future.done() for future in futures) >= 6)
            self.fleet.kill("web-1")  # with 8 pickups in flight, half of them on web-1
            outcome = dict(future.result() for future in futures)
        accepted = [ref for ref, state in outcome.items() if state == "accepted"]
        cut = [ref for ref, state in outcome.items() if state == "cut off"]
        check(len(accepted) + len(cut) == len(refs), f"a pickup was refused: {outcome}")
        check(cut, "web-1 was killed after the load ended: nothing was cut off")
        lost = Order.objects.filter(external_ref__in=accepted).exclude(status=OrderStatus.AWAITING_SHIPMENT).count()
        check(lost == 0, f"{lost} accepted pickups were lost")
        for ref in cut:  # the app does what a phone does: sends again, with the same key, to a web that answers
            again = self.pick(ref, base=self.web["web-2"], key=keys[ref])
            check(again["code"] == 1, f"the pickup sent again was refused: {again}")
        for order in Order.objects.filter(external_ref__in=refs):
            check(
                order.status == OrderStatus.AWAITING_SHIPMENT and self.entries(f"pickup:{order.pk}") == 1, order.number
            )
        self.say(
            f"web-1 killed (kill -9) under {len(refs)} pickups: {len(accepted)} accepted were all kept, "
            f"{len(cut)} cut off were sent again with their Idempotency-Key and happened once"
        )
        self.fleet.web("web-1", self.ports["web-1"])
        wait_for("web-1 back", lambda: _ready(self.web["web-1"]))

    # --- behind nginx (deploy/nginx/) ---
    def _nginx_configured(self) -> Nginx:
        """nginx in front of both web processes; the app told it is behind one proxy, that its site is nginx's
        address and that the workers purge nginx's cache."""
        upstreams = [f"127.0.0.1:{port}" for port in self.ports.values()]
        nginx = Nginx(self.fleet.folder / "nginx", upstreams, Path(self.fleet.env["STATIC_ROOT"]))
        self.fleet.env.update(NUM_PROXIES="1", APP_URL=nginx.base, STOREFRONT_PURGE_URLS=nginx.purge_url)
        return nginx

    def _app_lines(self, path: str) -> int:
        """Request lines the web processes logged for `path`: what the app itself answered."""
        return sum(
            line.get("logger") == "apps.requests" and line.get("path") == path
            for name in ("web-1", "web-2")
            for line in self.fleet.log_lines(name)
        )

    def behind_nginx(self) -> None:
        from apps.catalog.models import ShopGoods
        from apps.shop.models import Shop
        from tests.factories import ProductFactory, ShopGoodsFactory

        started = time.monotonic()
        self.nginx.render()
        self.nginx.check()
        self.fleet.start("nginx", *self.nginx.argv())
        wait_for("nginx", self.nginx.answers)
        shop = Shop.objects.get(pk=self.world.shop_id)
        product = ProductFactory(title_en=f"Smoke lamp {self.broker}", retail_price=Decimal("30.00"), stock=1000)
        goods = ShopGoodsFactory(merchant_id=shop.merchant_id, product=product)
        page = f"{shop.get_absolute_url()}?lang=en"
        buyer = requests.Session()

        def visit() -> requests.Response:
            answer = buyer.get(self.nginx.base + page, timeout=30)
            check(answer.status_code == 200, f"the shop page through nginx answered {answer.status_code}")
            return answer

        first, logged = visit(), self._app_lines(shop.get_absolute_url())
        second = visit()
        check(
            first.headers.get("X-Cache-Status") == "MISS" and second.headers.get("X-Cache-Status") == "HIT",
            "the shop page was not served from nginx's cache the second time: X-Cache-Status "
            f"{first.headers.get('X-Cache-Status')}, {second.headers.get('X-Cache-Status')}; the app answered "
            f"Cache-Control {first.headers.get('Cache-Control')!r}, Set-Cookie {first.headers.get('Set-Cookie')!r}, "
            f"Vary {first.headers.get('Vary')!r} (the pages' cache headers: docs/operations.md, Behind nginx)",
        )
        check(product.title_en in second.text and "Set-Cookie" not in second.headers, "the cached page is not it")
        check(self._app_lines(shop.get_absolute_url()) == logged, "the web processes were asked for the cached page")

        # The merchant takes the lamp off the shelf: the shop's pages are purged, the next visit shows it gone.
        self.merchant.sign_in(self.world.account, self.world.password)
        taken = self.merchant.call("POST", "product/setSwitch", json={"id": goods.pk, "on_shelf": False})
        check(taken["code"] == 1, f"setSwitch refused: {taken}")
        changed_at = time.monotonic()

        def purged() -> requests.Response | None:
            answer = visit()
            return answer if answer.headers.get("X-Cache-Status") != "HIT" else None

        changed = wait_for("the shop page to be purged", purged)
        purge_seconds = time.monotonic() - changed_at
        check(product.title_en not in changed.text, "the page after the purge still shows the product off the shelf")

        # A buyer's POST and cart are the app's: the lamp back on the shelf, added to a cart, seen in the cart.
        back = self.merchant.call("POST", "product/setSwitch", json={"id": goods.pk, "on_shelf": True})
        check(back["code"] == 1, f"setSwitch refused: {back}")
        buyer.get(f"{self.nginx.base}/account/sign-in/?lang=en", timeout=30)  # the CSRF cookie
        form = {"goods": goods.pk, "quantity": 1, "csrfmiddlewaretoken": buyer.cookies.get("csrftoken", "")}
        added = buyer.post(f"{self.nginx.base}{shop.get_absolute_url()}cart/add?lang=en", data=form, timeout=30)
        check(
            added.history and added.history[0].status_code == 303 and "X-Cache-Status" not in added.history[0].headers,
            f"adding to the cart through nginx answered {[a.status_code for a in added.history] or added.status_code}",
        )
        check(
            added.headers.get("X-Cache-Status") == "BYPASS" and product.title_en in added.text,
            "the buyer's cart (with the session's cookie) did not come from the app",
        )
        check(ShopGoods.objects.filter(pk=goods.pk, on_shelf=True).exists(), "the lamp is not back on the shelf")
        asset = self._static_asset()
        static = requests.get(f"{self.nginx.base}/static/{asset}", headers={"Accept-Encoding": "gzip"}, timeout=30)
        check(
            static.status_code == 200 and "immutable" in static.headers.get("Cache-Control", ""),
            f"nginx did not serve /static/{asset} with a long cache: {static.status_code} {static.headers}",
        )
        self.say(
            "nginx in front of both web processes: the shop page MISS then HIT (the app not asked again); a product "
            f"taken off the shelf through the API purged it ({purge_seconds:.1f} s after the change); a POST to the "
            f"cart and the cart with its session reached the app; /static/ from nginx "
            f"({time.monotonic() - started:.1f} s)"
        )

    def _static_asset(self) -> str:
        root = Path(self.fleet.env["STATIC_ROOT"])
        found = next(path for path in root.rglob("*.css") if re.search(r"\.[0-9a-f]{12}\.css$", path.name))
        return str(found.relative_to(root))

    def requests_logged(self) -> None:
        lines = [line for line in self.fleet.log_lines("web-2") if line.get("logger") == "apps.requests"]
        check(lines and all(line.get("request_id") and line.get("status") for line in lines), "request lines missing")
        self.say(f"web-2 wrote {len(lines)} JSON request lines, each with its request id, status and duration")

    def run(self) -> None:
        started = time.monotonic()
        self.start()
        self.behind_nginx()
        self.storefront_reads_through_the_replica()
        self.deposit_with_a_kill_after_commit()
        self.order_to_settlement()
        self.settlement_with_a_kill_before_commit()
        self.two_beats()
        self.web_killed_under_load()
        self.requests_logged()
        self.say(f"done in {time.monotonic() - started:.0f} s")


def _ready(base: str) -> bool:
    with contextlib.suppress(requests.RequestException):
        return requests.get(f"{base}/readyz", timeout=5).status_code == 200
    return False


def _json(path: Path) -> dict | None:
    with contextlib.suppress(ValueError):
        return json.loads(path.read_text())
    return None


def environment(folder: Path, broker_url: str, servers: "Servers") -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "DJANGO_SECRET_KEY": "prod-smoke-" + uuid.uuid4().hex,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DATABASE_URL": servers.primary.url(DATABASE),
        "DATABASE_REPLICA_URL": servers.replica.url(DATABASE),
        "REDIS_URL": f"{REDIS}/13",
        "CELERY_BROKER_URL": broker_url,
        # Redis gives a dead worker's task to another after the visibility timeout: short here, an hour by default.
        "CELERY_BROKER_TRANSPORT_OPTIONS": json.dumps(
            {"visibility_timeout": 8, "unacked_restore_interval": 1, "unacked_restore_throttle": 1}
        ),
        "THIRD_PARTY_SECRET": "prod-smoke-third-party-secret",
        "STRIPE_SECRET_KEY": "sk_test_prod_smoke",  # Stripe is not called: the smoke places orders through the intake
        "STRIPE_WEBHOOK_SECRET": "whsec_prod_smoke",
        "WEBPUSH_VAPID_PRIVATE_KEY": "3nZcqjp4pH_6-RDZl-G26Dl1h71SWJvmQ2kqGUvW_VA",  # the tests' (config.settings.test)
        "WEBPUSH_SUBJECT": "mailto:prod-smoke@example.com",
        "SECURE_SSL_REDIRECT": "false",
        "SECURE_COOKIES": "false",
        "ADMIN_REQUIRE_OTP": "false",
        "MEDIA_ROOT": str(folder / "media"),
        "STATIC_ROOT": str(folder / "static"),
        "ORDER_RECEIVE_DAYS_AFTER_SHIPMENT": "0",
        "ORDER_SETTLEMENT_DELAY_DAYS": "0",
        "BEAT_ORDERS_MOVE_DUE_SECONDS": "2",
        "BEAT_CHAIN_DEPOSITS_SECONDS": "2",
        "FAULT_PAUSE_DIR": str(folder / "faults"),
        "WEB_CONCURRENCY": "2",
        "LOG_FORMAT": "json",
    }


def fresh_services(broker: str, broker_url: str) -> None:
    redis.Redis.from_url(f"{REDIS}/13").flushdb()
    if broker == "redis":
        redis.Redis.from_url(broker_url).flushdb()
    else:
        from kombu import Connection, Exchange, Queue

        with Connection(broker_url) as connection:
            for name in QUEUES.split(","):
                Queue(name, Exchange(name), routing_key=name)(connection.default_channel).declare()
                Queue(name, Exchange(name), routing_key=name)(connection.default_channel).purge()


def main() -> int:
    parser = argparse.ArgumentParser(description="The production shape, started for real and killed mid-task.")
    parser.add_argument("--broker", action="append", choices=sorted(BROKERS))
    brokers = parser.parse_args().broker or ["redis", "rabbitmq"]
    started = time.monotonic()
    with pg_cluster.primary_and_replica() as (primary, replica):
        servers = Servers(primary, replica)
        return smoke(
            brokers, servers, [f"a PostgreSQL primary and its streaming replica in {time.monotonic() - started:.0f} s"]
        )


def smoke(brokers: list[str], servers: "Servers", report: list[str]) -> int:
    folder = Path(tempfile.mkdtemp(prefix="prod-smoke-"))
    started = time.monotonic()
    with psycopg.connect(servers.primary.url("postgres"), autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
        admin.execute(f"CREATE DATABASE {DATABASE}")
    env = environment(folder, BROKERS[brokers[0]], servers)
    os.environ.update(env)
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "collectstatic", "--noinput", "-v", "0")
    report.append(f"migrated {DATABASE} and collected static files in {time.monotonic() - started:.0f} s")

    import django

    django.setup()
    rpc_port = free_port()
    node = Fleet(folder, env)
    node.start("chain-node", PY, "-m", "tests.prod.chain_node", "--port", str(rpc_port))
    rpc = f"http://127.0.0.1:{rpc_port}"
    try:
        wait_for("the chain node", lambda: _node_answers(rpc))
        world = setup_world(rpc)
        for broker in brokers:
            fresh_services(broker, BROKERS[broker])
            fleet = Fleet(folder / broker, environment(folder, BROKERS[broker], servers))
            fleet.folder.mkdir()
            (fleet.folder / "faults").mkdir()
            fleet.env["FAULT_PAUSE_DIR"] = str(fleet.folder / "faults")
            try:
                Smoke(broker, fleet, world, rpc, report, servers).run()
            finally:
                fleet.stop_all()
        for command in ("check_ledger", "check_figures"):
            manage(env, command)
            report.append(f"manage.py {command}: no difference")
    except RunFailedError as failure:
        print(f"\nprod-smoke FAILED: {failure}\nlogs in {folder}", file=sys.stderr)
        return 1
    finally:
        node.stop_all()
    print("\nprod-smoke passed in {:.0f} s\n  {}".format(time.monotonic() - started, "\n  ".join(report)))
    shutil.rmtree(folder)  # the logs are kept when it fails
    return 0


def _node_answers(rpc: str) -> bool:
    with contextlib.suppress(requests.RequestException):
        return requests.post(rpc, json={"jsonrpc": "2.0", "id": 1, "method": "eth_blockNumber"}, timeout=2).ok
    return False


if __name__ == "__main__":
    sys.exit(main())
