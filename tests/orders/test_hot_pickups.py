"""Many pickups of one merchant at once on PostgreSQL: 64 orders picked up at the same instant from 64 requests of the
merchant's sessions (each in a thread with its own connection), and batches of them from several sessions, while the
balance pays only some. Each order is paid once, the balance never goes below zero, the refused ones get the
translated insufficient-balance answer (never a 500 nor a deadlock), and the ledger balances."""

from decimal import Decimal

import pytest
from django.core.management import call_command
from django.utils import translation

from apps.core.errors import ErrorCode
from apps.core.i18n import DJANGO_TO_APP
from apps.orders.constants import OrderStatus
from apps.orders.models import Order
from apps.orders.services.merchant import insufficient_message
from apps.wallet.constants import EntryKind
from apps.wallet.models import JournalEntry
from apps.wallet.selectors import available_balance
from tests.concurrency import concurrently
from tests.conftest import ApiClient
from tests.factories import DEFAULT_PAY_PASSWORD, fund, place_order

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

ORDERS, PAYABLE = 64, 40
COST = Decimal("18.00")  # a 20.00 product at the level's 10 % margin
LANGS = ("en", "ja", "ru", "th")


def _sessions(merchant, count: int) -> list[ApiClient]:
    clients = []
    for n in range(count):
        client = ApiClient().login_as(merchant)
        client.lang = DJANGO_TO_APP[LANGS[n % len(LANGS)]]
        clients.append(client)
    return clients


def _paid_once(merchant, picked: int) -> None:
    """`picked` orders moved on and each paid once; the rest wait; the balance is what is left of the funds."""
    assert Order.objects.filter(status=OrderStatus.AWAITING_SHIPMENT).count() == picked
    assert Order.objects.filter(status=OrderStatus.AWAITING_PICKUP).count() == ORDERS - picked
    entries = JournalEntry.objects.filter(kind=EntryKind.ORDER_PICKUP)
    assert entries.count() == picked == len(set(entries.values_list("reference", flat=True)))
    assert available_balance(merchant=merchant) == COST * (PAYABLE - picked) >= 0
    call_command("check_ledger", verbosity=0)


def test_64_pickups_of_one_merchant_at_once_pay_what_the_balance_covers(merchant):
    fund(merchant, str(COST * PAYABLE))
    orders = [place_order(merchant) for _ in range(ORDERS)]
    clients = _sessions(merchant, ORDERS)

    def pick(n: int):
        answer = clients[n].post("/merchant/order/pick", {"id": orders[n].pk, "pay_password": DEFAULT_PAY_PASSWORD})
        return answer.status_code, answer.json()

    answers = concurrently(ORDERS, pick)
    assert not [a for a in answers if isinstance(a, Exception)], answers
    assert all(status == 200 for status, _body in answers), answers
    picked = [body for _status, body in answers if body["code"] == 1]
    assert len(picked) == PAYABLE
    for n, (_status, body) in enumerate(answers):
        if body["code"] == 1:
            continue
        assert body["data"]["error"] == ErrorCode.INSUFFICIENT_FUNDS, body
        with translation.override(LANGS[n % len(LANGS)]):
            assert body["msg"] == insufficient_message(balance=Decimal("0.00"), cost=COST)
    _paid_once(merchant, PAYABLE)


def test_batches_of_one_merchants_orders_from_several_sessions_at_once_pay_each_order_once(merchant):
    """Four sessions each pick up all 64 orders at once (the same orders, in batches of 16, each session starting at
    another batch): every order is picked once, by one of them, as far as the balance goes."""
    fund(merchant, str(COST * PAYABLE))
    ids = [place_order(merchant).pk for _ in range(ORDERS)]
    batches = [ids[start : start + 16] for start in range(0, ORDERS, 16)]
    clients = _sessions(merchant, len(batches))

    def pick_all(n: int):
        results = []
        for batch in batches[n:] + batches[:n]:
            answer = clients[n].post("/merchant/order/pick_batch", {"ids": batch, "pay_password": DEFAULT_PAY_PASSWORD})
            assert answer.status_code == 200 and answer.json()["code"] == 1, answer.content
            results += answer.json()["data"]["results"]
        return results

    answers = concurrently(len(batches), pick_all)
    assert not [a for a in answers if isinstance(a, Exception)], answers
    picked = [row["id"] for results in answers for row in results if row["result"] == "picked"]
    assert len(picked) == len(set(picked)) == PAYABLE
    _paid_once(merchant, PAYABLE)
