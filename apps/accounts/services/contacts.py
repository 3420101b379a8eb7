"""Contact details (email, phone): changed only by the merchant, with a code sent to the new address and the login
password, and told to the old address and in the app (product.md section 2.9). Operators cannot change them; a
merchant who lost access gets an account recovery (services.recoveries).

Each contact detail is verified (`phone_verified_at`, `email_verified_at`) once a code sent to it came back: a
verification code (contact_verify) or the code of the change that set it (contact_change). Any other change of it
(an account recovery) clears the mark, since nobody proved the new address; registration leaves both unverified."""

import re
from datetime import datetime

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import EmailValidator
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from apps.core import outbox
from apps.core.errors import AppError, ErrorCode, field_error
from apps.core.i18n import django_lang

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

    return _code_to_address(
        merchant=merchant, kind=kind, value=value, lang=lang, purpose=CodePurpose.CONTACT, requested_at=requested_at
    )


# The text of a code sent to an address, by the code's purpose (msgids, translated when sent).
_CODE_TEXTS: dict[str, str] = {
    CodePurpose.CONTACT: gettext_noop(
        "Your code to use this address for your shop account is %(code)s. It is valid for %(minutes)d minutes. If "
        "you did not ask for it, ignore this message."
    ),
    CodePurpose.VERIFY: gettext_noop(
        "Your code to verify this address for your shop account is %(code)s. It is valid for %(minutes)d minutes. "
        "If you did not ask for it, ignore this message."
    ),
}


def _code_to_address(
    *, merchant: Merchant, kind: str, value: str, lang: str, purpose: str, requested_at: datetime
) -> bool:
    """Issues a code of `purpose` for the address `value` (its target) and sends it there, by mail or text message,
    in `lang`. Returns whether a code was sent."""

    def send(code: str, minutes: int) -> None:
        with translation.override(lang):
            text = _(_CODE_TEXTS[purpose]) % {"code": code, "minutes": minutes}
            if kind == ContactKind.EMAIL:
                send_mail(_("Your verification code"), text, None, [value])
            else:
                sms_send(phone=value, text=text)

    return one_time_code_issue(
        merchant=merchant, purpose=purpose, target=_target(kind, value), requested_at=requested_at, send=send
    )


def contact_change(
    *, merchant: Merchant, kind: str, value: str, code: str, password: str, factor_code: str = ""
) -> Merchant:
    """The merchant's new email or phone, with the code sent to it and the login password, and with two-step
    sign-in on, a code of the second factor (`factor_code`; counted on the one
    lockout with the password).

    The password (counted: five wrong tries lock it) and the code (five wrong tries spend it) are checked first, each
    committed on its own, so a refused try stays counted. Then, in one transaction: the address is refused if
    another account has it (nothing changes), else it is saved, verified (the code proved it); unused password-reset
    codes and the old address's verification codes are spent; the merchant
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
                    proved=True,
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


def contact_set(*, merchant: Merchant, email: str | None, phone: str | None, proved: bool = False) -> None:
    """Saves a new email and/or phone (None: unchanged), each verified now when `proved` (a code sent to it came back),
    else not verified; spends the merchant's unused password-reset codes and the verification codes of what changed
    (sent to the old address). Callers check the addresses and tell the merchant; the row is locked by them."""
    fields = ["updated_at"]
    now = timezone.now()
    verified_at = now if proved else None
    spent = Q(purpose=CodePurpose.PASSWORD)
    if email is not None:
        merchant.email, merchant.email_verified_at = email, verified_at
        fields += ["email", "email_verified_at"]
        spent |= Q(purpose=CodePurpose.VERIFY, target__startswith=_target(ContactKind.EMAIL, ""))
    if phone is not None:
        merchant.phone, merchant.phone_verified_at = phone, verified_at
        fields += ["phone", "phone_verified_at"]
        spent |= Q(purpose=CodePurpose.VERIFY, target__startswith=_target(ContactKind.PHONE, ""))
    merchant.save(update_fields=fields)
    OneTimeCode.objects.filter(spent, merchant=merchant, used_at__isnull=True).update(used_at=now)


# ---------- verifying the current email or phone ----------
def _verified_field(kind: str) -> str:
    return "email_verified_at" if kind == ContactKind.EMAIL else "phone_verified_at"


def _to_verify(*, merchant: Merchant, kind: str) -> str:
    """The merchant's current address of `kind`; refused when there is none or it is verified already."""
    if kind == ContactKind.EMAIL:
        if not merchant.email:
            raise AppError(_("Your account has no email address. Add one first."), ErrorCode.INVALID)
        if merchant.email_verified_at is not None:
            raise AppError(_("Your email address is already verified."), ErrorCode.STATE)
        return merchant.email
    if kind == ContactKind.PHONE:
        if merchant.phone_verified_at is not None:
            raise AppError(_("Your phone number is already verified."), ErrorCode.STATE)
        return merchant.phone
    raise field_error("kind", _("Choose email or phone."))


def contact_verify_code_send(*, merchant: Merchant, kind: str) -> str:
    """Asks for a 6-digit code sent to the merchant's current email or phone (10 minutes, one use, only for that
    address), in the merchant's language; returns the address. Refused when the merchant has no email, or the
    address is verified already. Like contact_code_send, the request only records tasks.contact_verify_code_deliver
    (apps.core.outbox), which issues and sends the code in the worker."""
    from ..tasks import contact_verify_code_deliver  # the task calls back into this module

    address = _to_verify(merchant=merchant, kind=kind)
    outbox.enqueue(
        contact_verify_code_deliver,
        merchant_id=merchant.pk,
        kind=kind,
        value=address,
        requested_at=timezone.now().isoformat(),
    )
    return address


def contact_verify_code_deliver(*, merchant_id: int, kind: str, value: str, requested_at: datetime) -> bool:
    """The worker's half of contact_verify_code_send: issues the code (purpose VERIFY, target the address) and sends
    it there in the merchant's language. Sends nothing when the address is no longer the merchant's or was verified
    meanwhile. Returns whether a code was sent."""
    merchant = Merchant.objects.filter(pk=merchant_id).first()
    if merchant is None:
        return False
    current = merchant.email if kind == ContactKind.EMAIL else merchant.phone
    if current != value or getattr(merchant, _verified_field(kind)) is not None:
        return False

    return _code_to_address(
        merchant=merchant,
        kind=kind,
        value=value,
        lang=django_lang(merchant.language),
        purpose=CodePurpose.VERIFY,
        requested_at=requested_at,
    )


def contact_verify(*, merchant: Merchant, kind: str, code: str) -> Merchant:
    """Marks the merchant's current email or phone verified with the code sent to it (contact_verify_code_send).

    Refused like the send when there is nothing to verify (the code is then not spent). The code is checked first
    and committed on its own (five wrong tries spend it); only a code of this purpose sent to this very address
    counts, so a code sent before a change of the address does not verify the new one. The mark is set only while
    the address is still the one the code went to (a conditional update)."""
    address = _to_verify(merchant=merchant, kind=kind)
    one_time_code_use(merchant=merchant, code=code, purpose=CodePurpose.VERIFY, target=_target(kind, address))
    field = _verified_field(kind)
    address_field = "email" if kind == ContactKind.EMAIL else "phone"
    marked = Merchant.objects.filter(pk=merchant.pk, **{address_field: address, field: None}).update(
        **{field: timezone.now()}
    )
    if not marked:  # the address changed (or was verified) since the code was checked
        raise field_error("code", _("The verification code is invalid or has expired."))
    merchant.refresh_from_db()
    return merchant
