"""Integer inputs bounded to what their column holds, so an out-of-range number is a rejection, never a 500."""

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

# Primary keys are BigAutoField (config/settings/base.py DEFAULT_AUTO_FIELD): 1 .. 2**63 - 1.
ID_MAX = 2**63 - 1

ID_ERRORS = {
    "invalid": _("Please enter a valid number."),
    "max_string_length": _("Please enter a valid number."),
    "min_value": _("Please enter a valid number."),
    "max_value": _("Please enter a valid number."),
}


def IdField(**kwargs: Any) -> serializers.IntegerField:  # noqa: N802 - a field factory reads like a field
    """The id of a row (a product, a listing, a category, a level): a positive integer its column can hold."""
    kwargs.setdefault("min_value", 1)
    kwargs.setdefault("max_value", ID_MAX)
    kwargs["error_messages"] = {**ID_ERRORS, **kwargs.get("error_messages", {})}
    return serializers.IntegerField(**kwargs)
