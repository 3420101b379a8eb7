from collections.abc import Callable

from csp.constants import HEADER
from csp.middleware import CSPMiddleware
from django.contrib.auth import middleware as auth
from django.contrib.messages import middleware as messages
from django.contrib.sessions import middleware as sessions
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.middleware import common, locale
from django.utils import translation
from django_otp import middleware as otp

from .exceptions import api_error
from .i18n import django_lang


class LangHeaderMiddleware:
    """Activates the language named by the `lang` header on API calls (unknown or missing: ru-RU).

    Requests without the header (the admin, the SPA shell) are left to Django's LocaleMiddleware, which API requests
    pass by (PagesOnly).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        header = request.headers.get("lang")
        if header is None and not _is_api(request):
            return self.get_response(request)
        code = django_lang(header)
        request.LANGUAGE_CODE = code
        # LocaleMiddleware, which runs outside the merchant API (the storefronts' order intake), reads Accept-Language:
        # make it agree with the header.
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


# An API answer is JSON (or a file) that no browser renders as a page: it loads nothing and no page may frame it, the
# policy OWASP's REST Security Cheat Sheet gives APIs. It is this constant; django-csp built the app's policy anew for
# every answer, a twentieth of a list's CPU (docs/performance.md).
API_POLICY = "default-src 'none'; frame-ancestors 'none'"


class ContentSecurityPolicyMiddleware(CSPMiddleware):
    """django-csp's middleware (settings.CONTENT_SECURITY_POLICY) for pages; API_POLICY for every API answer."""

    def process_request(self, request: HttpRequest) -> None:
        if not _is_api(request):  # no API answer is a template that could ask for a nonce
            super().process_request(request)

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if _is_api(request):
            response.headers.setdefault(HEADER, API_POLICY)
            return response
        return super().process_response(request, response)


class PagesOnly:
    """Mixin: API requests pass by this middleware, which only pages use.

    The API signs a merchant in by the `token` header (DRF's authentication) and takes the language from the `lang`
    header (LangHeaderMiddleware): it reads no session, no operator, no second factor, no flash message and no
    Accept-Language. Yet these middleware cost every API request about 250 Python calls, a tenth of a small answer's,
    half of them Django's language negotiation (docs/performance.md).
    """

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if _is_api(request):
            return self.get_response(request)  # type: ignore[attr-defined]
        return super().__call__(request)  # type: ignore[misc]


class SessionMiddleware(PagesOnly, sessions.SessionMiddleware):
    pass


class LocaleMiddleware(PagesOnly, locale.LocaleMiddleware):
    """Django's, except for a page whose language is in its address (`language_in_address` set on the answer, as
    the storefront's public pages do): its content does not vary with Accept-Language, so no `Vary` says it does
    (a shared cache keeps one copy for every browser)."""

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if getattr(response, "language_in_address", False):
            return response
        return super().process_response(request, response)


class AuthenticationMiddleware(PagesOnly, auth.AuthenticationMiddleware):
    pass


class OTPMiddleware(PagesOnly, otp.OTPMiddleware):
    pass


class MessageMiddleware(PagesOnly, messages.MessageMiddleware):
    pass


class CommonMiddleware(common.CommonMiddleware):
    """Django's, with APPEND_SLASH for GET and HEAD only: a redirect would lose another method's body (the browser
    follows a 301 with a GET) and under DEBUG Django raises instead (a 500 page), so a POST to an address without
    its final slash is not found, like any address that is not routed."""

    def should_redirect_with_slash(self, request: HttpRequest) -> bool:
        return request.method in ("GET", "HEAD") and super().should_redirect_with_slash(request)
