import pytest
from django.test import Client

from tests.factories import LevelFactory


@pytest.fixture(autouse=True)
def _level(db):
    """One level with a 10 % margin, so buyers' orders can be picked up."""
    return LevelFactory(rank=1)


@pytest.fixture
def buyer():
    """A buyer's browser (English unless a test asks otherwise); CSRF is checked as in a real browser."""
    return Client(HTTP_ACCEPT_LANGUAGE="en", enforce_csrf_checks=True)
