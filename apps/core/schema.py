"""OpenAPI schema (drf-spectacular) tuned to the conventions: nested Input/OutputSerializer per view."""

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema


class AutoSchema(SpectacularAutoSchema):
    def get_serializer_name(self, serializer: Any, direction: str) -> str:
        # "LoginApi.InputSerializer" -> component "LoginApiInput": every view's nested serializers stay distinct.
        return type(serializer).__qualname__.replace(".", "")


class TokenHeaderScheme(OpenApiAuthenticationExtension):
    target_class = "apps.accounts.authentication.TokenHeaderAuthentication"
    name = "token"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "apiKey", "in": "header", "name": "token"}
