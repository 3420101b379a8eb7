"""The client's address, and the throttles that count by it.

`client_ip(request)` is the one rule for "which address is this request from", used by every throttle here and in
the apps and by the sessions' recorded address: the socket address (REMOTE_ADDR), unless settings.NUM_PROXIES
says how many reverse proxies of ours stand in front of the app. Each of those appends the address it received
the request from to X-Forwarded-For, so the client's address is the NUM_PROXIES-th entry from the right; anything
further left was written by the client and is never believed. DRF's own `get_ident` trusts the whole header when
its NUM_PROXIES is unset, which is why no throttle here uses it.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.cache.backends.base import BaseCache
from rest_framework import throttling

from .cache import count

if TYPE_CHECKING:  # rest_framework.views imports this module (DEFAULT_THROTTLE_CLASSES) while it loads
    from django.http import HttpRequest
    from rest_framework.request import Request
    from rest_framework.views import APIView


@lru_cache(maxsize=4096)  # a request's address is read for its log line and its throttle: parsed once per address
def _valid_ip(value: str) -> str | None:
    try:
        return str(ipaddress.ip_address(value.strip()))
    except ValueError:
        return None


def client_ip(request: Request | HttpRequest) -> str | None:
    """The client's address under settings.NUM_PROXIES (0: the socket address); None when there is none."""
    meta = request.META
    remote = _valid_ip(meta.get("REMOTE_ADDR") or "")
    proxies = int(getattr(settings, "NUM_PROXIES", 0) or 0)
    forwarded = meta.get("HTTP_X_FORWARDED_FOR") or ""
    if proxies <= 0 or not forwarded:
        return remote
    addresses = [a.strip() for a in forwarded.split(",") if a.strip()]
    if not addresses:
        return remote
    # Fewer entries than proxies: the left-most is as far as our proxies' records go.
    return _valid_ip(addresses[-min(proxies, len(addresses))]) or remote


class ClientIpMixin:
    """Counts by `client_ip` instead of DRF's `get_ident`."""

    def get_ident(self, request: Request) -> str:
        return client_ip(request) or "unknown"


class WindowMixin:
    """Counts a scope's requests per window of its period (per clock minute for "600/min") in one atomic counter:
    one Redis round trip a request (apps.core.cache.count), where DRF's sliding log takes two, reading the list of
    past request times and writing it back (racing requests lost counts, and a busy merchant's 600 times went both
    ways on every request). Across a window's end up to twice the rate gets through, so the sign-in and one-time-code
    throttles keep DRF's log; this is for the general rates every request pays. Refused requests count too."""

    cache: BaseCache
    duration: int
    num_requests: int
    rate: str | None
    timer: Callable[[], float]

    def allow_request(self, request: Request, view: APIView) -> bool:
        if self.rate is None:
            return True
        key = self.get_cache_key(request, view)  # type: ignore[attr-defined]  # SimpleRateThrottle's, mixed into
        if key is None:
            return True
        self.now = self.timer()
        window = int(self.now // self.duration)
        return count(self.cache, f"{key}:{window}", self.duration) <= self.num_requests

    def wait(self) -> float:
        """Seconds until the window ends."""
        return self.duration - self.now % self.duration


class AnonRateThrottle(ClientIpMixin, WindowMixin, throttling.AnonRateThrottle):
    """DRF's anonymous throttle (scope `anon`), counting by `client_ip` per window."""


class UserRateThrottle(ClientIpMixin, WindowMixin, throttling.UserRateThrottle):
    """DRF's per-user throttle (scope `user`): signed-in requests by merchant, others by `client_ip`, per window."""


class IpRateThrottle(ClientIpMixin, throttling.SimpleRateThrottle):
    """Counts every request of the scope by the client's address, signed in or not."""

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class UploadThrottle(ClientIpMixin, throttling.SimpleRateThrottle):
    """Uploads: per merchant when signed in, per IP otherwise (rate: the `upload` scope)."""

    scope = "upload"

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        user = request.user
        ident = f"m{user.pk}" if user is not None and user.is_authenticated else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}
