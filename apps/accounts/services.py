"""Account services: they write; views and the admin call them (conventions.md)."""

import base64
import binascii
import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.hashers import check_password, make_password
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from apps.core.errors import AppError, ErrorCode, field_error
from apps.core.i18n import APP_TO_DJANGO, app_lang
from apps.core.models import Upload
from apps.core.notices import notify
from apps.core.transitions import transition
from apps.core.uploads import upload_get

from .constants import MerchantStatus
from .hooks import merchant_registered
from .models import AuthToken, Merchant, OneTimeCode, ThirdPartyIdentity
from .selectors import account_normalize, invitation_resolve, merchant_by_account
from .sms import sms_send

ONE_TIME_CODE_MAX_FAILURES = 5
_REVIEW_NOTICE = (
    gettext_noop("Registration under review"),
    gettext_noop("Your documents have been received and are under review. We will notify you of the result."),
)


# ---------- sessions ----------
@transaction.atomic
def session_create(*, merchant: Merchant, user_agent: str = "", ip: str | None = None) -> str:
    """Opens a session and returns the raw token (256 bits); only its hash is kept."""
    raw = secrets.token_urlsafe(32)
    now = timezone.now()
    AuthToken.objects.create(
        merchant=merchant,
        key_hash=AuthToken.hash(raw),
        last_used_at=now,
        expires_at=now + timedelta(days=settings.SESSION_TOKEN_TTL_DAYS),
        user_agent=user_agent[:255],
        ip=ip,
    )
    return raw


def session_revoke_all(*, merchant: Merchant) -> int:
    return AuthToken.objects.filter(merchant=merchant, revoked_at__isnull=True).update(revoked_at=timezone.now())


def session_revoke(*, token_ids: list[int]) -> int:
    """Ends the given sessions (logout; the operators' revoke action). Returns how many were still open."""
    return AuthToken.objects.filter(pk__in=token_ids, revoked_at__isnull=True).update(revoked_at=timezone.now())


# ---------- sign-in ----------
def merchant_login(*, account: str, password: str, user_agent: str = "", ip: str | None = None) -> tuple[Merchant, str]:
    """Phone or email + password -> (merchant, new session token)."""
    merchant = merchant_by_account(account=account)
    if merchant is None:
        # Spend the same hashing time as for a real account, so timing does not tell which accounts exist.
        make_password(password)
        raise AppError(_("Incorrect account or password."))
    if not merchant.check_password(password):
        raise AppError(_("Incorrect account or password."))
    return merchant, session_create(merchant=merchant, user_agent=user_agent, ip=ip)


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
def merchant_register(*, registration: Registration) -> Merchant:
    """Creates a pending merchant and its shop, claims the uploaded documents and notifies the merchant."""
    reg = registration
    phone = account_normalize(reg.phone)
    email = reg.email.strip().lower() or None
    platform_code, inviter = invitation_resolve(code=reg.invite_code)
    if platform_code is None and inviter is None:
        raise field_error("invite_code", _("The invitation code is invalid."))
    if Merchant.objects.filter(phone=phone).exists():
        raise field_error("phone", _("This phone number is already registered."), ErrorCode.CONFLICT)
    if email and Merchant.objects.filter(email__iexact=email).exists():
        raise field_error("email", _("This email is already registered."), ErrorCode.CONFLICT)

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
    merchant.set_password(reg.password)
    try:
        with transaction.atomic():
            merchant.save()
    except IntegrityError:  # the same phone or email registered at the same moment
        raise AppError(_("This phone number or email is already registered."), ErrorCode.CONFLICT) from None
    Upload.objects.filter(pk__in=[u.pk for u in uploads.values() if u is not None]).update(owner=merchant)
    merchant_registered(
        merchant=merchant, shop_name=reg.shop_name.strip(), shop_address=reg.shop_address.strip(), logo=uploads["logo"]
    )
    title, body = _REVIEW_NOTICE
    notify(merchant=merchant, title=title, body=body)
    return merchant


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


# ---------- third-party sign-in ----------
def third_party_payload(*, data: str, code: str) -> dict[str, Any]:
    """Checks a partner's payload: `data` = base64url(JSON {uid, exp, name?}), `code` = hex HMAC-SHA256 of `data`
    with settings.THIRD_PARTY_SECRET. Returns the JSON; refuses a bad signature, a bad shape or an expired one."""
    invalid = AppError(_("The sign-in link is invalid or has expired."), ErrorCode.FORBIDDEN)
    secret = settings.THIRD_PARTY_SECRET
    if not secret:
        raise invalid
    expected = hmac.new(secret.encode(), data.encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, code.strip().lower()):
        raise invalid
    try:
        payload = json.loads(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)))
    except (binascii.Error, ValueError):
        raise invalid from None
    if not isinstance(payload, dict):
        raise invalid
    uid, exp = payload.get("uid"), payload.get("exp")
    if not isinstance(uid, str) or not uid or len(uid) > 128:
        raise invalid
    if not isinstance(exp, int) or isinstance(exp, bool) or exp < timezone.now().timestamp():
        raise invalid
    return payload


def third_party_login(
    *, data: str, code: str, partner: str, user_agent: str = "", ip: str | None = None
) -> tuple[Merchant | None, str | None]:
    """A linked identity signs in: (merchant, token). An unknown one: (None, None), to continue to registration."""
    payload = third_party_payload(data=data, code=code)
    identity = ThirdPartyIdentity.objects.select_related("merchant").filter(partner=partner, uid=payload["uid"]).first()
    if identity is None:
        return None, None
    token = session_create(merchant=identity.merchant, user_agent=user_agent, ip=ip)
    return identity.merchant, token


@transaction.atomic
def merchant_tkregister(*, registration: Registration, data: str, code: str, partner: str) -> Merchant:
    """Registration that links the partner identity of a valid payload."""
    payload = third_party_payload(data=data, code=code)
    if ThirdPartyIdentity.objects.filter(partner=partner, uid=payload["uid"]).exists():
        raise AppError(_("This partner account is already linked to a merchant."), ErrorCode.CONFLICT)
    merchant = merchant_register(registration=registration)
    ThirdPartyIdentity.objects.create(partner=partner, uid=payload["uid"], merchant=merchant)
    return merchant


# ---------- passwords ----------
@transaction.atomic
def password_change(*, merchant: Merchant, old_password: str, password: str) -> None:
    """Signed in: the old password, then the new one. Every session ends."""
    if not merchant.check_password(old_password):
        raise field_error("old_password", _("The old password is incorrect."))
    _password_set(merchant=merchant, password=password)


def password_reset(*, account: str, code: str, password: str) -> None:
    """Forgotten password: the one-time code sent to the account. Every session ends.

    Not atomic as a whole on purpose: a wrong code must stay counted when the request is refused.
    """
    merchant = merchant_by_account(account=account)
    if merchant is None:
        raise field_error("code", _("The verification code is invalid or has expired."))
    one_time_code_use(merchant=merchant, code=code)
    with transaction.atomic():
        _password_set(merchant=merchant, password=password)


def _password_set(*, merchant: Merchant, password: str) -> None:
    merchant.set_password(password)
    merchant.save(update_fields=["password", "updated_at"])
    session_revoke_all(merchant=merchant)


def one_time_code_send(*, account: str) -> None:
    """Sends a 6-digit code (10 minutes, one use) to the account's email or phone, whichever was typed.

    Does nothing, silently, for an unknown account: the answer must not tell which accounts exist.
    """
    merchant = merchant_by_account(account=account)
    if merchant is None:
        return
    code = f"{secrets.randbelow(10**6):06d}"
    now = timezone.now()
    minutes = settings.ONE_TIME_CODE_TTL_MINUTES
    with transaction.atomic():
        OneTimeCode.objects.filter(merchant=merchant, used_at__isnull=True).update(used_at=now)
        OneTimeCode.objects.create(
            merchant=merchant, code_hash=make_password(code), expires_at=now + timedelta(minutes=minutes)
        )
    text = _("Your verification code is %(code)s. It is valid for %(minutes)d minutes.") % {
        "code": code,
        "minutes": minutes,
    }
    if "@" in account and merchant.email:
        send_mail(_("Your verification code"), text, None, [merchant.email])
    else:
        sms_send(phone=merchant.phone, text=text)


def one_time_code_use(*, merchant: Merchant, code: str) -> None:
    """Spends the merchant's current code. A wrong try is recorded (5 wrong tries spend the code)."""
    now = timezone.now()
    with transaction.atomic():
        otc = (
            OneTimeCode.objects.select_for_update()
            .filter(merchant=merchant, used_at__isnull=True, expires_at__gt=now)
            .order_by("-created_at")
            .first()
        )
        valid = otc is not None and check_password(code.strip(), otc.code_hash)
        if otc is not None:
            if valid:
                otc.used_at = now
                otc.save(update_fields=["used_at"])
            else:
                OneTimeCode.objects.filter(pk=otc.pk).update(failures=F("failures") + 1)
                OneTimeCode.objects.filter(pk=otc.pk, failures__gte=ONE_TIME_CODE_MAX_FAILURES).update(used_at=now)
    if not valid:
        raise field_error("code", _("The verification code is invalid or has expired."))


# ---------- payment password ----------
@transaction.atomic
def pay_password_set(*, merchant: Merchant, pay_password: str, old_pay_password: str = "", password: str = "") -> None:
    """Sets the 6-digit payment password; changing one needs the current one or the login password."""
    if merchant.pay_password:
        if password:
            if not merchant.check_password(password):
                raise field_error("password", _("The login password is incorrect."))
        elif old_pay_password:
            pay_password_check(merchant=merchant, raw=old_pay_password)
        else:
            raise field_error(
                "old_pay_password", _("Please enter your current payment password or your login password.")
            )
    merchant.pay_password = make_password(pay_password)
    merchant.pay_password_failures = 0
    merchant.pay_password_locked_until = None
    merchant.save(update_fields=["pay_password", "pay_password_failures", "pay_password_locked_until", "updated_at"])


def _pay_password_rehash(merchant: Merchant, raw: str) -> None:
    """Stores the payment password with the current hasher settings (as Django does for login passwords)."""
    merchant.pay_password = make_password(raw)
    Merchant.objects.filter(pk=merchant.pk).update(pay_password=merchant.pay_password)


def pay_password_check(*, merchant: Merchant, raw: str) -> None:
    """Checks the payment password on the server; every money-out operation calls this first.

    Five wrong tries lock it for 15 minutes (product.md section 3). Raises AppError; returns None when right.
    The failure counter is written in its own statement so a rejected operation still counts the try;
    call it before entering transaction.atomic, or the rollback of the refused operation undoes the count.
    """
    if not raw:
        raise AppError(_("Please enter the payment password"), ErrorCode.PAY_PASSWORD)
    if not merchant.pay_password:
        raise AppError(_("Please set a payment password first."), ErrorCode.PAY_PASSWORD)
    now = timezone.now()
    fresh = Merchant.objects.only("pay_password_failures", "pay_password_locked_until").get(pk=merchant.pk)
    if fresh.pay_password_locked_until and fresh.pay_password_locked_until > now:
        minutes = max(1, int((fresh.pay_password_locked_until - now).total_seconds() // 60) + 1)
        raise AppError(
            _("Too many wrong payment passwords. Try again in %(minutes)d minutes.") % {"minutes": minutes},
            ErrorCode.LOCKED,
        )
    if check_password(raw, merchant.pay_password, setter=lambda _raw: _pay_password_rehash(merchant, raw)):
        if fresh.pay_password_failures:
            Merchant.objects.filter(pk=merchant.pk).update(pay_password_failures=0, pay_password_locked_until=None)
        return
    Merchant.objects.filter(pk=merchant.pk).update(pay_password_failures=F("pay_password_failures") + 1)
    failures = Merchant.objects.values_list("pay_password_failures", flat=True).get(pk=merchant.pk)
    if failures >= settings.PAY_PASSWORD_MAX_TRIES:
        Merchant.objects.filter(pk=merchant.pk).update(
            pay_password_failures=0,
            pay_password_locked_until=now + timedelta(minutes=settings.PAY_PASSWORD_LOCK_MINUTES),
        )
        raise AppError(
            _("Too many wrong payment passwords. Try again in %(minutes)d minutes.")
            % {"minutes": settings.PAY_PASSWORD_LOCK_MINUTES},
            ErrorCode.LOCKED,
        )
    left = settings.PAY_PASSWORD_MAX_TRIES - failures
    raise AppError(
        _("Wrong payment password. %(left)d tries left.") % {"left": left}, ErrorCode.PAY_PASSWORD, {"tries_left": left}
    )


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
_STATUS_NOTICES = {
    MerchantStatus.PENDING: _REVIEW_NOTICE,
    MerchantStatus.ACTIVE: (
        gettext_noop("Registration approved"),
        gettext_noop("Your shop is approved and active. Welcome!"),
    ),
    MerchantStatus.REJECTED: (
        gettext_noop("Registration rejected"),
        gettext_noop("Your registration was not approved. Reason: %(reason)s"),
    ),
    MerchantStatus.CLOSED: (
        gettext_noop("Shop closed"),
        gettext_noop("Your shop has been closed. Reason: %(reason)s"),
    ),
}
_REOPENED_NOTICE = (gettext_noop("Shop reopened"), gettext_noop("Your shop is open again."))
# Moves that need no reason; every other decision (reject, close, reopen) needs the operator to say why.
REASON_OPTIONAL = {(MerchantStatus.PENDING, MerchantStatus.ACTIVE), (MerchantStatus.REJECTED, MerchantStatus.PENDING)}


@transaction.atomic
def merchant_transition(*, merchant_id: int, to: str, operator: Any, reason: str = "") -> Merchant:
    """One decision on a merchant (approve, reject, close, reopen; a rejected merchant re-submitting), following
    MERCHANT_TRANSITIONS through core's transition(): of two operators deciding at once, one is refused.
    Notifies the merchant.
    """
    merchant = Merchant.objects.select_for_update().get(pk=merchant_id)  # so `current` is the status moved from
    current, target, reason = MerchantStatus(merchant.status), MerchantStatus(to), reason.strip()
    if (current, target) not in REASON_OPTIONAL and not reason:
        raise field_error("reason", _("Please give a reason."))
    merchant = transition(merchant, target, actor=operator, note=reason, changes={"status_reason": reason})
    reopened = current == MerchantStatus.CLOSED and target == MerchantStatus.ACTIVE
    title, body = _REOPENED_NOTICE if reopened else _STATUS_NOTICES[target]
    notify(merchant=merchant, title=title, body=body, params={"reason": reason} if "%(reason)s" in body else None)
    return merchant
