"""What tests share beyond the factories (tests/factories.py), the envelope (tests/answers.py) and the OpenAPI schema
(tests/openapi.py): the operators' console signed in, and a wait for a condition with a deadline (for the runs of
whole processes, tests/prod and tests/soak, and for threads meeting in a race test), never a fixed sleep."""

import time
from collections.abc import Callable
from typing import Any


def admin_as(client: Any, user: Any) -> Any:
    """`client` (Django's test client) signed in to the operators' console as `user`, reading it in English (without
    the header the console speaks the site's default language, Russian). The tests run with ADMIN_REQUIRE_OTP off, so
    a password session opens the console; tests/core/test_admin_sign_in.py signs in with the second factor."""
    client.force_login(user)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


class RunFailedError(AssertionError):
    """A check or a wait of a run that failed (an AssertionError: a test that meets it fails)."""


def check(condition: object, what: str) -> None:
    """Stops a run (or fails a test) with `what` when `condition` does not hold."""
    if not condition:
        raise RunFailedError(what)


def wait_for(what: str, probe: Callable[[], Any], seconds: float, every: float = 0.2) -> Any:
    """`probe()`'s first truthy answer within `seconds` (asked every `every` seconds); RunFailedError when there is
    none."""
    deadline = time.monotonic() + seconds
    while True:
        if result := probe():
            return result
        if time.monotonic() >= deadline:
            raise RunFailedError(f"timed out waiting for {what}")
        time.sleep(every)
