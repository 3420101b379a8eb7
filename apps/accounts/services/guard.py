"""The one lockout of a merchant's secrets typed while signed in or at the second step: the payment password, the
login password typed while signed in (changing a password, contact details, two-step sign-in) and the second
factor's codes (sign-in's second step and every payment-security action) count on ONE counter on the merchant row
(pay_password_failures / pay_password_locked_until): PAY_PASSWORD_MAX_TRIES wrong tries of any of them, in any mix,
lock all of them for PAY_PASSWORD_LOCK_MINUTES.

The login password typed at sign-in is not counted here: it is throttled per address and account
(throttles.Login*), so a stranger who knows only the account cannot lock its owner out.
"""

import math
from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.core.errors import AppError, ErrorCode, field_error

from ..models import Merchant


def locked_error(minutes: int) -> AppError:
    return AppError(
        _("Too many wrong passwords or codes. Try again in %(minutes)d minutes.") % {"minutes": minutes},
        ErrorCode.LOCKED,
    )


def guarded(*, merchant: Merchant, check: Callable[[], bool], reset: bool = True) -> int | None:
    """Runs `check` (a password or code comparison) as one counted try: None when right, else the tries left (>= 1).

    Raises the lockout's refusal when locked, or when this wrong try used the last one (then it locks for
    PAY_PASSWORD_LOCK_MINUTES). The try is counted under a lock on the merchant row, held while `check` runs, so
    concurrent tries are checked one after the other: of any number of wrong ones at most PAY_PASSWORD_MAX_TRIES are
    compared before the lock, and right ones are never refused for the others' sake.

    A right try clears the count only with `reset`: an operation asking for two secrets (the login password, then a
    code) passes reset=False for the first, so knowing one secret never earns more guesses of the other.

    The count commits at once, so a wrong try stays counted although the surrounding operation is refused: call it
    outside the operation's transaction (an outer rollback would undo the count).
    """
    most, minutes = settings.PAY_PASSWORD_MAX_TRIES, settings.PAY_PASSWORD_LOCK_MINUTES
    rows = Merchant.objects.filter(pk=merchant.pk)
    refusal: AppError | None = None
    left: int | None = None
    with transaction.atomic():
        now = timezone.now()
        failures, until = (
            rows.select_for_update(no_key=True).values_list("pay_password_failures", "pay_password_locked_until").get()
        )
        if until is not None and until > now:
            refusal = locked_error(max(1, math.ceil((until - now).total_seconds() / 60)))
        elif check():
            if reset and (failures or until is not None):
                rows.update(pay_password_failures=0, pay_password_locked_until=None)
        elif failures + 1 >= most:
            rows.update(pay_password_failures=0, pay_password_locked_until=now + timedelta(minutes=minutes))
            refusal = locked_error(minutes)
        else:
            rows.update(pay_password_failures=failures + 1)
            left = most - failures - 1
    if refusal is not None:  # raised after the commit, so the count stays
        raise refusal
    return left


def login_password_check(*, merchant: Merchant, raw: str, field: str, message: str, reset: bool = True) -> None:
    """A signed-in merchant's login password, counted on the one lockout (`reset` as in `guarded`); a wrong one is
    refused on `field` with `message`."""
    left = guarded(merchant=merchant, check=lambda: merchant.check_password(raw), reset=reset)
    if left is not None:
        error = field_error(field, message)
        error.data["tries_left"] = left
        raise error
