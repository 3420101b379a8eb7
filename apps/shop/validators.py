from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

HTTPS_ONLY_MESSAGE = _("Links must use HTTPS and start with https://")


def validate_https(value: str) -> None:
    """Social links are https only (spec section 5). Empty means no link."""
    if value and not value.lower().startswith("https://"):
        raise ValidationError(HTTPS_ONLY_MESSAGE, code="https_only")
