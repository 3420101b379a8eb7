"""The merchant API's OpenAPI schema, generated in-process exactly as `make schema` does, and a check that a real
answer matches it (used by every API test through tests/conftest.ApiClient)."""

import io
import json
from contextlib import redirect_stderr
from functools import cache
from typing import Any
from urllib.parse import urlsplit

import jsonschema
from django.core.management import call_command
from django.core.management.base import CommandError
from drf_spectacular.drainage import GENERATOR_STATS


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


@cache
def merchant_schema() -> dict[str, Any]:
    schema, problems = generate_schema()
    assert schema is not None, f"The OpenAPI schema has warnings or errors (run `make schema`):\n{problems}"
    return schema


def _data_schema(method: str, path: str) -> dict[str, Any] | None:
    schema = merchant_schema()
    operation = schema["paths"].get(path, {}).get(method.lower())
    if operation is None:
        return None
    answer = operation["responses"]["200"]["content"]["application/json"]["schema"]
    return answer["properties"]["data"]


def check_answer(method: str, url: str, response: Any) -> None:
    """A success answer's `data` must match what the schema says for its path and method."""
    if response.status_code != 200 or not response.get("Content-Type", "").startswith("application/json"):
        return
    body = json.loads(response.content)
    if not isinstance(body, dict) or body.get("code") != 1:
        return
    path = urlsplit(url).path
    expected = _data_schema(method, path)
    if expected is None:
        return  # not an API path of the schema (a file link, an unknown path)
    validator = jsonschema.Draft202012Validator({**expected, "components": merchant_schema()["components"]})
    errors = sorted(validator.iter_errors(body["data"]), key=lambda e: list(e.absolute_path))
    assert not errors, (
        f"{method} {path} answered data that the OpenAPI schema does not describe (fix the view's serializers or "
        f"its @extend_schema; apps/core/schema.py):\n"
        + "\n".join(f"  at {'/'.join(map(str, e.absolute_path)) or 'data'}: {e.message}" for e in errors[:10])
    )
