"""Storefront reads off the primary (apps.core.replica), against a real streaming replica: the module starts a
PostgreSQL cluster of its own from this machine's packages, loads the test database into it (pg_dump), and streams it
to a replica made by pg_basebackup (tests/pg_cluster.py); Django's `default` points at that primary for the module and
the `replica` alias at the replica. The anonymous shop, product and search pages read from the replica, the merchant
API never does; a buyer's own writes (cart, checkout) are read back from the primary; a replica that lags past its bound
(replay paused) or is down (stopped, or stopped under a page) leaves the pages on the primary, answering 200."""

import subprocess
import time
from dataclasses import dataclass

import pytest
import time_machine
from django.conf import settings as django_settings
from django.db import connections
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from psycopg.conninfo import make_conninfo

from apps.core import replica
from apps.core.replica import OWN_WRITES_COOKIE, REPLICA
from apps.shop.models import Shop
from apps.storefront.cache import shops_changed
from apps.storefront.models import BuyerOrder
from tests.factories import LevelFactory, MerchantFactory, ProductFactory, ShopGoodsFactory
from tests.pg_cluster import Cluster, bin_folder, caught_up, primary_and_replica, streaming, wait_until
from tests.storefront.checkout import buy, cart_url, csrf

# Real commits (the replica sees only those), flushed after each test; "__all__": the `replica` alias too.
pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True, databases="__all__")]


@dataclass
class Pair:
    primary: Cluster
    replica: Cluster

    def caught_up(self) -> None:
        wait_until("the replica to catch up", lambda: caught_up(self.primary, self.replica))

    def pause(self) -> None:
        self.replica.sql("SELECT pg_wal_replay_pause()")

    def resume(self) -> None:
        self.replica.sql("SELECT pg_wal_replay_resume()")
        self.caught_up()


@pytest.fixture(scope="module")
def pair(django_db_setup, django_db_blocker):
    """The test database on a primary of the module's own, streamed to a replica; Django reads and writes there."""
    with django_db_blocker.unblock(), primary_and_replica() as (primary, standby):
        default = connections["default"].settings_dict
        name = default["NAME"]
        primary.sql(f'CREATE DATABASE "{name}"')
        given = {
            "host": default["HOST"],
            "port": default["PORT"],
            "user": default["USER"],
            "password": default["PASSWORD"],
        }
        source = make_conninfo(dbname=name, **{key: str(value) for key, value in given.items() if value})
        dump = subprocess.run([str(bin_folder() / "pg_dump"), "--no-owner", source], capture_output=True, check=True)
        subprocess.run(
            [str(bin_folder() / "psql"), "-q", "-v", "ON_ERROR_STOP=1", primary.url(name)],
            input=dump.stdout,
            capture_output=True,
            check=True,
        )
        connections.close_all()
        was = {key: default[key] for key in ("HOST", "PORT", "USER", "PASSWORD")}
        default.update(HOST="127.0.0.1", PORT=str(primary.port), USER="postgres", PASSWORD="")
        django_settings.DATABASES[REPLICA] = {**default, "PORT": str(standby.port), "TEST": {"MIRROR": "default"}}
        routed = override_settings(DATABASE_ROUTERS=["apps.core.replica.ReplicaRouter"])
        routed.enable()
        try:
            yield Pair(primary, standby)
        finally:
            routed.disable()
            connections.close_all()
            del django_settings.DATABASES[REPLICA]
            default.update(was)


@pytest.fixture(autouse=True)
def _fresh_measure(pair):
    replica.health.forget()
    yield
    replica.health.forget()


@pytest.fixture
def goods(pair):
    LevelFactory(rank=1)
    goods = ShopGoodsFactory(merchant=MerchantFactory(), product=ProductFactory(title_en="Desk lamp", stock=100))
    pair.caught_up()
    return goods


def read(client: Client, url: str, **query: str):
    """GETs `url`: the answer, how many queries the page ran on the replica, and those it ran on the primary."""
    with (
        CaptureQueriesContext(connections["default"]) as on_primary,
        CaptureQueriesContext(connections[REPLICA]) as on_replica,
    ):
        response = client.get(url, {"lang": "en", **query})
    return response, len(pages(on_replica)), pages(on_primary)


def pages(captured: CaptureQueriesContext) -> list[str]:
    """The queries a page ran, without the replica's lag measure (one query on each database)."""
    return [query["sql"] for query in captured.captured_queries if "_wal_" not in query["sql"]]


def rendered_later(goods) -> time_machine.travel:
    """The shop's pages dropped from the page cache (a new version), and a clock past the time a page rendered for
    the cache just after a change reads the primary (apps.storefront.cache): the next page is rendered afresh, and
    may read the replica."""
    shops_changed({goods.merchant.shop.pk})
    return time_machine.travel(time.time() + replica.read_your_writes_seconds() + 1, tick=True)


def shop_url(goods) -> str:
    return goods.merchant.shop.get_absolute_url()


def goods_url(goods) -> str:
    return f"{shop_url(goods)}g/{goods.pk}/"


def test_anonymous_storefront_pages_read_from_the_replica_and_the_api_never(pair, goods, api):
    for url, query in ((shop_url(goods), {}), (goods_url(goods), {}), (shop_url(goods), {"q": "lamp"})):
        read(Client(), url, **query)  # the catalogue's cache filled, from the primary (apps.core.cached)
        with rendered_later(goods):
            response, on_replica, on_primary = read(Client(), url, **query)
        assert response.status_code == 200
        assert "Desk lamp" in response.content.decode()
        assert on_replica > 0
        assert on_primary == []  # the shop, its goods, its categories, its figures: all from the replica

    api.login_as(goods.merchant)
    with CaptureQueriesContext(connections[REPLICA]) as on_replica:
        answer = api.get("/merchant/product/manage")
    assert answer.json()["code"] == 1
    assert on_replica.captured_queries == []


def welcome(goods, message: str) -> None:
    Shop.objects.filter(pk=goods.merchant.shop.pk).update(welcome_message=message)


def test_a_lagging_replica_is_left_for_the_primary(pair, goods, settings):
    welcome(goods, "Hello, buyers!")
    pair.caught_up()
    settings.DATABASE_REPLICA_MAX_LAG = 60
    pair.pause()
    try:
        welcome(goods, "Welcome back!")
        # Right after the change, the page kept in the cache is rendered from the primary: the new message.
        response, on_replica, _ = read(Client(), shop_url(goods))
        assert "Welcome back!" in response.content.decode() and on_replica == 0
        # Rendered later, the page reads the replica while it is behind within its bound: the older message.
        with rendered_later(goods):
            response, on_replica, _ = read(Client(), shop_url(goods))
        assert "Hello, buyers!" in response.content.decode() and on_replica > 0

        settings.DATABASE_REPLICA_MAX_LAG = 0.5
        time.sleep(max(0.6, settings.DATABASE_REPLICA_CHECK_SECONDS))  # the last replayed commit ages past the bound
        with rendered_later(goods):
            response, on_replica, _ = read(Client(), shop_url(goods))
        assert response.status_code == 200
        assert "Welcome back!" in response.content.decode() and on_replica == 0
    finally:
        pair.resume()
    replica.health.forget()
    with rendered_later(goods):
        response, on_replica, _ = read(Client(), shop_url(goods))
    assert "Welcome back!" in response.content.decode() and on_replica > 0


def test_a_buyer_reads_own_cart_and_order_back_from_the_primary(pair, goods, settings):
    settings.DATABASE_REPLICA_MAX_LAG = 60  # the replica stays in use for everyone else while it replays nothing
    buyer = Client(HTTP_ACCEPT_LANGUAGE="en", enforce_csrf_checks=True)
    token = csrf(buyer, goods_url(goods))
    assert token and OWN_WRITES_COOKIE not in buyer.cookies  # the page's session request counts the visit: a GET
    pair.pause()
    try:
        buyer_order = buy(buyer, goods, quantity=2)
        cookie = buyer.cookies[OWN_WRITES_COOKIE]
        assert cookie["max-age"] == replica.read_your_writes_seconds()
        assert not BuyerOrder.objects.using(REPLICA).filter(pk=buyer_order.pk).exists()

        page, on_replica, _ = read(buyer, f"/o/{buyer_order.token}/")
        assert page.status_code == 200 and buyer_order.order.number in page.content.decode()
        assert on_replica == 0
        # Someone else's page of the same shop still comes from the replica.
        with rendered_later(goods):
            response, on_replica, _ = read(Client(), shop_url(goods))
        assert response.status_code == 200 and on_replica > 0
    finally:
        pair.resume()

    del buyer.cookies[OWN_WRITES_COOKIE]  # the window over (its max-age), the order page is the replica's too
    page, on_replica, _ = read(buyer, f"/o/{buyer_order.token}/")
    assert buyer_order.order.number in page.content.decode() and on_replica > 0
    cart, on_replica, _ = read(buyer, cart_url(goods))
    assert cart.status_code == 200 and on_replica > 0


def test_a_replica_down_leaves_the_pages_on_the_primary(pair, goods, settings):
    settings.DATABASE_REPLICA_CHECK_SECONDS = 60  # measured fresh once, then not again for a minute...
    with rendered_later(goods):
        response, on_replica, _ = read(Client(), shop_url(goods))
    assert on_replica > 0
    pair.replica.stop()
    try:
        # ...so the next page starts on the replica, which is gone: it runs again on the primary.
        with rendered_later(goods):
            response = Client().get(shop_url(goods), {"lang": "en"})
        assert response.status_code == 200 and "Desk lamp" in response.content.decode()
        for url, query in ((shop_url(goods), {}), (goods_url(goods), {}), (shop_url(goods), {"q": "lamp"})):
            response = Client().get(url, {"lang": "en", **query})
            assert response.status_code == 200 and "Desk lamp" in response.content.decode()
        assert replica.health.lag is None  # measured again after the failure: unreachable
    finally:
        pair.replica.start()
        wait_until("the replica to stream again", lambda: streaming(pair.primary))
        pair.caught_up()
    replica.health.forget()
    with rendered_later(goods):
        response, on_replica, _ = read(Client(), shop_url(goods))
    assert response.status_code == 200 and on_replica > 0
