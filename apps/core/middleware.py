from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation

from .i18n import django_lang


class LangHeaderMiddleware:
    """Activates the language named by the `lang` header on API calls (unknown or missing: ru-RU).

    Requests without the header (the admin, the SPA shell) are left to Django's LocaleMiddleware.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        header = request.headers.get("lang")
        if header is None and not request.path.startswith("/merchant/"):
            return self.get_response(request)
        code = django_lang(header)
        translation.activate(code)
        request.LANGUAGE_CODE = code  # type: ignore[attr-defined]
        # LocaleMiddleware reads Accept-Language; make it agree with the header.
        request.META["HTTP_ACCEPT_LANGUAGE"] = code
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", code)
        return response
