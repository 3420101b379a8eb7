import pytest
from django.core.management import call_command

from tests.factories import LevelFactory


@pytest.fixture(autouse=True)
def _ledger_stays_consistent(db):
    """Every orders test ends with a clean `manage.py check_ledger` (it exits non-zero on a violation)."""
    yield
    call_command("check_ledger", verbosity=0)


@pytest.fixture(autouse=True)
def _level(db):
    """One level with a 10 % margin: a product at 20.00 costs the merchant 18.00 and earns 2.00."""
    return LevelFactory(rank=1)
