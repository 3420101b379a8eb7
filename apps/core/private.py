"""Every private API of a library that the project uses, in this one module, each with why no public one serves.

Django, DRF, drf-spectacular and redis-py change their private APIs without notice. Each use below is kept because
a measurement justifies it (docs/performance.md) or because the library offers nothing public for it; the rest of
apps/ and config/ uses public APIs only. tests/core/test_private_apis.py checks every one of them, naming the API
when an upgrade changes it, and fails on a private attribute reached from anywhere else.

Documented attributes with a leading underscore are public and are used directly: `Model._meta`, `_state`,
`_default_manager` and `_base_manager`.
"""

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from django.core.cache.backends import redis as django_redis
from django.db.models import QuerySet

if TYPE_CHECKING:  # importing DRF's views loads its settings' classes, among them the authentication built on this
    from drf_spectacular.openapi import AutoSchema
    from rest_framework.views import APIView

# --- Django's SQL compiler: apps.core.prepared ---------------------------------------------------------------------
# Building a read with the ORM costs a hot request 0.2 to 0.4 ms per query, several times what the database takes to
# run it; a prepared read compiles its queryset once and runs the SQL with new values (apps.core.prepared).


def compiled_values(
    queryset: QuerySet, alias: str
) -> tuple[str, tuple, tuple[str, ...], Callable[[Iterable], Iterable] | None]:
    """A `.values()` queryset compiled for the database `alias`: (its SQL, its parameters, the names of its columns,
    what converts fetched rows as the ORM does, or None when nothing needs converting). Django's SQLCompiler:
    `Query.get_compiler`, `as_sql`, `select` and `col_count`, `get_converters` and `apply_converters`, and the
    Query's `selected` (since Django 5.2 the columns in the order `.values()` names them, annotations among fields)."""
    query = queryset.query
    compiler = query.get_compiler(using=alias)
    sql, params = compiler.as_sql()
    names = tuple(query.selected or ())
    fields = [select[0] for select in compiler.select[: compiler.col_count]]
    if len(names) != len(fields):
        raise TypeError("A prepared read is a .values() queryset")
    converters = compiler.get_converters(fields)

    def convert(rows: Iterable) -> Iterable:
        return compiler.apply_converters(rows, converters)

    return sql, tuple(params), names, (convert if converters else None)


# --- drf-spectacular's schema of one operation: apps.core.apiview --------------------------------------------------
# The parameter check reads what an operation declares from the AutoSchema the OpenAPI schema is generated with, so
# the two cannot disagree. drf-spectacular has no public way to get one operation's AutoSchema: its generator builds
# the view (DRF's `create_view`) and sets `method` on the schema when it generates the whole document.


@contextmanager
def operation_schema(view_class: "type[APIView]", method: str) -> "Iterator[AutoSchema]":
    """The AutoSchema of `method` of `view_class`, as the schema generator prepares it, for the `with` block (the
    view refers to its schema weakly: the generator holds it, as long as the block lasts)."""
    from drf_spectacular.generators import SchemaGenerator  # see TYPE_CHECKING above

    generator = SchemaGenerator()
    view = generator.create_view(view_class.as_view(), method)
    schema = view.schema
    schema.method = method
    yield schema


# --- Django's Redis cache backend: apps.core.cache -----------------------------------------------------------------
# Django's RedisCacheClient builds a new redis.Redis for every get or set (about 700 Python calls each, twice per
# request for the throttle alone); apps.core.cache keeps one per connection pool. Django names neither the pool, the
# serializer, nor the client class its RedisCache builds publicly.


def redis_pool(client: django_redis.RedisCacheClient, write: bool) -> Any:
    """The redis-py connection pool Django's client takes a command's connection from (`_get_connection_pool`)."""
    return client._get_connection_pool(write)  # type: ignore[attr-defined]


def redis_serializer(client: django_redis.RedisCacheClient) -> Any:
    """What Django's client turns stored bytes into values with (`_serializer`, OPTIONS["serializer"])."""
    return client._serializer  # type: ignore[attr-defined]


def use_redis_client_class(cache: django_redis.RedisCache, client_class: type) -> None:
    """Makes Django's RedisCache build its client from `client_class` (`_class`), before its first command."""
    cache._class = client_class  # type: ignore[attr-defined]


def redis_client(cache: django_redis.RedisCache) -> Any:
    """The client Django's RedisCache runs its commands through (`_cache`)."""
    return cache._cache


# --- Django's request: apps.core.uploads ---------------------------------------------------------------------------
# A page of 20 cards makes 20 pictures' URLs absolute: `build_absolute_uri` costs 15 Python calls each, while the
# scheme and host it starts with are worked out once per request by Django and kept.


def scheme_host(request: Any) -> str:
    """The scheme and host a request's absolute URLs start with, "https://host" (of Django's HttpRequest or DRF's
    Request), as `build_absolute_uri` works them out (`HttpRequest._current_scheme_host`, a cached_property)."""
    return request._current_scheme_host
