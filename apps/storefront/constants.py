"""The storefront's vocabularies and bounds (conventions.md: state machines are tables)."""

from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.orders.constants import OrderStatus


class PaymentStatus(models.IntegerChoices):
    OPEN = 0, _("Open")
    PAID = 1, _("Paid")
    FAILED = 2, _("Failed")
    # The provider took money the order cannot take (it closed meanwhile, another payment paid it, another amount):
    # an operator gives it back through the provider.
    TO_REFUND = 3, _("Paid, to be given back")
    REFUNDED = 4, _("Given back")  # through the provider, after the order was cancelled or refunded


PAYMENT_TRANSITIONS: dict[int, set[int]] = {
    PaymentStatus.OPEN: {PaymentStatus.PAID, PaymentStatus.FAILED, PaymentStatus.TO_REFUND},
    PaymentStatus.FAILED: {PaymentStatus.PAID, PaymentStatus.TO_REFUND},  # a "failed" can arrive before a "paid"
    PaymentStatus.PAID: {PaymentStatus.REFUNDED},
    PaymentStatus.TO_REFUND: set(),  # an operator gives it back in the provider's dashboard
    PaymentStatus.REFUNDED: set(),
}

# The cart: one per browser session, a list per shop (one order per shop), bounded like the orders it becomes.
CART_SHOPS_MAX = 10

# An order's status as its buyer reads it: the merchant's steps (pickup, settlement) are the shop's business.
BUYER_STATUS: dict[int, Any] = {
    OrderStatus.AWAITING_PAYMENT: _("Awaiting payment"),
    OrderStatus.AWAITING_PICKUP: _("Paid"),
    OrderStatus.AWAITING_SHIPMENT: _("Preparing shipment"),
    OrderStatus.SHIPPED: _("Shipped"),
    OrderStatus.RECEIVED: _("Received"),
    OrderStatus.COMPLETED: _("Completed"),
    OrderStatus.CANCELLED: _("Cancelled"),
    OrderStatus.REFUNDED: _("Refunded"),
}

# The public pages (shop, product, search in a shop) as shared caches keep them (apps.storefront.shared): a browser
# revalidates after PAGE_MAX_AGE seconds, a shared cache (a CDN, the reverse proxy) after PAGE_S_MAXAGE, unless the
# shop's change purges it first (apps.storefront.signals.shop_pages_changed). The application keeps a rendered page
# PAGE_CACHE_SECONDS under the shop's version, and a version lives SHOP_VERSION_SECONDS at most (apps.storefront.cache).
PAGE_MAX_AGE = 60
PAGE_S_MAXAGE = 300
PAGE_CACHE_SECONDS = 3600
SHOP_VERSION_SECONDS = 24 * 3600
