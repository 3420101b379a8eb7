"""Buyer accounts (issues 14 and 31): optional for checkout, needed to follow a shop and to see all one's orders in one
place.

A buyer is one of Django's users (django.contrib.auth: its password hashing and validators, its session sign-in)
without staff rights, so the admin stays closed to them; merchants sign in elsewhere (apps.accounts). The username
is the email, in lower case. An account exists only once an email and a password were confirmed together: each
sign-up is a SignUp row of its own, the password typed with it (hashed) and its link's token (hashed); the link
opens the account when that same password is typed again, and with exactly that password, if the email has no
account yet. A later sign-up with the same email, anyone's, adds a row of its own: it never changes an account's
password nor voids an earlier link, and the owner who opens somebody else's link in their mailbox cannot open an
account with that person's password, as they do not know it. A forgotten password is set again by a link
(Django's password reset views and tokens, account_views); opening it proves the mailbox too, so it also opens an
account left unconfirmed by the sign-ups before issue 31. A buyer follows a shop as "account:<id>"
(apps.shop.figures.follow)."""

import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.hashers import check_password as password_matches
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.core import outbox
from apps.core.errors import AppError, ErrorCode
from apps.core.throttles import client_ip

from . import selectors, tasks
from .models import BuyerSignIn, SignUp

BACKEND = "django.contrib.auth.backends.ModelBackend"


def follower_key(user: User) -> str:
    return f"account:{user.pk}"


def sign_up(*, email: str, password: str, language: str, domain: str, use_https: bool) -> None:
    """Keeps the sign-up (the password hashed, its link's token hashed) and, after commit, has its mail sent in
    `language` (Django's code) with links to http(s)://`domain` (tasks.account_sign_up_mail: the link that confirms
    it or, when the email has an account already, a mail saying so with a link to set a new password). The request
    looks nothing up, so its answer and its time are the same whether or not the email has an account. The password
    passed Django's validators in the form. Sign-ups whose link no longer works are dropped."""
    token = secrets.token_urlsafe(32)
    with transaction.atomic():
        SignUp.objects.filter(created_at__lt=selectors.sign_ups_since()).delete()
        pending = SignUp.objects.create(
            email=selectors.account_email(email), password=make_password(password), token_hash=SignUp.hash(token)
        )
        mail = {"sign_up_id": pending.pk, "token": token, "language": language}
        outbox.enqueue(tasks.account_sign_up_mail, **mail, domain=domain, use_https=use_https)


def confirm(*, token: str, password: str) -> User:
    """The account a sign-up's link opens, given the password typed with that sign-up: created active, with that
    password, and the email's other links stop working. An AppError when the link does not (or no longer) work, or
    the email has an account already (NOT_FOUND), or the password is another (INVALID: who opens somebody else's
    link in their mailbox does not open an account with that person's password)."""
    gone = AppError(_("This link is not valid or has expired. Please sign up again."), ErrorCode.NOT_FOUND)
    with transaction.atomic():
        pending = selectors.sign_up_find(token=token)
        # The email's sign-ups are locked in one order (by id), and the link's must still be among them: two links
        # of one email opened at once wait for each other instead of deadlocking; the second finds its row gone.
        locked = SignUp.objects.select_for_update().filter(email=pending.email).order_by("pk") if pending else []
        if pending is None or pending.pk not in [row.pk for row in locked]:
            raise gone
        if not password_matches(password, pending.password):
            raise AppError(_("This is not the password chosen when this link was sent."))
        user, created = User.objects.get_or_create(
            username=pending.email, defaults={"email": pending.email, "password": pending.password}
        )
        SignUp.objects.filter(email=pending.email).delete()
    if not created:
        raise gone
    return user


def reset_request(*, email: str, language: str, domain: str, use_https: bool) -> None:
    """Has a link that sets a new password mailed to the buyer account of this email, if there is one
    (tasks.account_reset_mail). The request looks nothing up: the answer and its time are the same for any email."""
    mail = {"email": selectors.account_email(email), "language": language, "domain": domain, "use_https": use_https}
    outbox.enqueue(tasks.account_reset_mail, **mail)


def check_password(request: HttpRequest, *, email: str, password: str) -> User | None:
    """The confirmed buyer account with this email and password, or None. Django's ModelBackend (not the operators'
    lockout, whose page is the admin's): the storefront limits tries itself (account_views)."""
    user = ModelBackend().authenticate(request, username=selectors.account_email(email), password=password)
    return user if isinstance(user, User) and not user.is_staff else None


def sign_in(request: HttpRequest, user: User) -> None:
    """Signs the buyer in on this browser (a new session key: nothing of the signed-out one carries over) and keeps
    the address it signed in from (selectors.buyer_signed_in_from); addresses older than a session are dropped."""
    login(request, user, backend=BACKEND)
    ip = client_ip(request)
    if ip is not None:
        now = timezone.now()
        BuyerSignIn.objects.filter(
            user=user, signed_in_at__lt=now - timedelta(seconds=settings.SESSION_COOKIE_AGE)
        ).delete()
        BuyerSignIn.objects.update_or_create(user=user, ip=ip, defaults={"signed_in_at": now})


def signed_in(request: HttpRequest) -> User | None:
    """The buyer signed in on this browser, if one is (an operator's admin session is not a buyer's)."""
    user = request.user
    return user if isinstance(user, User) and not user.is_staff else None
