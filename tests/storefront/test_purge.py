"""The storefront behind nginx (deploy/nginx/, docs/operations.md "Behind nginx"): what Debian's nginx with the
production rules stores and never stores, and the purge of a shop's pages when `shop_pages_changed` is sent, against
a real nginx (tests/prod/nginx.py) in front of a small web server that answers as the contract between the pages and
the cache says (Cache-Control public with s-maxage, an ETag, 304 to If-None-Match), and against a plain HTTP server
that records the PURGE requests."""

import http.server
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import requests
from django.core.cache import cache
from django.test import RequestFactory, override_settings

from apps.core.i18n import NATIVE_NAMES
from apps.core.throttles import client_ip
from apps.storefront import purge
from apps.storefront.signals import shop_pages_changed
from tests.factories import CategoryFactory, MerchantFactory, ProductFactory, ShopGoodsFactory
from tests.prod import nginx as nginx_run

needs_nginx = pytest.mark.skipif(
    not nginx_run.installed(), reason="needs nginx and libnginx-mod-http-cache-purge (make test installs them)"
)


@dataclass
class Recorder:
    """A web server's side of the requests it was sent: (method, path, headers)."""

    seen: list[tuple[str, str, dict[str, str]]] = field(default_factory=list)
    purge_status: int = 200

    def paths(self, method: str) -> list[str]:
        return [path for seen_method, path, _headers in self.seen if seen_method == method]


def serve(recorder: Recorder) -> http.server.ThreadingHTTPServer:
    class Handler(http.server.BaseHTTPRequestHandler):
        """As the app answers: a storefront page is public for a while (s-maxage 600, or 1 for a slug starting
        "brief"), with an ETag that answers 304; a slug starting "cookie" sets a cookie, "private" answers private,
        "old" redirects (publicly cacheable). Anything else is private. The body tells how many requests came."""

        protocol_version = "HTTP/1.1"

        def _answer(self, body: bytes = b"") -> None:
            recorder.seen.append((self.command, self.path, dict(self.headers)))
            path = urlsplit(self.path).path
            slug = path.split("/")[2] if path.startswith("/s/") else ""
            status, headers = 200, {"Cache-Control": "public, max-age=60, s-maxage=600", "ETag": '"v1"'}
            if not slug:
                headers = {"Cache-Control": "private, no-store"}
            elif slug.startswith("brief"):
                headers["Cache-Control"] = "public, max-age=1, s-maxage=1"
            elif slug.startswith("cookie"):
                headers["Set-Cookie"] = "sessionid=abc; HttpOnly"
            elif slug.startswith("private"):
                headers["Cache-Control"] = "private"
            elif slug.startswith("old"):
                status, headers["Location"] = 301, "/s/new-1/?lang=en"
            if self.command == "GET" and self.headers.get("If-None-Match") == headers.get("ETag"):
                status = 304
            body = body or f"{self.command} {self.path} answer {len(recorder.seen)}".encode()
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", "0" if status == 304 else str(len(body)))
            self.end_headers()
            if status != 304 and self.command != "HEAD":
                self.wfile.write(body)

        def do_GET(self) -> None:
            self._answer()

        def do_HEAD(self) -> None:
            self._answer()

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            self._answer()

        def do_PURGE(self) -> None:  # as a cache's purge listener
            recorder.seen.append((self.command, self.path, dict(self.headers)))
            self.send_response(recorder.purge_status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture(scope="module")
def app() -> Iterator[Recorder]:
    recorder = Recorder()
    server = serve(recorder)
    recorder.address = f"127.0.0.1:{server.server_port}"  # type: ignore[attr-defined]
    yield recorder
    server.shutdown()


@pytest.fixture(scope="module")
def proxy(app: Recorder, tmp_path_factory: pytest.TempPathFactory) -> Iterator[nginx_run.Nginx]:
    if not nginx_run.installed():
        pytest.skip("needs nginx and libnginx-mod-http-cache-purge")
    folder = tmp_path_factory.mktemp("nginx")
    with nginx_run.running(nginx_run.Nginx(folder, [app.address], folder / "static")) as running:  # type: ignore[attr-defined]
        yield running


def get(proxy: nginx_run.Nginx, address: str, **kwargs: object) -> requests.Response:
    return requests.get(proxy.base + address, timeout=10, allow_redirects=False, **kwargs)  # type: ignore[arg-type]


def cache_status(proxy: nginx_run.Nginx, address: str) -> str:
    return get(proxy, address).headers["X-Cache-Status"]


@needs_nginx
@pytest.mark.parametrize(
    "address",
    ["/s/demo-shop-101/?lang=en", "/s/demo-shop-101/?lang=zh-CN&category=4", "/s/demo-shop-101/g/7/?lang=tai"],
)
def test_a_page_is_served_from_the_cache_after_the_first_request(proxy, app, address):
    first = get(proxy, address)
    asked = len(app.paths("GET"))
    second = get(proxy, address)
    assert (first.headers["X-Cache-Status"], second.headers["X-Cache-Status"]) == ("MISS", "HIT")
    assert second.text == first.text and len(app.paths("GET")) == asked  # the app was not asked again
    # Another slug of the same shop (the name it had) is the same key: the id names the shop.
    assert cache_status(proxy, address.replace("demo-shop-101", "old-name-101")) == "HIT"


@needs_nginx
@pytest.mark.parametrize(
    "address",
    [
        "/s/demo-shop-102/?lang=en&q=shoes",  # a search
        "/s/demo-shop-102/?lang=en&category=4&page=2",  # a page 2
        "/s/demo-shop-102/?lang=en&utm_source=x",  # anything more in the address
        "/s/demo-shop-102/",  # no language: the page may follow the browser's
        "/s/demo-shop-102/g/7/?lang=en&category=4",
        "/s/demo-shop-102/cart/?lang=en",
        "/merchant/merchant/info",  # the API
        "/admin/",
        "/account/?lang=en",
        "/o/" + "a" * 43 + "/?lang=en",  # an order page
    ],
)
def test_other_addresses_always_reach_the_app(proxy, app, address):
    before = len(app.paths("GET"))
    assert [cache_status(proxy, address) for _ in range(2)] == ["BYPASS", "BYPASS"]
    assert len(app.paths("GET")) == before + 2


@needs_nginx
@pytest.mark.parametrize("slug", ["cookie-103", "private-104", "old-105"])
def test_an_answer_with_a_cookie_private_or_not_a_page_is_not_stored(proxy, app, slug):
    address = f"/s/{slug}/?lang=en"
    before = len(app.paths("GET"))
    assert [cache_status(proxy, address) for _ in range(2)] == ["MISS", "MISS"]
    assert len(app.paths("GET")) == before + 2


@needs_nginx
def test_a_post_and_a_buyer_with_a_session_reach_the_app(proxy, app):
    address = "/s/demo-shop-106/?lang=en"
    get(proxy, address)
    before = len(app.seen)
    posted = requests.post(proxy.base + address, data={"quantity": "1"}, timeout=10)
    assert "X-Cache-Status" not in posted.headers and app.seen[-1][0] == "POST"  # the cache is not even looked at
    # The cart's page, with the session's cookie, is the app's.
    cart = get(proxy, "/s/demo-shop-106/cart/?lang=en", cookies={"sessionid": "abc"})
    assert cart.headers["X-Cache-Status"] == "BYPASS" and app.seen[-1][2].get("Cookie") == "sessionid=abc"
    assert len(app.seen) == before + 2


@needs_nginx
def test_an_expired_page_is_revalidated_with_its_etag(proxy, app):
    address = "/s/brief-107/?lang=en"
    assert cache_status(proxy, address) == "MISS"
    threading.Event().wait(2.1)  # past its s-maxage of 1 s
    before = len(app.seen)
    # The request that finds it expired is served the stored page while nginx asks the app again, with its ETag;
    # the app's 304 keeps the page, nothing rendered.
    assert cache_status(proxy, address) == "STALE"
    for _ in range(50):
        if len(app.seen) > before:
            break
        threading.Event().wait(0.05)
    assert app.seen[before][2]["If-None-Match"] == '"v1"'
    assert cache_status(proxy, address) == "HIT"


@needs_nginx
def test_the_app_sees_the_client_as_nginx_does(proxy, app):
    """nginx appends the address it took the request from to X-Forwarded-For; with NUM_PROXIES=1 the app's client is
    that one, never what the client wrote."""
    get(proxy, "/merchant/merchant/info", headers={"X-Forwarded-For": "203.0.113.9", "X-Request-ID": "mine-12345"})
    headers = app.seen[-1][2]
    assert headers["X-Forwarded-For"] == "203.0.113.9, 127.0.0.1" and headers["X-Forwarded-Proto"] == "http"
    assert len(headers["X-Request-ID"]) == 32 and headers["X-Request-ID"] != "mine-12345"
    request = RequestFactory().get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=headers["X-Forwarded-For"])
    with override_settings(NUM_PROXIES=1):
        assert client_ip(request) == "127.0.0.1"


# ---------- the purge ----------
def shop_with_goods() -> tuple[object, list[int], list[int]]:
    """A shop with two listings in two categories, one of them off the shelf."""
    merchant = MerchantFactory()
    goods = [
        ShopGoodsFactory(merchant=merchant, product=ProductFactory(category=CategoryFactory())),
        ShopGoodsFactory(merchant=merchant, product=ProductFactory(category=CategoryFactory()), on_shelf=False),
    ]
    return merchant.shop, [g.pk for g in goods], sorted(g.product.category_id for g in goods)


@pytest.mark.django_db
def test_the_purge_sends_every_address_of_the_shop_with_the_sites_host(app, django_capture_on_commit_callbacks):
    shop, goods_ids, category_ids = shop_with_goods()
    before = len(app.seen)
    site = override_settings(STOREFRONT_PURGE_URLS=[f"http://{app.address}/"], APP_URL="https://shop.example.com")
    with site, django_capture_on_commit_callbacks(execute=True):
        shop_pages_changed.send(sender=None, shop_id=shop.pk)
    sent = app.seen[before:]
    assert {(method, headers["Host"]) for method, _path, headers in sent} == {("PURGE", "shop.example.com")}
    page, expected = shop.get_absolute_url(), set()
    for code in NATIVE_NAMES:
        expected |= {f"{page}?lang={code}", *(f"{page}?lang={code}&category={c}" for c in category_ids)}
        expected |= {f"{page}g/{goods_id}/?lang={code}" for goods_id in goods_ids}
    assert sorted(path for _method, path, _headers in sent) == sorted(expected)
    assert len(expected) == 7 * 5


@pytest.mark.django_db
def test_without_caches_nothing_is_queued(app, django_capture_on_commit_callbacks):
    shop, _goods, _categories = shop_with_goods()
    with django_capture_on_commit_callbacks() as callbacks:
        shop_pages_changed.send(sender=None, shop_id=shop.pk)
    assert callbacks == []


@pytest.mark.django_db
def test_a_purge_waiting_covers_the_next_changes(app, django_capture_on_commit_callbacks):
    shop, _goods, _categories = shop_with_goods()
    before = len(app.seen)
    with override_settings(STOREFRONT_PURGE_URLS=[f"http://{app.address}"]):
        cache.add(purge._waiting_key(shop.pk), 1, 60)  # queued, not started
        with django_capture_on_commit_callbacks(execute=True):
            shop_pages_changed.send(sender=None, shop_id=shop.pk)
        assert len(app.seen) == before
        purge.shop_pages_purge(shop_id=shop.pk)  # it starts: a change from now on queues another
        with django_capture_on_commit_callbacks(execute=True):
            shop_pages_changed.send(sender=None, shop_id=shop.pk)
    assert len(app.seen) == before + 2 * 7 * 5


@pytest.mark.django_db
def test_a_cache_that_refuses_the_purge_fails_the_task(app):
    shop, _goods, _categories = shop_with_goods()
    app.purge_status = 403
    try:
        with override_settings(STOREFRONT_PURGE_URLS=[f"http://{app.address}"]), pytest.raises(requests.HTTPError):
            purge.shop_pages_purge(shop_id=shop.pk)
    finally:
        app.purge_status = 200


@needs_nginx
@pytest.mark.django_db
def test_a_change_purges_the_shops_pages_from_nginx(proxy, app, django_capture_on_commit_callbacks):
    shop, goods_ids, category_ids = shop_with_goods()
    other, other_goods, _categories = shop_with_goods()
    pages = [
        f"{shop.get_absolute_url()}?lang=en",
        f"{shop.get_absolute_url()}?lang=ri&category={category_ids[1]}",
        f"{shop.get_absolute_url()}g/{goods_ids[1]}/?lang=zh-Hant",
    ]
    kept = f"{other.get_absolute_url()}g/{other_goods[0]}/?lang=en"
    for address in [*pages, kept]:
        get(proxy, address)
        assert cache_status(proxy, address) == "HIT"
    with override_settings(STOREFRONT_PURGE_URLS=[proxy.purge_url], APP_URL=proxy.base):
        with django_capture_on_commit_callbacks(execute=True):
            shop_pages_changed.send(sender=None, shop_id=shop.pk)
        assert purge.shop_pages_purge(shop_id=shop.pk) == 0  # nothing left: each PURGE answered 404
    assert [cache_status(proxy, address) for address in pages] == ["MISS"] * 3
    assert cache_status(proxy, kept) == "HIT"


def test_the_smoke_configuration_is_valid_nginx(tmp_path: Path):
    if not nginx_run.installed():
        pytest.skip("needs nginx and libnginx-mod-http-cache-purge")
    nginx_run.Nginx(tmp_path, ["127.0.0.1:9"], tmp_path / "static").render()
    nginx_run.Nginx(tmp_path, ["127.0.0.1:9"], tmp_path / "static").check()
