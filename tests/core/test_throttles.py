"""The general rates (scopes `user` and `anon`): counted per window of the period, one counter per merchant or
address (apps.core.throttles.WindowMixin)."""

import pytest
from rest_framework.throttling import SimpleRateThrottle

from apps.core.errors import ErrorCode
from tests.factories import MerchantFactory

AFFICHE = "/merchant/merchant/affiche"
MINUTE = 60 * 1_000_000

pytestmark = pytest.mark.django_db


def test_a_merchant_gets_the_rate_per_minute_and_the_next_minute_again(api, throttle_rates, monkeypatch):
    throttle_rates(user="3/min")
    clock = [MINUTE + 50.0]  # 10 seconds before a minute ends
    monkeypatch.setattr(SimpleRateThrottle, "timer", lambda self: clock[0])
    api.login_as(MerchantFactory())
    assert [api.get(AFFICHE).json()["code"] for _ in range(3)] == [1, 1, 1]
    refused = api.get(AFFICHE).json()
    assert (refused["code"], refused["data"]["error"]) == (0, ErrorCode.THROTTLED)
    assert refused["data"]["wait"] == 10
    assert "10 seconds" in refused["msg"]

    other = type(api)().login_as(MerchantFactory())
    assert other.get(AFFICHE).json()["code"] == 1  # each merchant has their own count

    clock[0] += 10
    assert api.get(AFFICHE).json()["code"] == 1
