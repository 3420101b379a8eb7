"""What the wallet endpoints share: the amount field and its messages."""

from django.utils.translation import gettext_lazy

from apps.core.money import MoneySerializerField

AMOUNT_ERRORS = {
    "required": gettext_lazy("Please enter the amount."),
    "null": gettext_lazy("Please enter the amount."),
    "invalid": gettext_lazy("Please enter a valid amount."),
    "max_decimal_places": gettext_lazy("At most 2 decimal places."),
    "max_digits": gettext_lazy("Please enter a valid amount."),
    "max_whole_digits": gettext_lazy("Please enter a valid amount."),
}


def _amount_field(operation: str) -> MoneySerializerField:
    """An amount the merchant sends for `operation` (deposit, withdrawal): at most its bound (settings.MONEY_MAX)."""
    return MoneySerializerField(operation=operation, error_messages=AMOUNT_ERRORS)
