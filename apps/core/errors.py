"""One error type for every rejection the merchant can act on."""

from enum import IntEnum
from typing import Any

from django.db.models import Model
from django.utils.translation import gettext as _


class ErrorCode(IntEnum):
    """Stable machine codes; the envelope's `code` stays 0, this one travels in data.error."""

    INVALID = 1000
    NOT_FOUND = 1001
    FORBIDDEN = 1002
    THROTTLED = 1003
    CONFLICT = 1004
    LOCKED = 1005
    INSUFFICIENT_FUNDS = 1006
    LIMIT_REACHED = 1007
    STATE = 1008
    SHOP_CLOSED = 1009
    PAY_PASSWORD = 1010
    UNKNOWN_PARAMETER = 1011


class AppError(Exception):
    """A translated, actionable rejection: answered as {code: 0, msg, data} with HTTP 200."""

    def __init__(self, message: Any, code: ErrorCode = ErrorCode.INVALID, data: dict | None = None) -> None:
        super().__init__(str(message))
        self.message = message
        self.error_code = code
        self.data = data or {}


def field_error(field: str, message: Any, code: ErrorCode = ErrorCode.INVALID) -> AppError:
    """A rejection of one form field: data.errors names the field (as the API spells it), so the form shows the
    message there."""
    return AppError(message, code, {"errors": {field: [str(message)]}})


def text_for(model: type[Model], column: str, value: str, *, field: str = "") -> str:
    """A text input as a service keeps it in `model`'s `column`: without surrounding spaces, and refused (a rejection
    of `field`, by default the column, naming the limit) when longer than the column holds, never cut short."""
    value = value.strip()
    limit = getattr(model._meta.get_field(column), "max_length", None)
    if limit is not None and len(value) > limit:
        raise field_error(field or column, _("This is too long: at most %(max)d characters.") % {"max": limit})
    return value


def reason_for(model: type[Model], column: str, value: str, *, field: str = "reason") -> str:
    """A reason a service keeps in `model`'s `column` (text_for): required, and refused when longer than it holds."""
    reason = text_for(model, column, value, field=field)
    if not reason:
        raise field_error(field, _("Please give a reason."))
    return reason
