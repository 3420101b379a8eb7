"""What every storefront page shares: the language (`?lang=`, kept in a cookie), the language switch and canonical
addresses, the page a buyer cannot open, the shop an address names, and the answers after a form."""

import re
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect, HttpResponseRedirect
from django.shortcuts import render
from django.template.response import SimpleTemplateResponse
from django.utils import translation
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from rest_framework.throttling import BaseThrottle

from apps.core.i18n import APP_TO_DJANGO, NATIVE_NAMES, app_lang
from apps.shop.models import Shop

from . import selectors

# A shop's address ends with its id (Shop.slug): at most 18 digits, within the database's ids.
SHOP_ID = re.compile(r"(?:.*-)?(\d{1,18})")
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600


def with_language(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """`?lang=` (an app language code: en, zh-CN, ... tai) shows the page in that language and keeps it in Django's
    language cookie; without it LocaleMiddleware chose by the cookie, then Accept-Language."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        code = APP_TO_DJANGO.get(request.GET.get("lang", ""))
        if code is None:
            return view(request, *args, **kwargs)
        with translation.override(code):
            request.LANGUAGE_CODE = code
            response = view(request, *args, **kwargs)
            if isinstance(response, SimpleTemplateResponse):
                response.render()  # in this language: rendered later, it would be in the cookie's or the browser's
        response["Content-Language"] = code
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            code,
            max_age=LANGUAGE_COOKIE_AGE,
            samesite="Lax",
            secure=settings.SESSION_COOKIE_SECURE,
        )
        return response

    return wrapped


def page_context(request: HttpRequest, path: str, **query: Any) -> dict[str, Any]:
    """The language switch's and the search engines' addresses of a page: one per language (hreflang) and the
    canonical one, in the language shown."""
    language = translation.get_language()
    shown = app_lang(language)
    query = {name: value for name, value in query.items() if value}

    def address(code: str) -> str:
        return request.build_absolute_uri(f"{path}?{urlencode({'lang': code, **query})}")

    languages = [(APP_TO_DJANGO[code], name, address(code), code == shown) for code, name in NATIVE_NAMES.items()]
    return {
        "lang": shown,
        "html_lang": language,
        "canonical": address(shown),
        "languages": languages,  # (hreflang, own name, address, shown)
    }


def unavailable(request: HttpRequest, message: str) -> HttpResponse:
    """A shop or product a buyer cannot open (missing, not open, off the shelf): 404, not indexed."""
    context = {"message": message, "noindex": True, **page_context(request, request.path)}
    return private(render(request, "storefront/unavailable.html", context, status=404))


def open_shop(slug: str) -> tuple[Shop | None, str | None]:
    """(the shop, None) when it is open; (None, why a buyer cannot see it) otherwise."""
    found = SHOP_ID.fullmatch(slug)
    shop = selectors.shop_find(shop_id=int(found[1])) if found else None
    if shop is None:
        return None, _("This shop does not exist.")
    if not selectors.shop_is_open(shop):
        return None, _("This shop is not open at the moment.")
    return shop, None


def for_open_shop(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A view of an open shop's address: it gets the `shop` as well as the `slug`; any other shop (missing, not
    open) answers the page that says so."""

    @wraps(view)
    def wrapped(request: HttpRequest, slug: str, **kwargs: Any) -> HttpResponse:
        shop, why = open_shop(slug)
        if shop is None:
            return unavailable(request, str(why))
        return view(request, slug=slug, shop=shop, **kwargs)

    return wrapped


def moved(request: HttpRequest, path: str) -> HttpResponsePermanentRedirect:
    """The shop's current address (its name changed since the link was made), with the same query."""
    query = request.GET.urlencode()
    return HttpResponsePermanentRedirect(f"{path}?{query}" if query else path)


def see_other(url: str) -> HttpResponseRedirect:
    response = HttpResponseRedirect(url)
    response.status_code = 303  # after a form: the browser GETs the next page
    return response


def in_language(path: str) -> str:
    """`path` in the language shown (the next page after a form, a link in an e-mail)."""
    return f"{path}?{urlencode({'lang': shown_lang()})}"


def private(response: HttpResponse) -> HttpResponse:
    """A page search engines must not index (a buyer's own page, a page that is not there)."""
    response["X-Robots-Tag"] = "noindex"
    return response


def throttle_allows(throttle: BaseThrottle, request: HttpRequest) -> bool:
    """Whether a DRF throttle lets a page's request through: it reads only what a Django request has too (the
    address, the user), and no view."""
    return throttle.allow_request(request, None)  # type: ignore[arg-type]  # a Django request, and no view


def shown_lang() -> str:
    """The app's code (en, zh-CN, ... tai) of the language the page is shown in."""
    return app_lang(translation.get_language())
