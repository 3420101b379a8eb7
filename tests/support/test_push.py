"""Push notifications (Web Push) end to end: the API a browser subscribes through, and each push kind reaching a real
local push service (tests/push_endpoint.py: it checks the VAPID signature and decrypts the payload with the
subscription's private key) once, in the merchant's language, opening the screen the message is about. Nothing is
mocked: the tasks run eagerly once the cause's transaction commits, and pywebpush posts over HTTP."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from apps.accounts.services import security_notice
from apps.core.notices import PushKind
from apps.orders import services as orders
from apps.orders import tasks as order_tasks
from apps.orders.constants import PICKUP_REMINDER_LEAD
from apps.orders.models import Order
from apps.support import push, services, tasks
from apps.support.constants import PUSH_SEND_RETRIES, PUSH_SUBSCRIPTIONS_MAX
from apps.support.models import Conversation, Notice, PushDelivery, PushSubscription
from apps.wallet import services as wallet
from tests.answers import data, queries, rejection
from tests.factories import place_order, received_order, upload_image
from tests.push_endpoint import PushEndpoint

pytestmark = pytest.mark.django_db

PUSH = "/merchant/merchant/push"
SUBSCRIBE = "/merchant/merchant/push_subscribe"
UNSUBSCRIBE = "/merchant/merchant/push_unsubscribe"
KINDS = "/merchant/merchant/push_kinds"
ALL_KINDS = ["order_waiting", "pickup_deadline", "money_decided", "refund_request", "support_reply", "security"]


@pytest.fixture(autouse=True)
def _english(merchant):
    """The merchant reads English unless a test says otherwise."""
    merchant.language = "en"
    merchant.save(update_fields=["language"])


@pytest.fixture
def endpoint():
    with PushEndpoint() as running:
        yield running


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Runs the block's on-commit callbacks when it ends, as the commit of a request or a task would."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def subscribed(api, endpoint) -> dict[str, str]:
    subscription = endpoint.subscription()
    data(api.post(SUBSCRIBE, subscription))
    return subscription


def the_push(endpoint, subscription) -> dict:
    """The one push the subscription received (fails on none or more)."""
    endpoint.wait(1, timeout=10)
    [push_] = endpoint.pushes(PushEndpoint.sub_id(subscription))
    return push_


# --- the API ---


def test_settings_give_the_servers_key_and_every_kind_on_by_default(merchant_api):
    answer = data(merchant_api.get(PUSH))
    assert answer["public_key"] == push.application_server_key()
    assert len(answer["public_key"]) == 87 and "=" not in answer["public_key"]  # a P-256 point, base64url
    assert answer["kinds"] == [{"kind": kind, "on": True} for kind in ALL_KINDS]


def test_kinds_turn_off_and_on_per_merchant_and_the_others_stay(merchant_api, other_merchant, api):
    answer = data(merchant_api.post(KINDS, {"kinds": {"order_waiting": False, "security": False}}))
    assert [k["kind"] for k in answer["kinds"] if not k["on"]] == ["order_waiting", "security"]
    answer = data(merchant_api.post(KINDS, {"kinds": {"security": True}}))
    assert [k["kind"] for k in answer["kinds"] if not k["on"]] == ["order_waiting"]
    assert data(merchant_api.get(PUSH))["kinds"] == answer["kinds"]
    other = api.__class__().login_as(other_merchant)
    assert all(k["on"] for k in data(other.get(PUSH))["kinds"])


@pytest.mark.parametrize(
    "body",
    [{}, {"kinds": {"orders": False}}, {"kinds": {"order_waiting": "maybe"}}, {"kinds": ["order_waiting"]}],
)
def test_bad_kinds_are_refused_with_a_translated_message_and_change_nothing(merchant_api, body):
    merchant_api.lang = "ru-RU"
    answer = rejection(merchant_api.post(KINDS, body))
    assert "уведомлен" in str(answer).lower()
    assert all(k["on"] for k in data(merchant_api.get(PUSH))["kinds"])


def test_a_subscription_is_saved_and_moves_to_the_merchant_its_browser_signs_in_to(
    merchant_api, merchant, other_merchant, api, endpoint
):
    subscription = subscribed(merchant_api, endpoint)
    assert PushSubscription.objects.get().merchant == merchant
    other = api.__class__().login_as(other_merchant)
    renewed = {**endpoint.subscription(), "endpoint": subscription["endpoint"]}
    data(other.post(SUBSCRIBE, renewed))
    row = PushSubscription.objects.get()
    assert (row.merchant, row.p256dh) == (other_merchant, renewed["p256dh"])


def test_unsubscribe_forgets_only_the_merchants_own(merchant_api, merchant, other_merchant, api, endpoint):
    mine = subscribed(merchant_api, endpoint)
    theirs = subscribed(api.__class__().login_as(other_merchant), endpoint)
    data(merchant_api.post(UNSUBSCRIBE, {"endpoint": theirs["endpoint"]}))  # another's: nothing changes
    data(merchant_api.post(UNSUBSCRIBE, {"endpoint": f"{endpoint.origin}/push/unknown"}))
    assert PushSubscription.objects.count() == 2
    data(merchant_api.post(UNSUBSCRIBE, {"endpoint": mine["endpoint"]}))
    assert list(PushSubscription.objects.values_list("merchant_id", flat=True)) == [other_merchant.pk]


def test_a_merchant_keeps_the_newest_browsers_only(merchant_api, endpoint):
    subscriptions = [subscribed(merchant_api, endpoint) for _ in range(PUSH_SUBSCRIPTIONS_MAX + 1)]
    kept = set(PushSubscription.objects.values_list("endpoint", flat=True))
    assert kept == {s["endpoint"] for s in subscriptions[1:]}


def _bad(running, **change):
    return {**running.subscription(), **change}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"endpoint": "https://push.example.com/send/1"}, "endpoint"),  # not a push service's
        ({"endpoint": "http://fcm.googleapis.com/fcm/send/1"}, "endpoint"),  # not https
        ({"endpoint": "https://10.0.0.1/push/1"}, "endpoint"),  # an inner address
        ({"endpoint": "https://user:pw@fcm.googleapis.com/x"}, "endpoint"),
        ({"endpoint": "https://fcm.googleapis.com/" + "x" * 1000}, "endpoint"),  # too long
        ({"endpoint": "javascript:alert(1)"}, "endpoint"),
        ({"p256dh": "BAAA"}, "p256dh"),  # not a point
        ({"p256dh": "B" + "A" * 86}, "p256dh"),  # 65 bytes, not on the curve
        ({"p256dh": "x" * 101}, "p256dh"),
        ({"auth": "c2hvcnQ"}, "auth"),  # 5 bytes
        ({"auth": "not base64!"}, "auth"),
        ({"auth": ""}, "auth"),
    ],
)
def test_a_bad_subscription_is_refused_with_a_translated_message_and_nothing_saved(
    merchant_api, endpoint, change, field
):
    merchant_api.lang = "ru-RU"
    body = _bad(endpoint, **change)
    answer = rejection(merchant_api.post(SUBSCRIBE, body))
    assert field in str(answer["data"]), answer
    assert "браузер" in answer["msg"], answer
    assert not PushSubscription.objects.exists()


def test_a_local_endpoint_is_refused_unless_the_setting_allows_it(merchant_api, endpoint, settings):
    settings.WEBPUSH_ALLOW_LOCAL_ENDPOINTS = False
    settings.DEBUG = False
    rejection(merchant_api.post(SUBSCRIBE, endpoint.subscription()))
    settings.WEBPUSH_ALLOW_LOCAL_ENDPOINTS = True
    data(merchant_api.post(SUBSCRIBE, endpoint.subscription()))


def test_a_known_push_services_address_is_accepted(merchant_api, endpoint):
    for url in ("https://fcm.googleapis.com/fcm/send/abc:def", "https://updates.push.services.mozilla.com/wpush/v2/x"):
        data(merchant_api.post(SUBSCRIBE, _bad(endpoint, endpoint=url)))
    assert PushSubscription.objects.count() == 2


def test_the_push_api_needs_a_signed_in_merchant(api):
    for answer in (api.get(PUSH), api.post(SUBSCRIBE, {}), api.post(UNSUBSCRIBE, {}), api.post(KINDS, {})):
        assert answer.json()["code"] != 1


# --- the six kinds, end to end ---


@pytest.mark.parametrize(("lang", "title"), [("en", "New order awaiting pickup"), ("ru-RU", "Новый заказ ожидает")])
def test_a_new_order_is_pushed_once_in_the_merchants_language_and_opens_the_order(
    merchant_api, merchant, endpoint, committed, lang, title
):
    merchant.language = lang
    merchant.save(update_fields=["language"])
    subscription = subscribed(merchant_api, endpoint)
    with committed():
        order = place_order(merchant)
    received = the_push(endpoint, subscription)
    notice = Notice.objects.get(merchant=merchant, target_id=order.pk)
    assert received["payload"]["title"].startswith(title)
    assert order.number in received["payload"]["body"]
    assert received["payload"]["path"] == f"/orderDetail?id={order.pk}"
    assert received["payload"]["tag"] == f"notice-{notice.pk}"
    assert received["vapid_key"] == push.application_server_key()
    assert received["headers"]["ttl"] == str(24 * 3600)
    assert not endpoint.rejected


def test_a_pickup_deadline_is_pushed_once_per_order_by_the_beat(merchant_api, merchant, endpoint, committed):
    with committed():
        order = place_order(merchant)  # before the subscription: this one is not pushed
    subscription = subscribed(merchant_api, endpoint)
    soon = timezone.now() + PICKUP_REMINDER_LEAD - timedelta(minutes=1)  # 42 hours later
    Order.objects.filter(pk=order.pk).update(pickup_deadline=soon, paid_at=soon - timedelta(hours=48))
    with committed():
        assert order_tasks.orders_pickup_remind() == 1
    with committed():
        assert order_tasks.orders_pickup_remind() == 0  # a second beat tells nothing
        assert orders.order_pickup_remind(order_id=order.pk) is False
    received = the_push(endpoint, subscription)
    assert received["payload"]["title"] == "Pickup deadline soon"
    assert order.number in received["payload"]["body"] and "6 hours" in received["payload"]["body"]
    assert received["payload"]["path"] == f"/orderDetail?id={order.pk}"


def test_a_pickup_deadline_further_than_the_lead_is_not_pushed_yet(merchant, committed):
    with committed():
        order = place_order(merchant)
    assert order.pickup_deadline > timezone.now() + PICKUP_REMINDER_LEAD
    assert order_tasks.orders_pickup_remind() == 0
    Order.objects.filter(pk=order.pk).update(pickup_deadline=timezone.now() - timedelta(minutes=1))
    assert order_tasks.orders_pickup_remind() == 0  # past: the expiry's, not the reminder's


@pytest.mark.parametrize("lang", ["en", "tai"])
def test_a_deposit_decided_is_pushed_and_opens_the_deposit(merchant_api, merchant, operator, endpoint, committed, lang):
    merchant.language = lang
    merchant.save(update_fields=["language"])
    subscription = subscribed(merchant_api, endpoint)
    voucher = upload_image(kind="voucher", owner=merchant)
    deposit = wallet.deposit_create(
        merchant=merchant,
        method="bank",
        amount=Decimal("500.00"),
        payer_name="Alex Payer",
        card_number="4000 1234 5678 9010",
        bank_name="Demo Bank",
        voucher_key=voucher.key,
    )
    with committed():
        wallet.deposit_approve(deposit_id=deposit.pk, operator=operator, note="Transfer seen")
    received = the_push(endpoint, subscription)
    assert deposit.number in received["payload"]["title"]
    assert ("approved" in received["payload"]["title"]) == (lang == "en")
    assert received["payload"]["body"].endswith("Transfer seen")
    assert received["payload"]["path"] == f"/rechargeRecord?id={deposit.pk}"


def test_a_refund_request_is_pushed_and_opens_the_refund(merchant_api, merchant, operator, endpoint, committed):
    order = received_order(merchant, operator)
    subscription = subscribed(merchant_api, endpoint)
    with committed():
        refund = orders.refund_request(order_id=order.pk, reason="Broken", goods_status="received")
    received = the_push(endpoint, subscription)
    assert received["payload"]["title"] == "Refund requested"
    assert received["payload"]["path"] == f"/refundRequest?id={refund.pk}"


@pytest.mark.parametrize(("lang", "title"), [("en", "Customer service replied"), ("zh-CN", "客服")])
def test_a_support_reply_is_pushed_and_opens_the_conversation(
    merchant_api, merchant, operator, endpoint, committed, lang, title
):
    merchant.language = lang
    merchant.save(update_fields=["language"])
    subscription = subscribed(merchant_api, endpoint)
    services.support_send(merchant=merchant, text="Where is my payout?")
    conversation = Conversation.objects.get(merchant=merchant)
    with committed():
        services.support_reply(conversation_id=conversation.pk, operator=operator, text="It is on its way.")
    received = the_push(endpoint, subscription)
    assert title in received["payload"]["title"]
    assert received["payload"]["body"] == "It is on its way."
    assert received["payload"]["path"] == "/services"
    assert received["payload"]["tag"] == f"support-{conversation.pk}"


def test_a_security_notice_is_pushed_and_opens_the_message(merchant_api, merchant, endpoint, committed):
    subscription = subscribed(merchant_api, endpoint)
    with committed():
        security_notice(merchant=merchant, event="passkey_removed", params={"name": "Laptop"})
    received = the_push(endpoint, subscription)
    notice = Notice.objects.get(merchant=merchant, target_kind="security")
    assert received["payload"]["title"] == "Passkey removed"
    assert "Laptop" in received["payload"]["body"]
    assert received["payload"]["path"] == f"/messageDetail?id={notice.pk}"


def test_a_message_of_no_push_kind_is_not_pushed(merchant_api, merchant, endpoint, committed):
    subscribed(merchant_api, endpoint)
    with committed():
        services.notice_create(merchant=merchant, title="Order settled")
    assert endpoint.received == [] and not PushDelivery.objects.exists()


def test_a_kind_turned_off_sends_nothing(merchant_api, merchant, endpoint, committed):
    subscribed(merchant_api, endpoint)
    data(merchant_api.post(KINDS, {"kinds": {"order_waiting": False}}))
    with committed():
        place_order(merchant)
    with committed():
        security_notice(merchant=merchant, event="passkey_removed", params={"name": "Laptop"})
    [received] = endpoint.wait(1)
    assert received["payload"]["title"] == "Passkey removed"  # the security notice only


def test_every_browser_of_the_merchant_gets_it_and_another_merchants_never(
    merchant_api, merchant, other_merchant, api, endpoint, committed
):
    phone, laptop = subscribed(merchant_api, endpoint), subscribed(merchant_api, endpoint)
    theirs = subscribed(api.__class__().login_as(other_merchant), endpoint)
    with committed():
        order = place_order(merchant)
    endpoint.wait(2)
    assert {r["id"] for r in endpoint.received} == {PushEndpoint.sub_id(phone), PushEndpoint.sub_id(laptop)}
    assert endpoint.pushes(PushEndpoint.sub_id(theirs)) == []
    assert all(r["payload"]["path"] == f"/orderDetail?id={order.pk}" for r in endpoint.received)


# --- retries, idempotency, dead subscriptions ---


@pytest.fixture
def worker_retries(merchant_api, endpoint):
    """Tasks retried as a worker retries them, eagerly here: at once, and their last error recorded in their result
    rather than raised to the caller. (Set once the database and the client are up: their set-up reads Celery's
    configuration again.)"""
    app = tasks.push_notice._get_app()
    app.conf.task_eager_propagates = False
    yield
    app.conf.task_eager_propagates = True


def test_a_push_the_service_could_not_take_is_tried_again_and_arrives_once(
    merchant_api, merchant, endpoint, committed, worker_retries
):
    subscription = subscribed(merchant_api, endpoint)
    endpoint.status(PushEndpoint.sub_id(subscription), 503)
    endpoint.status(PushEndpoint.sub_id(subscription), 429)
    with committed():
        order = place_order(merchant)
    received = the_push(endpoint, subscription)  # the third try
    assert [r["status"] for r in endpoint.rejected] == [503, 429]
    notice = Notice.objects.get(merchant=merchant, target_id=order.pk)
    assert received["payload"]["tag"] == f"notice-{notice.pk}"
    delivery = PushDelivery.objects.get()
    assert delivery.sent_at is not None and delivery.attempts == 3
    assert tasks.push_notice.delay(notice.pk, PushKind.ORDER_WAITING).result == 0  # a duplicate task sends nothing
    assert tasks.push_notice(notice.pk, PushKind.ORDER_WAITING) == 0
    assert len(endpoint.received) == 1
    row = PushSubscription.objects.get()
    assert row.failures == 0 and row.last_success_at is not None


def test_a_push_never_taken_is_given_up_after_the_bounded_retries(
    merchant_api, merchant, endpoint, committed, worker_retries
):
    subscription = subscribed(merchant_api, endpoint)
    endpoint.status(PushEndpoint.sub_id(subscription), 500, times=20)
    with committed():
        place_order(merchant)
    assert PushDelivery.objects.get().attempts == 1 + PUSH_SEND_RETRIES == 4
    assert len(endpoint.rejected) == 4 and endpoint.received == []
    assert PushSubscription.objects.get().failures == 4  # kept: a few failures do not make it dead


def test_a_dead_subscription_is_dropped_and_the_others_still_get_it(merchant_api, merchant, endpoint, committed):
    dead, alive = subscribed(merchant_api, endpoint), subscribed(merchant_api, endpoint)
    endpoint.gone(PushEndpoint.sub_id(dead))
    with committed():
        place_order(merchant)
    the_push(endpoint, alive)
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [alive["endpoint"]]
    assert [r["status"] for r in endpoint.rejected] == [410]


def test_a_rolled_back_cause_pushes_nothing(merchant_api, merchant, endpoint, committed):
    from django.db import transaction

    subscribed(merchant_api, endpoint)
    with committed(), pytest.raises(RuntimeError), transaction.atomic():
        place_order(merchant)
        raise RuntimeError("rolled back")
    assert endpoint.received == []


def test_settings_read_in_constant_queries(merchant_api, endpoint):
    subscribed(merchant_api, endpoint)
    assert queries(lambda: data(merchant_api.get(PUSH))) <= 4
