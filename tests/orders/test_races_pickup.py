"""A pickup against every other step that can reach the same order, or the same merchant's money, at the same
instant, on PostgreSQL: real transactions in parallel threads, each with its own connection.

The pickup locks the merchant row, then the order; the buyer's cancel, the beat's expiry, a refund and a settlement
lock the order (and ledger accounts) and then write rows that reference the merchant, whose foreign-key checks take
FOR KEY SHARE on the merchant row at commit. With the merchant row locked FOR UPDATE that waited for the pickup while
the pickup waited for the order or an account: a deadlock (HTTP 500, neither step applied). Each pair is run many
times; every round must end with the steps applied one after the other, a loser refused with the ordinary state
error (apps.wallet.operations: the lock order)."""

from decimal import Decimal

import pytest
from django.core.management import call_command
from django.utils import timezone

from apps.core.errors import AppError, ErrorCode
from apps.orders import services
from apps.orders.constants import GoodsStatus, OrderStatus, RefundStatus
from apps.orders.models import Order, Refund
from apps.wallet.models import JournalEntry
from apps.wallet.selectors import available_balance
from tests.concurrency import concurrently
from tests.factories import DEFAULT_PAY_PASSWORD, fund, place_order, received_order

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

ROUNDS = 20
COST = Decimal("18.00")  # a 20.00 product at the level's 10 % margin


def _pick(merchant, order):
    return services.order_pick(merchant=merchant, order_id=order.pk, pay_password=DEFAULT_PAY_PASSWORD)


def _one_applied(results, order):
    """Exactly one of the pair applied; the other was refused with the state error (never a database error)."""
    applied = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(applied) == 1 and len(refused) == 1, results
    assert isinstance(refused[0], AppError) and refused[0].error_code == ErrorCode.STATE, results
    order.refresh_from_db()
    return results[0] is applied[0]  # the pickup (thread 0) applied


def _pickup_against(merchant, other, *, window_closed=False):
    """ROUNDS paid orders (their pickup window closed now, when `window_closed`), each picked up by thread 0 while
    thread 1 runs `other(order)`; returns how many pickups applied, having checked each round's order and the
    merchant's balance."""
    fund(merchant, str(COST * ROUNDS))
    balance, picked = COST * ROUNDS, 0
    for _round in range(ROUNDS):
        order = place_order(merchant)
        if window_closed:
            Order.objects.filter(pk=order.pk).update(pickup_deadline=timezone.now())
        results = concurrently(2, lambda i, order=order: _pick(merchant, order) if i == 0 else other(order))
        if _one_applied(results, order):
            picked += 1
            balance -= COST
            assert order.status == OrderStatus.AWAITING_SHIPMENT
            assert JournalEntry.objects.filter(reference=f"pickup:{order.pk}").exists()
        else:
            assert order.status == OrderStatus.CANCELLED
            assert not JournalEntry.objects.filter(reference=f"pickup:{order.pk}").exists()
            assert JournalEntry.objects.filter(reference=f"order_cancel:{order.pk}").exists()
        assert available_balance(merchant=merchant) == balance
    call_command("check_ledger", verbosity=0)
    return picked


def test_a_pickup_and_the_buyers_cancel_of_one_order_at_once(merchant):
    _pickup_against(merchant, lambda order: services.order_cancel(order_id=order.pk))


def test_a_pickup_and_the_buyers_refund_request_at_once(merchant):
    """The request cancels the order when it comes first (refund_request before pickup); after the pickup it is an
    open request for an operator. Either way the steps apply one after the other."""
    fund(merchant, str(COST * ROUNDS))
    for _round in range(ROUNDS):
        order = place_order(merchant)
        picked, asked = concurrently(
            2,
            lambda i, order=order: (
                _pick(merchant, order)
                if i == 0
                else services.refund_request(
                    order_id=order.pk, reason="Changed my mind", goods_status=GoodsStatus.NOT_RECEIVED
                )
            ),
        )
        order.refresh_from_db()
        if isinstance(picked, Order):
            assert isinstance(asked, Refund) and asked.status == RefundStatus.PENDING, asked
            assert order.status == OrderStatus.AWAITING_SHIPMENT
        else:
            assert isinstance(picked, AppError) and picked.error_code == ErrorCode.STATE, picked
            assert isinstance(asked, Order) and order.status == OrderStatus.CANCELLED, asked
    picked_count = Order.objects.filter(status=OrderStatus.AWAITING_SHIPMENT).count()
    assert Refund.objects.count() == picked_count
    assert available_balance(merchant=merchant) == COST * (ROUNDS - picked_count)
    call_command("check_ledger", verbosity=0)


def test_a_pickup_and_the_expiry_of_its_window_at_once(merchant):
    """At the deadline the pickup is refused ("the pickup window closed") and the beat cancels the order; the pickup
    waited for the order rather than deadlocking with the expiry's credit event and notice."""

    def expire(order):
        if not services.order_expire_unpicked(order_id=order.pk):
            raise AppError("the beat found nothing due", ErrorCode.STATE)  # its refusal, as the pickup's
        return order

    assert _pickup_against(merchant, expire, window_closed=True) == 0
    assert Order.objects.filter(status=OrderStatus.CANCELLED).count() == ROUNDS


def test_a_pickup_while_a_refund_of_another_order_is_approved(merchant, operator):
    """Both apply: the refund locks the supply account and the merchant's balance, then notifies the merchant, while
    the pickup holds the merchant row and needs those accounts."""
    fund(merchant, str(COST * (ROUNDS + 1)))
    for _round in range(ROUNDS):
        refunded = place_order(merchant)
        _pick(merchant, refunded)
        refund = services.refund_request(order_id=refunded.pk, reason="Late", goods_status=GoodsStatus.NOT_RECEIVED)
        order = place_order(merchant)
        results = concurrently(
            2,
            lambda i, order=order, refund=refund: (
                _pick(merchant, order) if i == 0 else services.refund_approve(refund_id=refund.pk, operator=operator)
            ),
        )
        assert isinstance(results[0], Order) and isinstance(results[1], Refund), results
        assert results[1].status == RefundStatus.APPROVED
    picked = Order.objects.filter(status=OrderStatus.AWAITING_SHIPMENT).count()
    assert picked == ROUNDS
    assert available_balance(merchant=merchant) == COST * (ROUNDS + 1) - COST * picked
    call_command("check_ledger", verbosity=0)


def test_a_pickup_while_another_order_is_settled(merchant, operator):
    """Both apply: the settlement locks the merchant's pending and available accounts, then notifies the merchant,
    while the pickup holds the merchant row and needs the available account."""
    settled = [received_order(merchant, operator) for _round in range(ROUNDS)]  # each funds its own pickup
    fund(merchant, str(COST * ROUNDS))
    Order.objects.filter(pk__in=[order.pk for order in settled]).update(settle_at=timezone.now())  # all due
    for received in settled:
        order = place_order(merchant)
        results = concurrently(
            2,
            lambda i, order=order, received=received: (
                _pick(merchant, order) if i == 0 else services.order_settle(order_id=received.pk)
            ),
        )
        assert isinstance(results[0], Order) and results[1] is True, results
    # each pickup paid 18 of the funds, each settled order gave 20 (and left 2 of the 20 funded for its pickup)
    assert available_balance(merchant=merchant) == Decimal("22.00") * ROUNDS
    call_command("check_ledger", verbosity=0)
