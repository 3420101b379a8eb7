"""apps.core.cache.RedisCache against the local Redis: Django's backend, one client per server."""

import threading

import pytest

from apps.core.cache import RedisCache
from config.settings.base import cache_from

REDIS = "redis://127.0.0.1:6379/13"


@pytest.fixture
def cache():
    cache = RedisCache(REDIS, {"KEY_PREFIX": "test-core-cache"})
    yield cache
    cache.clear()


def test_it_reads_and_writes_like_djangos_backend_with_one_client(cache):
    cache.set("page", {"total": 3, "list": [1, 2, 3]}, 30)
    assert cache.get("page") == {"total": 3, "list": [1, 2, 3]}
    assert cache.add("hits", 0, 30) and not cache.add("hits", 5, 30)

    def count() -> None:
        for _ in range(50):
            cache.incr("hits")

    threads = [threading.Thread(target=count) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert cache.get("hits") == 200
    cache.delete("page")
    assert cache.get("page") is None
    assert cache._cache.get_client() is cache._cache.get_client(write=True)


def test_a_redis_url_selects_it(monkeypatch):
    monkeypatch.setenv("PROBE_CACHE_URL", REDIS)
    assert cache_from("PROBE_CACHE_URL")["BACKEND"] == "apps.core.cache.RedisCache"
    monkeypatch.setenv("PROBE_CACHE_URL", "locmemcache://")
    assert cache_from("PROBE_CACHE_URL")["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"
