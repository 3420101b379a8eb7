from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle
from rest_framework.views import APIView


class UploadThrottle(SimpleRateThrottle):
    """Uploads: per merchant when signed in, per IP otherwise (rate: the `upload` scope)."""

    scope = "upload"

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        user = request.user
        ident = f"m{user.pk}" if user is not None and user.is_authenticated else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}
