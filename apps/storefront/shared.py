"""The public pages (a shop's page, its search, a product's page) as every buyer gets them: the same for everyone,
so a shared cache (a CDN, the reverse proxy of deploy/) may keep them.

- With `?lang=<app code>` in the address the page is public: no cookie is set and none is read, `Cache-Control:
  public, max-age=PAGE_MAX_AGE, s-maxage=PAGE_S_MAXAGE`, no `Vary` of the application's own, and an `ETag` made
  of the shop's version (apps.storefront.cache), the language and the page's address, so `If-None-Match` is answered
  304 from the cache's version alone, rendering nothing.
- Without `?lang=` the page is the same page in the language LocaleMiddleware chose (the language cookie, then
  Accept-Language), its links and canonical address with `?lang=`; it is answered `Cache-Control: private,
  no-cache` (`Vary: Accept-Language, Cookie`), so a shared cache passes it to the application, which serves it from
  its own cache. Search engines and the pages' own links always carry `?lang=`.
- What belongs to one visitor (the cart's count, whether they are signed in or follow the shop, the notes after a
  form, the CSRF token of the page's forms, the visit count) is not in the page: the page's script (storefront/
  page.js) asks the shop's `session` address for it (apps.storefront.views.session: JSON, private, no-store) and
  fills it in. Without the script the page is complete but its forms carry no CSRF token: "Add to cart" and
  "Follow" need the script (Django's CSRF check refuses them otherwise); the cart and checkout are private pages
  rendered with their token as before.
- The page is rendered once per shop version, language and address and kept in the cache; a redirect (an older
  shop address) or a page that is not there is neither kept nor public.
"""

import hashlib
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.http import urlencode

from apps.core.i18n import APP_TO_DJANGO

from .cache import page_get_or_render
from .constants import PAGE_MAX_AGE, PAGE_S_MAXAGE
from .pages import SHOP_ID


def _release() -> str:
    """What the pages are made of besides the data: this release's templates, static files and translations (a new
    release renders new pages, with new ETags)."""
    digest = hashlib.sha256()
    here = Path(__file__).resolve().parent
    translations = Path(settings.BASE_DIR).glob("locale/*/*/*.mo")
    sources = [*here.glob("templates/**/*"), *here.glob("static/**/*"), *translations]
    for source in sorted(path for path in sources if path.is_file()):
        digest.update(source.read_bytes())
    return digest.hexdigest()[:16]


RELEASE = _release()
PUBLIC = f"public, max-age={PAGE_MAX_AGE}, s-maxage={PAGE_S_MAXAGE}"
PRIVATE = "private, no-cache"


def _etag(version: int, address: str) -> str:
    return '"' + hashlib.sha256(f"{RELEASE}:{version}:{address}".encode()).hexdigest()[:32] + '"'


def public_page(query: Callable[[HttpRequest], dict[str, Any]]) -> Callable[..., Callable[..., HttpResponse]]:
    """A shop's public page (`view(request, slug, ...)` rendering the page in the active language); `query(request)`
    gives the query values the page depends on (the cache keeps one page per value)."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, slug: str, **kwargs: Any) -> HttpResponse:
            found = SHOP_ID.fullmatch(slug)
            if found is None:
                return view(request, slug=slug, **kwargs)  # the page that says there is no such shop
            in_address = APP_TO_DJANGO.get(request.GET.get("lang", ""))
            language = in_address or translation.get_language()
            values = {name: value for name, value in query(request).items() if value}
            address = f"{request.scheme}://{request.get_host()}{request.path}?{urlencode(values)}|{language}"
            answered: list[HttpResponse] = []

            def render() -> bytes | None:
                response = view(request, slug=slug, **kwargs)
                answered.append(response)
                return response.content if response.status_code == 200 and response.get("Location") is None else None

            with translation.override(language):
                version, page = page_get_or_render(int(found[1]), address, render)
            if page is None:
                return answered[0]
            etag = _etag(version, address)
            response = HttpResponse(page)
            response["ETag"] = etag
            if in_address:
                response["Cache-Control"] = PUBLIC
            else:
                response["Cache-Control"] = PRIVATE
                patch_vary_headers(response, ("Accept-Language", "Cookie"))
            response = get_conditional_response(request, etag=etag, response=response) or response  # a 304, or it
            response["Content-Language"] = language
            if in_address:
                response.language_in_address = True  # type: ignore[attr-defined]  # apps.core.middleware.LocaleMiddleware
            return response

        return wrapped

    return decorate
