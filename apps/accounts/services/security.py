"""Security notices (product.md section 2.9): every change of a merchant's credentials or contact details is told to
the merchant in the app and at their contact, saying what changed and what to do if it was not them.

`security_notice` is the one way: the in-app message (apps.core.notices.notify) in the caller's transaction, and
the mail or text message recorded with it (apps.core.outbox: sent after the commit, retried until done), written in
the merchant's language when it is sent.

"This wasn't me" (product.md section 2.9), here for every event but NOT_ME_EXEMPT: each notice is recorded
(models.SecurityNotice); the app's message points at that record (its target, kind "security"), on which the app
offers the button (merchant/not_me), and the mail or text message carries a signed link to the page
/security/not-me/<token> (apps.accounts.views). Answering it (not_me_report) locks the account's money movements
(money_movements_check refuses them), signs sessions out, and tells the merchant what was done and how to recover.
"""

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core import signing
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from apps.core import notices, outbox
from apps.core.errors import AppError, ErrorCode
from apps.core.i18n import django_lang

from ..models import AuthToken, Merchant, SecurityNotice
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
    "new_device_sign_in": (
        gettext_noop("Sign-in on a new device"),
        gettext_noop(
            "Your shop account was signed in to on a device not seen before: %(device)s, from %(where)s, at "
            "%(time)s. If this was not you, answer “This wasn't me”: money movements are locked and the other "
            "devices signed out. Then reset your login password with “Forgot password?” on the sign-in screen."
        ),
    ),
    "money_locked": (
        gettext_noop("Money movements locked"),
        gettext_noop(
            "You answered “This wasn't me” to a security notice. Withdrawals, order pickups and purchases from your "
            "balance are locked, and %(count)d signed-in devices were signed out; deposits still arrive. To unlock, "
            "reset your login password with “Forgot password?” on the sign-in screen (a code is sent to your email "
            "or phone). After the reset, withdrawals wait %(hours)d hours."
        ),
    ),
    "destination_added": (
        gettext_noop("Payout destination added"),
        gettext_noop(
            "The payout destination %(name)s (%(account)s) was added to your shop account. Withdrawals to it are "
            "possible from %(date)s. If this was not you, remove it in Payout destinations, change your login "
            "password at once and contact customer service."
        ),
    ),
    "destination_confirmed": (
        gettext_noop("Payout destination confirmed"),
        gettext_noop(
            "The payout destination %(name)s (%(account)s) was confirmed with your two-step sign-in code and can be "
            "used for withdrawals now. If this was not you, remove it in Payout destinations, change your login "
            "password at once and contact customer service."
        ),
    ),
    "destination_removed": (
        gettext_noop("Payout destination removed"),
        gettext_noop(
            "The payout destination %(name)s (%(account)s) was removed from your shop account. If this was not you, "
            "change your login password at once and contact customer service."
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

# The events that offer no "This wasn't me": the answer to one itself.
NOT_ME_EXEMPT = frozenset({"money_locked"})
NOT_ME_SALT = "accounts.not-me"
NOT_ME_LINE = gettext_noop("If this was not you, open this link (valid for %(days)d days): %(url)s")


def security_notice(
    *,
    merchant: Merchant,
    event: str,
    params: dict[str, Any] | None = None,
    to: list[str] | None = None,
    in_app: bool = True,
) -> SecurityNotice:
    """Tells the merchant of `event` (a key of EVENTS): in the app (unless `in_app` is False, when the caller's
    operator_action_record writes the app's message), and at `to`: addresses, each an email (with "@") or a phone
    number; by default the merchant's email, else their phone. Call it in the transaction of the change: a change
    rolled back tells nobody. The notice is recorded; the app's message and the mail carry "This wasn't me" (see the
    module; with in_app=False the caller's message takes not_me_target(record)). Returns the record."""
    from ..tasks import security_notice_deliver  # the task calls back into this module

    title, body = EVENTS[event]
    params = dict(params or {})
    record = SecurityNotice.objects.create(merchant=merchant, event=event, params=params)
    not_me = event not in NOT_ME_EXEMPT
    if in_app:
        notices.notify(
            merchant=merchant,
            title=title,
            body=body,
            params=params or None,
            target=not_me_target(record),
            push=notices.PushKind.SECURITY,
        )
    addresses = list(dict.fromkeys(address for address in (to or [merchant.email or merchant.phone]) if address))
    if addresses:
        outbox.enqueue(
            security_notice_deliver,
            merchant_id=merchant.pk,
            event=event,
            params=params,
            to=addresses,
            notice_id=record.pk if not_me else None,
        )
    return record


def security_notice_deliver(
    *, merchant_id: int, event: str, params: dict[str, Any], to: list[str], notice_id: int | None = None
) -> int:
    """The worker's half of security_notice: the mail or text message to each address, in the merchant's language,
    with the "This wasn't me" link of notice `notice_id`. Returns how many were sent. Sent at least once (a retry
    after a failure sends to every address again)."""
    merchant = Merchant.objects.filter(pk=merchant_id).only("language").first()
    if merchant is None:
        return 0
    title, body = EVENTS[event]
    with translation.override(django_lang(merchant.language)):
        subject, text = _(title), _(body) % params if params else _(body)
        if notice_id is not None:
            url = not_me_url(merchant_id=merchant_id, notice_id=notice_id)
            text = f"{text}\n\n{_(NOT_ME_LINE) % {'days': settings.NOT_ME_LINK_DAYS, 'url': url}}"
        for address in to:
            if "@" in address:
                send_mail(subject, text, None, [address])
            else:
                sms_send(phone=address, text=text)
    return len(to)


# ---------- "This wasn't me" ----------
def not_me_target(record: SecurityNotice) -> notices.Target | None:
    """What the app's message of a security notice points at, on which the app offers "This wasn't me": the notice's
    record (none for NOT_ME_EXEMPT). A caller whose own message tells the merchant (in_app=False: an operator action)
    passes it as that message's target."""
    return None if record.event in NOT_ME_EXEMPT else (notices.NoticeTarget.SECURITY, record.pk)


def not_me_url(*, merchant_id: int, notice_id: int) -> str:
    """The mail's link to the page of notice `notice_id`: signed (django.core.signing), bound to the merchant and the
    notice, valid NOT_ME_LINK_DAYS from now."""
    token = signing.dumps({"m": merchant_id, "n": notice_id}, salt=NOT_ME_SALT)
    return f"{settings.APP_URL}/security/not-me/{token}"


def not_me_token_read(token: str) -> SecurityNotice | None:
    """The notice (with its merchant) of a link's token; None when the token is tampered with, expired, or names a
    notice that is not the merchant's or offers no answer."""
    try:
        value = signing.loads(token, salt=NOT_ME_SALT, max_age=settings.NOT_ME_LINK_DAYS * 86400)
        merchant_id, notice_id = int(value["m"]), int(value["n"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None
    notice = SecurityNotice.objects.select_related("merchant").filter(pk=notice_id, merchant_id=merchant_id).first()
    if notice is None or notice.event in NOT_ME_EXEMPT:
        return None
    return notice


def not_me_notice_text(notice: SecurityNotice) -> tuple[str, str]:
    """The notice's title and body in the active language."""
    title, body = EVENTS[notice.event]
    return _(title), _(body) % notice.params if notice.params else _(body)


@dataclass(frozen=True)
class NotMeResult:
    merchant: Merchant
    signed_out: int


@transaction.atomic
def not_me_report(*, merchant_id: int, notice_id: int, via: str, keep_token_id: int | None = None) -> NotMeResult:
    """The merchant answers "This wasn't me" to one of their security notices (once per notice): the account's money
    movements are locked (Merchant.money_locked_at, kept if locked already), every session is signed out but
    `keep_token_id` (the app's own session; none from the mail's page), the answer is recorded on the notice, and
    the merchant is told in the app and at their contact what was done and how to recover (reset the login password
    with a one-time code: passwords.password_reset unlocks). Another merchant's notice is answered as missing."""
    merchant = Merchant.objects.select_for_update(no_key=True).get(pk=merchant_id)
    notice = SecurityNotice.objects.filter(pk=notice_id, merchant=merchant).first()
    if notice is None or notice.event in NOT_ME_EXEMPT:
        raise AppError(_("This security notice was not found."), ErrorCode.NOT_FOUND)
    if notice.disowned_at is not None:
        raise AppError(_("You have already answered this notice: money movements were locked."), ErrorCode.CONFLICT)
    now = timezone.now()
    SecurityNotice.objects.filter(pk=notice.pk).update(disowned_at=now, disowned_via=via)
    if merchant.money_locked_at is None:
        merchant.money_locked_at = now
        Merchant.objects.filter(pk=merchant.pk).update(money_locked_at=now)
    sessions = AuthToken.objects.filter(merchant=merchant, revoked_at__isnull=True)
    if keep_token_id is not None:
        sessions = sessions.exclude(pk=keep_token_id)
    signed_out = sessions.update(revoked_at=now)
    params = {"count": signed_out, "hours": settings.PAYOUT_COOLING_OFF_HOURS}
    security_notice(merchant=merchant, event="money_locked", params=params)
    return NotMeResult(merchant=merchant, signed_out=signed_out)


def money_movements_check(*, merchant: Merchant) -> None:
    """Refuses a money movement out of the balance while the merchant's money is locked ("This wasn't me"): the one
    check apps.wallet.operations.money_operation runs for withdrawals, pickups, level upgrades and promotions."""
    if merchant.money_locked_at is not None:
        raise AppError(
            _(
                "Money movements are locked because you answered “This wasn't me” to a security notice. To unlock "
                "them, reset your login password with “Forgot password?” on the sign-in screen."
            ),
            ErrorCode.LOCKED,
        )


def money_unlock_and_hold(*, merchant: Merchant, unlock: bool) -> None:
    """After a password reset or change, or an account recovery: withdrawals wait the payout cooling-off
    (Merchant.withdrawals_held_until = now + PAYOUT_COOLING_OFF_HOURS); with `unlock` (a reset with a one-time code)
    the money lock ends too."""
    fields: dict[str, Any] = {
        "withdrawals_held_until": timezone.now() + timedelta(hours=settings.PAYOUT_COOLING_OFF_HOURS)
    }
    if unlock:
        fields["money_locked_at"] = None
    Merchant.objects.filter(pk=merchant.pk).update(**fields)
    for name, value in fields.items():
        setattr(merchant, name, value)
