"""Reads of slow-changing tables kept in Django's cache (Redis in production), dropped by any write to those tables.

A `Generation` names a set of cached values (the catalogue's pages, say) and watches the models they are read from.
Its values are stored under the current generation, a random token kept in the cache; a save or delete of a watched
model replaces the token, at once and again when the transaction commits, so every process reads the values again
on its next request (a reader that raced the write stored its value under the old token, which nobody reads any
more). Old values are never looked up again and expire after `timeout`. The token is a random integer, so that the
token and the value under it are read in one round trip (apps.core.cache.get_under).

Only what a merchant does not act on belongs here: balances, order states, stock and anything else a write of the
merchant's own changes are read fresh (docs/performance.md). A write that bypasses the model signals (a queryset
`update()`) must call `renew()` itself. A value is computed from the primary, never from a read replica
(apps.core.replica.primary_reads).
"""

import secrets
from collections.abc import Callable
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models import Model
from django.db.models.signals import post_delete, post_save

from .cache import TOKEN, get_under
from .replica import primary_reads


class Generation:
    def __init__(self, name: str, *, watches: tuple[type[Model], ...], timeout: int = 600) -> None:
        self.name, self.timeout = name, timeout
        self._token_key = f"generation:{name}:n"  # ":n": an integer (the tokens of before were text)
        for model in watches:
            post_save.connect(self._written, sender=model, weak=False, dispatch_uid=f"{name}:{model._meta.label}:save")
            post_delete.connect(self._written, sender=model, weak=False, dispatch_uid=f"{name}:{model._meta.label}:del")

    def renew(self) -> None:
        cache.set(self._token_key, secrets.randbits(63), None)

    def _written(self, **kwargs: Any) -> None:
        self.renew()  # this transaction's own reads (and a test's, which never commits)
        transaction.on_commit(self.renew)  # everyone's, once the write is visible to them

    def get_or_compute(self, key: str, compute: Callable[[], Any]) -> Any:
        """The value cached under `key` in the current generation, computed (and cached) when missing."""
        stored_under = f"{self.name}:{TOKEN}:{key}"  # the one spelling of the key, read and written
        token, value = get_under(cache, self._token_key, stored_under)
        if value is None:
            if token is None:  # the first read of all, or the cache was emptied
                cache.add(self._token_key, secrets.randbits(63), None)
                token = cache.get(self._token_key)
            with primary_reads():  # not a replica's rows a moment behind the write that started this generation
                value = compute()
            cache.set(stored_under.replace(TOKEN, str(token)), value, self.timeout)
        return value
