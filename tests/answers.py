"""Reading the envelope in API tests: the data of a success, the body of a rejection, the queries a call makes."""

from collections.abc import Callable
from typing import Any

from django.db import connection
from django.test.utils import CaptureQueriesContext


def data(response: Any) -> Any:
    """The `data` of a success (`code: 1`); fails the test on anything else."""
    body = response.json()
    assert body["code"] == 1, body
    return body["data"]


def rejection(response: Any) -> dict:
    """The whole body of a rejection (`code: 0`); fails the test on anything else."""
    body = response.json()
    assert body["code"] == 0, body
    return body


def queries(call: Callable[[], Any]) -> int:
    """How many database queries `call()` makes."""
    with CaptureQueriesContext(connection) as captured:
        call()
    return len(captured)
