"""Reads the ORM compiles once per process and that then run many times with new values.

Building a query with the ORM (resolving the filters and joins, the select list, compiling it to SQL) costs a hot
request 0.2 to 0.4 ms of CPU per query, several times what PostgreSQL takes to run it (docs/performance.md). A
`Prepared` read is written as an ordinary `.values()` queryset in which the values that change from one run to the
next are `Param`s. It is compiled the first time it runs on a database connection's vendor; every later run only
fills in the values, executes the SQL through Django's cursor (so it is counted, logged and wrapped like any query)
and applies the database's converters to the rows, as the ORM does. Compiling goes through Django's SQL compiler, a
private API (apps.core.private.compiled_values). The queryset stays the one definition of the
read, on SQLite and PostgreSQL alike.

What changes the SQL itself cannot be a `Param`: a slice (LIMIT and OFFSET), the length of an `__in` list (its
items can be: `params()`), None (IS NULL), a choice between filters. Such values are the read's `shape`: positional
arguments of the builder, each combination compiled once and kept (the most recent `SHAPES` of them per read).

A translated field (django-modeltranslation) compiles to the active language's columns, so each language is compiled
on its own too. `translated(name, model)` reads one with modeltranslation's fallbacks in the SQL itself:
modeltranslation applies them row by row in Python, which cost a page of cards more than the rest of the request.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections, router
from django.db.models import Expression, F, Field, Model, QuerySet, Value
from django.db.models.functions import Coalesce, NullIf
from django.utils import translation
from modeltranslation.utils import build_localized_fieldname, resolution_order

from .private import compiled_values

SHAPES = 64


class Param(Expression):
    """A value given when a prepared read runs: `.filter(merchant_id=Param("merchant"))`.

    `output_field` converts the value for the database as a lookup on that field would (a datetime on SQLite, say);
    without it the value goes to the driver as it is (ints, strings)."""

    def __init__(self, name: str, output_field: Field | None = None) -> None:
        super().__init__(output_field=output_field)
        self.name = name
        self.value_field = output_field  # None: the value goes as it is

    def as_sql(self, compiler: Any, connection: Any) -> Any:
        return "%s", (self,)


def translated(name: str, model: type[Model], *, via: str = "") -> Coalesce:
    """The translated field `name` of `model` (reached through the relation path `via`, e.g. "category__") in the
    active language, falling back as modeltranslation's descriptor does: the next language of its resolution order
    while the value is empty, then the field's default. For a queryset with `rewrite(False)`, under another name than
    the field's (an annotation cannot take a field's name)."""
    field = model._meta.get_field(name)
    assert isinstance(field, Field)
    languages = resolution_order(translation.get_language())
    columns = [NullIf(F(via + build_localized_fieldname(name, language)), Value("")) for language in languages]
    return Coalesce(*columns, Value(field.get_default()), output_field=field)


def params(name: str, count: int) -> list[Any]:
    """`count` Params for an `__in` list, named name0, name1...: the count is part of the read's shape, and
    `values(name, items)` gives them their values."""
    return [Param(f"{name}{n}") for n in range(count)]


def values(name: str, items: list) -> dict[str, object]:
    return {f"{name}{n}": item for n, item in enumerate(items)}


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: tuple  # the values fixed in the queryset, a placeholder where a Param goes
    slots: tuple[tuple[int, str, Field | None], ...]  # each Param's place among the params, name and field
    names: tuple[str, ...]
    convert: Callable[[Iterable], Iterable] | None  # applies the converters of the select list to the rows
    model: type[Model]  # what the database router is asked about


class Prepared:
    """`build(*shape)` returns a `.values()` queryset; `rows(*shape, **values)` runs it with the Params' values."""

    def __init__(self, build: Callable[..., QuerySet]) -> None:
        self._build = build
        self._compiled = lru_cache(maxsize=SHAPES)(self._compile)

    def _compile(self, alias: str, vendor: str, language: str | None, shape: tuple) -> _Compiled:
        queryset = self._build(*shape)
        sql, params, names, convert = compiled_values(queryset, alias)
        slots = tuple(
            (index, param.name, param.value_field) for index, param in enumerate(params) if isinstance(param, Param)
        )
        return _Compiled(sql, params, slots, names, convert, queryset.model)

    def rows(self, *shape: object, **values: object) -> list[dict[str, Any]]:
        default = connections[DEFAULT_DB_ALIAS]
        compiled = self._compiled(default.alias, default.vendor, translation.get_language(), shape)
        # The routers may send the read to a replica (apps.core.replica): the same SQL on the same vendor.
        connection = connections[router.db_for_read(compiled.model)]
        params: Any = list(compiled.params)
        for index, name, field in compiled.slots:
            value = values[name]
            params[index] = value if field is None else field.get_db_prep_value(value, connection, prepared=False)
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            rows: Any = cursor.fetchall()
        if compiled.convert is not None:
            rows = compiled.convert(rows)
        names = compiled.names
        return [dict(zip(names, row, strict=True)) for row in rows]

    def row(self, *shape: object, **values: object) -> dict[str, Any] | None:
        """The first row, or None (the queryset orders and limits itself)."""
        rows = self.rows(*shape, **values)
        return rows[0] if rows else None
