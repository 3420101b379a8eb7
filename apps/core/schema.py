"""OpenAPI schema (drf-spectacular) read from the view conventions (conventions.md), served at /api/schema/.

Most views need no annotation:
- request: the view's nested `InputSerializer` is the body of its write method (POST), or the query of its GET
  when GET is its only method (a view with GET and POST: the serializer belongs to the POST);
- answer: the view's nested `OutputSerializer` is `data`, as a page `{total, list, page, limit}` when the
  method's input is a `PageInputSerializer`;
- every success answer is wrapped in the envelope `{code: 1, msg, data}`; `data: null` when there is none;
- every operation documents the rejection `{code: 0, msg, data: {error, errors?, wait?} | null}` (component
  `Rejection`): beside the success under HTTP 200 (oneOf, told apart by `code`), and under 400, 403, 404, 405,
  413, 415 and 429;
- headers: `token` (security scheme), `lang`, `Idempotency-Key` on POSTs of views with an
  `idempotency_scope`; 401 where `token` is read.

Anything else is said with drf-spectacular's `@extend_schema` on the method: `parameters=[Query]`,
`request=Body` or `request=None`, `responses=Data`, `responses=paged(Item)` or `responses=None` (no data).
A method the convention cannot read and that is not annotated is a warning, so the schema stays complete:
`manage.py spectacular --validate --fail-on-warn` and tests/core/test_schema.py fail on it.
"""

from functools import cache
from typing import Any

from drf_spectacular.drainage import warn
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from drf_spectacular.plumbing import ResolvedComponent
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers

from .errors import ErrorCode
from .i18n import APP_TO_DJANGO, DEFAULT_APP_LANG
from .idempotency import HEADER as IDEMPOTENCY_HEADER
from .pagination import PageInputSerializer

WRITE_METHODS = ("post", "put", "patch", "delete")
SUCCESS_DESCRIPTION = (
    "Success: code 1 and `data`; or a rejection the merchant can act on (Rejection): code 0, a translated msg, "
    "data.error (the machine code) and, for field errors, data.errors = {field: [message, ...]}."
)


class PageSerializer(serializers.Serializer):
    """A page of a list (apps.core.pagination.paginate): `total` rows in all, `page` from 1, `limit` per page."""

    total = serializers.IntegerField()
    page = serializers.IntegerField()
    limit = serializers.IntegerField()


@cache
def paged(item: type[serializers.BaseSerializer]) -> type[PageSerializer]:
    """The page of `item`s a list endpoint answers: {total, list: [item], page, limit} (one class per item)."""
    qualname = item.__qualname__.removesuffix("Serializer") + "PageSerializer"  # component "<Item>Page"
    attrs = {"list": item(many=True), "__qualname__": qualname, "__module__": item.__module__}
    return type(qualname.rpartition(".")[2], (PageSerializer,), attrs)


def _envelope(data: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {"code": {"type": "integer", "const": 1}, "msg": {"type": "string"}, "data": data},
        "required": ["code", "msg", "data"],
    }


FIELD_ERRORS = ResolvedComponent(
    name="FieldErrors",
    type=ResolvedComponent.SCHEMA,
    object="FieldErrors",
    schema={
        "type": "object",
        "description": "The messages of each rejected field, by the field's name as the API spells it; a list or "
        "nested field names its items or subfields the same way.",
        "additionalProperties": {
            "oneOf": [
                {
                    "type": "array",
                    "items": {"oneOf": [{"type": "string"}, {"$ref": "#/components/schemas/FieldErrors"}]},
                },
                {"$ref": "#/components/schemas/FieldErrors"},
            ]
        },
    },
)

REJECTION = ResolvedComponent(
    name="Rejection",
    type=ResolvedComponent.SCHEMA,
    object="Rejection",
    schema={
        "type": "object",
        "description": "A rejection: code 0 and a translated msg to show the merchant. HTTP 200 for what the "
        "merchant can act on (validation, a business rule, throttling); the same shape with the HTTP status for "
        "a malformed request (400), a refusal (403), an unknown object or path (404), a method not allowed (405), "
        "a request too large (413), an unsupported media type (415) or too many requests (429).",
        "properties": {
            "code": {"type": "integer", "const": 0},
            "msg": {"type": "string"},
            "data": {
                "oneOf": [
                    {
                        "type": "object",
                        "properties": {
                            "error": {
                                "type": "integer",
                                "enum": [int(code) for code in ErrorCode],
                                "description": "The machine code (apps.core.errors.ErrorCode): "
                                + ", ".join(f"{int(code)} {code.name}" for code in ErrorCode),
                            },
                            "errors": {"$ref": "#/components/schemas/FieldErrors"},
                            "wait": {"type": "integer", "description": "Throttled: seconds to wait."},
                        },
                        "required": ["error"],
                    },
                    {"type": "null"},
                ]
            },
        },
        "required": ["code", "msg", "data"],
    },
)
# The HTTP statuses every operation may answer with a Rejection (200 is documented beside the success).
REJECTION_STATUSES = {
    "400": "Malformed request (e.g. JSON that does not parse).",
    "403": "Refused.",
    "404": "Unknown object or path.",
    "405": "Method not allowed.",
    "413": "Request too large.",
    "415": "Unsupported media type (a body that is neither JSON, a form nor multipart).",
    "429": "Too many requests.",
}

UNAUTHORIZED = ResolvedComponent(
    name="Unauthorized",
    type=ResolvedComponent.SCHEMA,
    object="Unauthorized",
    schema={
        "type": "object",
        "description": "Not signed in, or the session expired or was revoked (HTTP 401). Views open to signed-out "
        "merchants that still read a `token` answer this to a stale one.",
        "properties": {
            "code": {"type": "integer", "const": 401},
            "msg": {"type": "string"},
            "data": {"type": "null"},
        },
        "required": ["code", "msg", "data"],
    },
)


class AutoSchema(SpectacularAutoSchema):
    def get_serializer_name(self, serializer: Any, direction: str) -> str:
        # "LoginApi.InputSerializer" -> component "LoginApiInput": every view's nested serializers stay distinct.
        return "".join(part.removesuffix("Serializer") for part in type(serializer).__qualname__.split("."))

    def get_tags(self) -> list[str]:
        return [type(self.view).__module__.split(".")[1]]  # the app: accounts, catalog, shop, wallet...

    def _input(self) -> type[serializers.BaseSerializer] | None:
        """The view's nested InputSerializer, if it belongs to this method."""
        input_serializer = getattr(self.view, "InputSerializer", None)
        if self.method == "GET" and any(hasattr(self.view, method) for method in WRITE_METHODS):
            return None
        return input_serializer

    def _unannotated(self, what: str, advice: str) -> None:
        warn(f"{type(self.view).__name__}.{self.method.lower()}: {what}; {advice}")

    def get_override_parameters(self) -> list[Any]:
        parameters: list[Any] = [
            OpenApiParameter(
                "lang",
                str,
                OpenApiParameter.HEADER,
                enum=list(APP_TO_DJANGO),
                description=f"The app language; unknown or missing means {DEFAULT_APP_LANG}.",
            )
        ]
        if self.method == "POST" and getattr(self.view, "idempotency_scope", None):
            parameters.append(
                OpenApiParameter(
                    IDEMPOTENCY_HEADER,
                    str,
                    OpenApiParameter.HEADER,
                    description="One key per submit: the same key and body again have no second effect and answer with "
                    "the first request's result.",
                )
            )
        if self.method == "GET" and self._input() is not None:
            parameters.append(self._input())
        return parameters

    def get_request_serializer(self) -> Any:
        input_serializer = self._input()
        if input_serializer is None:
            self._unannotated("no nested InputSerializer", "annotate @extend_schema(request=... or None)")
        return input_serializer

    def get_response_serializers(self) -> Any:
        output = getattr(self.view, "OutputSerializer", None)
        if output is None:
            self._unannotated("no nested OutputSerializer", "annotate @extend_schema(responses=... or None)")
            return None
        input_serializer = self._input()
        if input_serializer is not None and issubclass(input_serializer, PageInputSerializer):
            return paged(output)
        return output

    def _check_page(self) -> None:
        """A list endpoint (its input is a PageInputSerializer) answers a page, never a bare list."""
        input_serializer = self._input()
        if input_serializer is None or not issubclass(input_serializer, PageInputSerializer):
            return
        answer = self.get_response_serializers()
        if not isinstance(answer, type):
            answer = type(answer)
        if not issubclass(answer, PageSerializer):
            self._unannotated("the input is paged but the answer is not", "annotate responses=paged(Item)")

    def get_operation(self, *args: Any, **kwargs: Any) -> dict[str, Any] | None:
        operation = super().get_operation(*args, **kwargs)
        if operation is None:
            return None
        self._check_page()
        self.registry.register_on_missing(FIELD_ERRORS)
        self.registry.register_on_missing(REJECTION)
        for status, response in operation["responses"].items():
            if status.startswith("2"):
                content = response.get("content") or {"application/json": {}}
                for media in content.values():
                    media["schema"] = {"oneOf": [_envelope(media.get("schema", {"type": "null"})), REJECTION.ref]}
                response["content"] = content
                response["description"] = SUCCESS_DESCRIPTION
        for status, description in REJECTION_STATUSES.items():
            operation["responses"].setdefault(
                status, {"description": description, "content": {"application/json": {"schema": REJECTION.ref}}}
            )
        if self.view.get_authenticators():  # a view that reads `token` answers 401 to a missing or stale one
            self.registry.register_on_missing(UNAUTHORIZED)
            operation["responses"]["401"] = {
                "description": UNAUTHORIZED.schema["description"],
                "content": {"application/json": {"schema": UNAUTHORIZED.ref}},
            }
        return operation


def _untyped(schema: Any, where: str) -> list[str]:
    """Places in a schema whose value is left free-form (`{}`, a dict of anything)."""
    if not isinstance(schema, dict):
        return []
    if schema == {} or schema.get("additionalProperties") in ({}, True):
        return [where]
    found = []
    for name, child in schema.get("properties", {}).items():
        found += _untyped(child, f"{where}.{name}")
    for key in ("items", "additionalProperties"):
        found += _untyped(schema.get(key), f"{where}[]")
    for key in ("oneOf", "anyOf", "allOf"):
        for child in schema.get(key, []):
            found += _untyped(child, where)
    return found


def warn_untyped_values(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Postprocessing hook: a value typed as "anything" is a warning (give it a serializer or a field type)."""
    for name, schema in result.get("components", {}).get("schemas", {}).items():
        for where in _untyped(schema, name):
            warn(f"{where} is untyped: declare its fields with a serializer (or @extend_schema_field)")
    return result


def closed_request_bodies(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Postprocessing hook: a request body takes only the fields it lists (`additionalProperties: false`), as
    apps.core.apiview refuses any other by name; generated clients and the fuzzer are told so."""
    schemas = result.get("components", {}).get("schemas", {})

    def close(schema: dict[str, Any]) -> None:
        if "$ref" in schema:
            schema = schemas[schema["$ref"].rsplit("/", 1)[1]]
        for branch in schema.get("oneOf", []):
            close(branch)
        if schema.get("type") == "object":
            schema["additionalProperties"] = False

    for item in result.get("paths", {}).values():
        for operation in item.values():
            for media in operation.get("requestBody", {}).get("content", {}).values():
                close(media["schema"])
    return result


class TokenHeaderScheme(OpenApiAuthenticationExtension):
    target_class = "apps.accounts.authentication.TokenHeaderAuthentication"
    match_subclasses = True  # the configured one attaches the level (apps.levels.authentication)
    name = "token"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "apiKey", "in": "header", "name": "token"}
