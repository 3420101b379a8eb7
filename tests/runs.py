"""What the runs of whole processes share (make prod-smoke: tests/prod/smoke.py; make soak: tests/soak/run.py): a check
that stops the run with what failed, and a wait for a condition."""

import time
from collections.abc import Callable
from typing import Any


class RunFailedError(Exception):
    pass


def check(condition: object, what: str) -> None:
    if not condition:
        raise RunFailedError(what)


def wait_for(what: str, probe: Callable[[], Any], seconds: float) -> Any:
    """`probe()`'s first truthy answer within `seconds` (asked every 0.2 s); the run fails when there is none."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if result := probe():
            return result
        time.sleep(0.2)
    raise RunFailedError(f"timed out waiting for {what}")
