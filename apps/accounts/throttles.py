"""Throttles for sign-in and one-time codes (rates in settings: DEFAULT_THROTTLE_RATES).

Every address comes from apps.core.throttles.client_ip (the socket address unless settings.NUM_PROXIES says
otherwise). Sign-in is counted three ways:
- `login_ip`: per address, whatever the accounts (one address guessing many accounts);
- `login_pair`: per account and address (one address guessing one account). It holds the guesser only: the
  merchant signing in from anywhere else is not affected, so wrong tries cannot lock them out;
- `login_account`: per account from every address together, a higher rate that slows a guesser spread over many
  addresses. It does not hold an address this merchant has signed in from before (a session opened from it
  within the session lifetime), so a merchant on a known address is never locked out by it either.
The storefront's buyer sign-in counts per account with the same class, naming the account and knowing the owner's
addresses its own way (apps.storefront.account_views).
"""

from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle
from rest_framework.views import APIView

from apps.core.throttles import ClientIpMixin, IpRateThrottle, client_ip

from .selectors import account_normalize, merchant_signed_in_from


def _account(request: Request) -> str | None:
    account = request.data.get("account") if hasattr(request.data, "get") else None
    if not isinstance(account, str) or not account.strip():
        return None
    return account_normalize(account)


class _AccountThrottle(ClientIpMixin, SimpleRateThrottle):
    """Counts requests per account named in the request (by default the body's phone or email), whoever sends them."""

    def account(self, request: Request) -> str | None:
        return _account(request)

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        account = self.account(request)
        if account is None:
            return None
        return self.cache_format % {"scope": self.scope, "ident": account}


class LoginIpThrottle(IpRateThrottle):
    scope = "login_ip"


class LoginPairThrottle(ClientIpMixin, SimpleRateThrottle):
    """Per account and address."""

    scope = "login_pair"

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        account = _account(request)
        if account is None:
            return None
        return self.cache_format % {"scope": self.scope, "ident": f"{self.get_ident(request)}|{account}"}


class LoginAccountThrottle(_AccountThrottle):
    """Per account from every address; an address the account's owner has signed in from before is let through."""

    scope = "login_account"

    def signed_in_from(self, account: str, ip: str) -> bool:
        return merchant_signed_in_from(account=account, ip=ip)

    def allow_request(self, request: Request, view: APIView) -> bool:
        if super().allow_request(request, view):
            return True
        account, ip = self.account(request), client_ip(request)
        return account is not None and ip is not None and self.signed_in_from(account, ip)


class SendCodeIpThrottle(IpRateThrottle):
    scope = "send_code"
    cache_format = "throttle_%(scope)s_ip_%(ident)s"


class SendCodeAccountThrottle(_AccountThrottle):
    """Per account: limits the messages anyone can make the platform send to one merchant."""

    scope = "send_code"
    cache_format = "throttle_%(scope)s_account_%(ident)s"


class ContactCodeMerchantThrottle(SimpleRateThrottle):
    """Per signed-in merchant: the codes a merchant asks for a new email or phone (send_contact_code)."""

    scope = "send_code"
    cache_format = "throttle_%(scope)s_merchant_%(ident)s"

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        merchant_id = getattr(request.user, "pk", None)
        return None if merchant_id is None else self.cache_format % {"scope": self.scope, "ident": merchant_id}


class ContactCodeAddressThrottle(SendCodeAccountThrottle):
    """Per address a code is sent to (the body's `value`), counted with send_code's per-account count: the messages
    anyone can make the platform send to one address, whichever way they ask."""

    def account(self, request: Request) -> str | None:
        value = request.data.get("value") if hasattr(request.data, "get") else None
        if not isinstance(value, str) or not value.strip():
            return None
        return account_normalize(value)


class VerifyCodeAddressThrottle(SendCodeAccountThrottle):
    """Per address a verification code is sent to: the signed-in merchant's current email or phone (the body's
    `kind`), counted with send_code's per-account count like ContactCodeAddressThrottle."""

    def account(self, request: Request) -> str | None:
        kind = request.data.get("kind") if hasattr(request.data, "get") else None
        address = getattr(request.user, kind, None) if kind in ("email", "phone") else None
        if not isinstance(address, str) or not address.strip():
            return None
        return account_normalize(address)
