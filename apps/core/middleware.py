from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation

from .exceptions import api_error
from .i18n import django_lang


class LangHeaderMiddleware:
    """Activates the language named by the `lang` header on API calls (unknown or missing: ru-RU).

    Requests without the header (the admin, the SPA shell) are left to Django's LocaleMiddleware.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        header = request.headers.get("lang")
        if header is None and not _is_api(request):
            return self.get_response(request)
        code = django_lang(header)
        request.LANGUAGE_CODE = code  # type: ignore[attr-defined]
        # LocaleMiddleware reads Accept-Language; make it agree with the header.
        request.META["HTTP_ACCEPT_LANGUAGE"] = code
        with translation.override(code):  # the thread's language goes back afterwards, also on an error
            response = self.get_response(request)
        response.headers.setdefault("Content-Language", code)
        return response


# Answers Django itself makes (the debug 404 and 500 pages under DEBUG, a CSRF or bad-request page, an exception in a
# middleware) carry HTML; the API answers the envelope for every path and status, in every setting.
def _is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith("/merchant/")


class ApiEnvelopeMiddleware:
    """Turns every error answer under /merchant/ that is not JSON into the envelope, with the same status.

    Django has already logged the failure and sent `got_request_exception` (and, under DEBUG, built its debug page,
    which is dropped here), so this only replaces the body: no stack trace and no HTML ever leave an API path.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code < 400 or not _is_api(request):
            return response
        if response.get("Content-Type", "").startswith("application/json"):
            return response
        with translation.override(django_lang(request.headers.get("lang"))):
            replacement = api_error(request, response.status_code)
        for header in ("Allow", "Retry-After"):
            if header in response:
                replacement[header] = response[header]
        return replacement
