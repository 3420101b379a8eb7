"""Django's Redis cache backend, with one redis-py client per server instead of one per operation.

Django's RedisCacheClient builds a new `redis.Redis` for every get or set; each copies redis-py's ~170 response
callbacks into a case-insensitive dict, about 700 Python calls, twice per request for the throttle alone (a fifth
of a small endpoint's calls, docs/performance.md). A `redis.Redis` is safe to share between threads (each command
takes a connection from the pool), so one per server is kept, reached through Django's private helpers
(apps.core.private). Production selects it for a redis:// REDIS_URL.

`count` is the throttles' counter (apps.core.throttles.WindowMixin): one command on Redis. `get_under` reads a cached
value under a generation's current token (apps.core.cached.Generation): one command too.
"""

from typing import Any

import redis
from django.core.cache.backends import redis as django_redis
from django.core.cache.backends.base import BaseCache

from . import private

# INCR and EXPIRE as one command: one round trip, both or neither (a pipelined MULTI/EXEC costs redis-py 3 times the
# calls of one command).
_COUNT = "local n = redis.call('INCR', KEYS[1]) redis.call('EXPIRE', KEYS[1], ARGV[1]) return n"


# A token and the value stored under it, in one round trip. The token is an integer, which Django's serializer stores as
# its digits, so the script can write the value's key with it. The value's key is not among KEYS: one Redis server
# (the cache is not a Redis Cluster).
_GET_UNDER = (
    "local t = redis.call('GET', KEYS[1]) if not t then return {false, false} end "
    "return {t, redis.call('GET', ARGV[1] .. t .. ARGV[2])}"
)
TOKEN = "{token}"  # where the token goes in get_under's key


class RedisCacheClient(django_redis.RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[Any, Any] = {}  # by connection pool (one per server)

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = private.redis_pool(self, write)
        client = self._clients.get(pool)
        if client is None:
            client = self._clients[pool] = redis.Redis(connection_pool=pool)
        return client

    def count(self, key: str, timeout: int) -> int:
        return int(self.get_client(key, write=True).eval(_COUNT, 1, key, timeout))

    def get_under(self, token_key: str, before: str, after: str) -> tuple[Any, Any]:
        token, value = self.get_client(token_key).eval(_GET_UNDER, 1, token_key, before, after)
        loads = private.redis_serializer(self).loads
        return (None if token is None else loads(token)), (None if value is None else loads(value))


class RedisCache(django_redis.RedisCache):
    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        private.use_redis_client_class(self, RedisCacheClient)

    def count(self, key: str, timeout: int) -> int:
        return private.redis_client(self).count(self.make_and_validate_key(key), timeout)

    def get_under(self, token_key: str, key: str) -> tuple[Any, Any]:
        before, _, after = self.make_and_validate_key(key).partition(TOKEN)
        return private.redis_client(self).get_under(self.make_and_validate_key(token_key), before, after)


def count(cache: BaseCache, key: str, timeout: int) -> int:
    """Adds one to the counter `key` and answers its new value, atomically; the counter lasts `timeout` seconds after
    its last count. One round trip on Redis (INCR and EXPIRE in one script); Django's add and incr elsewhere."""
    if callable(getattr(cache, "count", None)):  # a RedisCache, or django.core.cache.cache proxying one
        return cache.count(key, timeout)  # type: ignore[attr-defined]
    cache.add(key, 0, timeout)
    try:
        return cache.incr(key)
    except ValueError:  # it expired between the two
        cache.add(key, 1, timeout)
        return 1


def get_under(cache: BaseCache, token_key: str, key: str) -> tuple[Any, Any]:
    """(the integer under `token_key`, the value under `key` with TOKEN replaced by it); None for what is missing. One
    round trip on Redis; two gets elsewhere."""
    if callable(getattr(cache, "get_under", None)):
        return cache.get_under(token_key, key)  # type: ignore[attr-defined]
    token = cache.get(token_key)
    return token, (None if token is None else cache.get(key.replace(TOKEN, str(token))))
