"""How often a merchant may ask for an export (scopes `export` and `export_day`, per merchant): an export reads up to
a year of records, so a merchant asks for a few a minute and some a day."""

from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle
from rest_framework.views import APIView

from apps.core.throttles import ClientIpMixin


class ExportThrottle(ClientIpMixin, SimpleRateThrottle):
    """merchant/export: counted per signed-in merchant (the view requires a session)."""

    scope = "export"

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        user = request.user
        ident = f"m{user.pk}" if user is not None and user.is_authenticated else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}


class ExportDayThrottle(ExportThrottle):
    scope = "export_day"
