"""The one DRF exception handler: every failure leaves as the envelope."""

import logging
from typing import Any

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404, HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.response import Response

from .envelope import REJECTED, envelope, rejected, unauthorized
from .errors import AppError, ErrorCode

log = logging.getLogger(__name__)


def _first_message(detail: Any) -> str:
    if isinstance(detail, dict):
        for value in detail.values():
            return _first_message(value)
    if isinstance(detail, list) and detail:
        return _first_message(detail[0])
    return str(detail)


def _field_errors(detail: Any) -> Any:
    if isinstance(detail, dict):
        return {key: _field_errors(value) for key, value in detail.items()}
    if isinstance(detail, list):
        return [_field_errors(item) if isinstance(item, dict | list) else str(item) for item in detail]
    return [str(detail)]


def envelope_exception_handler(exc: Exception, context: dict) -> Response | None:
    if isinstance(exc, AppError):
        return rejected(exc.message, {"error": int(exc.error_code), **exc.data})
    if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        return unauthorized(str(exc.detail) if isinstance(exc, exceptions.AuthenticationFailed) else None)
    if isinstance(exc, exceptions.ValidationError):
        errors = _field_errors(exc.detail)
        return rejected(_first_message(exc.detail), {"error": int(ErrorCode.INVALID), "errors": errors})
    if isinstance(exc, DjangoValidationError):
        data: dict[str, Any] = {"error": int(ErrorCode.INVALID)}
        if hasattr(exc, "error_dict"):  # a model's full_clean(): the fields it names
            data["errors"] = {field: [str(m) for m in messages] for field, messages in exc.message_dict.items()}
        return rejected(exc.messages[0] if exc.messages else _("Invalid input."), data)
    if isinstance(exc, exceptions.Throttled):
        wait = int(getattr(exc, "wait", None) or 1)
        return rejected(
            _("Too many attempts. Please try again in %(seconds)d seconds.") % {"seconds": wait},
            {"error": int(ErrorCode.THROTTLED), "wait": wait},
        )
    if isinstance(exc, Http404 | exceptions.NotFound):
        return rejected(_("Not found."), {"error": int(ErrorCode.NOT_FOUND)}, http_status=status.HTTP_404_NOT_FOUND)
    if isinstance(exc, PermissionDenied | exceptions.PermissionDenied):
        return rejected(_("You do not have permission to do this."), {"error": int(ErrorCode.FORBIDDEN)}, 403)
    if isinstance(exc, exceptions.APIException):
        return rejected(str(exc.detail), None, http_status=exc.status_code)
    log.exception("Unhandled API error", exc_info=exc)
    return rejected(_("Something went wrong. Please try again later."), None, http_status=500)


def _json_error(msg: str, http_status: int) -> JsonResponse:
    return JsonResponse(envelope(REJECTED, msg), status=http_status, json_dumps_params={"ensure_ascii": False})


# Django-level handlers for the API paths (unknown path, server error): same envelope, never a trace.
def api_404(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    return _json_error(_("Not found."), 404)


def api_500(request: HttpRequest) -> JsonResponse:
    return _json_error(_("Something went wrong. Please try again later."), 500)


def api_error(request: HttpRequest, http_status: int) -> JsonResponse:
    """The envelope for an HTTP error status that Django (not a view) answered: same status, a translated message."""
    if http_status >= 500:
        return api_500(request)
    messages = {
        403: _("You do not have permission to do this."),
        404: _("Not found."),
        405: _("This method is not allowed here."),
        413: _("The request is too large."),
    }
    return _json_error(messages.get(http_status, _("Invalid input.")), http_status)
