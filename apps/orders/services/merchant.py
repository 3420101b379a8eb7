"""The merchant's pickups (order/pick, order/pick_batch), and their windows while the shop is closed."""

from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import DateTimeField, DurationField, ExpressionWrapper, F, Value
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from apps.accounts.constants import MerchantStatus
from apps.accounts.models import Merchant
from apps.catalog.texts import shop_closed
from apps.core.errors import AppError, ErrorCode
from apps.core.idempotency import IdempotencyKey
from apps.core.money import ZERO, money_text
from apps.core.transitions import transition
from apps.wallet.constants import AccountKind, EntryKind
from apps.wallet.ledger import account_get, ledger_post
from apps.wallet.operations import Posting, money_operation
from apps.wallet.references import RefKind, ledger_ref
from apps.wallet.selectors import available_balance

from ..constants import PICK_BATCH_MAX, OrderStatus, PickResult
from ..counts import counts_move, order_counted
from ..models import Order, PickBatch
from ..selectors import PICKUP_QUEUE, order_missing, ship_window
from .common import order_locked


def _pickup_allowed(merchant: Merchant) -> None:
    if merchant.status == MerchantStatus.CLOSED:
        raise AppError(shop_closed(), ErrorCode.SHOP_CLOSED)
    if merchant.status != MerchantStatus.ACTIVE:
        raise AppError(_("Pickups wait until your registration is approved."), ErrorCode.STATE)


def insufficient_message(*, balance: Decimal, cost: Decimal) -> str:
    return _("Your balance is %(balance)s and this order costs %(cost)s. Please deposit to pick it up.") % {
        "balance": money_text(balance),
        "cost": money_text(cost),
    }


def _pick(merchant: Merchant, order_id: int, available: Decimal) -> tuple[Order, Posting | None]:
    """Picks up one order of the locked merchant with `available` in the balance: the order moves to awaiting
    shipment and its cost C is the Posting (merchant available -> platform supply)."""
    order = order_locked(order_id)
    if order.merchant_id != merchant.pk:
        raise AppError(order_missing(), ErrorCode.NOT_FOUND)
    if order.status != OrderStatus.AWAITING_PICKUP:
        raise AppError(_("This order is no longer awaiting pickup."), ErrorCode.STATE, {"status": order.status})
    if order.pickup_deadline is not None and timezone.now() >= order.pickup_deadline:
        raise AppError(_("The pickup window of this order has closed."), ErrorCode.STATE, {"status": order.status})
    if available < order.total_cost:
        raise AppError(
            insufficient_message(balance=available, cost=order.total_cost),
            ErrorCode.INSUFFICIENT_FUNDS,
            {"shortfall": str(order.total_cost - available)},
        )
    now = timezone.now()
    transition(
        order,
        OrderStatus.AWAITING_SHIPMENT,
        message=gettext_noop("Picked up by the merchant"),
        changes={"picked_at": now, "ship_deadline": now + ship_window()},
    )
    if order.total_cost == ZERO:
        return order, None
    return order, Posting(
        reference=ledger_ref(RefKind.PICKUP, order.pk),
        kind=EntryKind.ORDER_PICKUP,
        lines=[
            (account_get(kind=AccountKind.AVAILABLE, merchant=merchant), -order.total_cost),
            (account_get(kind=AccountKind.SUPPLY), order.total_cost),
        ],
        memo=order.number,
    )


def _post(posting: Posting | None) -> None:
    """Posts a pickup's entry in the step itself (not by money_operation after it), so the counts come after it."""
    if posting is not None:
        ledger_post(reference=posting.reference, kind=posting.kind, lines=posting.lines, memo=posting.memo)


def order_pick(
    *, merchant: Merchant, order_id: int, pay_password: str, idempotency: IdempotencyKey | None = None
) -> Order:
    """The merchant pays the supplier cost of one order (pay password, an open shop, available >= C)."""
    if not Order.objects.filter(pk=order_id, merchant=merchant).exists():
        raise AppError(order_missing(), ErrorCode.NOT_FOUND)
    _pickup_allowed(merchant)

    def pick(locked: Merchant) -> tuple[Order, None]:
        _pickup_allowed(locked)
        order, posting = _pick(locked, order_id, available_balance(merchant=locked))
        _post(posting)
        order_counted(order, was=OrderStatus.AWAITING_PICKUP)  # last: after the ledger's accounts (counts)
        return order, None

    return money_operation(merchant=merchant, pay_password=pay_password, idempotency=idempotency, run=pick)


def order_pick_batch(
    *,
    merchant: Merchant,
    order_ids: list[int] | None,
    pay_password: str,
    idempotency: IdempotencyKey | None = None,
) -> PickBatch:
    """Picks up the given orders (by id), or (`order_ids` None) PICK_BATCH_MAX awaiting pickup as their tab lists them
    (the soonest deadline first), each all or nothing: an order whose cost the balance no longer covers is skipped,
    and a cheaper later one may still be picked. The answer names each order's result and cost, and the shortfall:
    what a deposit must add to pick up the orders skipped for the balance."""
    _pickup_allowed(merchant)
    if order_ids is not None:
        ids = sorted(set(order_ids))
        found = set(Order.objects.filter(pk__in=ids, merchant=merchant).values_list("pk", flat=True))
        if not ids or len(found) != len(ids):
            raise AppError(order_missing(), ErrorCode.NOT_FOUND)
    else:
        ids = list(
            Order.objects.filter(merchant=merchant, status=OrderStatus.AWAITING_PICKUP)
            .order_by(*PICKUP_QUEUE)
            .values_list("pk", flat=True)[:PICK_BATCH_MAX]
        )

    def pick_all(locked: Merchant) -> tuple[PickBatch, None]:
        _pickup_allowed(locked)
        available = available_balance(merchant=locked)
        results: list[dict[str, Any]] = []
        for order_id in ids:
            result, cost = PickResult.PICKED, ZERO
            try:
                with transaction.atomic():
                    order, posting = _pick(locked, order_id, available)
                    _post(posting)
                cost = order.total_cost
                available -= cost
            except AppError as exc:
                if exc.error_code == ErrorCode.INSUFFICIENT_FUNDS:
                    result = PickResult.INSUFFICIENT
                elif exc.error_code == ErrorCode.STATE:
                    result = PickResult.NOT_AWAITING
                else:
                    raise
            results.append({"id": order_id, "result": str(result), "cost": str(cost)})
        orders = {
            pk: (number, cost)
            for pk, number, cost in Order.objects.filter(pk__in=ids).values_list("pk", "number", "total_cost")
        }
        short = ZERO
        for row in results:
            row["number"], order_cost = orders[row["id"]]
            row["order_cost"] = str(order_cost)
            if row["result"] == PickResult.INSUFFICIENT:
                short += order_cost
        shortfall = max(ZERO, short - available)
        batch = PickBatch.objects.create(merchant=locked, results=results, shortfall=shortfall)
        picked = [orders[row["id"]][1] for row in results if row["result"] == PickResult.PICKED]
        moves = [(OrderStatus.AWAITING_PICKUP, OrderStatus.AWAITING_SHIPMENT, cost) for cost in picked]
        counts_move(merchant_id=locked.pk, moves=moves)  # last, once for the batch (counts)
        return batch, None

    return money_operation(merchant=merchant, pay_password=pay_password, idempotency=idempotency, run=pick_all)


# --- a shop closing or reopening (apps.accounts.hooks.shop_closed_changed) ------------------------------------------


def pickup_windows_pause(*, merchant_id: int) -> int:
    """The shop closed: each of its orders awaiting pickup keeps the time its window had left and has no deadline
    until the shop reopens (pickups are refused meanwhile, so the window would run out with no way to meet it). An
    order already past its deadline is left to the expiry. Called with the merchant row locked (the lock order: the
    merchant, then its orders); the number of orders paused."""
    now = timezone.now()
    return Order.objects.filter(
        merchant_id=merchant_id, status=OrderStatus.AWAITING_PICKUP, pickup_deadline__gt=now
    ).update(
        pickup_paused_left=ExpressionWrapper(F("pickup_deadline") - Value(now), output_field=DurationField()),
        pickup_deadline=None,
        updated_at=now,
    )


def pickup_windows_resume(*, merchant_id: int) -> int:
    """The shop reopened: each paused order awaiting pickup gets the time it had left, from now. The number resumed."""
    now = timezone.now()
    return Order.objects.filter(
        merchant_id=merchant_id, status=OrderStatus.AWAITING_PICKUP, pickup_paused_left__isnull=False
    ).update(
        pickup_deadline=ExpressionWrapper(Value(now) + F("pickup_paused_left"), output_field=DateTimeField()),
        pickup_paused_left=None,
        updated_at=now,
    )


def pickup_windows_on_shop_closed(*, merchant_id: int, closed: bool) -> None:
    """apps.accounts.hooks.shop_closed_changed: pauses the shop's pickup windows when it closes, resumes them when it
    reopens, in the transaction of that decision."""
    if closed:
        pickup_windows_pause(merchant_id=merchant_id)
    else:
        pickup_windows_resume(merchant_id=merchant_id)
