"""`ApiView`, the base class of every merchant API view: an operation refuses the parameters it does not declare.

A client written for another backend of the same specification sends its own field names. Ignoring them answered
"Saved" and stored nothing, and a list filter with a wrong name silently filtered nothing (api.md, Requests). So a
query parameter or body field that the operation does not declare is a rejection naming it (code 0, HTTP 200,
`data.errors` keyed by each name), before the view runs: nothing is read, written or charged.

What an operation declares is what its OpenAPI schema documents (apps/core/schema.py: the view's nested
InputSerializer, or its @extend_schema `parameters=` and `request=`), read from the same drf-spectacular schema
class, once per view and method (apps.core.private.operation_schema). The schema, the generated front-end types and
this check cannot disagree.
"""

import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.http import QueryDict
from django.utils.translation import get_language, ngettext
from drf_spectacular.utils import OpenApiParameter, PolymorphicProxySerializer
from rest_framework import serializers
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request
from rest_framework.views import APIView

from .errors import AppError, ErrorCode
from .private import operation_schema

# The only names a request may carry besides the ones its operation declares, in one place. The session token, the
# language and the Idempotency-Key travel as headers, which are never parameters; a client that also repeats them
# in the query or the body (as some clients of the specification do) is not refused for it. The app itself sends no
# cache-busting or tracking parameter; one it starts sending belongs here.
ALLOWED_EXTRAS = frozenset({"token", "lang", "Idempotency-Key"})

# A name echoed back in the rejection is cut to this many characters (a client chooses it; the answer stays small).
SHOWN_NAME_MAX = 64

# A form or query sends a list as `ids[0]=1&ids[1]=2` and a nested object as `shop.name=...` (how DRF reads them).
_INDEXED = re.compile(r"(?P<name>[^\[.]+)(?:\[\d+\]|\.)")

_CONTAINERS = (serializers.ListField, serializers.DictField, serializers.BaseSerializer)


@dataclass(frozen=True)
class Declared:
    """The names one operation takes: {name: whether it holds a list or an object} for the query and the body."""

    query: dict[str, bool]
    body: dict[str, bool]


def _fields(serializer: Any) -> dict[str, bool]:
    """The writable field names of what a schema gives as a request: a serializer (class or instance), a mapping of
    media types to serializers, or one of several serializers (any of their names)."""
    if serializer is None:
        return {}
    if isinstance(serializer, dict):  # {"multipart/form-data": Serializer}
        return {name: many for each in serializer.values() for name, many in _fields(each).items()}
    if isinstance(serializer, PolymorphicProxySerializer):
        choices = serializer.serializers
        choices = choices.values() if isinstance(choices, dict) else choices
        return {name: many for each in choices for name, many in _fields(each).items()}
    instance = serializer() if isinstance(serializer, type) else serializer
    return {name: isinstance(field, _CONTAINERS) for name, field in instance.fields.items() if not field.read_only}


_declared: dict[tuple[type[APIView], str], Declared] = {}
# drf-spectacular loads its extensions on first use, and not safely from several threads at once (a threaded server's
# first requests answered 500): the declarations are read one at a time, once per view and method.
_reading = threading.Lock()


def declared(view_class: type[APIView], method: str) -> Declared:
    """What `method` of `view_class` declares, as its OpenAPI operation documents it (read once per process)."""
    key = (view_class, method)
    if key not in _declared:
        with _reading:
            if key not in _declared:
                _declared[key] = _read_declared(view_class, method)
    return _declared[key]


def _read_declared(view_class: type[APIView], method: str) -> Declared:
    with operation_schema(view_class, method) as schema:
        query: dict[str, bool] = {}
        for parameter in schema.get_override_parameters():
            if not isinstance(parameter, OpenApiParameter):
                query.update(_fields(parameter))  # a serializer: its fields are query parameters
            elif parameter.location == OpenApiParameter.QUERY and not parameter.exclude:
                query[parameter.name] = bool(parameter.many)
        body = _fields(schema.get_request_serializer()) if method != "GET" else {}
    return Declared(query=query, body=body)


def _unknown(data: Any, names: dict[str, bool]) -> list[str]:
    if not hasattr(data, "keys"):
        return []  # a JSON list or scalar: the serializer rejects its shape
    form = isinstance(data, QueryDict)
    unknown = []
    for key in data:
        if key in names or key in ALLOWED_EXTRAS:
            continue
        indexed = _INDEXED.match(key) if form else None
        if indexed is not None and names.get(indexed["name"]):
            continue
        unknown.append(key)
    return unknown


def _shown(name: str) -> str:
    return name if len(name) <= SHOWN_NAME_MAX else name[:SHOWN_NAME_MAX] + "…"


def _message(names: list[str]) -> str:
    return ngettext("Unknown parameter: %(names)s", "Unknown parameters: %(names)s", len(names)) % {
        "names": ", ".join(names)
    }


def refuse_unknown_parameters(request: Request, view_class: type[APIView]) -> None:
    """Raises the rejection naming every query parameter and body field that the request's operation lacks."""
    method = "GET" if request.method == "HEAD" else str(request.method)
    if not hasattr(view_class, method.lower()) or method == "OPTIONS":
        return  # 405 for a method the view lacks; OPTIONS takes nothing
    names = declared(view_class, method)
    unknown = _unknown(request.query_params, names.query)
    if method != "GET":
        unknown += _unknown(request.data, names.body)
    if not unknown:
        return
    shown = sorted({_shown(name) for name in unknown})
    raise AppError(
        _message(shown),
        ErrorCode.UNKNOWN_PARAMETER,
        {"errors": {name: [_message([name])] for name in shown}},
    )


# One query serializer per class, language and thread (ApiView.valid_query).
_query_serializers = threading.local()


def _query_serializer(serializer_class: type[serializers.Serializer]) -> serializers.Serializer:
    built = getattr(_query_serializers, "built", None)
    if built is None:
        built = _query_serializers.built = {}
    key = (serializer_class, get_language())
    if key not in built:
        built[key] = serializer_class()
    return built[key]


class EnvelopeNegotiation(DefaultContentNegotiation):
    """The API has one representation, the JSON envelope (api.md), and answers it whatever the Accept header asks, as
    HTTP allows a server to: a client asking for text/html got a 406 that no client of the specification handles.
    Parsing the header for that cost every request 70 Python calls. Bodies are still parsed by their Content-Type."""

    def select_renderer(
        self, request: Request, renderers: Iterable[BaseRenderer], format_suffix: str | None = None
    ) -> tuple[BaseRenderer, str]:
        renderer = next(iter(renderers))
        return renderer, renderer.media_type


# Every merchant API view derives from this (tests/core/test_unknown_parameters.py checks that they do). No docstring:
# a view without one of its own would inherit it as its description in the OpenAPI schema.
class ApiView(APIView):
    content_negotiation_class = EnvelopeNegotiation

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        # A method the view does not declare is its 405 before anything else: DRF finds out only after the
        # throttles, which counted the request against the operation (a GET took a sign-in try) and answered
        # "Too many attempts" for it once the rate was used up.
        method = str(request.method).lower()
        if method not in self.http_method_names or not hasattr(self, method):
            self.http_method_not_allowed(request, *args, **kwargs)
        super().initial(request, *args, **kwargs)  # signed in, allowed and not throttled come first
        refuse_unknown_parameters(request, type(self))

    def valid_query(self, serializer_class: type[serializers.Serializer]) -> dict[str, Any]:
        """The request's query parameters as `serializer_class(data=...)` validates them, or its ValidationError.

        For a serializer of plain fields (no context, no instance). Building a serializer deep-copies its fields, a
        tenth of a list's request (500 Python calls): one instance per class validates every request instead. Per
        language, because DRF words a bound's message once and keeps it (a "max_value" message in the first
        request's language would answer every other language), and per thread, because that wording is not safe
        from two threads at once.
        """
        return _query_serializer(serializer_class).run_validation(self.request.query_params)
