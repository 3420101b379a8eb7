"""Security notices (product.md section 2.9): every change of a merchant's credentials or contact details is told to
the merchant in the app and at their contact, saying what changed and what to do if it was not them.

`security_notice` is the one way: the in-app message (apps.core.notices.notify) in the caller's transaction, and
the mail or text message recorded with it (apps.core.outbox: sent after the commit, retried until done), written in
the merchant's language when it is sent.
"""

from typing import Any

from django.core.mail import send_mail
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from apps.core import notices, outbox
from apps.core.i18n import django_lang

from ..models import Merchant
from ..sms import sms_send

# Each event: (title, body). Titles and bodies are msgids, filled from the notice's params when read or sent.
EVENTS: dict[str, tuple[str, str]] = {
    "password_changed": (
        gettext_noop("Login password changed"),
        gettext_noop(
            "The login password of your shop account was changed and every device was signed out. If this was not "
            "you, reset your password at once with “Forgot password?” on the sign-in screen and contact customer "
            "service."
        ),
    ),
    "password_reset": (
        gettext_noop("Login password reset"),
        gettext_noop(
            "The login password of your shop account was reset with a verification code and every device was signed "
            "out. If this was not you, reset your password at once with “Forgot password?” on the sign-in screen and "
            "contact customer service."
        ),
    ),
    "pay_password_set": (
        gettext_noop("Payment password set"),
        gettext_noop(
            "A payment password was set for your shop account. If this was not you, change your login password at "
            "once and contact customer service."
        ),
    ),
    "pay_password_changed": (
        gettext_noop("Payment password changed"),
        gettext_noop(
            "The payment password of your shop account was changed with the old payment password. If this was not "
            "you, change your login password at once and contact customer service."
        ),
    ),
    "pay_password_reset": (
        gettext_noop("Payment password reset"),
        gettext_noop(
            "The payment password of your shop account was replaced using your login password. If this was not you, "
            "change your login password at once and contact customer service."
        ),
    ),
    "email_changed": (
        gettext_noop("Email address changed"),
        gettext_noop(
            "The email address of your shop account was changed from %(old)s to %(new)s. If this was not you, "
            "change your login password at once and contact customer service."
        ),
    ),
    "email_added": (
        gettext_noop("Email address added"),
        gettext_noop(
            "The email address %(new)s was added to your shop account. If this was not you, change your login "
            "password at once and contact customer service."
        ),
    ),
    "phone_changed": (
        gettext_noop("Phone number changed"),
        gettext_noop(
            "The phone number of your shop account was changed from %(old)s to %(new)s. If this was not you, "
            "change your login password at once and contact customer service."
        ),
    ),
    "recovery_requested": (
        gettext_noop("Account recovery requested"),
        gettext_noop(
            "An operator asked to change the contact details of your shop account to %(contact)s. Reason given: "
            "%(reason)s. A second operator must approve it, and it takes effect only %(hours)s hours after that. "
            "If you did not ask for this, open the app and cancel it in Personal information."
        ),
    ),
    "recovery_approved": (
        gettext_noop("Account recovery approved"),
        gettext_noop(
            "The change of your shop account's contact details to %(contact)s was approved by a second operator. It "
            "takes effect on %(date)s. If you did not ask for this, open the app and cancel it in Personal information "
            "before then."
        ),
    ),
    "recovery_rejected": (
        gettext_noop("Account recovery rejected"),
        gettext_noop(
            "The change of your shop account's contact details to %(contact)s was rejected by an operator. Nothing "
            "was changed."
        ),
    ),
    "recovery_cancelled": (
        gettext_noop("Account recovery cancelled"),
        gettext_noop(
            "You cancelled the change of your shop account's contact details to %(contact)s. Nothing was changed. "
            "If this was not you, change your login password at once and contact customer service."
        ),
    ),
    "recovery_applied": (
        gettext_noop("Account recovery done"),
        gettext_noop(
            "The contact details of your shop account are now %(contact)s, and every device was signed out. If you "
            "did not ask for this, contact customer service at once."
        ),
    ),
    "second_factor_on": (
        gettext_noop("Two-step sign-in turned on"),
        gettext_noop(
            "Two-step sign-in was turned on for your shop account: signing in on a new device now also asks for a "
            "code from your authenticator app. If this was not you, change your login password at once and contact "
            "customer service."
        ),
    ),
    "recovery_codes_new": (
        gettext_noop("New recovery codes"),
        gettext_noop(
            "New recovery codes were made for the two-step sign-in of your shop account; the old ones no longer "
            "work. If this was not you, change your login password at once and contact customer service."
        ),
    ),
    "second_factor_off": (
        gettext_noop("Two-step sign-in turned off"),
        gettext_noop(
            "Two-step sign-in was turned off for your shop account: signing in now asks only for the password. If "
            "this was not you, change your login password at once and contact customer service."
        ),
    ),
    "passkey_added": (
        gettext_noop("Passkey added"),
        gettext_noop(
            "The passkey “%(name)s” was added to your shop account: it signs in without the password. If this was "
            "not you, remove it in Settings, change your login password at once and contact customer service."
        ),
    ),
    "passkey_removed": (
        gettext_noop("Passkey removed"),
        gettext_noop(
            "The passkey “%(name)s” was removed from your shop account. If this was not you, change your login "
            "password at once and contact customer service."
        ),
    ),
}


def security_notice(
    *,
    merchant: Merchant,
    event: str,
    params: dict[str, Any] | None = None,
    to: list[str] | None = None,
    in_app: bool = True,
) -> None:
    """Tells the merchant of `event` (a key of EVENTS): in the app (unless `in_app` is False, when the caller's
    operator_action_record writes the app's message), and at `to`: addresses, each an email (with "@") or a phone
    number; by default the merchant's email, else their phone. Call it in the transaction of the change: a change
    rolled back tells nobody."""
    from ..tasks import security_notice_deliver  # the task calls back into this module

    title, body = EVENTS[event]
    params = dict(params or {})
    if in_app:
        notices.notify(merchant=merchant, title=title, body=body, params=params or None)
    addresses = list(dict.fromkeys(address for address in (to or [merchant.email or merchant.phone]) if address))
    if addresses:
        outbox.enqueue(security_notice_deliver, merchant_id=merchant.pk, event=event, params=params, to=addresses)


def security_notice_deliver(*, merchant_id: int, event: str, params: dict[str, Any], to: list[str]) -> int:
    """The worker's half of security_notice: the mail or text message to each address, in the merchant's language.
    Returns how many were sent. Sent at least once (a retry after a failure sends to every address again)."""
    merchant = Merchant.objects.filter(pk=merchant_id).only("language").first()
    if merchant is None:
        return 0
    title, body = EVENTS[event]
    with translation.override(django_lang(merchant.language)):
        subject, text = _(title), _(body) % params if params else _(body)
        for address in to:
            if "@" in address:
                send_mail(subject, text, None, [address])
            else:
                sms_send(phone=address, text=text)
    return len(to)
