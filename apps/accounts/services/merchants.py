"""A merchant's life: registration (also through a partner), re-submitted documents, decisions, preferences."""

from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from apps.core import outbox
from apps.core.errors import AppError, ErrorCode, field_error
from apps.core.i18n import APP_TO_DJANGO, app_lang, django_lang
from apps.core.models import Upload
from apps.core.notices import notify
from apps.core.transitions import transition
from apps.core.uploads import upload_get

from ..constants import (
    ACTION_DETAILS_CHANGED,
    ACTION_REGISTRATION_APPROVED,
    ACTION_REGISTRATION_REJECTED,
    ACTION_SHOP_CLOSED,
    ACTION_SHOP_REOPENED,
    MerchantStatus,
)
from ..hooks import merchant_registered, shop_closed_changed
from ..models import Merchant, ThirdPartyIdentity
from ..selectors import account_normalize, invitation_resolve
from ..sms import sms_send
from .operator_actions import operator_action_record
from .sessions import third_party_link_spend, third_party_link_verify

_REVIEW_NOTICE = (
    gettext_noop("Registration under review"),
    gettext_noop("Your documents have been received and are under review. We will notify you of the result."),
)


# ---------- registration ----------
@dataclass(frozen=True)
class Registration:
    """What the registration form sends; upload fields hold the keys returned by common/upload."""

    phone: str
    email: str
    password: str
    real_name: str
    country: str
    shop_name: str
    shop_address: str
    logo: str
    id_front: str
    id_back: str
    id_hand: str
    license: str
    invite_code: str


def _new_invite_code() -> str:
    while True:
        code = Merchant.new_invite_code()
        if not Merchant.objects.filter(invite_code=code).exists():
            return code


@transaction.atomic
def merchant_register(*, registration: Registration) -> Merchant | None:
    """Creates a pending merchant and its shop, claims the uploaded documents and notifies the merchant.

    Whether the phone or email already has an account is asked last, once the whole form is valid, and told only to
    that account's owner (registration_taken_notify, in the worker): the answer is the same as a registration's,
    so the form cannot be used to find out who has an account. Then nothing is created and None is returned.
    """
    reg = registration
    phone = account_normalize(reg.phone)
    email = reg.email.strip().lower() or None
    platform_code, inviter = invitation_resolve(code=reg.invite_code)
    if platform_code is None and inviter is None:
        raise field_error("invite_code", _("The invitation code is invalid."))

    documents = {"id_front": reg.id_front, "id_back": reg.id_back, "id_hand": reg.id_hand}
    if len(set(documents.values())) < len(documents):
        raise field_error("id_back", _("Please upload a different photo for each side of the ID document."))
    uploads: dict[str, Upload | None] = {"logo": upload_get(key=reg.logo, merchant_id=None, kinds=[Upload.Kind.LOGO])}
    for field, key in documents.items():
        uploads[field] = upload_get(key=key, merchant_id=None, kinds=[Upload.Kind.ID_DOCUMENT])
    uploads["license"] = (
        upload_get(key=reg.license, merchant_id=None, kinds=[Upload.Kind.LICENSE]) if reg.license else None
    )

    merchant = Merchant(
        phone=phone,
        email=email,
        real_name=reg.real_name.strip(),
        country=reg.country.strip(),
        status=MerchantStatus.PENDING,
        language=app_lang(translation.get_language()),
        id_front=uploads["id_front"],
        id_back=uploads["id_back"],
        id_hand=uploads["id_hand"],
        business_license=uploads["license"],
        invite_code=_new_invite_code(),
        invited_by=inviter,
        invitation=platform_code,
    )
    merchant.set_password(reg.password)  # hashed either way, so the answer takes as long for a taken account
    taken = Merchant.objects.filter(phone=phone).exists() or (
        email is not None and Merchant.objects.filter(email__iexact=email).exists()
    )
    if not taken:
        try:
            with transaction.atomic():
                merchant.save()
        except IntegrityError:  # the same phone or email registered at the same moment
            taken = True
    if taken:
        _registration_taken(phone=phone, email=email)
        return None
    Upload.objects.filter(pk__in=[u.pk for u in uploads.values() if u is not None]).update(owner=merchant)
    merchant_registered(
        merchant=merchant, shop_name=reg.shop_name.strip(), shop_address=reg.shop_address.strip(), logo=uploads["logo"]
    )
    title, body = _REVIEW_NOTICE
    notify(merchant=merchant, title=title, body=body)
    return merchant


def _registration_taken(*, phone: str, email: str | None) -> None:
    from ..tasks import registration_taken_notify  # the task calls back into this module

    outbox.enqueue(registration_taken_notify, phone=phone, email=email)


# At most one message an hour to an account whose details someone registers with (the form is open to anyone).
REGISTRATION_TAKEN_EVERY = 3600


def registration_taken_notify(*, phone: str, email: str | None) -> int:
    """The worker's half of a registration refused because the phone or email has an account: its owner is told, by
    mail when the email is theirs, else by text message, in their language. Returns how many were told (an owner
    told within the hour is not told again)."""
    by_email = Merchant.objects.filter(email__iexact=email) if email else Merchant.objects.none()
    owners = {merchant.pk: (merchant, True) for merchant in by_email}
    for merchant in Merchant.objects.filter(phone=phone):
        owners.setdefault(merchant.pk, (merchant, False))
    told = 0
    for merchant, by_mail in owners.values():
        key = f"registration-taken:{merchant.pk}"
        if not cache.add(key, 1, REGISTRATION_TAKEN_EVERY):
            continue
        try:
            with translation.override(django_lang(merchant.language)):
                text = _(
                    "Someone tried to register a new shop with your phone number or email address. You already have "
                    "an account: sign in, or use “Forgot password?” on the sign-in screen. If this was not you, you "
                    "can ignore this message."
                )
                if by_mail and merchant.email:
                    send_mail(_("Registration with your details"), text, None, [merchant.email])
                else:
                    sms_send(phone=merchant.phone, text=text)
        except Exception:
            cache.delete(key)  # not told: the task's retry tells them (the owners told already are not told twice)
            raise
        told += 1
    return told


@transaction.atomic
def merchant_resubmit(*, merchant: Merchant, id_front: str, id_back: str, id_hand: str, license: str = "") -> Merchant:
    """A rejected merchant sends new documents (uploaded while signed in) and goes back to review."""
    if merchant.status != MerchantStatus.REJECTED:
        raise AppError(_("Only a rejected registration can be submitted again."), ErrorCode.STATE)
    keys = {"id_front": id_front, "id_back": id_back, "id_hand": id_hand}
    if len(set(keys.values())) < len(keys):
        raise field_error("id_back", _("Please upload a different photo for each side of the ID document."))
    documents = {
        field: upload_get(key=key, merchant_id=merchant.pk, kinds=[Upload.Kind.ID_DOCUMENT])
        for field, key in keys.items()
    }
    merchant = merchant_transition(merchant_id=merchant.pk, to=MerchantStatus.PENDING, operator=None)
    merchant.id_front, merchant.id_back, merchant.id_hand = (
        documents["id_front"],
        documents["id_back"],
        documents["id_hand"],
    )
    if license:
        merchant.business_license = upload_get(key=license, merchant_id=merchant.pk, kinds=[Upload.Kind.LICENSE])
    merchant.save(update_fields=["id_front", "id_back", "id_hand", "business_license", "updated_at"])
    return merchant


@transaction.atomic
def merchant_tkregister(*, registration: Registration, data: str, code: str, partner: str) -> Merchant | None:
    """Registration that links the partner identity of a valid link, and spends the link. A link that `third`
    answered "unknown identity" to stays usable here for an hour (third_party_link_keep), even past its `exp`;
    if the registration is refused (a form mistake), the link is not spent and the merchant can try again."""
    link = third_party_link_verify(data=data, code=code, partner=partner, expired_ok=True)
    third_party_link_spend(link=link)
    if ThirdPartyIdentity.objects.filter(partner=partner, uid=link.uid).exists():
        raise AppError(_("This partner account is already linked to a merchant."), ErrorCode.CONFLICT)
    merchant = merchant_register(registration=registration)
    if merchant is not None:  # None: the phone or email has an account, whose owner alone is told
        ThirdPartyIdentity.objects.create(partner=partner, uid=link.uid, merchant=merchant)
    return merchant


# ---------- preferences ----------
@transaction.atomic
def merchant_language_set(*, merchant: Merchant, lang: str) -> None:
    if lang not in APP_TO_DJANGO:
        raise field_error("lang", _("This language is not supported."))
    Merchant.objects.filter(pk=merchant.pk).update(language=lang, updated_at=timezone.now())
    merchant.language = lang


@transaction.atomic
def merchant_avatar_set(*, merchant: Merchant, avatar: str) -> None:
    """The avatar becomes an image this merchant uploaded as kind `avatar`; an empty key removes it.

    Another merchant's upload, or an image uploaded for something else, answers like a missing one.
    """
    upload = None
    if avatar:
        try:
            upload = upload_get(key=avatar, merchant_id=merchant.pk, kinds=[Upload.Kind.AVATAR])
        except AppError as exc:
            raise field_error("avatar", exc.message, exc.error_code) from None
    Merchant.objects.filter(pk=merchant.pk).update(avatar=upload, updated_at=timezone.now())
    merchant.avatar = upload


# ---------- operators' decisions ----------
# Each operator decision on a merchant is an operator action (operator_action_record): its row in the account's
# history and its one message, titled here, with the operator's reason as the body.
_DECISIONS = {
    (MerchantStatus.PENDING, MerchantStatus.ACTIVE): (
        ACTION_REGISTRATION_APPROVED,
        gettext_noop("Registration approved"),
    ),
    (MerchantStatus.PENDING, MerchantStatus.REJECTED): (
        ACTION_REGISTRATION_REJECTED,
        gettext_noop("Registration rejected"),
    ),
    (MerchantStatus.ACTIVE, MerchantStatus.CLOSED): (ACTION_SHOP_CLOSED, gettext_noop("Shop closed")),
    (MerchantStatus.CLOSED, MerchantStatus.ACTIVE): (ACTION_SHOP_REOPENED, gettext_noop("Shop reopened")),
}
# Moves that need no reason; every other decision (reject, close, reopen) needs the operator to say why.
REASON_OPTIONAL = {(MerchantStatus.PENDING, MerchantStatus.ACTIVE), (MerchantStatus.REJECTED, MerchantStatus.PENDING)}


@transaction.atomic
def merchant_transition(*, merchant_id: int, to: str, operator: Any, reason: str = "") -> Merchant:
    """One decision on a merchant (approve, reject, close, reopen; a rejected merchant re-submitting), following
    MERCHANT_TRANSITIONS through core's transition(): of two operators deciding at once, one is refused.
    An operator's decision is recorded as an operator action, which sends the merchant its one message with the
    reason; the merchant's own re-submission gets the review notice.
    """
    merchant = Merchant.objects.select_for_update(no_key=True).get(pk=merchant_id)  # `current`: the status moved from
    current, target, reason = MerchantStatus(merchant.status), MerchantStatus(to), reason.strip()
    if (current, target) not in REASON_OPTIONAL and not reason:
        raise field_error("reason", _("Please give a reason."))
    merchant = transition(merchant, target, actor=operator, note=reason, changes={"status_reason": reason})
    reopened = current == MerchantStatus.CLOSED and target == MerchantStatus.ACTIVE
    if reopened or target == MerchantStatus.CLOSED:
        shop_closed_changed(merchant_id=merchant.pk, closed=not reopened)
    decision = _DECISIONS.get((current, target))
    if decision is None:  # the merchant re-submitted documents
        title, body = _REVIEW_NOTICE
        notify(merchant=merchant, title=title, body=body)
    else:
        kind, title = decision
        operator_action_record(merchant=merchant, operator=operator, kind=kind, title=title, reason=reason)
    return merchant


@transaction.atomic
def merchant_details_change(*, merchant_id: int, operator: Any, changes: dict[str, Any], reason: str) -> Merchant:
    """An operator corrects a merchant's real name or country (the only fields the admin edits; contact details and
    credentials are the merchant's own), with a reason: one operator action per changed field, each telling the
    merchant the old and new value."""
    merchant = Merchant.objects.select_for_update(no_key=True).get(pk=merchant_id)
    reason = reason.strip()
    changed = {name: value for name, value in changes.items() if str(getattr(merchant, name)) != str(value)}
    if not changed:
        return merchant
    if not reason:
        raise field_error("reason", _("Please give a reason."))
    for name, value in changed.items():
        if name not in _EDITABLE:
            raise AppError(_("This field cannot be changed by an operator."), ErrorCode.FORBIDDEN)
        params = {"old": str(getattr(merchant, name)), "new": str(value)}
        setattr(merchant, name, value)
        operator_action_record(
            merchant=merchant, operator=operator, kind=ACTION_DETAILS_CHANGED, title=_EDITABLE[name], reason=reason,
            params=params,
        )  # fmt: skip
    merchant.save(update_fields=[*changed, "updated_at"])
    return merchant


# The messages decisions sent before they were operator actions: merchants still read them, in their language.
_EARLIER_NOTICES = (
    gettext_noop("Your shop is approved and active. Welcome!"),
    gettext_noop("Your registration was not approved. Reason: %(reason)s"),
    gettext_noop("Your shop has been closed. Reason: %(reason)s"),
    gettext_noop("Your shop is open again."),
)

# The merchant's fields an operator may correct, each with the title of its operator action.
_EDITABLE = {
    "real_name": gettext_noop("An operator changed your real name from %(old)s to %(new)s"),
    "country": gettext_noop("An operator changed your country from %(old)s to %(new)s"),
}
