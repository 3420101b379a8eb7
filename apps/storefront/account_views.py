"""Buyer accounts in the storefront (apps.storefront.buyers): sign up with an email confirmed by a link, sign in and
out, a new password by a link (Django's password reset views and tokens, in the storefront's look), the account page
(one's orders, the shops one follows), and following a shop. Sign-up and the reset link are limited per address, and
sign-in per address and per account (apps.accounts.throttles' rule: an address the owner signed in from is not held);
every form carries Django's CSRF token."""

from collections.abc import Sequence
from typing import Any

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import password_validators_help_texts
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from rest_framework.request import Request

from apps.accounts.throttles import LoginAccountThrottle
from apps.core.errors import AppError, ErrorCode
from apps.core.throttles import IpRateThrottle
from apps.shop import figures as shop_figures
from apps.shop.models import Shop

from . import buyers, selectors
from .forms import ConfirmForm, NewPasswordForm, ResetForm, SignInForm, SignUpForm
from .pages import (
    for_open_shop,
    in_language,
    page_context,
    private,
    see_other,
    shown_lang,
    throttle_allows,
    unavailable,
    with_language,
)


class SignInThrottle(IpRateThrottle):
    scope = "buyer_sign_in"


class SignInAccountThrottle(LoginAccountThrottle):
    """Sign-in tries per account (the form's email, whether or not it has an account) from every address, as the
    merchants' `login_account`: a spread-out guesser is slowed, and an address the buyer signed in from within a
    session's lifetime is never held, so the owner is not locked out (nor after setting a new password, which signs
    them in)."""

    scope = "buyer_sign_in_account"

    def account(self, request: Request) -> str | None:
        email = request.POST.get("email")
        return selectors.account_email(email) if isinstance(email, str) and email.strip() else None

    def signed_in_from(self, account: str, ip: str) -> bool:
        return selectors.buyer_signed_in_from(email=account, ip=ip)


class SignUpThrottle(IpRateThrottle):
    scope = "buyer_sign_up"


class ResetThrottle(IpRateThrottle):
    scope = "buyer_reset"


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
        if not throttle_allows(SignInThrottle(), request):
            form.add_error(None, _("Too many tries from your network. Please try again later."))
        elif not throttle_allows(SignInAccountThrottle(), request):
            form.add_error(None, _("Too many tries for this email. Please try again later, or set a new password."))
        else:
            data = form.cleaned_data
            user = buyers.check_password(request, email=data["email"], password=data["password"])
            if user is not None:
                buyers.sign_in(request, user)
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
        if not throttle_allows(SignUpThrottle(), request):
            form.add_error(None, _("Too many tries from your network. Please try again later."))
        else:
            buyers.sign_up(
                email=form.cleaned_data["email"],
                password=form.cleaned_data["password"],
                language=translation.get_language(),
                domain=request.get_host(),
                use_https=request.is_secure(),
            )
            return _page(request, "sent.html", {"email": form.cleaned_data["email"]})
    status = 400 if form.errors else 200
    return _page(request, "sign_up.html", {"form": form, "password_rules": password_validators_help_texts()}, status)


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
@with_language
def confirm(request: HttpRequest, token: str) -> HttpResponse:
    """A sign-up's link: the page asks for the password chosen with it, and the account opens with that password."""
    pending = selectors.sign_up_find(token=token)
    if pending is None:
        return unavailable(request, _("This link is not valid or has expired. Please sign up again."))
    form = ConfirmForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        if not throttle_allows(SignInThrottle(), request):
            form.add_error(None, _("Too many tries from your network. Please try again later."))
        else:
            try:
                user = buyers.confirm(token=token, password=form.cleaned_data["password"])
            except AppError as exc:
                if exc.error_code == ErrorCode.NOT_FOUND:
                    return unavailable(request, str(exc.message))
                form.add_error(None, str(exc.message))
            else:
                buyers.sign_in(request, user)
                messages.success(request, _("Your email is confirmed and your account is open."))
                return see_other(in_language(reverse("storefront-account")))
    status = 400 if form.errors else 200
    return _page(request, "confirm.html", {"form": form, "email": pending.email}, status)


class _Page:
    """A page of Django's password reset views in the storefront's look: its language, its language switch, not
    indexed; a form with errors answers 400, as the storefront's other forms."""

    http_method_names: Sequence[str] = ("get", "head", "post")
    request: HttpRequest

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)  # type: ignore[misc]  # a mixin of Django's auth views
        return {**context, "noindex": True, **page_context(self.request, self.request.path)}

    def render_to_response(self, context: dict[str, Any], **kwargs: Any) -> HttpResponse:
        # misc: as for get_context_data, super() is the auth view
        return private(super().render_to_response(context, **kwargs))  # type: ignore[misc]

    def form_invalid(self, form: Form) -> HttpResponse:
        response = super().form_invalid(form)  # type: ignore[misc]  # a mixin of Django's auth views
        response.status_code = 400
        return response


class ResetView(_Page, auth_views.PasswordResetView):
    """Asks for a link that sets a new password: the answer is the same for any email (buyers.reset_request)."""

    form_class = ResetForm
    template_name = "storefront/account/reset.html"

    def form_valid(self, form: ResetForm) -> HttpResponse:  # type: ignore[override]  # form_class is ResetForm
        if not throttle_allows(ResetThrottle(), self.request):
            form.add_error(None, _("Too many tries from your network. Please try again later."))
            return self.form_invalid(form)
        buyers.reset_request(
            email=form.cleaned_data["email"],
            language=translation.get_language(),
            domain=self.request.get_host(),
            use_https=self.request.is_secure(),
        )
        return see_other(self.get_success_url())

    def get_success_url(self) -> str:
        return in_language(reverse("storefront-reset-sent"))


class ResetSentView(_Page, auth_views.PasswordResetDoneView):
    template_name = "storefront/account/reset_sent.html"


class ResetConfirmView(_Page, auth_views.PasswordResetConfirmView):
    """The reset link: the new password (Django's validators), which also confirms the email; the buyer is then
    signed in. Only a buyer account's link works (never an operator's)."""

    form_class = NewPasswordForm
    template_name = "storefront/account/reset_confirm.html"

    def get_user(self, uidb64: str) -> User | None:
        user = super().get_user(uidb64)
        return user if isinstance(user, User) and not (user.is_staff or user.is_superuser) else None

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().get_context_data(**kwargs), "password_rules": password_validators_help_texts()}

    def get_success_url(self) -> str:
        return in_language(reverse("storefront-account"))

    # override: form_class is NewPasswordForm
    def form_valid(self, form: NewPasswordForm) -> HttpResponse:  # type: ignore[override]
        super().form_valid(form)  # saves the password, forgets the link
        buyers.sign_in(self.request, form.user)
        messages.success(self.request, _("Your new password is set and you are signed in."))
        return see_other(self.get_success_url())


def _storefront(view: Any) -> Any:
    return never_cache(with_language(view))


reset = _storefront(ResetView.as_view())
reset_sent = _storefront(ResetSentView.as_view())
reset_confirm = _storefront(ResetConfirmView.as_view())


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
    orders = selectors.buyer_orders(email=user.email)
    shops = selectors.followed_shops(key=buyers.follower_key(user))
    # The way back to shopping: the open shop of the newest order, else the first one followed.
    opened = (row.order.merchant.shop for row in orders if selectors.shop_is_open(row.order.merchant.shop))
    back = next(opened, None) or shops.first()
    context = {"account": user, "orders": orders, "shops": shops, "back_shop": back}
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
