"""Buyer accounts in the storefront (apps.storefront.buyers): sign up with an email confirmed by a link, sign in and
out, the account page (one's orders, the shops one follows), and following a shop. Sign-in and sign-up are limited
per address; every form carries Django's CSRF token."""

from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth.password_validation import password_validators_help_texts
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from apps.core.throttles import IpRateThrottle
from apps.shop import figures as shop_figures
from apps.shop.models import Shop

from . import buyers, selectors
from .forms import SignInForm, SignUpForm
from .pages import for_open_shop, in_language, page_context, private, see_other, shown_lang, unavailable, with_language

BACKEND = "django.contrib.auth.backends.ModelBackend"


class SignInThrottle(IpRateThrottle):
    scope = "buyer_sign_in"


class SignUpThrottle(IpRateThrottle):
    scope = "buyer_sign_up"


def _next(request: HttpRequest) -> str:
    """Where to go after signing in: the page that asked (on this site), else the account page."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return in_language(reverse("storefront-account"))


def _sign_in_url(next_url: str) -> str:
    return f"{reverse('storefront-sign-in')}?{urlencode({'lang': shown_lang(), 'next': next_url})}"


def _page(request: HttpRequest, template: str, context: dict, status: int = 200) -> HttpResponse:
    context = {"noindex": True, **page_context(request, request.path), **context}
    return private(render(request, f"storefront/account/{template}", context, status=status))


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
@with_language
def sign_in(request: HttpRequest) -> HttpResponse:
    form = SignInForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        if not SignInThrottle().allow_request(request, None):  # type: ignore[arg-type]
            form.add_error(None, _("Too many tries from your network. Please try again later."))
        else:
            data = form.cleaned_data
            user = buyers.check_password(request, email=data["email"], password=data["password"])
            if user is not None:
                login(request, user, backend=BACKEND)  # a new session key: nothing of the signed-out one carries over
                messages.success(request, _("You are signed in."))
                return see_other(_next(request))
            form.add_error(None, _("The email or password is wrong, or the email is not confirmed yet."))
    status = 400 if form.errors else 200
    return _page(request, "sign_in.html", {"form": form, "next": _next(request)}, status)


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
@with_language
def sign_up(request: HttpRequest) -> HttpResponse:
    form = SignUpForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        if not SignUpThrottle().allow_request(request, None):  # type: ignore[arg-type]
            form.add_error(None, _("Too many tries from your network. Please try again later."))
        else:
            buyers.sign_up(
                email=form.cleaned_data["email"],
                password=form.cleaned_data["password"],
                language=translation.get_language(),
                confirm_url=lambda uid, token: request.build_absolute_uri(
                    in_language(reverse("storefront-account-confirm", kwargs={"uid": uid, "token": token}))
                ),
            )
            return _page(request, "sent.html", {"email": form.cleaned_data["email"]})
    status = 400 if form.errors else 200
    return _page(request, "sign_up.html", {"form": form, "password_rules": password_validators_help_texts()}, status)


@never_cache
@require_safe
@with_language
def confirm(request: HttpRequest, uid: str, token: str) -> HttpResponse:
    user = buyers.confirm(uid=uid, token=token)
    if user is None:
        return unavailable(request, _("This link is not valid or has expired. Please sign up again."))
    login(request, user, backend=BACKEND)
    messages.success(request, _("Your email is confirmed and your account is open."))
    return see_other(in_language(reverse("storefront-account")))


@require_POST
@with_language
def sign_out(request: HttpRequest) -> HttpResponse:
    logout(request)
    messages.success(request, _("You are signed out."))
    return see_other(in_language(reverse("storefront-sign-in")))


@never_cache
@require_safe
@with_language
def account(request: HttpRequest) -> HttpResponse:
    """The signed-in buyer's orders (placed with the account's email, signed in or not) and followed shops."""
    user = buyers.signed_in(request)
    if user is None:
        return see_other(_sign_in_url(request.get_full_path()))
    context = {
        "account": user,
        "orders": selectors.buyer_orders(email=user.email),
        "shops": selectors.followed_shops(key=buyers.follower_key(user)),
    }
    return _page(request, "home.html", context)


@require_POST
@with_language
@for_open_shop
def follow(request: HttpRequest, slug: str, shop: Shop) -> HttpResponse:
    """Follows (`action=follow`) or stops following the shop; a buyer not signed in is asked to first."""
    back = in_language(shop.get_absolute_url())
    user = buyers.signed_in(request)
    if user is None:
        return see_other(_sign_in_url(back))
    if request.POST.get("action") == "follow":
        shop_figures.follow(merchant=shop.merchant, buyer=buyers.follower_key(user))
        messages.success(request, _("You follow this shop."))
    else:
        shop_figures.unfollow(merchant=shop.merchant, buyer=buyers.follower_key(user))
        messages.success(request, _("You no longer follow this shop."))
    return see_other(back)
