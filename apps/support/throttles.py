"""Customer support: how often a merchant may write to support (scope `support_send`, per merchant)."""

from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle
from rest_framework.views import APIView

from apps.core.throttles import ClientIpMixin


class SupportSendThrottle(ClientIpMixin, SimpleRateThrottle):
    """kf_send: counted per signed-in merchant (the view requires a session)."""

    scope = "support_send"

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        user = request.user
        ident = f"m{user.pk}" if user is not None and user.is_authenticated else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}
