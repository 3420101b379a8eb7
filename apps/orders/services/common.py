"""What the order services share: an order's row lock, its stock coming back, the escrow account, and the
cancellation of an order not picked up (by the buyer, or when its window ran out)."""

from django.db.models import F, Q
from django.utils import timezone

from apps.catalog.hooks import storefront_changed
from apps.catalog.models import Product
from apps.core.errors import AppError, ErrorCode
from apps.core.transitions import transition
from apps.wallet.constants import AccountKind, EntryKind
from apps.wallet.ledger import account_get, ledger_post
from apps.wallet.references import RefKind, ledger_ref

from .. import figures
from ..constants import OrderStatus, RefundStatus
from ..hooks import buyer_refunded
from ..models import Order, Refund
from ..selectors import order_missing


def order_locked(order_id: int) -> Order:
    """The order, its row locked until the transaction ends (FOR NO KEY UPDATE: apps.wallet.operations)."""
    order = Order.objects.select_for_update(no_key=True).filter(pk=order_id).first()
    if order is None:
        raise AppError(order_missing(), ErrorCode.NOT_FOUND)
    return order


def has_open_refund(order: Order) -> bool:
    return Refund.objects.filter(order=order, status=RefundStatus.PENDING).exists()


# What an unpaid order holds (settings.ORDER_UNPAID_*): stock is the product's units neither sold nor held; the units
# held by unpaid orders are read from their lines. Product rows are locked in id order, after the order's row when
# there is one, so two orders of the same products wait for each other rather than deadlock.


def stock_locked(units: dict[int, int]) -> dict[int, int]:
    """{product id: its stock now} of the products of `units`, their rows locked until the transaction ends."""
    rows = Product.objects.select_for_update(no_key=True).filter(pk__in=units).order_by("pk").values_list("pk", "stock")
    return dict(rows)


def stock_move(units: dict[int, int], sign: int) -> None:
    """Takes `units` out of the products' stock (sign -1) or gives them back (+1), in product id order."""
    for product_id, quantity in sorted(units.items()):
        Product.objects.filter(pk=product_id).update(stock=F("stock") + sign * quantity)
    # A product emptied, or an empty one refilled: the shops listing it show it out of stock, or in stock again.
    turned = Q(pk__in=[])
    for product_id, quantity in units.items():
        turned |= Q(pk=product_id, stock=0 if sign < 0 else quantity)
    crossed = list(Product.objects.filter(turned).values_list("pk", flat=True))
    if crossed:
        storefront_changed(product_ids=crossed)


def order_units(order: Order) -> dict[int, int]:
    return dict(order.lines.exclude(product=None).values_list("product_id", "quantity"))


def restore_stock(order: Order) -> None:
    if order.stock_reserved:
        stock_move(order_units(order), +1)


def escrow():
    return account_get(kind=AccountKind.ESCROW)


def cancel_locked(order: Order, *, message: str) -> Order:
    """Cancels a locked order that was not picked up (`message`: why, a msgid: transition): stock comes back; a paid
    one's buyer is refunded from escrow. The caller counts the move last (counts.order_counted)."""
    was_paid = order.status == OrderStatus.AWAITING_PICKUP
    transition(order, OrderStatus.CANCELLED, message=message, changes={"closed_at": timezone.now()})
    restore_stock(order)
    if was_paid:
        ledger_post(
            reference=ledger_ref(RefKind.ORDER_CANCEL, order.pk),
            kind=EntryKind.ORDER_CANCELLED,
            lines=[(escrow(), -order.total_payment), (account_get(kind=AccountKind.BUYERS), order.total_payment)],
            memo=order.number,
        )
        buyer_refunded(order=order, reference=ledger_ref(RefKind.ORDER_CANCEL, order.pk))
    figures.order_cancelled(order, was_paid=was_paid)  # after the ledger's accounts: the lock order
    return order
