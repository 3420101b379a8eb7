"""Order vocabularies and state machines (product.md 5.2; conventions.md: state machines are tables)."""

from datetime import timedelta

from django.db import models
from django.utils.translation import gettext_lazy as _


class OrderStatus(models.IntegerChoices):
    """The codes of product.md 5.2: the `status` filter of order/list and the app's tabs."""

    AWAITING_PAYMENT = 0, _("Awaiting payment")
    AWAITING_PICKUP = 5, _("Awaiting pickup")
    AWAITING_SHIPMENT = 1, _("Awaiting shipment")
    SHIPPED = 2, _("Shipped")
    RECEIVED = 3, _("Pending settlement")
    COMPLETED = 4, _("Settled")
    CANCELLED = -1, _("Cancelled")
    REFUNDED = -2, _("Refunded")


ORDER_TRANSITIONS: dict[int, set[int]] = {
    OrderStatus.AWAITING_PAYMENT: {OrderStatus.AWAITING_PICKUP, OrderStatus.CANCELLED},
    OrderStatus.AWAITING_PICKUP: {OrderStatus.AWAITING_SHIPMENT, OrderStatus.CANCELLED},
    # Cancelled: not shipped within the ship window (services.order_expire_unshipped), the cost back to the merchant.
    OrderStatus.AWAITING_SHIPMENT: {OrderStatus.SHIPPED, OrderStatus.REFUNDED, OrderStatus.CANCELLED},
    OrderStatus.SHIPPED: {OrderStatus.RECEIVED, OrderStatus.REFUNDED},
    OrderStatus.RECEIVED: {OrderStatus.COMPLETED, OrderStatus.REFUNDED},
    OrderStatus.COMPLETED: set(),
    OrderStatus.CANCELLED: set(),
    OrderStatus.REFUNDED: set(),
}

# A buyer may ask for a refund of a picked-up order in these statuses (in awaiting pickup a cancel is immediate).
REFUNDABLE = {OrderStatus.AWAITING_SHIPMENT, OrderStatus.SHIPPED, OrderStatus.RECEIVED}
# Where the buyer's money is while the order is in a status: escrow until received, then the merchant's pending.
IN_ESCROW = {OrderStatus.AWAITING_PICKUP, OrderStatus.AWAITING_SHIPMENT, OrderStatus.SHIPPED}


class OrderSource(models.TextChoices):
    """Where an order came from, shown to the merchant with its payment reference."""

    STOREFRONT = "storefront", _("The platform's storefront")
    EXTERNAL = "external", _("External storefront")
    # Orders received before storefront keys, signed with the one secret all storefronts shared (now retired).
    SHARED_SECRET = "shared_secret", _("Order intake with the former shared secret")


class RefundStatus(models.IntegerChoices):
    PENDING = 0, _("Pending approval")
    APPROVED = 1, _("Approved")
    REJECTED = 2, _("Rejected")


REFUND_TRANSITIONS: dict[int, set[int]] = {
    RefundStatus.PENDING: {RefundStatus.APPROVED, RefundStatus.REJECTED},
    RefundStatus.APPROVED: set(),
    RefundStatus.REJECTED: set(),
}


class GoodsStatus(models.TextChoices):
    """What the buyer says about the goods when asking for a refund."""

    NOT_RECEIVED = "not_received", _("Not received")
    RECEIVED = "received", _("Received")
    RETURNED = "returned", _("Returned")


class TrackingStep(models.TextChoices):
    """A shipping step, chosen by the operator (or mapped by a carrier integration) and shown in the reader's language;
    the operator's own words go with it as a note."""

    PICKED_UP = "picked_up", _("Picked up by the carrier")
    SORTING_CENTER = "sorting_center", _("Arrived at the sorting center")
    IN_TRANSIT = "in_transit", _("In transit")
    CUSTOMS = "customs", _("In customs")
    ARRIVED = "arrived", _("Arrived in the destination city")
    OUT_FOR_DELIVERY = "out_for_delivery", _("Out for delivery")
    DELIVERY_ATTEMPTED = "delivery_attempted", _("Delivery attempted")
    COLLECTION_POINT = "collection_point", _("Waiting at the collection point")
    RETURNED = "returned", _("Returned to the sender")
    UPDATE = "update", _("Shipping update")


class CreditEventKind(models.TextChoices):
    """Events that change a merchant's credit score."""

    PICKUP_MISSED = "pickup_missed", _("Order not picked up in time")
    REFUND_MERCHANT_FAULT = "refund_merchant_fault", _("Refund for the merchant's fault")
    RECOVERY = "recovery", _("Recovery: no lowering event for a while")


# The published table (product.md 11): each event's points. The score starts at 100 (apps.shop.figures.CREDIT_START)
# and, unchanged for CREDIT_RECOVERY_DAYS (a setting), recovers by the RECOVERY points, up to 100.
CREDIT_POINTS = {
    CreditEventKind.PICKUP_MISSED: -2,
    CreditEventKind.REFUND_MERCHANT_FAULT: -3,
    CreditEventKind.RECOVERY: 1,
}


class PickResult(models.TextChoices):
    """How one order of a batch pickup ended."""

    PICKED = "picked", _("Picked up")
    INSUFFICIENT = "insufficient", _("Insufficient balance")
    NOT_AWAITING = "not_awaiting", _("No longer awaiting pickup")


REVIEW_STARS_MAX = 5
REVIEW_TEXT_MAX = 2000

# A batch pickup takes at most this many orders; "all" picks the first this many of the tab (the app asks again for
# the rest).
PICK_BATCH_MAX = 100
# A storefront key's name, and how many shops one key may serve (each named: there is no key for every shop).
STOREFRONT_KEY_NAME_MAX = 100
STOREFRONT_KEY_SHOPS_MAX = 1000
# Numbers and texts a storefront sends are bounded before they reach the database.
LINE_QUANTITY_MAX = 999
ORDER_LINES_MAX = 50


# The merchant is told (a message, pushed as "pickup_deadline") once this long before an order's pickup deadline
# (services.order_pickup_remind, on the beat); an order whose whole window is shorter is not reminded.
PICKUP_REMINDER_LEAD = timedelta(hours=6)
