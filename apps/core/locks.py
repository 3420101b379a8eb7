"""Locks on things that have no row of their own (a buyer known by an address and an email): held until the
transaction ends, so a check of what such a thing already has and the write that adds to it run one at a time."""

import hashlib

from django.db import connection


def _key(name: str) -> int:
    """A signed 64-bit number for `name` (PostgreSQL's advisory lock key)."""
    return int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(), "big", signed=True)


def names_lock(*names: str) -> None:
    """Locks `names` until the current transaction ends: PostgreSQL's transaction advisory locks, taken in one order
    (so two holders of the same names wait rather than deadlock), in one statement (its select list is evaluated
    left to right). Nothing to do on SQLite, whose IMMEDIATE transactions (settings.DATABASES) already run one writer
    at a time."""
    keys = sorted({_key(name) for name in names if name})
    if connection.vendor != "postgresql" or not keys:
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(["pg_advisory_xact_lock(%s)"] * len(keys)), keys)
