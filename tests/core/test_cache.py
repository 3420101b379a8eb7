"""apps.core.cache.RedisCache against the local Redis: Django's backend, one client per server."""

import threading
import uuid

import pytest
from django.core.cache.backends.locmem import LocMemCache

from apps.core import private
from apps.core.cache import TOKEN, RedisCache, get_under
from apps.core.cache import count as cache_count
from config.settings.base import cache_from

REDIS = "redis://127.0.0.1:6379/13"


def own_keys_deleted(cache) -> None:
    """Deletes the keys of `cache`'s prefix only: clear() would empty the database under the other test workers."""
    client = private.redis_client(cache).get_client()
    for key in client.scan_iter(match=f"{cache.key_prefix}:*"):
        client.delete(key)


def sent_by(client, monkeypatch) -> list:
    """The commands `client` sends from now on (the server's command counts also hold other test workers')."""
    sent: list = []
    execute = client.execute_command
    monkeypatch.setattr(client, "execute_command", lambda *args, **kw: sent.append(args[0]) or execute(*args, **kw))
    return sent


@pytest.fixture
def cache():
    cache = RedisCache(REDIS, {"KEY_PREFIX": f"test-core-cache-{uuid.uuid4().hex}"})
    yield cache
    own_keys_deleted(cache)


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
    assert private.redis_client(cache).get_client() is private.redis_client(cache).get_client(write=True)


def test_a_redis_url_selects_it(monkeypatch):
    monkeypatch.setenv("PROBE_CACHE_URL", REDIS)
    assert cache_from("PROBE_CACHE_URL")["BACKEND"] == "apps.core.cache.RedisCache"
    monkeypatch.setenv("PROBE_CACHE_URL", "locmemcache://")
    assert cache_from("PROBE_CACHE_URL")["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"


def test_a_counter_counts_atomically_and_expires(cache):
    def count() -> None:
        for _ in range(50):
            cache_count(cache, "window", 30)

    threads = [threading.Thread(target=count) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert cache_count(cache, "window", 30) == 201
    client = private.redis_client(cache).get_client()
    assert 0 < client.ttl(cache.make_key("window")) <= 30
    assert cache_count(LocMemCache("counter", {}), "window", 30) == 1


def test_the_default_cache_counts_in_one_command(settings, monkeypatch):
    # DRF's throttles hold django.core.cache.cache, a proxy of the configured backend; Django's add and incr would be
    # three commands (SET NX, EXISTS, INCRBY).
    prefix = f"proxy-{uuid.uuid4().hex}"
    settings.CACHES = {"default": {"BACKEND": "apps.core.cache.RedisCache", "LOCATION": REDIS, "KEY_PREFIX": prefix}}
    from django.core.cache import cache as default_cache

    sent = sent_by(private.redis_client(default_cache).get_client(), monkeypatch)
    assert cache_count(default_cache, "window", 30) == 1
    assert sent == ["EVAL"]
    own_keys_deleted(default_cache)


def test_a_value_under_a_token_is_read_in_one_command(cache, monkeypatch):
    sent = sent_by(private.redis_client(cache).get_client(), monkeypatch)
    assert get_under(cache, "gen", f"pages:{TOKEN}:p1") == (None, None)
    cache.set("gen", 7, None)
    assert get_under(cache, "gen", f"pages:{TOKEN}:p1") == (7, None)
    cache.set("pages:7:p1", {"total": 3, "list": ["人字拖"]}, 30)
    cache.set("pages:8:p1", "another generation's", 30)
    sent.clear()
    assert get_under(cache, "gen", f"pages:{TOKEN}:p1") == (7, {"total": 3, "list": ["人字拖"]})
    assert sent == ["EVAL"]  # one round trip: the script reads the token and the value under it
    cache.set("gen", 8, None)
    assert get_under(cache, "gen", f"pages:{TOKEN}:p1") == (8, "another generation's")
    other = LocMemCache("under", {})
    other.set("gen", 7)
    other.set("pages:7:p1", 12)
    assert get_under(other, "gen", f"pages:{TOKEN}:p1") == (7, 12)
