"""What Celery beat moves on when it is due (tasks.orders_move_due): expiries, receipt and settlement."""

import math

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from apps.core.faults import pause_point
from apps.core.money import ZERO, money_text
from apps.core.notices import NoticeTarget, PushKind, notify
from apps.core.transitions import transition
from apps.wallet.constants import AccountKind, EntryKind
from apps.wallet.ledger import account_get, ledger_post
from apps.wallet.references import RefKind, ledger_ref

from .. import figures
from ..constants import PICKUP_REMINDER_LEAD, CreditEventKind, OrderStatus, RefundStatus
from ..counts import order_counted
from ..hooks import buyer_refunded, referral_on_settlement
from ..models import Order, Refund
from ..selectors import payment_window, ship_window
from .common import cancel_locked, escrow, has_open_refund, order_locked, restore_stock
from .storefront import order_confirm_receipt


@transaction.atomic
def order_expire_unpaid(*, order_id: int) -> bool:
    """Cancels an order not paid within the payment window. False when it is not (or no longer) due."""
    order = order_locked(order_id)
    if order.status != OrderStatus.AWAITING_PAYMENT or timezone.now() < order.created_at + payment_window():
        return False
    cancel_locked(order, message=gettext_noop("Not paid in time"))
    order_counted(order, was=OrderStatus.AWAITING_PAYMENT)
    return True


@transaction.atomic
def order_expire_unpicked(*, order_id: int) -> bool:
    """Cancels an order not picked up within the pickup window: the buyer is refunded from escrow and a credit
    event is recorded. False when it is not (or no longer) due."""
    order = order_locked(order_id)
    if order.status != OrderStatus.AWAITING_PICKUP or order.pickup_deadline is None:
        return False
    if timezone.now() < order.pickup_deadline:
        return False
    cancel_locked(order, message=gettext_noop("Not picked up in time"))
    figures.credit_event_add(merchant_id=order.merchant_id, kind=CreditEventKind.PICKUP_MISSED, order=order)
    notify(
        merchant=order.merchant,
        title=gettext_noop("Order cancelled"),
        body=gettext_noop("Order %(number)s was not picked up in time and was cancelled. The buyer was refunded."),
        params={"number": order.number},
        target=(NoticeTarget.ORDER, order.pk),
    )
    order_counted(order, was=OrderStatus.AWAITING_PICKUP)
    return True


@transaction.atomic
def order_pickup_remind(*, order_id: int) -> bool:
    """Tells the merchant an order's pickup deadline is PICKUP_REMINDER_LEAD away or nearer (a message, pushed as
    "pickup_deadline"), once per order: the row is claimed by a conditional UPDATE (still awaiting pickup, its deadline
    within the lead and not past, not reminded), so a retry or a second beat tells nothing twice. False when it is not
    (or no longer) due."""
    now = timezone.now()
    claimed = Order.objects.filter(
        pk=order_id,
        status=OrderStatus.AWAITING_PICKUP,
        pickup_deadline__gt=now,
        pickup_deadline__lte=now + PICKUP_REMINDER_LEAD,
        pickup_reminded_at__isnull=True,
    ).update(pickup_reminded_at=now, updated_at=now)
    if not claimed:
        return False
    order = Order.objects.select_related("merchant").get(pk=order_id)
    assert order.pickup_deadline is not None  # the claim's condition
    hours = max(1, math.ceil((order.pickup_deadline - now).total_seconds() / 3600))
    notify(
        merchant=order.merchant,
        title=gettext_noop("Pickup deadline soon"),
        body=gettext_noop("Pick up order %(number)s within %(hours)s hours, or it is cancelled."),
        params={"number": order.number, "hours": str(hours)},
        target=(NoticeTarget.ORDER, order.pk),
        push=PushKind.PICKUP_DEADLINE,
    )
    return True


@transaction.atomic
def order_expire_unshipped(*, order_id: int) -> bool:
    """Cancels a picked-up order the platform did not ship within its ship window (selectors.ship_window, from the
    pickup): the merchant gets its cost C back from supply, the buyer T from escrow (one entry, order_cancel:<id>),
    the stock comes back, an open refund request is approved by it, and no credit event is recorded: the delay was
    the platform's. The row is claimed by a conditional UPDATE (still awaiting shipment, still due), so a retry, a
    second worker or a shipment that came first makes it a no-op. False when it is not (or no longer) due."""
    now = timezone.now()
    claimed = Order.objects.filter(pk=order_id, status=OrderStatus.AWAITING_SHIPMENT, ship_deadline__lte=now).update(
        updated_at=now
    )
    if not claimed:
        return False
    order = order_locked(order_id)
    message = gettext_noop("Not shipped in time")
    transition(order, OrderStatus.CANCELLED, message=message, changes={"closed_at": now})
    refund = Refund.objects.filter(order=order, status=RefundStatus.PENDING).first()
    if refund is not None:
        transition(
            refund, RefundStatus.APPROVED, message=message, changes={"review_note": _(message), "reviewed_at": now}
        )
    restore_stock(order)
    lines = [(escrow(), -order.total_payment), (account_get(kind=AccountKind.BUYERS), order.total_payment)]
    if order.total_cost > ZERO:
        lines += [
            (account_get(kind=AccountKind.SUPPLY), -order.total_cost),
            (account_get(kind=AccountKind.AVAILABLE, merchant=order.merchant_id), order.total_cost),
        ]
    reference = ledger_ref(RefKind.ORDER_CANCEL, order.pk)
    ledger_post(reference=reference, kind=EntryKind.ORDER_CANCELLED, lines=lines, memo=order.number)
    figures.order_cancelled(order, was_paid=True)
    buyer_refunded(order=order, reference=reference)
    notify(
        merchant=order.merchant,
        title=gettext_noop("Order cancelled: not shipped in time"),
        body=gettext_noop(
            "Order %(number)s was not shipped within %(hours)s hours of your pickup, so it was cancelled. Its cost, "
            "%(cost)s, is back in your balance, the buyer was refunded, and your credit score is not affected."
        ),
        params={
            "number": order.number,
            "hours": str(int(ship_window().total_seconds() // 3600)),
            "cost": money_text(order.total_cost),
        },
        target=(NoticeTarget.ORDER, order.pk),
    )
    order_counted(order, was=OrderStatus.AWAITING_SHIPMENT)
    return True


@transaction.atomic
def order_receive_due(*, order_id: int) -> bool:
    """Marks a shipped order received when its receipt date came and no refund is open."""
    order = order_locked(order_id)
    if order.status != OrderStatus.SHIPPED or order.receive_due_at is None:
        return False
    if timezone.now() < order.receive_due_at or has_open_refund(order):
        return False
    order_confirm_receipt(order_id=order.pk, automatic=True)
    return True


@transaction.atomic
def order_settle(*, order_id: int) -> bool:
    """Settles a received order once its settlement date came and no refund is open: merchant pending -> available
    T, and the referral hook runs. The order row lock makes it once: a second worker finds the order settled, and a
    refund asked meanwhile either came first (and blocks it) or finds the order settled (and is refused)."""
    order = order_locked(order_id)
    if order.status != OrderStatus.RECEIVED or order.settle_at is None:
        return False
    if timezone.now() < order.settle_at or has_open_refund(order):
        return False
    transition(order, OrderStatus.COMPLETED, message=gettext_noop("Settled"), changes={"settled_at": timezone.now()})
    ledger_post(
        reference=ledger_ref(RefKind.ORDER_SETTLED, order.pk),
        kind=EntryKind.ORDER_SETTLED,
        lines=[
            (account_get(kind=AccountKind.PENDING, merchant=order.merchant_id), -order.total_payment),
            (account_get(kind=AccountKind.AVAILABLE, merchant=order.merchant_id), order.total_payment),
        ],
        memo=order.number,
    )
    figures.order_settled(order)
    referral_on_settlement(order=order)
    notify(
        merchant=order.merchant,
        title=gettext_noop("Order settled"),
        body=gettext_noop("Order %(number)s was settled: %(amount)s was added to your balance."),
        params={"number": order.number, "amount": money_text(order.total_payment)},
        target=(NoticeTarget.ORDER, order.pk),
    )
    order_counted(order, was=OrderStatus.RECEIVED)
    pause_point("order_settle")  # everything written, nothing committed: a worker killed here settles nothing
    return True
