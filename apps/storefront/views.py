"""The buyers' storefront (issue 14): server-rendered pages of an open shop and of its goods, the visit beacon, the
sitemap of open shops and robots.txt. The views translate HTTP only: they read through apps.storefront.selectors and
record through the shop and catalog services, the same ones the signed intake API calls."""

import re
import secrets
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from apps.catalog.services import goods_view_record
from apps.core.i18n import APP_TO_DJANGO, NATIVE_NAMES, app_lang
from apps.shop.figures import visit_record
from apps.shop.models import Shop

from . import selectors
from .forms import ShopQueryForm, VisitForm

# A shop's address ends with its id (Shop.slug): at most 18 digits, within the database's ids.
SHOP_ID = re.compile(r"(?:.*-)?(\d{1,18})")
VISITOR_COOKIE = "sf_visitor"
VISITOR_COOKIE_AGE = 400 * 24 * 3600  # the longest browsers keep a cookie
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600


def _with_language(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """`?lang=` (an app language code: en, zh-CN, ... tai) shows the page in that language and keeps it in Django's
    language cookie; without it LocaleMiddleware chose by the cookie, then Accept-Language."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        code = APP_TO_DJANGO.get(request.GET.get("lang", ""))
        if code is None:
            return view(request, *args, **kwargs)
        with translation.override(code):
            request.LANGUAGE_CODE = code  # type: ignore[attr-defined]
            response = view(request, *args, **kwargs)
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


def _page_context(request: HttpRequest, path: str, **query: Any) -> dict[str, Any]:
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


def _unavailable(request: HttpRequest, message: str) -> HttpResponse:
    """A shop or product a buyer cannot open (missing, not open, off the shelf): 404, not indexed."""
    context = {"message": message, "noindex": True, **_page_context(request, request.path)}
    response = render(request, "storefront/unavailable.html", context, status=404)
    response["X-Robots-Tag"] = "noindex"
    return response


def _open_shop(slug: str) -> tuple[Shop | None, str | None]:
    """(the shop, None) when it is open; (None, why a buyer cannot see it) otherwise."""
    found = SHOP_ID.fullmatch(slug)
    shop = selectors.shop_find(shop_id=int(found[1])) if found else None
    if shop is None:
        return None, _("This shop does not exist.")
    if not selectors.shop_is_open(shop):
        return None, _("This shop is not open at the moment.")
    return shop, None


def _moved(request: HttpRequest, path: str) -> HttpResponsePermanentRedirect:
    """The shop's current address (its name changed since the link was made), with the same query."""
    query = request.GET.urlencode()
    return HttpResponsePermanentRedirect(f"{path}?{query}" if query else path)


@require_safe
@_with_language
def shop_page(request: HttpRequest, slug: str) -> HttpResponse:
    shop, why = _open_shop(slug)
    if shop is None:
        return _unavailable(request, str(why))
    if slug != shop.slug:
        return _moved(request, shop.get_absolute_url())
    form = ShopQueryForm(request.GET)
    form.is_valid()  # a value out of bounds is dropped, the rest applies
    keyword, category = form.cleaned_data.get("q") or "", form.cleaned_data.get("category")
    page, cards = selectors.shop_goods_page(
        shop=shop, category_id=category, keyword=keyword, page=form.cleaned_data.get("page") or 1
    )
    path = shop.get_absolute_url()
    context = {
        "shop": shop,
        "figures": selectors.shop_figures(shop=shop),
        "categories": selectors.shop_categories(shop=shop),
        "category": category,
        "keyword": keyword,
        "page": page,
        "cards": cards,
        "visit_url": reverse("storefront-visit", kwargs={"slug": shop.slug}),
        **_page_context(request, path, category=category, page=page.number if page.number > 1 else None),
        # A search's results are not a page of their own for search engines.
        "noindex": bool(keyword),
    }
    # The page links keep the language, category and search.
    kept = {"lang": context["lang"], "category": category, "q": keyword}
    context["query"] = urlencode({name: value for name, value in kept.items() if value})
    return render(request, "storefront/shop.html", context)


@require_safe
@_with_language
def goods_page(request: HttpRequest, slug: str, goods_id: str) -> HttpResponse:
    shop, why = _open_shop(slug)
    if shop is None:
        return _unavailable(request, str(why))
    path = reverse("storefront-goods", kwargs={"slug": shop.slug, "goods_id": goods_id})
    if slug != shop.slug:
        return _moved(request, path)
    goods = selectors.goods_page(shop=shop, goods_id=int(goods_id))
    if goods is None:
        return _unavailable(request, _("This product is not on sale in this shop."))
    context = {
        "shop": shop,
        "goods": goods,
        "visit_url": reverse("storefront-visit", kwargs={"slug": shop.slug}),
        **_page_context(request, path),
    }
    context["structured_data"] = _product_data(request, shop, goods, context["canonical"])
    return render(request, "storefront/goods.html", context)


def _product_data(request: HttpRequest, shop: Shop, goods: dict[str, Any], url: str) -> dict[str, Any]:
    """schema.org Product of the page (JSON-LD): what search engines show of it, price and rating included."""
    data: dict[str, Any] = {
        "@context": "https://schema.org",
        "@type": "Product",
        "name": goods["title"],
        "description": goods["description"],
        "image": [request.build_absolute_uri(image) for image, _thumbnail in goods["images"]],
        "offers": {
            "@type": "Offer",
            "url": url,
            "price": str(goods["retail_price"]),
            "priceCurrency": settings.PLATFORM_CURRENCY,
            "availability": f"https://schema.org/{'InStock' if goods['stock'] > 0 else 'OutOfStock'}",
            "seller": {"@type": "Organization", "name": shop.name},
        },
    }
    if goods["review_count"]:
        data["aggregateRating"] = {
            "@type": "AggregateRating",
            "ratingValue": str(goods["review_average"]),
            "reviewCount": goods["review_count"],
            "bestRating": 5,
            "worstRating": 1,
        }
    return data


def not_found(request: HttpRequest) -> HttpResponse:
    return _unavailable(request, _("This page does not exist."))


@require_POST
def visit(request: HttpRequest, slug: str) -> HttpResponse:
    """The beacon a shop or product page's script sends once it runs in a browser (crawlers that run no script are
    not counted): the visitor is counted once a day in the shop (product.md 11), a product page's view counted in
    the listing's clicks. The visitor is a random first-party cookie, never an address. Answers 204."""
    shop, _why = _open_shop(slug)
    response = HttpResponse(status=204)
    if shop is None:
        return response
    key = request.COOKIES.get(VISITOR_COOKIE, "")
    if not re.fullmatch(r"[\w-]{22}", key):
        key = secrets.token_urlsafe(16)
        response.set_cookie(
            VISITOR_COOKIE,
            key,
            max_age=VISITOR_COOKIE_AGE,
            httponly=True,
            samesite="Lax",
            secure=settings.SESSION_COOKIE_SECURE,
        )
    visit_record(merchant=shop.merchant, key=key)
    form = VisitForm(request.POST)
    goods_id = form.cleaned_data.get("goods") if form.is_valid() else None
    if goods_id and selectors.listing_on_sale(shop=shop, goods_id=goods_id):
        goods_view_record(goods_id=goods_id, visitor_key=key)
    return response


@require_safe
def robots(request: HttpRequest) -> HttpResponse:
    lines = [
        "User-agent: *",
        *(f"Disallow: /{prefix}/" for prefix in ("admin", "merchant", "intake", "api")),
        f"Sitemap: {request.build_absolute_uri(reverse('storefront-sitemap'))}",
    ]
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")
