"""Buyer accounts (issue 14): optional for checkout, needed to follow a shop and to see all one's orders in one place.

A buyer is one of Django's users (django.contrib.auth: its password hashing and validators, its session sign-in)
without staff rights, so the admin stays closed to them; merchants sign in elsewhere (apps.accounts). The username
is the email. An account opens once its email is confirmed by a link (a token of Django's PasswordResetTokenGenerator
that a confirmed account no longer matches). A buyer follows a shop as "account:<id>" (apps.shop.figures.follow)."""

from collections.abc import Callable

from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import AbstractBaseUser, User
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.db import transaction
from django.http import HttpRequest
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode

from apps.core import outbox

from . import tasks


class ConfirmationTokens(PasswordResetTokenGenerator):
    """A link confirming an account's email: it stops working once the account is confirmed (or its password is
    changed), and after PASSWORD_RESET_TIMEOUT."""

    key_salt = "apps.storefront.buyers.ConfirmationTokens"

    def _make_hash_value(self, user: AbstractBaseUser, timestamp: int) -> str:
        return f"{user.pk}{user.password}{user.is_active}{timestamp}"


confirmation_tokens = ConfirmationTokens()


def follower_key(user: User) -> str:
    return f"account:{user.pk}"


def sign_up(*, email: str, password: str, language: str, confirm_url: Callable[[str, str], str]) -> None:
    """Opens an account (not active yet) and e-mails the link that confirms it, `confirm_url(uid, token)`, in
    `language` (Django's code). An unconfirmed account of the same email takes the new password and gets a new link;
    a confirmed one is left alone (the answer is the same, so nobody learns who has an account). The password passed
    Django's validators in the form."""
    email = User.objects.normalize_email(email).lower()
    with transaction.atomic():
        user = User.objects.select_for_update().filter(username=email).first()
        if user is not None and (user.is_active or user.is_staff):
            return
        if user is None:
            user = User(username=email, email=email, is_active=False)
        user.set_password(password)
        user.save()
        url = confirm_url(urlsafe_base64_encode(force_bytes(user.pk)), confirmation_tokens.make_token(user))
        outbox.enqueue(tasks.account_confirm_mail, email=email, url=url, language=language)


def confirm(*, uid: str, token: str) -> User | None:
    """The account the link confirms, now active; None when the link is not (or no longer) valid."""
    try:
        pk = int(urlsafe_base64_decode(uid).decode())
    except (ValueError, UnicodeDecodeError):
        return None
    with transaction.atomic():
        user = User.objects.select_for_update().filter(pk=pk, is_staff=False).first()
        if user is None or not confirmation_tokens.check_token(user, token):
            return None
        user.is_active = True
        user.save(update_fields=["is_active"])
    return user


def check_password(request: HttpRequest, *, email: str, password: str) -> User | None:
    """The confirmed buyer account with this email and password, or None. Django's ModelBackend (not the operators'
    lockout, whose page is the admin's): the storefront limits tries per address itself."""
    user = ModelBackend().authenticate(request, username=User.objects.normalize_email(email).lower(), password=password)
    return user if isinstance(user, User) and not user.is_staff else None


def signed_in(request: HttpRequest) -> User | None:
    """The buyer signed in on this browser, if one is (an operator's admin session is not a buyer's)."""
    user = request.user
    return user if isinstance(user, User) and not user.is_staff else None
