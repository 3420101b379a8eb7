"""The buyers' storefront (issue 14): server-rendered pages of an open shop and of its goods (public, cached:
apps.storefront.shared), the visitor's own bits of them (`session`, which counts the visit), the
cart and checkout, the buyer's order page, the payment provider's webhook (and the development provider's test
page), the sitemap of open shops and robots.txt. The views translate HTTP only: they read through
apps.storefront.selectors and write through apps.storefront.services and the shop and catalog services, the same ones
the signed intake API calls. Every form carries Django's CSRF token; checkout is rate-limited by address."""

import re
import secrets
from collections.abc import Callable
from typing import Any

from csp.decorators import csp_update
from django import forms
from django.conf import settings
from django.contrib import messages
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from apps.catalog.services import goods_view_record
from apps.core.errors import AppError
from apps.core.replica import replica_reads
from apps.core.throttles import IpRateThrottle, WindowMixin, client_ip
from apps.orders import services as order_services
from apps.orders.constants import LINE_QUANTITY_MAX, OrderStatus
from apps.orders.models import Order
from apps.shop.figures import visit_record
from apps.shop.models import Shop

from . import buyers, payments, selectors, services
from .cart import Cart, CartFullError
from .constants import PaymentStatus
from .forms import CartAddForm, CheckoutForm, RatingForm, RefundForm, ShopQueryForm, VisitForm
from .models import BuyerOrder, Payment
from .pages import (
    for_open_shop,
    in_language,
    moved,
    open_shop,
    page_context,
    private,
    see_other,
    throttle_allows,
    unavailable,
    with_language,
)
from .payments.dev import signed_event
from .shared import public_page

VISITOR_COOKIE = "sf_visitor"
VISITOR_COOKIE_AGE = 400 * 24 * 3600  # the longest browsers keep a cookie


def _shop_query(request: HttpRequest) -> dict[str, Any]:
    """What of the address a shop page shows: its category, search words and page (a value out of bounds is
    dropped, the rest applies)."""
    form = ShopQueryForm(request.GET)
    form.is_valid()
    data = form.cleaned_data
    return {"category": data.get("category"), "q": data.get("q") or "", "page": data.get("page") or 1}


@replica_reads
@require_safe
@public_page(query=_shop_query)
@for_open_shop
def shop_page(request: HttpRequest, slug: str, shop: Shop) -> HttpResponse:
    if slug != shop.slug:
        return moved(request, shop.get_absolute_url())
    query = _shop_query(request)
    keyword, category = query["q"], query["category"]
    page, cards = selectors.shop_goods_page(shop=shop, category_id=category, keyword=keyword, page=query["page"])
    path = shop.get_absolute_url()
    context = {
        "shop": shop,
        "figures": selectors.shop_figures(shop=shop),
        "categories": selectors.shop_categories(shop=shop),
        "category": category,
        "keyword": keyword,
        "page": page,
        "cards": cards,
        "public": True,
        **page_context(request, path, category=category, page=page.number if page.number > 1 else None),
        # A search's results are not a page of their own for search engines.
        "noindex": bool(keyword),
    }
    context["session_url"] = _session_url(shop, lang=context["lang"])
    # The page links keep the language, category and search.
    kept = {"lang": context["lang"], "category": category, "q": keyword}
    context["query"] = urlencode({name: value for name, value in kept.items() if value})
    return render(request, "storefront/shop.html", context)


@replica_reads
@require_safe
@public_page(query=lambda request: {})
@for_open_shop
def goods_page(request: HttpRequest, slug: str, shop: Shop, goods_id: str) -> HttpResponse:
    path = reverse("storefront-goods", kwargs={"slug": shop.slug, "goods_id": goods_id})
    if slug != shop.slug:
        return moved(request, path)
    goods = selectors.goods_page(shop=shop, goods_id=int(goods_id))
    if goods is None:
        return unavailable(request, _("This product is not on sale in this shop."))
    context = {
        "shop": shop,
        "goods": goods,
        "public": True,
        # The stock now is the cart's and the checkout's to check: the page says only whether there is some.
        "quantity_max": LINE_QUANTITY_MAX,
        **page_context(request, path),
    }
    context["session_url"] = _session_url(shop, lang=context["lang"], goods=goods["goods_id"])
    context["structured_data"] = _product_data(request, shop, goods, context["canonical"])
    return render(request, "storefront/goods.html", context)


def _session_url(shop: Shop, **query: Any) -> str:
    """The address the page's script asks for this visitor's bits (`session`)."""
    return f"{reverse('storefront-session', kwargs={'slug': shop.slug})}?{urlencode(query)}"


def _cart_count(request: HttpRequest, shop: Shop) -> int:
    """Units in the shop's cart, shown by the cart link (no session is read or made for a browser without one)."""
    if settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return 0
    return sum(Cart(request.session, shop.pk).lines().values())


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
    return unavailable(request, _("This page does not exist."))


class VisitThrottle(WindowMixin, IpRateThrottle):
    """Visits counted from one address (scope `visit`): every page view asks for its session bits, so one counter
    per window."""

    scope = "visit"


def _visit_record(request: HttpRequest, shop: Shop, response: HttpResponse) -> None:
    """Counts the visitor once a day in the shop (product.md 11), and at most one visitor a day per address (kept
    only as a keyed hash in the cache for that day); a product page's view (`goods`) is counted in the listing's
    clicks. The visitor is a random first-party cookie, never an address. Nothing is counted past the address's
    rate (VisitThrottle), nor for a request another site's page made (Sec-Fetch-Site)."""
    if request.headers.get("Sec-Fetch-Site", "same-origin") != "same-origin":
        return
    if not throttle_allows(VisitThrottle(), request):
        return
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
    visit_record(merchant=shop.merchant, key=key, address=client_ip(request))
    form = VisitForm(request.GET)
    goods_id = form.cleaned_data.get("goods") if form.is_valid() else None
    if goods_id and selectors.listing_on_sale(shop=shop, goods_id=goods_id):
        goods_view_record(goods_id=goods_id, visitor_key=key)


@never_cache
@require_safe
@with_language
def session(request: HttpRequest, slug: str) -> HttpResponse:
    """What a shop or product page shows of this visitor, asked by the page's script once it runs in a browser
    (crawlers that run no script are not counted): the CSRF token of the page's forms, the units in the shop's cart,
    whether the buyer is signed in and follows the shop, and the notes after a form (in the page's language); the
    request counts the visit (_visit_record). Private JSON, never stored; it keeps `?lang=` in the language cookie."""
    shop, _why = open_shop(slug)
    buyer = buyers.signed_in(request)
    data = {
        "csrf": get_token(request),
        "cart": _cart_count(request, shop) if shop else 0,
        "signed_in": buyer is not None,
        "following": bool(shop and buyer and selectors.follows(shop=shop, key=buyers.follower_key(buyer))),
        "notes": [{"level": note.tags, "text": str(note)} for note in messages.get_messages(request)],
    }
    response = JsonResponse(data)
    if shop is not None:
        _visit_record(request, shop, response)
    return response


@require_safe
def robots(request: HttpRequest) -> HttpResponse:
    lines = [
        "User-agent: *",
        *(f"Disallow: /{prefix}/" for prefix in ("admin", "merchant", "intake", "api", "o", "pay", "account")),
        f"Sitemap: {request.build_absolute_uri(reverse('storefront-sitemap'))}",
    ]
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")


# --- cart, checkout, payment, the buyer's order page ---------------------------------------------------------------


class CheckoutThrottle(IpRateThrottle):
    """Orders placed and payments started from one address (scope `checkout`): against a script reserving stock."""

    scope = "checkout"


def _allow_payment_redirect(response: HttpResponse) -> HttpResponse:
    """The page's form may go on (by redirect) to the payment provider's page (Content-Security-Policy form-action)."""
    origins = payments.provider().form_origins
    if not origins:
        return response
    # django-csp's public way to add to a response's policy is its view decorator: applied here to a view that
    # answers this response, as the origins depend on the provider configured.
    return csp_update({"form-action": list(origins)})(lambda request: response)(None)  # type: ignore[arg-type,return-value]


def _cart_url(shop: Shop) -> str:
    return in_language(reverse("storefront-cart", kwargs={"slug": shop.slug}))


def _order_url(request: HttpRequest, token: str) -> str:
    return request.build_absolute_uri(in_language(reverse("storefront-order", kwargs={"token": token})))


@require_POST
@with_language
@for_open_shop
def cart_add(request: HttpRequest, slug: str, shop: Shop) -> HttpResponse:
    form = CartAddForm(request.POST)
    goods_id = form.cleaned_data["goods"] if form.is_valid() else None
    if goods_id is None or not selectors.listing_on_sale(shop=shop, goods_id=goods_id):
        return unavailable(request, _("This product is not on sale in this shop."))
    try:
        Cart(request.session, shop.pk).add(goods_id, form.cleaned_data["quantity"] or 1)
        messages.success(request, _("Added to your cart."))
    except CartFullError:
        messages.error(request, _("Your cart is full: place this order first."))
    return see_other(_cart_url(shop))


def _cart_page(request: HttpRequest, shop: Shop, form: CheckoutForm, status: int = 200) -> HttpResponse:
    cart = Cart(request.session, shop.pk)
    rows, total, gone = selectors.cart_lines(shop=shop, lines=cart.lines())
    if gone:
        cart.remove(gone)
        count = len(gone)
        messages.warning(
            request,
            ngettext(
                "%(count)d product is no longer on sale and was taken out of your cart.",
                "%(count)d products are no longer on sale and were taken out of your cart.",
                count,
            )
            % {"count": count},
        )
    context = {
        "shop": shop,
        "rows": rows,
        "total": total,
        "form": form,
        "cart_count": sum(row["quantity"] for row in rows),
        "payment_minutes": settings.ORDER_PAYMENT_WINDOW_MINUTES,
        "noindex": True,
        **page_context(request, reverse("storefront-cart", kwargs={"slug": shop.slug})),
    }
    return _allow_payment_redirect(private(render(request, "storefront/cart.html", context, status=status)))


@never_cache
@replica_reads
@require_http_methods(["GET", "HEAD", "POST"])
@with_language
@for_open_shop
def cart_page(request: HttpRequest, slug: str, shop: Shop) -> HttpResponse:
    """The shop's cart and the checkout form. A POST changes quantities (`q-<goods id>`) or removes one (`remove`)."""
    if slug != shop.slug:
        return moved(request, reverse("storefront-cart", kwargs={"slug": shop.slug}))
    if request.method == "POST":
        cart = Cart(request.session, shop.pk)
        quantities = {}
        for goods_id in cart.lines():
            value = request.POST.get(f"q-{goods_id}", "")
            if value.isascii() and value.isdigit() and len(value) <= 4:
                quantities[goods_id] = int(value)
        removed = request.POST.get("remove", "")
        if removed.isascii() and removed.isdigit() and len(removed) <= 18:
            quantities[int(removed)] = 0
        cart.update(quantities)
        messages.success(request, _("Your cart was updated."))
        return see_other(_cart_url(shop))
    buyer = buyers.signed_in(request)
    return _cart_page(request, shop, CheckoutForm(initial={"email": buyer.email} if buyer else None))


@never_cache
@require_POST
@with_language
@for_open_shop
def checkout(request: HttpRequest, slug: str, shop: Shop) -> HttpResponse:
    """Places the order of the shop's cart and sends the buyer on to pay it."""
    form = CheckoutForm(request.POST)
    if not form.is_valid():
        first = next((name for name in form.errors if name in form.fields), None)
        if first and not form.non_field_errors():
            form.fields[first].widget.attrs["autofocus"] = True  # the browser shows the first field to correct
        return _cart_page(request, shop, form, status=400)
    data = form.cleaned_data
    placed = selectors.checkout_placed(key=data["key"])
    if placed is not None:  # this form was sent before (its answer lost, or a second click): that order
        return _placed(request, placed)
    cart = Cart(request.session, shop.pk)
    if not cart.lines():
        messages.error(request, _("Your cart is empty."))
        return see_other(_cart_url(shop))
    if not throttle_allows(CheckoutThrottle(), request):
        form.add_error(None, _("Too many orders from your network. Please try again later."))
        return _cart_page(request, shop, form, status=429)
    try:
        buyer_order = services.checkout(
            shop=shop,
            lines=cart.lines(),
            shipping=services.Shipping(data["name"], data["phone"], data["address"], data["country"], data["email"]),
            language=translation.get_language(),
            page_url=lambda token: _order_url(request, token),
            key=data["key"],
            client=selectors.client_key(client_ip(request)),
        )
    except AppError as exc:
        placed = selectors.checkout_placed(key=data["key"])  # the same form, sent at the same time, placed it
        if placed is not None:
            return _placed(request, placed)
        form.add_error(None, str(exc.message))
        return _cart_page(request, shop, form, status=409)
    cart.clear()
    return _placed(request, buyer_order, new=True)


def _placed(request: HttpRequest, buyer_order: BuyerOrder, *, new: bool = False) -> HttpResponse:
    """After checkout (`new`: placed by this request): on to pay the order, or to its page when it is not awaiting
    payment any more, or holds no goods (the page says they go to whoever pays first; "Pay now" is there)."""
    order = buyer_order.order
    if order.status != OrderStatus.AWAITING_PAYMENT or not order.stock_reserved:
        return see_other(_order_url(request, buyer_order.token))
    return _go_pay(request, buyer_order, placed=new)


def _go_pay(request: HttpRequest, buyer_order: BuyerOrder, *, placed: bool = False) -> HttpResponse:
    """On to the provider's payment page; back to the order page, saying why, when the payment cannot start."""
    try:
        url = _order_url(request, buyer_order.token)
        payment = services.payment_start(buyer_order=buyer_order, return_url=url, placed=placed)
    except AppError as exc:
        messages.error(request, str(exc.message))
        return see_other(_order_url(request, buyer_order.token))
    return see_other(payment.url)


def _order_gone(request: HttpRequest) -> HttpResponse:
    return unavailable(request, _("This order link is not valid. Please use the link from your email."))


@never_cache
@replica_reads
@require_safe
@with_language
def order_page(request: HttpRequest, token: str) -> HttpResponse:
    """The buyer's order, reached by the link with its token: status, lines, shipping, tracking, the steps so far,
    refund requests and the rating; the forms of what the buyer may do now (pay, ORDER_STEPS)."""
    buyer_order = selectors.buyer_order_find(token=token)
    if buyer_order is None:
        return _order_gone(request)
    return _order_page(request, buyer_order)


def _order_page(
    request: HttpRequest, buyer_order: BuyerOrder, form: forms.Form | None = None, status: int = 200
) -> HttpResponse:
    """The order page; with `form` (the rating or refund form sent with errors), that form with its errors at its
    fields (its action's anchor keeps the page at it)."""
    token = buyer_order.token
    context = {
        "shop": buyer_order.order.merchant.shop,
        "order": selectors.buyer_order_page(buyer_order=buyer_order),
        "token": token,
        "payment_minutes": settings.ORDER_PAYMENT_WINDOW_MINUTES,
        "refund_form": form if isinstance(form, RefundForm) else RefundForm(),
        "rating_form": form if isinstance(form, RatingForm) else RatingForm(),
        "noindex": True,
        **page_context(request, reverse("storefront-order", kwargs={"token": token})),
    }
    return _allow_payment_redirect(private(render(request, "storefront/order.html", context, status=status)))


@never_cache
@require_POST
@with_language
def order_pay(request: HttpRequest, token: str) -> HttpResponse:
    buyer_order = selectors.buyer_order_find(token=token)
    if buyer_order is None:
        return _order_gone(request)
    if not throttle_allows(CheckoutThrottle(), request):
        messages.error(request, _("Too many orders from your network. Please try again later."))
        return see_other(_order_url(request, token))
    return _go_pay(request, buyer_order)


class OrderActionThrottle(IpRateThrottle):
    """A buyer's steps on order pages from one address (scope `order_action`): cancel, receipt, refund, rating."""

    scope = "order_action"


def _cancel(order: Order, data: dict[str, Any]) -> str:
    if order_services.order_cancel(order_id=order.pk).paid_at is not None:
        return _("Your order was cancelled and your payment is on its way back.")
    return _("Your order was cancelled.")


def _receive(order: Order, data: dict[str, Any]) -> str:
    order_services.order_confirm_receipt(order_id=order.pk)
    return _("Thank you: the order is received.")


def _refund(order: Order, data: dict[str, Any]) -> str:
    result = order_services.refund_request(order_id=order.pk, reason=data["reason"], goods_status=data["goods_status"])
    if isinstance(result, Order):
        return _("The order was not picked up yet, so it was cancelled at once.")
    return _("Refund requested. The platform will decide it.")


def _rate(order: Order, data: dict[str, Any]) -> str:
    order_services.review_add(order_id=order.pk, stars=data["stars"], text=data["text"])
    return _("Thank you for your rating.")


# The buyer's steps on the order page: what each does (through the orders service the intake calls; it answers what
# happened) and the form it reads, if any.
ORDER_STEPS: dict[str, tuple[Callable[[Order, dict[str, Any]], str], type[forms.Form] | None]] = {
    "cancel": (_cancel, None),
    "receive": (_receive, None),
    "refund": (_refund, RefundForm),
    "rate": (_rate, RatingForm),
}


@never_cache
@require_POST
@with_language
def order_step(request: HttpRequest, token: str, step: str) -> HttpResponse:
    """One of the buyer's steps (ORDER_STEPS), then back to the order page with what happened, or why not (nothing
    changed)."""
    buyer_order = selectors.buyer_order_find(token=token)
    if buyer_order is None:
        return _order_gone(request)
    act, form_class = ORDER_STEPS[step]
    form = form_class(request.POST) if form_class else None
    if not throttle_allows(OrderActionThrottle(), request):
        messages.error(request, _("Too many requests from your network. Please try again later."))
    elif form is not None and not form.is_valid():
        return _order_page(request, buyer_order, form, status=400)  # the errors at the form's fields
    else:
        try:
            messages.success(request, act(buyer_order.order, form.cleaned_data if form else {}))
        except AppError as exc:
            messages.error(request, str(exc.message))
    return see_other(_order_url(request, token))


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
@with_language
def order_cancel(request: HttpRequest, token: str) -> HttpResponse:
    """Cancelling asks first: the order page links here, where the buyer reads what cancelling does (the payment comes
    back, or nothing was paid) and confirms it with a form (CSRF) or keeps the order. The POST cancels (ORDER_STEPS).
    An order that cannot be cancelled (any more) goes back to its page."""
    if request.method == "POST":
        return order_step(request, token=token, step="cancel")
    buyer_order = selectors.buyer_order_find(token=token)
    if buyer_order is None:
        return _order_gone(request)
    order = selectors.buyer_order_page(buyer_order=buyer_order)
    if not order["can"]["cancel"]:
        return see_other(_order_url(request, token))
    context = {
        "shop": buyer_order.order.merchant.shop,
        "order": order,
        "token": token,
        "noindex": True,
        **page_context(request, reverse("storefront-order-cancel", kwargs={"token": token})),
    }
    return private(render(request, "storefront/order_cancel.html", context))


@csrf_exempt  # the provider signs its requests; it has no session
@require_POST
def payment_webhook(request: HttpRequest, provider: str) -> HttpResponse:
    """The payment provider's events. 200 once applied (or ignored: an event the storefront does not act on); 400 for
    a request that is not the provider's, with no change; the provider retries anything else."""
    if provider != settings.PAYMENT_PROVIDER:
        return HttpResponse("not found\n", status=404, content_type="text/plain")
    try:
        services.webhook_receive(body=request.body, headers=request.headers)
    except (payments.WebhookRefusedError, RequestDataTooBig):
        return HttpResponse("refused\n", status=400, content_type="text/plain")
    return HttpResponse("ok\n", content_type="text/plain")


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
@with_language
def dev_payment(request: HttpRequest, session_id: str) -> HttpResponse:
    """The development provider's payment page: it says no money moves; "Pay" and "Fail" send the provider's signed
    event through the webhook handling, then the buyer goes back to the order page. Only with PAYMENT_PROVIDER=dev."""
    payment = (
        Payment.objects.select_related("buyer_order__order__merchant__shop")
        .filter(provider="dev", session_id=session_id)
        .first()
    )
    if payment is None or settings.PAYMENT_PROVIDER != "dev":
        return unavailable(request, _("This page does not exist."))
    buyer_order = payment.buyer_order
    if request.method == "POST" or payment.status != PaymentStatus.OPEN:
        outcome = {"pay": payments.Outcome.PAID, "fail": payments.Outcome.FAILED}.get(request.POST.get("action", ""))
        if outcome is not None and payment.status == PaymentStatus.OPEN:
            body, headers = signed_event(
                session_id=session_id, outcome=outcome, amount=payment.amount, currency=payment.currency
            )
            services.webhook_receive(body=body, headers=headers)
            if outcome is payments.Outcome.FAILED:
                messages.error(request, _("The payment failed. You can try again."))
        return see_other(_order_url(request, buyer_order.token))
    order = buyer_order.order
    context = {
        "shop": order.merchant.shop,
        "order": order,
        "payment": payment,
        "noindex": True,
        **page_context(request, request.path),
    }
    return private(render(request, "storefront/dev_payment.html", context))
