"""Throttles for sign-in, one-time codes and anonymous uploads (rates in settings: DEFAULT_THROTTLE_RATES)."""

from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle
from rest_framework.views import APIView

from .selectors import account_normalize


class _IpThrottle(SimpleRateThrottle):
    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class _AccountThrottle(SimpleRateThrottle):
    """Counts requests per account named in the body (phone or email), whoever sends them."""

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        account = request.data.get("account") if hasattr(request.data, "get") else None
        if not isinstance(account, str) or not account.strip():
            return None
        return self.cache_format % {"scope": self.scope, "ident": account_normalize(account)}


class LoginIpThrottle(_IpThrottle):
    scope = "login_ip"


class LoginAccountThrottle(_AccountThrottle):
    scope = "login_account"


class SendCodeIpThrottle(_IpThrottle):
    scope = "send_code"
    cache_format = "throttle_%(scope)s_ip_%(ident)s"


class SendCodeAccountThrottle(_AccountThrottle):
    scope = "send_code"
    cache_format = "throttle_%(scope)s_account_%(ident)s"
