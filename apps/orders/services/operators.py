"""Operators' steps (the admin): shipping, tracking, delivery, and the refund decisions."""

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from apps.accounts.services import operator_action_record
from apps.core.errors import AppError, ErrorCode, field_error, reason_for, text_for
from apps.core.money import ZERO, money_text
from apps.core.notices import NoticeTarget, notify
from apps.core.transitions import Operator, reviewed, transition
from apps.wallet.constants import AccountKind, EntryKind
from apps.wallet.ledger import account_get, ledger_post
from apps.wallet.references import RefKind, ledger_ref

from .. import figures
from ..constants import IN_ESCROW, CreditEventKind, OrderStatus, RefundStatus, TrackingStep
from ..counts import order_counted
from ..hooks import buyer_refunded
from ..models import Order, Refund, TrackingEvent
from ..selectors import order_terms
from .common import escrow, order_locked


@transaction.atomic
def order_ship(*, order_id: int, carrier: str, tracking_number: str, operator: Operator) -> Order:
    """An operator shipped a picked-up order with its carrier and tracking number."""
    carrier, tracking_number = text_for(Order, "carrier", carrier), text_for(Order, "tracking_number", tracking_number)
    if not carrier:
        raise field_error("carrier", _("Please enter the carrier."))
    if not tracking_number:
        raise field_error("tracking_number", _("Please enter the tracking number."))
    order = order_locked(order_id)
    now = timezone.now()
    transition(
        order,
        OrderStatus.SHIPPED,
        actor=operator,
        note=f"{carrier} {tracking_number}",
        changes={
            "carrier": carrier,
            "tracking_number": tracking_number,
            "shipped_at": now,
            "receive_due_at": now + timedelta(days=order_terms().receive_days_after_shipment),
        },
    )
    notify(
        merchant=order.merchant,
        title=gettext_noop("Order shipped"),
        body=gettext_noop("Order %(number)s was shipped with %(carrier)s, tracking number %(tracking)s."),
        params={"number": order.number, "carrier": carrier, "tracking": tracking_number},
        target=(NoticeTarget.ORDER, order.pk),
    )
    order_counted(order, was=OrderStatus.AWAITING_SHIPMENT)
    return order


TRACKED = {OrderStatus.SHIPPED, OrderStatus.RECEIVED}
# A step dated up to this far ahead of the server's clock is taken as now-ish (a carrier's or a browser's clock).
TRACKING_CLOCK_SKEW = timedelta(minutes=5)


def _when(moment: datetime) -> str:
    """A time as an operator's message names it: in the site's time zone, in the language of the moment."""
    return formats.date_format(timezone.localtime(moment), "DATETIME_FORMAT")


@transaction.atomic
def tracking_event_add(
    *,
    order_id: int,
    occurred_at: datetime,
    step: str,
    note: str = "",
    place: str = "",
    operator: Operator = None,
    source: str = "operator",
) -> TrackingEvent:
    """Records a shipping step that happened: between the shipment and now (product.md 2.7). The step is one of
    TrackingStep (shown in the reader's language), `note` someone's own words about it (shown as written). The same
    step recorded twice is kept once."""
    note, place = text_for(TrackingEvent, "description", note, field="note"), text_for(TrackingEvent, "place", place)
    if step not in TrackingStep.values:
        raise field_error("step", _("Please choose the shipping step."))
    if occurred_at > timezone.now() + TRACKING_CLOCK_SKEW:
        raise field_error("occurred_at", _("A tracking step is recorded when it has happened, not before."))
    order = order_locked(order_id)
    if order.status not in TRACKED:
        raise AppError(_("Tracking steps are recorded for shipped orders."), ErrorCode.STATE)
    if order.shipped_at is not None and occurred_at < order.shipped_at:
        raise field_error(
            "occurred_at",
            _("A tracking step cannot be dated before the shipment (%(shipped)s).")
            % {"shipped": _when(order.shipped_at)},
        )
    event, _created = TrackingEvent.objects.get_or_create(
        order=order,
        occurred_at=occurred_at,
        step=step,
        description=note,
        defaults={"place": place, "operator": operator, "source": source[:32]},
    )
    return event


@transaction.atomic
def order_mark_delivered(*, order_id: int, operator: Operator, delivered_at: datetime | None = None) -> Order:
    """The carrier delivered a shipped order: it counts as received the days after delivery of the order terms in force
    now (order_terms) later, unless the buyer confirms first (or the date after shipment comes first). The delivery is
    dated between the shipment and now: a back-dated one would cut the buyer's time to ask for a refund (product.md
    2.7)."""
    order = order_locked(order_id)
    delivered_at = delivered_at or timezone.now()
    if order.status != OrderStatus.SHIPPED or order.delivered_at is not None:
        raise AppError(_("Only a shipped order not yet delivered can be marked delivered."), ErrorCode.STATE)
    if delivered_at > timezone.now() + TRACKING_CLOCK_SKEW:
        raise field_error("delivered_at", _("A delivery is recorded when it has happened, not before."))
    if order.shipped_at is None or delivered_at < order.shipped_at:
        shipped = _when(order.shipped_at) if order.shipped_at else "-"
        raise field_error(
            "delivered_at",
            _("The delivery cannot be dated before the shipment (%(shipped)s).") % {"shipped": shipped},
        )
    due = delivered_at + timedelta(days=order_terms().receive_days_after_delivery)
    order.delivered_at = delivered_at
    order.receive_due_at = min(due, order.receive_due_at) if order.receive_due_at else due
    order.save(update_fields=["delivered_at", "receive_due_at", "updated_at"])
    return order


def _refund_locked(refund_id: int) -> tuple[Order, Refund]:
    """A refund request and its order, the order's row locked first (as every step on the order locks it)."""
    order_id = Refund.objects.filter(pk=refund_id).values_list("order_id", flat=True).first()
    if order_id is None:
        raise AppError(_("This refund request does not exist."), ErrorCode.NOT_FOUND)
    return order_locked(order_id), Refund.objects.get(pk=refund_id)


@transaction.atomic
def refund_approve(*, refund_id: int, operator: Operator, note: str = "", merchant_fault: bool = False) -> Refund:
    """Approves an open refund once: the buyer gets T back (from escrow, or from the merchant's pending once the
    order was received) and the merchant gets its cost C back from supply; the order is refunded. When the operator
    finds the merchant at fault, the credit score's event is recorded."""
    note = text_for(Refund, "review_note", note, field="note")
    order, refund = _refund_locked(refund_id)
    was = order.status
    transition(refund, RefundStatus.APPROVED, actor=operator, note=note, changes=reviewed(operator, note))
    transition(order, OrderStatus.REFUNDED, actor=operator, note=note, changes={"closed_at": timezone.now()})
    source = escrow() if was in IN_ESCROW else account_get(kind=AccountKind.PENDING, merchant=order.merchant_id)
    lines = [(source, -order.total_payment), (account_get(kind=AccountKind.BUYERS), order.total_payment)]
    if order.total_cost > ZERO:
        lines += [
            (account_get(kind=AccountKind.SUPPLY), -order.total_cost),
            (account_get(kind=AccountKind.AVAILABLE, merchant=order.merchant_id), order.total_cost),
        ]
    ledger_post(
        reference=ledger_ref(RefKind.REFUND, refund.pk), kind=EntryKind.ORDER_REFUND, lines=lines, memo=order.number
    )
    buyer_refunded(order=order, reference=ledger_ref(RefKind.REFUND, refund.pk))
    figures.order_refunded(order, was_received=was == OrderStatus.RECEIVED)
    if merchant_fault:
        figures.credit_event_add(merchant_id=order.merchant_id, kind=CreditEventKind.REFUND_MERCHANT_FAULT, order=order)
    operator_action_record(
        merchant=order.merchant,
        operator=operator,
        kind=ACTION_REFUND_APPROVED,
        title=REFUND_APPROVED_AT_FAULT if merchant_fault else REFUND_APPROVED,
        reason=note,
        params={"number": order.number, "cost": money_text(order.total_cost)},
        target=(NoticeTarget.REFUND, refund.pk),
    )
    order_counted(order, was=was)
    return refund


@transaction.atomic
def refund_reject(*, refund_id: int, operator: Operator, reason: str) -> Refund:
    """Rejects an open refund once, with a reason; the order goes on where it was."""
    reason = reason_for(Refund, "review_note", reason)
    order, refund = _refund_locked(refund_id)
    transition(refund, RefundStatus.REJECTED, actor=operator, note=reason, changes=reviewed(operator, reason))
    operator_action_record(
        merchant=order.merchant,
        operator=operator,
        kind=ACTION_REFUND_REJECTED,
        title=REFUND_REJECTED,
        reason=reason,
        params={"number": order.number},
        target=(NoticeTarget.REFUND, refund.pk),
    )
    return refund


# An operator's refund decisions are operator actions on the merchant's money (accounts.OperatorAction): one message
# each, with the operator's reason, and a row of the account history.
ACTION_REFUND_APPROVED = "refund_approved"
ACTION_REFUND_REJECTED = "refund_rejected"
REFUND_APPROVED = gettext_noop("Refund of order %(number)s approved: its cost, %(cost)s, is back in your balance")
REFUND_APPROVED_AT_FAULT = gettext_noop(
    "Refund of order %(number)s approved, the shop found at fault (a credit event): its cost, %(cost)s, is back in "
    "your balance"
)
REFUND_REJECTED = gettext_noop("Refund request for order %(number)s rejected: the order goes on")
# The messages these decisions sent before: merchants still read them, in their language.
_EARLIER_REFUND_NOTICES = (
    gettext_noop("Refund approved"),
    gettext_noop("The refund of order %(number)s was approved. Its cost, %(cost)s, is back in your balance."),
    gettext_noop("Refund rejected"),
    gettext_noop("The refund request for order %(number)s was rejected. The order goes on."),
)
