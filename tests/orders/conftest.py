import pytest
from django.core.management import call_command

from tests.factories import LevelFactory


@pytest.fixture(autouse=True)
def _ledger_and_figures_stay_consistent(db):
    """Every orders test ends with a clean `manage.py check_ledger` and `manage.py check_figures` (each exits
    non-zero on a violation): no test leaves money or a figure the events do not account for."""
    yield
    call_command("check_ledger", verbosity=0)
    call_command("check_figures", verbosity=0)


@pytest.fixture(autouse=True)
def _level(db):
    """One level with a 10 % margin: a product at 20.00 costs the merchant 18.00 and earns 2.00."""
    return LevelFactory(rank=1)
