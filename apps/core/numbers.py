"""The numbers people read out: a deposit's, a withdrawal's, an order's."""

import secrets

from django.utils import timezone


def new_number(prefix: str) -> str:
    """A deposit, withdrawal or order number: the second it was made and 10 random digits (six drew the same number
    twice within one second when a few hundred were made in it)."""
    return f"{prefix}{timezone.now():%Y%m%d%H%M%S}{secrets.randbelow(10**10):010d}"
