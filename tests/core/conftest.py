from tests.accounts.conftest import throttle_rates  # noqa: F401
