"""Hooks: how a lower app calls into a higher one without importing it (pyproject.toml, importlinter).

The lower app declares a `Hook` and calls it; the higher app fills it in from its `AppConfig.ready()`. Unlike a
signal, a hook has one implementation, called in the caller's transaction, and an unfilled hook fails loudly.

    # apps/core/notices.py (low)            # apps/support/apps.py (high)
    notify = Hook("notify")                  def ready(self):
    ...                                          notify.register(services.notice_create)
    notify(merchant_id=1, title=...)
"""

from collections.abc import Callable
from typing import Any

from django.core.exceptions import ImproperlyConfigured


class Hook:
    def __init__(self, name: str) -> None:
        self.name = name
        self._impl: Callable[..., Any] | None = None

    def register(self, impl: Callable[..., Any]) -> None:
        if self._impl is not None and self._impl is not impl:
            raise ImproperlyConfigured(f"hook {self.name} is already registered to {self._impl!r}")
        self._impl = impl

    def __call__(self, **kwargs: Any) -> Any:
        if self._impl is None:
            raise ImproperlyConfigured(f"hook {self.name} has no implementation: is its app installed?")
        return self._impl(**kwargs)
