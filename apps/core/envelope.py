"""The envelope {code, msg, data}, built here and nowhere else."""

from typing import Any

from django.utils.translation import gettext as _
from rest_framework import status
from rest_framework.response import Response

SUCCESS = 1
REJECTED = 0
UNAUTHORIZED = 401


def envelope(code: int, msg: str, data: Any = None) -> dict:
    return {"code": code, "msg": str(msg), "data": data}


def ok(data: Any = None, msg: str | None = None) -> Response:
    return Response(envelope(SUCCESS, msg if msg is not None else _("Success"), data))


def rejected(msg: str, data: Any = None, http_status: int = status.HTTP_200_OK) -> Response:
    return Response(envelope(REJECTED, msg, data), status=http_status)


def unauthorized(msg: str | None = None) -> Response:
    return Response(
        envelope(UNAUTHORIZED, msg if msg is not None else _("Please log in first")),
        status=status.HTTP_401_UNAUTHORIZED,
    )
