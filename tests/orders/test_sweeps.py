"""The beat's sweep (tasks.orders_move_due) at volume: a backlog larger than a batch is cleared by one run, in batches
of selectors.DUE_BATCH, each order moved once with its balanced ledger entry; a run that has used its time
(tasks.MOVE_DUE_SECONDS) leaves the rest to the next run. bench/sweeps.py measures it at the 1M-order scale."""

from datetime import timedelta

import time_machine
from django.utils import timezone

from apps.orders import selectors, services, tasks
from apps.orders.constants import OrderStatus
from apps.orders.models import Order
from apps.wallet.constants import EntryKind
from apps.wallet.ledger import ledger_problems
from apps.wallet.models import JournalEntry
from tests.factories import DEFAULT_PAY_PASSWORD, fund, place_order


def received(merchant, operator) -> Order:
    order = place_order(merchant)
    services.order_pick(merchant=merchant, order_id=order.pk, pay_password=DEFAULT_PAY_PASSWORD)
    services.order_ship(order_id=order.pk, carrier="DHL", tracking_number=f"T{order.pk}", operator=operator)
    return services.order_confirm_receipt(order_id=order.pk)


def later(**delta):
    return time_machine.travel(timezone.now() + timedelta(**delta))


def statuses() -> dict[int, int]:
    return dict(Order.objects.values_list("pk", "status"))


def test_one_run_clears_a_backlog_of_several_batches_each_order_moved_once(merchant, operator, monkeypatch):
    monkeypatch.setattr(selectors, "DUE_BATCH", 2)
    fund(merchant, "200")
    settle = [received(merchant, operator).pk for _ in range(5)]
    unpaid = [place_order(merchant, paid=False).pk for _ in range(3)]
    with later(days=8):
        assert tasks.orders_move_due() == {"unpaid": 3, "unpicked": 0, "unshipped": 0, "receive": 0, "settle": 5}
        assert not any(tasks.orders_move_due().values())  # each once
    now = statuses()
    assert [now[pk] for pk in settle] == [OrderStatus.COMPLETED] * 5
    assert [now[pk] for pk in unpaid] == [OrderStatus.CANCELLED] * 3
    assert JournalEntry.objects.filter(kind=EntryKind.ORDER_SETTLED).count() == 5
    assert ledger_problems() == []


def test_a_run_out_of_time_leaves_the_rest_to_the_next_run(merchant, operator, monkeypatch):
    monkeypatch.setattr(selectors, "DUE_BATCH", 2)
    monkeypatch.setattr(tasks, "MOVE_DUE_SECONDS", 0)  # a run stops after its batch of each kind
    fund(merchant, "200")
    settle = [received(merchant, operator).pk for _ in range(5)]
    unpaid = [place_order(merchant, paid=False).pk for _ in range(5)]
    with later(days=8):
        runs = [tasks.orders_move_due() for _ in range(4)]
    assert [(run["unpaid"], run["settle"]) for run in runs] == [(2, 2), (2, 2), (1, 1), (0, 0)]  # no kind waits
    now = statuses()
    assert {now[pk] for pk in settle} == {OrderStatus.COMPLETED} and {now[pk] for pk in unpaid} == {
        OrderStatus.CANCELLED
    }
    assert JournalEntry.objects.filter(kind=EntryKind.ORDER_SETTLED).count() == 5


def test_a_batch_takes_the_longest_due_first(merchant, operator, monkeypatch):
    monkeypatch.setattr(selectors, "DUE_BATCH", 1)
    monkeypatch.setattr(tasks, "MOVE_DUE_SECONDS", 0)
    fund(merchant, "100")
    first, second = received(merchant, operator), received(merchant, operator)
    Order.objects.filter(pk=first.pk).update(settle_at=timezone.now() - timedelta(hours=1))
    Order.objects.filter(pk=second.pk).update(settle_at=timezone.now() - timedelta(hours=2))
    assert tasks.orders_move_due()["settle"] == 1
    assert statuses() == {first.pk: OrderStatus.RECEIVED, second.pk: OrderStatus.COMPLETED}
