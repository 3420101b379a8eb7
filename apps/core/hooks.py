"""Hooks: how a lower app calls into a higher one without importing it (pyproject.toml, importlinter).

The lower app declares a hook with its signature, a Protocol; the higher app fills it in from its
`AppConfig.ready()`. mypy checks the callers' arguments and the implementation against that signature. Unlike a
signal, a hook has one implementation, called in the caller's transaction, and an unfilled hook fails loudly.

    # apps/core/notices.py (low)
    class Notify(Protocol):
        def __call__(self, *, merchant: Any, title: str, ...) -> object:
            \"\"\"What the hook does, and when it is called.\"\"\"

    notify: Hook[Notify] = Hook("notify")

    # apps/support/apps.py (high)
    def ready(self):
        notify.register(services.notice_create)

    # any app
    notify(merchant=merchant, title=gettext_noop("Deposit credited"))

A signature returning `object` means its callers do not use what the implementation returns.
"""

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from django.core.exceptions import ImproperlyConfigured

Signature = TypeVar("Signature", bound=Callable[..., Any])


class Hook(Generic[Signature]):
    def __init__(self, name: str) -> None:
        self.name = name
        self._impl: Signature | None = None

    def register(self, impl: Signature) -> None:
        if self._impl is not None and self._impl is not impl:
            raise ImproperlyConfigured(f"hook {self.name} is already registered to {self._impl!r}")
        self._impl = impl

    @property
    def __call__(self) -> Signature:
        """The implementation: `hook(...)` calls it, and mypy checks that call against the signature."""
        if self._impl is None:
            raise ImproperlyConfigured(f"hook {self.name} has no implementation: is its app installed?")
        return self._impl
