import pytest
from django.core.management import call_command

from tests.factories import DepositNetworkFactory, WithdrawalFeeRuleFactory, fund, upload_image

ERC20_ADDRESS = "0x7CdAc0083bE6D46B328b8410Bcc94000d1dfD6b7"
TRC20_ADDRESS = "TJbM8yRzQ3fxuWc7ZVd6kPq2sN4aHgE5Lt"


@pytest.fixture(autouse=True)
def _ledger_stays_consistent(db):
    """Every wallet test ends with a clean `manage.py check_ledger` (it exits non-zero on a violation)."""
    yield
    call_command("check_ledger", verbosity=0)


@pytest.fixture(autouse=True)
def _destinations_usable_at_once(settings):
    """The withdrawal tests written before payout destinations withdraw to a new account in one request: with no
    cooling-off, the destination their fields add is usable at once. tests/wallet/test_destinations.py publishes the
    wait again (it asks for this fixture first, then sets the hours)."""
    settings.PAYOUT_COOLING_OFF_HOURS = 0


@pytest.fixture
def trc20(db):
    return DepositNetworkFactory()


@pytest.fixture
def erc20(db):
    return DepositNetworkFactory(
        code="USDT-ERC20", address_format="evm", address=ERC20_ADDRESS, minimum="20.00", sort=2
    )


@pytest.fixture
def fee_rule(db):
    return WithdrawalFeeRuleFactory()


@pytest.fixture
def funded(merchant, fee_rule):
    """`merchant` with 100.00 of real ledger money and the withdrawal rule in force."""
    fund(merchant, "100.00")
    return merchant


@pytest.fixture
def voucher(merchant):
    return upload_image(kind="voucher", owner=merchant)
