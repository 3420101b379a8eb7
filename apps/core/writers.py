"""Answers written from plain rows, with their serializer as the one definition of what they hold.

A hot read selects plain values (`.values()` rows: building model instances cost most of it), and a DRF serializer
deep-copies its fields for every row and calls a dozen functions a value (docs/performance.md). So the serializer
that documents an answer (the schema, the front end's types) describes a row, and `writer(Serializer)` compiles it,
once per class, into a function writing a row as the serializer would: a dict display of `row[source]` through the
formatter of each field's kind (apps.core.formats), generated as Python source. `fields_of(Serializer)` is what the
selector selects. tests/core/test_writers.py compares every compiled writer with its serializer's own `.data`.

A field that needs the request or the active language is one of the field classes below: each writes the same in
DRF's `to_representation` and, through `formatter(context)`, in a compiled writer.
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from django.db.models import Choices
from rest_framework import serializers
from rest_framework.fields import get_attribute

from .formats import labels, money, time
from .money import MoneySerializerField
from .uploads import absolute_url, storage_url, stored_upload_url

Row = Mapping[str, Any]
Formatter = Callable[..., Any]
# The kinds whose value in a row is already what the serializer writes (a str, an int, a bool, a choice's value).
_AS_IS = (serializers.CharField, serializers.IntegerField, serializers.BooleanField, serializers.ChoiceField)


class LabelField(serializers.CharField):
    """The label of a choice value (`source`) in the active language; a value no longer known as it is."""

    def __init__(self, choices: type[Choices], **kwargs: Any) -> None:
        self.choices_class = choices
        super().__init__(**kwargs)

    def to_representation(self, value: Any) -> str:
        return labels(self.choices_class)[value]

    def formatter(self, context: Mapping[str, Any]) -> Formatter:
        return labels(self.choices_class).__getitem__


class PictureField(serializers.CharField):
    """The absolute URL of a picture (None without one) from its storage name, or from its storage URL with
    `url=True` (the catalogue's cached rows hold URLs). Needs the request in the context."""

    def __init__(self, *, url: bool = False, **kwargs: Any) -> None:
        self.url = url
        kwargs.setdefault("allow_null", True)
        super().__init__(**kwargs)

    def to_representation(self, value: str) -> str | None:  # type: ignore[override]  # None: no picture
        return self.formatter(self.context)(value)

    def formatter(self, context: Mapping[str, Any]) -> Formatter:
        request = context["request"]
        if self.url:
            return lambda url: absolute_url(request, url)
        return lambda name: absolute_url(request, storage_url(name))


class UploadField(serializers.CharField):
    """The absolute URL of an upload (apps.core.uploads.stored_upload_url; None without one) from the row's
    `<name>__id`, `<name>__file` and `<name>__is_private` (`name`: the field's own by default)."""

    def __init__(self, *, name: str = "", **kwargs: Any) -> None:
        self.name = name
        kwargs.setdefault("allow_null", True)
        super().__init__(source="*", **kwargs)  # the row: the field reads its `sources`

    def bind(self, field_name: str, parent: Any) -> None:
        super().bind(field_name, parent)
        name = self.name or field_name
        self.sources = (f"{name}__id", f"{name}__file", f"{name}__is_private")
        # A private upload's link is signed with the time: the examples keep to public ones, written the same twice.
        self.examples = dict(zip(self.sources, ([None, 7], [None, "public/logo/a_1.png"], [False]), strict=True))

    def to_representation(self, value: Any) -> str | None:  # type: ignore[override]  # None: no upload
        return self.formatter(self.context)(*(get_attribute(value, [source]) for source in self.sources))

    def formatter(self, context: Mapping[str, Any]) -> Formatter:
        request = context.get("request")
        return lambda pk, name, is_private: stored_upload_url(pk, name, is_private, request)


class _Derived:
    """A value computed from the row's `sources` by `function` (one source: its value; several: theirs in order).
    `sources` maps each to examples of what the row holds (tests/core/test_writers.py writes rows of them)."""

    def __init__(self, *, function: Callable[..., Any], sources: Mapping[str, Sequence[Any]], **kwargs: Any) -> None:
        self.function, self.examples, self.sources = function, sources, tuple(sources)
        super().__init__(source="*", **kwargs)  # type: ignore[call-arg]  # the row: the field reads its `sources`

    def to_representation(self, value: Any) -> Any:
        values = [get_attribute(value, [source]) for source in self.sources]
        if values == [None] and self.allow_null:  # type: ignore[attr-defined]
            return None  # a null value is null, as DRF writes it
        return self.function(*values)

    def formatter(self, context: Mapping[str, Any]) -> Formatter:
        return self.function


_DERIVED: dict[type[serializers.Field], type] = {}


def _derived_class(field_class: type[serializers.Field]) -> type:
    if field_class not in _DERIVED:
        _DERIVED[field_class] = type(f"Derived{field_class.__name__}", (_Derived, field_class), {})
    return _DERIVED[field_class]


def derived(
    field_class: type[serializers.Field],
    function: Callable[..., Any],
    *,
    sources: Mapping[str, Sequence[Any]],
    **kwargs: Any,
) -> Any:
    """A `field_class` field (its schema) whose value is `function` of the row's `sources` (name: example values)."""
    return _derived_class(field_class)(function=function, sources=sources, **kwargs)


def _readable(serializer: serializers.Serializer) -> list[serializers.Field]:
    return [field for field in serializer.fields.values() if not field.write_only]


def _static(field: serializers.Field) -> Formatter | None:
    """The formatter of a field that needs no context, None for a value written as it is."""
    if isinstance(field, MoneySerializerField) and field.decimal_places == 2 and field.coerce_to_string:
        return money
    if type(field) is serializers.DateTimeField and not {"format", "timezone"} & vars(field).keys():
        return time
    if type(field) in _AS_IS or type(field) is serializers.EmailField:
        return None
    return field.to_representation  # any other kind: the field's own


class Writer:
    """`serializer`'s answer from rows: `many(rows, context)`, `one(row, context)`; `bind(context)` gives the
    function of one row for a context (the labels and the request read once)."""

    def __init__(self, serializer: type[serializers.Serializer]) -> None:
        self.serializer = serializer
        self.fields = _readable(serializer())
        self._bind = self._compile()

    def _compile(self) -> Callable[[Mapping[str, Any]], Callable[[Row], dict[str, Any]]]:
        """Python source of `bind(context)`, which reads what the context gives once (`setup`) and returns
        `write(row)`: one dict display of the fields' values (`items`), in the serializer's order."""
        namespace: dict[str, Any] = {"F": self.fields}
        items, setup = [], []
        for index, field in enumerate(self.fields):
            if isinstance(field, serializers.SerializerMethodField):
                raise TypeError(f"{self.serializer.__qualname__}.{field.field_name}: a method cannot be compiled")
            sources = getattr(field, "sources", (field.source,))  # the row's values the field reads
            value, formatter = f"row[{sources[0]!r}]", f"f{index}"
            if isinstance(field, serializers.ListSerializer):
                namespace[f"W{index}"] = writer(type(field.child))  # type: ignore[arg-type]  # a serializer
                setup.append(f"{formatter} = W{index}.bind(context)")
                written = f"[{formatter}(item) for item in {value}]"
            elif isinstance(field, serializers.Serializer):
                namespace[f"W{index}"] = writer(type(field))
                setup.append(f"{formatter} = W{index}.bind(context)")
                written = _call(field, value, formatter)
            elif len(sources) > 1:
                setup.append(f"{formatter} = F[{index}].formatter(context)")
                written = f"{formatter}({', '.join(f'row[{source!r}]' for source in sources)})"
            elif hasattr(field, "formatter"):
                setup.append(f"{formatter} = F[{index}].formatter(context)")
                written = _call(field, value, formatter)
            elif (static := _static(field)) is not None:
                namespace[formatter] = static
                written = _call(field, value, formatter)
            else:
                written = value
            items.append(f"{field.field_name!r}: {written}")
        lines = "".join(f"    {line}\n" for line in setup)
        source = (
            f"def bind(context):\n{lines}    def write(row):\n        return {{{', '.join(items)}}}\n    return write\n"
        )
        exec(compile(source, f"<writer of {self.serializer.__qualname__}>", "exec"), namespace)  # noqa: S102
        return namespace["bind"]

    def bind(self, context: Mapping[str, Any]) -> Callable[[Row], dict[str, Any]]:
        return self._bind(context)

    def one(self, row: Row, context: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return self._bind(context or {})(row)

    def many(self, rows: Iterable[Row], context: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        write = self._bind(context or {})
        return [write(row) for row in rows]


def _call(field: serializers.Field, value: str, formatter: str) -> str:
    """A formatter call; of a null value, None (as DRF writes any null), checked only where the field allows it."""
    if field.allow_null:
        return f"(None if (v := {value}) is None else {formatter}(v))"
    return f"{formatter}({value})"


_WRITERS: dict[type[serializers.Serializer], Writer] = {}


def writer(serializer: type[serializers.Serializer]) -> Writer:
    """The compiled writer of `serializer` (compiled once, then kept: tests/core/test_writers.py checks each)."""
    if serializer not in _WRITERS:
        _WRITERS[serializer] = Writer(serializer)
    return _WRITERS[serializer]


def writers() -> list[Writer]:
    """Every writer compiled so far."""
    return list(_WRITERS.values())


@cache
def fields_of(serializer: type[serializers.Serializer]) -> tuple[str, ...]:
    """The row values `serializer` writes, the `.values()` names its selector reads (nested lists are read apart)."""
    names: dict[str, None] = {}
    for field in _readable(serializer()):
        if isinstance(field, serializers.BaseSerializer):
            continue
        names.update(dict.fromkeys(getattr(field, "sources", None) or (str(field.source),)))
    return tuple(names)
