"""Dropping a shop's pages from the reverse proxies' caches when they change (deploy/nginx/, docs/operations.md
"Behind nginx").

`signals.shop_pages_changed` (sent once a change to what a shop's pages show is committed) queues
`tasks.shop_pages_purge` for the shop, unless one is already waiting; the task sends `PURGE <address>` to each cache
of settings.STOREFRONT_PURGE_URLS (none by default: nothing is queued) for every address of the shop's pages that
nginx keeps: the shop page and each category's first page, and each listing's page, in every language, as the
app links to them. The Host sent is APP_URL's, the site's own, which the cache's key holds. A search or a page 2 is
never stored by nginx (deploy/nginx/storefront-http.conf), so nothing else can be stale there; a CDN in front keeps
a page until its s-maxage.

The Debian module (libnginx-mod-http-cache-purge 2.3) drops one key per request, no wildcard: a shop of 300 listings
is 7 x (1 + categories + 300) requests per cache, one connection each cache, about a second.
"""

import logging
from collections.abc import Iterator
from urllib.parse import urlsplit

import requests
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.urls import reverse
from django.utils.http import urlencode

from apps.catalog.selectors import storefront_page_ids
from apps.core.i18n import NATIVE_NAMES
from apps.shop.models import Shop

logger = logging.getLogger(__name__)

PURGE_TIMEOUT = 5  # seconds a cache may take to answer one PURGE
# A purge queued for a shop covers every change until it starts: changes meanwhile queue nothing more.
WAITING_SECONDS = 60


def _waiting_key(shop_id: int) -> str:
    return f"storefront:purge-waiting:{shop_id}"


def on_shop_pages_changed(sender: object, *, shop_id: int, **kwargs: object) -> None:
    """Receiver of signals.shop_pages_changed: queues the shop's purge once the transaction commits."""
    if settings.STOREFRONT_PURGE_URLS:
        transaction.on_commit(lambda: _queue(shop_id))


def _queue(shop_id: int) -> None:
    from .tasks import shop_pages_purge  # the task calls back into this module

    if not cache.add(_waiting_key(shop_id), 1, WAITING_SECONDS):
        return  # a purge is waiting: it will read the shop as it is now
    try:
        shop_pages_purge.delay(shop_id=shop_id)
    except Exception:  # the brokers' errors have no common class; the pages expire with their s-maxage all the same
        cache.delete(_waiting_key(shop_id))
        logger.warning("shop pages purge not queued", exc_info=True, extra={"shop_id": shop_id})


def shop_addresses(*, shop_id: int) -> Iterator[str]:
    """Every address of the shop's pages that nginx stores (path and query), in every language."""
    shop = Shop.objects.filter(pk=shop_id).first()
    if shop is None:
        return
    goods_ids, category_ids = storefront_page_ids(merchant_id=shop.merchant_id)
    page = shop.get_absolute_url()
    for code in NATIVE_NAMES:
        lang = urlencode({"lang": code})
        yield f"{page}?{lang}"
        for category_id in category_ids:
            yield f"{page}?{lang}&category={category_id}"  # as the shop page's category links are written
        for goods_id in goods_ids:
            yield f"{reverse('storefront-goods', kwargs={'slug': shop.slug, 'goods_id': goods_id})}?{lang}"


def shop_pages_purge(*, shop_id: int) -> int:
    """Sends each cache a PURGE for each of the shop's addresses; answers how many pages were dropped (a page no
    cache held answers 404). A cache that cannot be reached or refuses raises requests' error (the task retries)."""
    cache.delete(_waiting_key(shop_id))  # a change from now on queues another purge
    caches = settings.STOREFRONT_PURGE_URLS
    addresses = list(shop_addresses(shop_id=shop_id)) if caches else []
    host = urlsplit(settings.APP_URL).netloc
    dropped = 0
    with requests.Session() as http:
        for base in caches:
            for address in addresses:
                answer = http.request(
                    "PURGE", base.rstrip("/") + address, headers={"Host": host}, timeout=PURGE_TIMEOUT
                )
                if answer.status_code != 404:
                    answer.raise_for_status()
                    dropped += 1
    logger.info("shop pages purged", extra={"shop_id": shop_id, "addresses": len(addresses), "dropped": dropped})
    return dropped
