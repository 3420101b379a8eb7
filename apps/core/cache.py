"""Django's Redis cache backend, with one redis-py client per server instead of one per operation.

Django's RedisCacheClient builds a new `redis.Redis` for every get or set; each copies redis-py's ~170 response
callbacks into a case-insensitive dict, about 700 Python calls, twice per request for the throttle alone (a fifth
of a small endpoint's calls, README "Performance"). A `redis.Redis` is safe to share between threads (each command
takes a connection from the pool), so one per server is kept. Production selects it for a redis:// REDIS_URL.
"""

from typing import Any

from django.core.cache.backends import redis as django_redis


class RedisCacheClient(django_redis.RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        # The private helpers are Django's own (django-stubs does not list them).
        index = self._get_connection_pool_index(write)  # type: ignore[attr-defined]
        client = self._clients.get(index)
        if client is None:
            pool = self._get_connection_pool(write)  # type: ignore[attr-defined]
            client = self._clients[index] = self._client(connection_pool=pool)  # type: ignore[attr-defined]
        return client


class RedisCache(django_redis.RedisCache):
    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = RedisCacheClient
