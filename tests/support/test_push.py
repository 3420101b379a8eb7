"""Push notifications (Web Push) end to end: the API a browser subscribes through, and every push kind reaching a real
local push service (tests/push_endpoint.py) once, decrypted, in the merchant's language, opening the right screen."""

import pytest

from tests.answers import data
from tests.factories import place_order
from tests.push_endpoint import PushEndpoint

pytestmark = pytest.mark.django_db

PUSH = "/merchant/merchant/push"
SUBSCRIBE = "/merchant/merchant/push_subscribe"
UNSUBSCRIBE = "/merchant/merchant/push_unsubscribe"
KINDS = "/merchant/merchant/push_kinds"


@pytest.fixture
def endpoint():
    with PushEndpoint() as running:
        yield running


def test_smoke(merchant_api, merchant, endpoint, django_capture_on_commit_callbacks):
    settings_data = data(merchant_api.get(PUSH))
    sub = endpoint.subscription()
    data(merchant_api.post(SUBSCRIBE, sub))
    with django_capture_on_commit_callbacks(execute=True):
        order = place_order(merchant)
    [push] = endpoint.wait(1, 5)
    assert push["payload"]["path"] == f"/orderDetail?id={order.pk}"
    assert push["vapid_key"] == settings_data["public_key"]
    print(push["payload"])
