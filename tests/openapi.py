"""The merchant API's OpenAPI schema, generated in-process exactly as `make schema` does, and a check that a real
answer matches it (used by every API test through tests/conftest.ApiClient)."""

import io
import json
import threading
from contextlib import redirect_stderr
from functools import cache
from typing import Any
from urllib.parse import urlsplit

import jsonschema
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import URLPattern, URLResolver, get_resolver
from drf_spectacular.drainage import GENERATOR_STATS
from rest_framework.views import APIView


def generate_schema() -> tuple[dict[str, Any] | None, str]:
    """(schema, problems): the schema, or None and the warnings/errors that `make schema` would fail on."""
    out, err = io.StringIO(), io.StringIO()
    GENERATOR_STATS.reset()  # the counters are process-wide; count only this run
    with redirect_stderr(err):
        try:
            call_command(
                "spectacular", "--lang", "en", "--validate", "--fail-on-warn", "--format", "openapi-json", stdout=out
            )
        except CommandError as exc:
            return None, f"{err.getvalue()}\n{exc}"
    return json.loads(out.getvalue()), err.getvalue()


# Race tests answer from many threads at once; the schema is built once (redirect_stderr is process-wide).
_schema_lock = threading.Lock()


@cache
def _merchant_schema() -> dict[str, Any]:
    schema, problems = generate_schema()
    assert schema is not None, f"The OpenAPI schema has warnings or errors (run `make schema`):\n{problems}"
    return schema


def merchant_schema() -> dict[str, Any]:
    with _schema_lock:
        return _merchant_schema()


def resolve(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema a `$ref` points to among the components (any other schema as it is)."""
    if "$ref" in schema:
        return merchant_schema()["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def operations() -> list[tuple[str, str, dict[str, Any]]]:
    """(METHOD, path, operation) of every operation the schema documents."""
    return [
        (method.upper(), path, operation)
        for path, item in merchant_schema()["paths"].items()
        for method, operation in item.items()
    ]


def merchant_api_views() -> list[tuple[str, type[APIView]]]:
    """(path, view class) of every DRF view of the URL configuration under /merchant/ (what the schema must cover)."""

    def views(patterns: list, prefix: str) -> list[tuple[str, type[APIView]]]:
        found = []
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                found += views(pattern.url_patterns, route)
            elif isinstance(pattern, URLPattern):
                view_class = getattr(pattern.callback, "cls", None)
                if view_class is not None and issubclass(view_class, APIView):
                    found.append((route, view_class))
        return found

    return [(path, view) for path, view in views(get_resolver().url_patterns, "/") if path.startswith("/merchant/")]


def _branch(answer: dict[str, Any], code: Any) -> dict[str, Any] | None:
    """The envelope the schema gives for `code` among an answer's alternatives (success code 1, rejection code 0)."""
    for option in answer.get("oneOf", [answer]):
        if resolve(option).get("properties", {}).get("code", {}).get("const") == code:
            return option
    return None


def _data_schema(method: str, path: str) -> dict[str, Any] | None:
    """What the schema says `data` of the success answer of `method path` is (None: not an API path)."""
    operation = merchant_schema()["paths"].get(path, {}).get(method.lower())
    if operation is None:
        return None
    success = _branch(operation["responses"]["200"]["content"]["application/json"]["schema"], 1)
    assert success is not None, f"{method} {path}: no success answer in the schema"
    return resolve(success)["properties"]["data"]


def _errors(schema: dict[str, Any], value: Any) -> list[str]:
    validator = jsonschema.Draft202012Validator({**schema, "components": merchant_schema()["components"]})
    errors = sorted(validator.iter_errors(value), key=lambda e: list(e.absolute_path))
    return [f"  at {'/'.join(map(str, e.absolute_path)) or '.'}: {e.message}" for e in errors[:10]]


def check_answer(method: str, url: str, response: Any) -> None:
    """Every JSON answer of an API path must be one the schema documents: its HTTP status is listed for the path
    and method, and the body matches the envelope the schema gives there for its `code` (a success's `data`, a
    rejection's {error, errors?, wait?}, the 401 answer). Server errors (5xx) are bugs, not checked here."""
    if response.status_code >= 500 or not response.get("Content-Type", "").startswith("application/json"):
        return
    path = urlsplit(url).path
    operation = merchant_schema()["paths"].get(path, {}).get(method.lower())
    if operation is None:
        return  # not an API path of the schema (a file link, an unknown path)
    status = str(response.status_code)
    documented = operation["responses"].get(status)
    assert documented is not None, f"{method} {path} answered HTTP {status}, which the OpenAPI schema does not list"
    body = json.loads(response.content)
    code = body.get("code") if isinstance(body, dict) else None
    answer = _branch(documented["content"]["application/json"]["schema"], code)
    assert answer is not None, f"{method} {path} answered HTTP {status} with code {code!r}, not documented there"
    if code == 1:
        errors = _errors(resolve(answer)["properties"]["data"], body["data"])
        what = "data that the OpenAPI schema does not describe (fix the view's serializers or its @extend_schema"
    else:
        errors = _errors(answer, body)
        what = "a rejection that the OpenAPI schema does not describe (apps/core/schema.py: Rejection"
    assert not errors, f"{method} {path} answered {what}; apps/core/schema.py):\n" + "\n".join(errors)
