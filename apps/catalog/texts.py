"""Messages used by more than one module of the catalogue, written once."""

from django.utils.translation import gettext as _


def product_missing() -> str:
    return _("The product does not exist or is no longer available.")


def shop_closed() -> str:
    return _("The store is closed, please contact customer service")


def select_product() -> str:
    return _("Please select a product")
