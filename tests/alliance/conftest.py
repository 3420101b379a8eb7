from datetime import timedelta
from decimal import Decimal

import pytest
import time_machine
from django.core.management import call_command
from django.utils import timezone

from apps.alliance import services as alliance_services
from apps.orders import services
from tests.factories import LevelFactory, MerchantFactory, received_order


@pytest.fixture(autouse=True)
def _ledger_and_figures_stay_consistent(db):
    """Every alliance test ends with a clean `check_ledger` and `check_figures`."""
    yield
    call_command("check_ledger", verbosity=0)
    call_command("check_figures", verbosity=0)


@pytest.fixture(autouse=True)
def _level(db):
    """One level with a 10 % margin: a product at 20.00 costs the merchant 18.00 and earns 2.00."""
    return LevelFactory(rank=1)


@pytest.fixture
def member(merchant):
    """A merchant who registered with `merchant`'s invite code."""
    return MerchantFactory(invited_by=merchant, real_name="Jane Sarah Smith Ortega")


def set_rate(percent: str, operator=None):
    return alliance_services.referral_rate_set(percent=Decimal(percent), operator=operator)


def settle(order) -> bool:
    with time_machine.travel(timezone.now() + timedelta(days=8)):
        return services.order_settle(order_id=order.pk)


def settled_order(merchant, operator, retail: str = "20.00"):
    order = received_order(merchant, operator, retail)
    assert settle(order)
    return order
