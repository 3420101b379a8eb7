"""Which address a request comes from: the socket's, unless settings.NUM_PROXIES says how many proxies to trust.

A client can send any X-Forwarded-For; only the entries our own proxies appended (the right-most NUM_PROXIES)
are believed. Throttles and the sessions' recorded address follow the same rule (apps.core.throttles.client_ip).
"""

import pytest

from apps.accounts.models import AuthToken
from tests.factories import DEFAULT_PASSWORD

LOGIN = "/merchant/merchant/login"
SEND_CODE = "/merchant/merchant/send_code"
UPLOAD = "/merchant/common/upload"
VERIFY_CODE = "/merchant/merchant/verify_code"
pytestmark = pytest.mark.django_db


def _forwarded(n: int) -> dict:
    return {"REMOTE_ADDR": "203.0.113.7", "HTTP_X_FORWARDED_FOR": f"198.51.100.{n}"}


def test_a_forged_forwarded_for_does_not_escape_the_login_throttle(api, throttle_rates):
    throttle_rates(login_ip="3/min")
    answers = [
        api.post(LOGIN, {"account": f"someone{n}@example.com", "password": "x"}, **_forwarded(n)).json()
        for n in range(5)
    ]
    assert [a["msg"].startswith("Too many attempts") for a in answers] == [False, False, False, True, True]


def test_a_forged_forwarded_for_does_not_escape_the_send_code_throttle(api, throttle_rates):
    throttle_rates(send_code="2/hour")
    answers = [api.post(SEND_CODE, {"account": f"someone{n}@example.com"}, **_forwarded(n)).json() for n in range(4)]
    assert [a["code"] for a in answers] == [1, 1, 0, 0]


@pytest.mark.parametrize(("scope", "path"), [("anon", VERIFY_CODE), ("upload", UPLOAD)])
def test_a_forged_forwarded_for_does_not_escape_the_anonymous_throttles(api, throttle_rates, scope, path):
    throttle_rates(**{scope: "2/min"})
    answers = [api.post(path, {}, format="multipart", **_forwarded(n)).json()["msg"] for n in range(3)]
    assert [a.startswith("Too many attempts") for a in answers] == [False, False, True]


def test_behind_one_proxy_the_right_most_forwarded_address_is_the_client(api, throttle_rates, settings):
    settings.NUM_PROXIES = 1
    throttle_rates(login_ip="2/min")
    # The client prepends whatever it likes; our proxy appends the address it saw (the right-most entry).
    for forged in ("1.1.1.1", "2.2.2.2"):
        headers = {"REMOTE_ADDR": "10.0.0.2", "HTTP_X_FORWARDED_FOR": f"{forged}, 198.51.100.9"}
        assert (
            api.post(LOGIN, {"account": "a@example.com", "password": "x"}, **headers).json()["msg"]
            == "Incorrect account or password."
        )
    third = {"REMOTE_ADDR": "10.0.0.2", "HTTP_X_FORWARDED_FOR": "3.3.3.3, 198.51.100.9"}
    assert (
        api.post(LOGIN, {"account": "b@example.com", "password": "x"}, **third)
        .json()["msg"]
        .startswith("Too many attempts")
    )
    # Another client behind the same proxy has its own count.
    other = {"REMOTE_ADDR": "10.0.0.2", "HTTP_X_FORWARDED_FOR": "198.51.100.10"}
    assert (
        not api.post(LOGIN, {"account": "c@example.com", "password": "x"}, **other)
        .json()["msg"]
        .startswith("Too many attempts")
    )


def test_sessions_record_the_same_address_as_the_throttles(api, merchant, settings):
    login = {"account": merchant.email, "password": DEFAULT_PASSWORD}
    assert api.post(LOGIN, login, REMOTE_ADDR="203.0.113.7", HTTP_X_FORWARDED_FOR="198.51.100.1").json()["code"] == 1
    settings.NUM_PROXIES = 1
    assert (
        api.post(LOGIN, login, REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="1.1.1.1, 198.51.100.2").json()["code"] == 1
    )
    # A proxy that passes on garbage: the socket address is kept, never a 500.
    assert api.post(LOGIN, login, REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="not-an-address").json()["code"] == 1
    assert list(AuthToken.objects.order_by("pk").values_list("ip", flat=True)) == [
        "203.0.113.7",
        "198.51.100.2",
        "10.0.0.2",
    ]
