import pytest
from django.core.management import call_command
from django.db import connection

from tests.factories import DepositNetworkFactory, WithdrawalFeeRuleFactory, upload_image

ERC20_ADDRESS = "0x7CdAc0083bE6D46B328b8410Bcc94000d1dfD6b7"
TRC20_ADDRESS = "TJbM8yRzQ3fxuWc7ZVd6kPq2sN4aHgE5Lt"

postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="needs PostgreSQL (row locks and concurrent transactions); run with DATABASE_URL=postgres://...",
)


@pytest.fixture(autouse=True)
def _ledger_stays_consistent(db):
    """Every wallet test ends with a clean `manage.py check_ledger` (it exits non-zero on a violation)."""
    yield
    call_command("check_ledger", verbosity=0)


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
def voucher(merchant):
    return upload_image(kind="voucher", owner=merchant)
