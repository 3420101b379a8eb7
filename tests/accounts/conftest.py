import pytest
from rest_framework.throttling import SimpleRateThrottle

from apps.accounts.sms import LoggingSmsBackend


@pytest.fixture
def throttle_rates(monkeypatch):
    """Sets throttle rates for one test (DRF reads them once, into this dict)."""

    def set_rates(**rates):
        for scope, rate in rates.items():
            monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, scope, rate)

    return set_rates


@pytest.fixture(autouse=True)
def _sms_outbox():
    """Each test starts and ends with no text message sent (the development SMS backend keeps them in a list)."""
    LoggingSmsBackend.outbox.clear()
    yield
    LoggingSmsBackend.outbox.clear()


@pytest.fixture
def post(django_capture_on_commit_callbacks):
    """POSTs and runs what the request left for after its commit (the outbox's tasks: eager under test settings)."""

    def send(api, path, body):
        with django_capture_on_commit_callbacks(execute=True):
            return api.post(path, body).json()

    return send
