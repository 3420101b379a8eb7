"""Orders placed by buyers (product.md section 5): the order with what it froze at creation, its lines, its tracking
events, its refund requests, and the events around it. Only apps.orders.services writes them."""

from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from apps.core.models import AppendOnlyModel, TimeStampedModel
from apps.core.money import MoneyField
from apps.core.terms import TermsQuerySet, TermsVersion

from .constants import (
    ORDER_TRANSITIONS,
    REFUND_TRANSITIONS,
    REVIEW_TEXT_MAX,
    STOREFRONT_KEY_NAME_MAX,
    CreditEventKind,
    GoodsStatus,
    OrderSource,
    OrderStatus,
    RefundStatus,
    TrackingStep,
)


class StorefrontKey(models.Model):
    """The key of a storefront other than the platform's own (apps.orders.intake): what it signs its order-intake
    requests with, and the shops it may send orders for. Created by an operator holding orders.add_storefrontkey;
    its secret is shown once, to that operator, and never again. Never deleted (its orders name it); deactivated."""

    name = models.CharField(_("name"), max_length=STOREFRONT_KEY_NAME_MAX, unique=True)
    key_id = models.CharField(_("key id"), max_length=32, unique=True, editable=False)
    # The HMAC-SHA256 secret the storefront signs with: the server needs it to check a signature, so it is kept, but
    # no screen shows it after creation.
    secret = models.CharField(max_length=64, editable=False)
    shops = models.ManyToManyField("shop.Shop", related_name="+", verbose_name=_("shops it serves"))
    is_active = models.BooleanField(_("active"), default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("created by")
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    deactivated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("deactivated by"),
    )
    deactivated_at = models.DateTimeField(_("deactivated at"), null=True, blank=True)
    deactivation_reason = models.CharField(_("reason for deactivation"), max_length=255, blank=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("storefront key")
        verbose_name_plural = _("storefront keys")

    def __str__(self) -> str:
        return self.name


class Order(TimeStampedModel):
    """A buyer's order in one shop. Totals are frozen at creation: total payment T (what the buyer pays), total cost
    C (what the merchant pays at pickup, at its level when the order was placed) and earnings T - C."""

    TRANSITIONS = ORDER_TRANSITIONS
    TRANSITION_REFUSED = _("This order is %(current)s; it cannot become %(target)s.")

    merchant = models.ForeignKey(
        "accounts.Merchant", on_delete=models.PROTECT, related_name="orders", verbose_name=_("merchant")
    )
    number = models.CharField(_("order number"), max_length=32, unique=True)
    external_ref = models.CharField(_("storefront reference"), max_length=64, unique=True)
    # Where it came from: the platform's storefront (paid through its payment provider, storefront.Payment) or an
    # external storefront, by the key that signed it (which alone may act on it after).
    source = models.CharField(_("source"), max_length=16, choices=OrderSource.choices)
    storefront_key = models.ForeignKey(
        StorefrontKey,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="orders",
        verbose_name=_("storefront key"),
    )
    status = models.SmallIntegerField(
        _("status"), choices=OrderStatus.choices, default=OrderStatus.AWAITING_PAYMENT, db_index=True
    )
    quantity = models.PositiveIntegerField(_("quantity"))
    total_payment = MoneyField(verbose_name=_("total payment"))
    total_cost = MoneyField(verbose_name=_("total cost"))
    earnings = MoneyField(verbose_name=_("earnings"))
    ship_name = models.CharField(_("recipient"), max_length=100)
    ship_phone = models.CharField(_("phone"), max_length=32)
    ship_address = models.CharField(_("shipping address"), max_length=255)
    ship_country = models.CharField(_("country"), max_length=2)
    # Whether the order's units are out of the product's stock: held from placing while it awaits payment (within
    # the ORDER_UNPAID_* bounds), or else taken when it is paid; given back when it is cancelled.
    stock_reserved = models.BooleanField(_("stock reserved"), default=True)
    payment_reference = models.CharField(_("payment reference"), max_length=100, blank=True)
    carrier = models.CharField(_("carrier"), max_length=64, blank=True)
    tracking_number = models.CharField(_("tracking number"), max_length=64, blank=True, db_index=True)
    paid_at = models.DateTimeField(_("paid at"), null=True, blank=True)
    pickup_deadline = models.DateTimeField(_("pickup deadline"), null=True, blank=True)
    # While the shop is closed its pickup windows pause: the time each order had left, its deadline then empty; the
    # deadline is now + this when the shop reopens (services.pickup_windows_pause / pickup_windows_resume).
    pickup_paused_left = models.DurationField(_("pickup time left, paused"), null=True, blank=True)
    # When the merchant was told its pickup deadline is PICKUP_REMINDER_LEAD away (services.order_pickup_remind):
    # once per order.
    pickup_reminded_at = models.DateTimeField(_("pickup reminder sent at"), null=True, blank=True, editable=False)
    picked_at = models.DateTimeField(_("picked up at"), null=True, blank=True)
    # A picked-up order not shipped by then is cancelled, its cost back (services.order_expire_unshipped).
    ship_deadline = models.DateTimeField(_("ship deadline"), null=True, blank=True)
    shipped_at = models.DateTimeField(_("shipped at"), null=True, blank=True)
    delivered_at = models.DateTimeField(_("delivered at"), null=True, blank=True)
    receive_due_at = models.DateTimeField(_("received automatically at"), null=True, blank=True)
    received_at = models.DateTimeField(_("received at"), null=True, blank=True)
    settle_at = models.DateTimeField(_("settles at"), null=True, blank=True)
    settled_at = models.DateTimeField(_("settled at"), null=True, blank=True)
    closed_at = models.DateTimeField(_("cancelled or refunded at"), null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        verbose_name = _("order")
        verbose_name_plural = _("orders")
        indexes = [
            models.Index(fields=["merchant", "status", "-id"], name="orders_merchant_status_idx"),
            models.Index(fields=["merchant", "-id"], name="orders_merchant_idx"),
            models.Index(fields=["status", "pickup_deadline"], name="orders_pickup_due_idx"),
            # The awaiting pickup tab, soonest deadline first (selectors.PICKUP_QUEUE).
            models.Index(
                fields=["merchant", "status", "pickup_deadline", "pickup_paused_left", "id"],
                name="orders_pickup_queue_idx",
            ),
            models.Index(fields=["status", "ship_deadline"], name="orders_ship_due_idx"),
            models.Index(fields=["status", "receive_due_at"], name="orders_receive_due_idx"),
            models.Index(fields=["status", "settle_at"], name="orders_settle_due_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(total_payment__gt=0, total_cost__gte=0, quantity__gt=0), name="orders_totals_positive"
            ),
            # T - C to the cent. Not `=`: SQLite computes the difference of two REAL columns in binary floating
            # point (4.90 - 4.41 != 0.49 there), which refused most orders; half a cent either way is the same test.
            models.CheckConstraint(
                condition=Q(
                    earnings__gt=models.F("total_payment") - models.F("total_cost") - Decimal("0.005"),
                    earnings__lt=models.F("total_payment") - models.F("total_cost") + Decimal("0.005"),
                ),
                name="orders_earnings",
            ),
            # A paid order names its payment (the provider's, or the one its storefront sent).
            models.CheckConstraint(
                condition=Q(paid_at__isnull=True) | ~Q(payment_reference=""), name="orders_paid_has_payment_reference"
            ),
            # An external storefront's order names its key; no other order has one.
            models.CheckConstraint(
                condition=Q(source=OrderSource.EXTERNAL, storefront_key__isnull=False)
                | (~Q(source=OrderSource.EXTERNAL) & Q(storefront_key__isnull=True)),
                name="orders_source_key",
            ),
            models.CheckConstraint(
                condition=Q(pickup_paused_left__isnull=True) | Q(pickup_deadline__isnull=True),
                name="orders_pickup_paused_or_running",
            ),
        ]

    def __str__(self) -> str:
        return self.number


class OrderCount(models.Model):
    """How many of a shop's orders are in one status, and their total cost C: what the order list's tabs and Home's
    badge read, at most eight rows whatever the number of orders. Written only by apps.orders.counts, as the last
    write of each order step (the lock order of apps.wallet.operations); `manage.py check_figures` compares the rows
    with the orders grouped by status, `manage.py rebuild_figures` rewrites them. No form edits them."""

    merchant = models.ForeignKey("accounts.Merchant", on_delete=models.CASCADE, related_name="+")
    status = models.SmallIntegerField()
    orders = models.PositiveIntegerField(default=0)
    cost = MoneyField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["merchant", "status"], name="orders_count_once")]
        default_permissions = ()  # no one edits or reads them in the console: no permission to hold in a role

    def __str__(self) -> str:
        return f"{self.merchant_id} {self.status}"


class OrderLine(models.Model):
    """One product of an order as it was when the buyer ordered it (title, image, prices at the merchant's level)."""

    order = models.ForeignKey(Order, on_delete=models.PROTECT, related_name="lines")
    product = models.ForeignKey("catalog.Product", null=True, on_delete=models.SET_NULL, related_name="+")
    title = models.CharField(_("title"), max_length=200)
    image = models.CharField(_("image"), max_length=255, blank=True)  # a storage name (the product's thumbnail)
    quantity = models.PositiveIntegerField(_("quantity"))
    retail_price = MoneyField(verbose_name=_("retail price"))
    purchase_price = MoneyField(verbose_name=_("purchase price"))
    profit = MoneyField(verbose_name=_("profit"))

    class Meta:
        ordering = ["id"]
        verbose_name = _("order line")
        verbose_name_plural = _("order lines")

    def __str__(self) -> str:
        return f"{self.title} x {self.quantity}"


class TrackingEvent(AppendOnlyModel):
    """A shipping step, recorded when it happened, by an operator or a carrier integration (product.md 2.7): one of
    the translated steps (`step`), with someone's own words as a note (`description`, shown as written)."""

    order = models.ForeignKey(Order, on_delete=models.PROTECT, related_name="tracking_events")
    occurred_at = models.DateTimeField(_("time"))
    place = models.CharField(_("place"), max_length=120, blank=True)
    step = models.CharField(_("step"), max_length=24, choices=TrackingStep.choices, default=TrackingStep.UPDATE)
    description = models.CharField(_("note"), max_length=255, blank=True)
    source = models.CharField(_("recorded by"), max_length=32, default="operator")
    operator = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-occurred_at", "-id"]
        verbose_name = _("tracking event")
        verbose_name_plural = _("tracking events")
        constraints = [
            models.UniqueConstraint(
                fields=["order", "occurred_at", "step", "description"], name="orders_tracking_step_once"
            ),
        ]

    def __str__(self) -> str:
        label = self.get_step_display()
        return f"{label}: {self.description}" if self.description else str(label)


class Refund(TimeStampedModel):
    """A buyer's refund request for a picked-up order; an operator decides it once."""

    TRANSITIONS = REFUND_TRANSITIONS
    TRANSITION_REFUSED = _("This request was already decided.")

    order = models.ForeignKey(Order, on_delete=models.PROTECT, related_name="refunds")
    merchant = models.ForeignKey("accounts.Merchant", on_delete=models.PROTECT, related_name="refunds")
    amount = MoneyField(verbose_name=_("amount"))
    reason = models.CharField(_("reason"), max_length=255)
    goods_status = models.CharField(_("goods status"), max_length=16, choices=GoodsStatus.choices)
    status = models.PositiveSmallIntegerField(
        _("status"), choices=RefundStatus.choices, default=RefundStatus.PENDING, db_index=True
    )
    review_note = models.CharField(_("operator's reason"), max_length=255, blank=True)
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    reviewed_at = models.DateTimeField(_("reviewed at"), null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        verbose_name = _("refund request")
        verbose_name_plural = _("refund requests")
        indexes = [models.Index(fields=["merchant", "status", "-id"], name="orders_refund_merchant_idx")]
        constraints = [
            models.UniqueConstraint(
                fields=["order"], condition=Q(status=RefundStatus.PENDING), name="orders_one_open_refund"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.order} ({self.get_status_display()})"


class PickBatch(models.Model):
    """The answer of one batch pickup, kept so a repeated Idempotency-Key returns it."""

    merchant = models.ForeignKey("accounts.Merchant", on_delete=models.CASCADE, related_name="+")
    # [{"id", "number", "result", "cost" (paid), "order_cost"}], in the order they were tried
    results = models.JSONField(default=list)
    # What a deposit must add to pick up the orders skipped for the balance (their costs less what was left).
    shortfall = MoneyField(verbose_name=_("shortfall"), default=Decimal("0.00"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("batch pickup")
        verbose_name_plural = _("batch pickups")

    def __str__(self) -> str:
        return f"batch {self.pk}"


class CreditEvent(AppendOnlyModel):
    """An event that changes the merchant's credit score (product.md 11), recorded when it happens."""

    merchant = models.ForeignKey("accounts.Merchant", on_delete=models.PROTECT, related_name="credit_events")
    order = models.ForeignKey(Order, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(_("kind"), max_length=32, choices=CreditEventKind.choices)
    points = models.SmallIntegerField(_("points"))
    score = models.PositiveSmallIntegerField(_("credit score"), help_text=_("The score after this event."))
    created_at = models.DateTimeField(_("time"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-id"]
        verbose_name = _("credit event")
        verbose_name_plural = _("credit events")
        constraints = [models.UniqueConstraint(fields=["order", "kind"], name="orders_credit_event_once")]

    def __str__(self) -> str:
        return f"{self.kind} {self.points}"


class Review(models.Model):
    """A buyer's review of a received order: one per order, 1 to 5 stars. The shop's rating is their average."""

    order = models.OneToOneField(Order, on_delete=models.PROTECT, related_name="review")
    stars = models.PositiveSmallIntegerField(_("stars"))
    text = models.TextField(_("text"), blank=True, max_length=REVIEW_TEXT_MAX)
    created_at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        verbose_name = _("buyer rating")
        verbose_name_plural = _("buyer ratings")
        constraints = [models.CheckConstraint(condition=Q(stars__gte=1, stars__lte=5), name="orders_review_stars")]

    def __str__(self) -> str:
        return f"{self.order_id} {self.stars}"


class IntakeSignature(models.Model):
    """A storefront request signature already used (apps.orders.intake): a replay has no second effect."""

    signature = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("storefront request")
        verbose_name_plural = _("storefront requests")

    def __str__(self) -> str:
        return self.signature[:12]


def _bounds_error(value: int | None, bounds: tuple[int, int], message: str) -> str | None:
    low, high = bounds
    if value is None or low <= value <= high:
        return None
    return message % {"min": low, "max": high}


class OrderTerms(TermsVersion):
    """A version of the order windows and the settlement delay (apps.core.terms; one thing, so no key): how long a
    merchant has to pick up a paid order, how long the platform has to ship it once picked up, when a shipped order
    counts as received, and how long a received order waits before it settles. Each step of an order reads the version
    in force when it happens and stores its deadline on the order (pickup_deadline, ship_deadline, receive_due_at,
    settle_at), so an order keeps the terms of each of its steps. The first
    version holds the settings' values (ORDER_PICKUP_WINDOW_HOURS...); operators announce the next ones in the admin,
    within the settings' bounds (ORDER_..._BOUNDS)."""

    pickup_window_hours = models.PositiveIntegerField(
        _("pickup window (hours)"),
        help_text=_("A paid order not picked up within this many hours is cancelled and its buyer refunded."),
    )
    ship_window_hours = models.PositiveIntegerField(
        _("ship window (hours)"),
        help_text=_(
            "A picked-up order not shipped within this many hours is cancelled: its cost back to the merchant, the "
            "buyer refunded, no credit lost."
        ),
    )
    receive_days_after_shipment = models.PositiveIntegerField(
        _("received after shipment (days)"),
        help_text=_("A shipped order counts as received this many days after shipment, unless the buyer confirms."),
    )
    receive_days_after_delivery = models.PositiveIntegerField(
        _("received after delivery (days)"),
        help_text=_("A delivered order counts as received this many days after delivery, if that comes first."),
    )
    settlement_delay_days = models.PositiveIntegerField(
        _("settlement delay (days)"),
        help_text=_("A received order settles (its sales become available) this many days later, with no open refund."),
    )

    objects = TermsQuerySet.as_manager()  # type: ignore[misc]  # typed for this model, not the abstract parent

    terms_fields = (
        "pickup_window_hours",
        "ship_window_hours",
        "receive_days_after_shipment",
        "receive_days_after_delivery",
        "settlement_delay_days",
    )
    terms_announcement = gettext_noop("New order windows and settlement delay from %(date)s")

    class Meta:
        ordering = ["-effective_from", "-id"]
        verbose_name = _("order windows and settlement delay")
        verbose_name_plural = _("order windows and settlement delay")

    def __str__(self) -> str:
        return gettext("Order terms from %(date)s") % {"date": self.effective_from.date().isoformat()}

    def clean(self) -> None:
        """The bounds of settings: a window or a delay outside them is refused."""
        message = gettext("This must be from %(min)d to %(max)d.")
        checks = {
            "pickup_window_hours": settings.ORDER_PICKUP_WINDOW_HOURS_BOUNDS,
            "ship_window_hours": settings.ORDER_SHIP_WINDOW_HOURS_BOUNDS,
            "receive_days_after_shipment": settings.ORDER_RECEIVE_DAYS_AFTER_SHIPMENT_BOUNDS,
            "receive_days_after_delivery": settings.ORDER_RECEIVE_DAYS_AFTER_DELIVERY_BOUNDS,
            "settlement_delay_days": settings.ORDER_SETTLEMENT_DELAY_DAYS_BOUNDS,
        }
        errors = {
            name: error
            for name, bounds in checks.items()
            if (error := _bounds_error(getattr(self, name), bounds, message)) is not None
        }
        if errors:
            raise ValidationError(errors)
