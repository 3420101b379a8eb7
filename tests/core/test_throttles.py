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


# Every operation with throttles of its own (sign-in, partner sign-in, one-time codes, uploads, support messages),
# besides the general rates that every operation pays.
THROTTLED_POSTS = [
    "/merchant/merchant/login",
    "/merchant/merchant/third",
    "/merchant/merchant/send_code",
    "/merchant/common/upload",
    "/merchant/newapi/kf_send",
]


def _method(client, method: str, path: str):
    """A request with any method, as the app sends them (lang, token), outside the schema check of ApiClient."""
    return client.generic(method, path, **client._headers({}))


@pytest.mark.parametrize("path", THROTTLED_POSTS)
def test_an_undeclared_method_answers_405_before_any_throttle(api, throttle_rates, path):
    throttle_rates(**dict.fromkeys(SimpleRateThrottle.THROTTLE_RATES, "1/hour"))
    api.login_as(MerchantFactory())
    for _ in range(2):
        answer = _method(api, "POST", path).json()  # whatever it says, the first counts against every rate
    assert (answer["code"], answer["data"]["error"]) == (0, ErrorCode.THROTTLED), answer  # the rate is used up
    for method in ("GET", "TRACE", "PUT", "PATCH", "DELETE"):
        response = _method(api, method, path)
        assert response.status_code == 405, (method, response.content)
        assert response["Content-Type"].startswith("application/json")
        assert response.json()["code"] == 0
        assert "Too many" not in response.json()["msg"]


def test_a_wrong_method_takes_no_sign_in_try(api, throttle_rates):
    throttle_rates(login_ip="2/hour")
    for _ in range(5):
        assert _method(api, "GET", "/merchant/merchant/login").status_code == 405
    answer = api.post("/merchant/merchant/login", {"account": "nobody@example.com", "password": "x"}).json()
    assert answer["data"]["error"] != ErrorCode.THROTTLED
