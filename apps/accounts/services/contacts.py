"""Contact details (email, phone): changed only by the merchant, with a code sent to the new address and the login
password, and told to the old address and in the app (product.md section 2.9). Operators cannot change them; a
merchant who lost access gets an account recovery (services.recoveries)."""

import re
from datetime import datetime

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import EmailValidator
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from apps.core import outbox
from apps.core.errors import AppError, field_error

from ..constants import CodePurpose, ContactKind
from ..models import Merchant, OneTimeCode
from ..sms import sms_send
from .factors import second_factor_check, second_factor_required
from .guard import login_password_check
from .passwords import one_time_code_issue, one_time_code_use
from .security import security_notice

# The request field of the second factor's code here (`code` is the one sent to the new address).
FACTOR_FIELD = "factor_code"
_PHONE = re.compile(r"\+?[0-9]{6,20}")
_PHONE_NOISE = re.compile(r"[\s\-().]")


def contact_normalize(*, kind: str, value: str, field: str = "value") -> str:
    """The address as stored: an email in lower case, a phone number without spaces, dashes or brackets. A malformed
    one is refused on `field`."""
    value = value.strip()
    if kind == ContactKind.EMAIL:
        value = value.lower()
        try:
            EmailValidator()(value)
        except ValidationError:
            raise field_error(field, _("Please enter a valid email address")) from None
        return value
    if kind == ContactKind.PHONE:
        value = _PHONE_NOISE.sub("", value)
        if not _PHONE.fullmatch(value):
            raise field_error(field, _("Please enter a valid phone number"))
        return value
    raise field_error("kind", _("Choose email or phone."))


def contact_taken(*, kind: str, value: str, merchant_id: int | None) -> bool:
    """Whether another merchant's account has this email or phone."""
    lookup = {"email__iexact": value} if kind == ContactKind.EMAIL else {"phone": value}
    others = Merchant.objects.filter(**lookup)
    if merchant_id is not None:
        others = others.exclude(pk=merchant_id)
    return others.exists()


def contact_taken_error(*, kind: str, field: str = "value") -> AppError:
    if kind == ContactKind.EMAIL:
        return field_error(field, _("This email address is already used by another account."))
    return field_error(field, _("This phone number is already used by another account."))


def _target(kind: str, value: str) -> str:
    return f"{kind}:{value}"


def contact_code_send(*, merchant: Merchant, kind: str, value: str) -> str:
    """Asks for a 6-digit code sent to the new email or phone (10 minutes, one use, only for that address); returns
    the address as normalized. The request only records tasks.contact_code_deliver (apps.core.outbox), which issues
    and sends the code in the worker.

    Whether another account has the address is not told here (the answer would tell anyone signed in which addresses
    have accounts): it is told at contact_change, to whoever proved with the code that the address is theirs.
    """
    from ..tasks import contact_code_deliver  # the task calls back into this module

    value = contact_normalize(kind=kind, value=value)
    current = merchant.email if kind == ContactKind.EMAIL else merchant.phone
    if value == (current or "").lower():
        if kind == ContactKind.EMAIL:
            raise field_error("value", _("This is already your email address."))
        raise field_error("value", _("This is already your phone number."))
    language = translation.get_language() or settings.LANGUAGE_CODE
    outbox.enqueue(
        contact_code_deliver,
        merchant_id=merchant.pk,
        kind=kind,
        value=value,
        lang=language,
        requested_at=timezone.now().isoformat(),
    )
    return value


def contact_code_deliver(*, merchant_id: int, kind: str, value: str, lang: str, requested_at: datetime) -> bool:
    """The worker's half of contact_code_send: issues the code for that address and sends it there."""
    merchant = Merchant.objects.filter(pk=merchant_id).first()
    if merchant is None:
        return False

    def send(code: str, minutes: int) -> None:
        with translation.override(lang):
            text = _(
                "Your code to use this address for your shop account is %(code)s. It is valid for %(minutes)d "
                "minutes. If you did not ask for it, ignore this message."
            ) % {"code": code, "minutes": minutes}
            if kind == ContactKind.EMAIL:
                send_mail(_("Your verification code"), text, None, [value])
            else:
                sms_send(phone=value, text=text)

    return one_time_code_issue(
        merchant=merchant,
        purpose=CodePurpose.CONTACT,
        target=_target(kind, value),
        requested_at=requested_at,
        send=send,
    )


def contact_change(
    *, merchant: Merchant, kind: str, value: str, code: str, password: str, factor_code: str = ""
) -> Merchant:
    """The merchant's new email or phone, with the code sent to it and the login password, and with two-step
    sign-in on, a code of the second factor (`factor_code`; counted on the one
    lockout with the password).

    The password (counted: five wrong tries lock it) and the code (five wrong tries spend it) are checked first, each
    committed on its own, so a refused try stays counted. Then, in one transaction: the address is refused if
    another account has it (nothing changes), else it is saved; unused password-reset codes are spent; the merchant
    is told in the app and at the old address (security_notice). The merchant's other sessions are kept: an address
    is not a credential, and a device still signed in sees the notice at once and can act on it (a password change
    ends every session).
    """
    value = contact_normalize(kind=kind, value=value)
    factor = second_factor_required(merchant=merchant, code=factor_code, field=FACTOR_FIELD)
    login_password_check(
        merchant=merchant,
        raw=password,
        field="password",
        message=_("The login password is incorrect."),
        reset=not factor,
    )
    if factor:
        second_factor_check(merchant=merchant, code=factor_code, field=FACTOR_FIELD)
    one_time_code_use(merchant=merchant, code=code, purpose=CodePurpose.CONTACT, target=_target(kind, value))
    with transaction.atomic():
        merchant = Merchant.objects.select_for_update(no_key=True).get(pk=merchant.pk)
        if contact_taken(kind=kind, value=value, merchant_id=merchant.pk):
            raise contact_taken_error(kind=kind)
        old_email, old_phone = merchant.email, merchant.phone
        try:
            with transaction.atomic():
                contact_set(
                    merchant=merchant,
                    email=value if kind == ContactKind.EMAIL else None,
                    phone=value if kind == ContactKind.PHONE else None,
                )
        except IntegrityError:  # the same address saved by another account at the same moment
            raise contact_taken_error(kind=kind) from None
        if kind == ContactKind.EMAIL:
            event = "email_changed" if old_email else "email_added"
            params = {"old": old_email or "", "new": value}
            to = [old_email or old_phone]
        else:
            event, params, to = "phone_changed", {"old": old_phone, "new": value}, [old_phone]
        security_notice(merchant=merchant, event=event, params=params, to=to)
    return merchant


def contact_set(*, merchant: Merchant, email: str | None, phone: str | None) -> None:
    """Saves a new email and/or phone (None: unchanged) and spends the merchant's unused password-reset codes (sent
    to the old address). Callers check the addresses and tell the merchant; the row is locked by them."""
    fields = ["updated_at"]
    if email is not None:
        merchant.email = email
        fields.append("email")
    if phone is not None:
        merchant.phone = phone
        fields.append("phone")
    merchant.save(update_fields=fields)
    OneTimeCode.objects.filter(merchant=merchant, purpose=CodePurpose.PASSWORD, used_at__isnull=True).update(
        used_at=timezone.now()
    )
