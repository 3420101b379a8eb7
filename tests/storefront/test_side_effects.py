"""The side effects that matter go through apps.core.outbox (issue 31 finding 12): each of the five kinds (the buyer's
order mail, the provider's refund, the account confirmation mail, a merchant's one-time code, a broadcast) is recorded
in its cause's transaction; a broker that is down when the buyer cancels loses neither the refund nor the mail; a
payment provider that fails three times gives the money back once, on the fourth try."""

import uuid
from datetime import timedelta
from decimal import Decimal

import pytest
import stripe
import time_machine
from django.core import mail
from django.db import transaction
from django.utils import timezone

from apps.accounts.services import one_time_code_send
from apps.core.models import OutboxEntry
from apps.core.tasks import outbox_sweep
from apps.orders import services as order_services
from apps.orders.constants import OrderStatus
from apps.orders.models import Order
from apps.storefront import buyers, payments, services
from apps.storefront.constants import PaymentStatus
from apps.storefront.models import Payment, SignUp
from apps.storefront.payments.dev import DevProvider
from apps.support.models import Broadcast
from apps.support.services import broadcast_enqueue
from tests.broker import broker_down
from tests.factories import ProductFactory, ShopGoodsFactory

from .checkout import buy, step

pytestmark = pytest.mark.django_db

REFUND = "apps.storefront.tasks.payment_refund"


class FlakyProvider(DevProvider):
    """The development provider behind the same interface, whose refunds fail `failures` times first."""

    failures = 0
    refunds: list[str] = []

    def refund(self, *, session_id: str, amount: Decimal, currency: str, key: str) -> None:
        if FlakyProvider.failures:
            FlakyProvider.failures -= 1
            raise stripe.APIConnectionError("the provider did not answer")
        FlakyProvider.refunds.append(key)


@pytest.fixture
def provider(monkeypatch):
    monkeypatch.setitem(payments.PROVIDERS, "dev", f"{__name__}.FlakyProvider")
    monkeypatch.setattr(FlakyProvider, "failures", 0)
    monkeypatch.setattr(FlakyProvider, "refunds", [])
    return FlakyProvider


@pytest.fixture
def goods(merchant):
    return ShopGoodsFactory(merchant=merchant, product=ProductFactory(retail_price=Decimal("12.50"), stock=5))


def test_a_cancellation_while_the_broker_is_down_is_given_back_once_the_broker_is_back(
    buyer, goods, provider, django_capture_on_commit_callbacks
):
    with broker_down(), django_capture_on_commit_callbacks(execute=True):
        buyer_order = buy(buyer, goods)  # the order mail cannot be sent
        html = step(buyer, buyer_order, "cancel")  # nor the refund
    assert "Your order was cancelled and your payment is on its way back." in html
    assert Order.objects.get().status == OrderStatus.CANCELLED
    assert Payment.objects.get().status == PaymentStatus.PAID and not mail.outbox
    waiting = OutboxEntry.objects.filter(done_at__isnull=True)
    assert waiting.count() == 2 and all("Connection refused" in entry.last_error for entry in waiting)
    assert outbox_sweep.delay().get() == 2  # the broker is back
    assert Payment.objects.get().status == PaymentStatus.REFUNDED
    assert provider.refunds == [f"order_cancel:{buyer_order.order_id}"]
    assert len(mail.outbox) == 1 and buyer_order.order.number in mail.outbox[0].subject
    assert outbox_sweep.delay().get() == 0
    assert len(provider.refunds) == 1 and len(mail.outbox) == 1


def test_a_provider_failing_three_times_gives_the_money_back_once_on_the_fourth_try(
    buyer, goods, provider, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        buyer_order = buy(buyer, goods)  # its mail sent
    provider.failures = 3
    with time_machine.travel(timezone.now(), tick=False) as clock:
        with django_capture_on_commit_callbacks(execute=True):
            step(buyer, buyer_order, "cancel")  # the first try, at once
        entry = OutboxEntry.objects.get(task=REFUND)
        for tries, wait in ((1, 1), (2, 2), (3, 4)):  # minutes
            entry.refresh_from_db()
            assert (entry.attempts, entry.done_at) == (tries, None)
            assert "APIConnectionError: the provider did not answer" in entry.last_error
            assert Payment.objects.get().status == PaymentStatus.PAID
            clock.shift(timedelta(minutes=wait) - timedelta(seconds=1))
            assert outbox_sweep.delay().get() == 0  # not before its wait
            clock.shift(timedelta(seconds=1))
            assert outbox_sweep.delay().get() == 1
        assert provider.failures == 0 and provider.refunds == [f"order_cancel:{buyer_order.order_id}"]
        payment = Payment.objects.get()
        assert payment.status == PaymentStatus.REFUNDED and payment.get_status_display() == "Given back"
        entry.refresh_from_db()
        assert entry.attempts == 4 and entry.done_at is not None
        clock.shift(timedelta(hours=2))
        assert outbox_sweep.delay().get() == 0  # a second sweep does nothing
    assert len(provider.refunds) == 1


class CauseRolledBackError(Exception):
    pass


@pytest.fixture
def recorded_in_its_transaction(django_capture_on_commit_callbacks):
    """Runs `cause` in a transaction that rolls back (no side effect is left, nothing is sent), then in one that
    commits (one entry of `task`, sent once committed and not before)."""

    def check(cause, task: str) -> OutboxEntry:
        with (
            django_capture_on_commit_callbacks() as callbacks,
            pytest.raises(CauseRolledBackError),
            transaction.atomic(),
        ):
            cause()
            assert OutboxEntry.objects.filter(task=task).count() == 1
            raise CauseRolledBackError
        assert callbacks == [] and not OutboxEntry.objects.filter(task=task).exists()
        with django_capture_on_commit_callbacks() as callbacks, transaction.atomic():
            cause()
        [entry] = OutboxEntry.objects.filter(task=task)
        assert (entry.task, entry.attempts, entry.done_at, len(callbacks)) == (task, 0, None, 1)
        return entry

    return check


def test_the_order_mail_is_recorded_with_the_checkout(goods, recorded_in_its_transaction):
    def checkout():
        shipping = services.Shipping(
            name="Ann", phone="+81 90 1234 5678", address="Tokyo", country="JP", email="a@b.jp"
        )
        checkout.placed = services.checkout(
            shop=goods.merchant.shop,
            lines={goods.pk: 1},
            shipping=shipping,
            language="en",
            page_url=lambda t: t,
            key=uuid.uuid4(),
        )

    entry = recorded_in_its_transaction(checkout, "apps.storefront.tasks.buyer_order_mail")
    assert entry.kwargs == {"buyer_order_id": checkout.placed.pk, "url": checkout.placed.token}


def test_the_refund_is_recorded_with_the_cancellation(buyer, goods, recorded_in_its_transaction):
    order_id = buy(buyer, goods).order_id
    entry = recorded_in_its_transaction(lambda: order_services.order_cancel(order_id=order_id), REFUND)
    assert entry.kwargs == {"payment_id": Payment.objects.get().pk, "reference": f"order_cancel:{order_id}"}


def test_the_confirmation_mail_is_recorded_with_the_sign_up(recorded_in_its_transaction):
    def sign_up():
        buyers.sign_up(
            email="ann@example.com", password="A-good-pass-2026", language="ja", domain="shop.test", use_https=True
        )

    entry = recorded_in_its_transaction(sign_up, "apps.storefront.tasks.account_sign_up_mail")
    assert entry.kwargs["sign_up_id"] == SignUp.objects.get(email="ann@example.com").pk
    assert (entry.kwargs["language"], entry.kwargs["domain"], entry.kwargs["use_https"]) == ("ja", "shop.test", True)


def test_the_new_password_mail_is_recorded_with_its_request(recorded_in_its_transaction):
    def reset():
        buyers.reset_request(email="Ann@Example.com", language="ko", domain="shop.test", use_https=False)

    entry = recorded_in_its_transaction(reset, "apps.storefront.tasks.account_reset_mail")
    assert entry.kwargs == {"email": "ann@example.com", "language": "ko", "domain": "shop.test", "use_https": False}


def test_the_one_time_code_is_recorded_with_its_request(merchant, recorded_in_its_transaction):
    entry = recorded_in_its_transaction(
        lambda: one_time_code_send(account=merchant.email), "apps.accounts.tasks.one_time_code_deliver"
    )
    assert entry.kwargs["account"] == merchant.email and entry.kwargs["lang"] == "en"


def test_the_broadcast_is_recorded_with_the_operators_save(recorded_in_its_transaction):
    def save():
        broadcast_enqueue(broadcast=Broadcast.objects.create(title_en="News", content_en="Text"))

    entry = recorded_in_its_transaction(save, "apps.support.tasks.broadcast_send")
    assert entry.kwargs == {"broadcast_id": Broadcast.objects.get().pk}
