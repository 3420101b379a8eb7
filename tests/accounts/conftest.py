import pytest
from rest_framework.throttling import SimpleRateThrottle


@pytest.fixture
def throttle_rates(monkeypatch):
    """Sets throttle rates for one test (DRF reads them once, into this dict)."""

    def set_rates(**rates):
        for scope, rate in rates.items():
            monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, scope, rate)

    return set_rates
