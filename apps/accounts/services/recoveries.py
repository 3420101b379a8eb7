"""Account recovery (product.md section 2.9): the one way an operator helps a merchant who lost access to their email
or phone. One operator requests it with a reason, a second one approves it, and it applies only
ACCOUNT_RECOVERY_DELAY_HOURS after the approval; at each step the merchant is told in the app (the operator action,
with its reason) and at the old contact, and until it applies the merchant can cancel it in the app."""

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from apps.core.errors import AppError, ErrorCode, field_error
from apps.core.notices import PushKind
from apps.core.transitions import transition

from ..constants import (
    ACTION_RECOVERY_APPLIED,
    ACTION_RECOVERY_APPROVED,
    ACTION_RECOVERY_REJECTED,
    ACTION_RECOVERY_REQUESTED,
    RECOVERY_OPEN,
    ContactKind,
    RecoveryStatus,
)
from ..models import AccountRecovery, Merchant
from .contacts import contact_normalize, contact_set, contact_taken, contact_taken_error
from .operator_actions import operator_action_record
from .security import money_unlock_and_hold, not_me_target, security_notice
from .sessions import session_revoke_all

# The merchant's in-app messages (operator actions: the body is the operator's reason).
REQUESTED_TITLE = gettext_noop(
    "An operator asked to change your contact details to %(contact)s. If you did not ask for this, cancel it in "
    "Personal information."
)
APPROVED_TITLE = gettext_noop(
    "A second operator approved changing your contact details to %(contact)s. It takes effect on %(date)s unless you "
    "cancel it in Personal information."
)
REJECTED_TITLE = gettext_noop("The change of your contact details to %(contact)s was rejected. Nothing was changed.")
APPLIED_TITLE = gettext_noop(
    "Your contact details were changed to %(contact)s by account recovery, and every device was signed out."
)
APPLY_BATCH = 200


def _contacts(merchant: Merchant) -> list[str]:
    """Where the merchant is told: every contact they have now (the old one, for a change)."""
    return [address for address in (merchant.email, merchant.phone) if address]


def _when(merchant: Merchant, moment: datetime) -> str:
    """A time as the merchant reads it: in their shop's time zone, named."""
    zone = merchant.time_zone or settings.TIME_ZONE
    return f"{timezone.localtime(moment, ZoneInfo(zone)):%Y-%m-%d %H:%M} ({zone})"


def recovery_contacts(*, merchant: Merchant, new_email: str, new_phone: str) -> tuple[str, str]:
    """The new email and phone as stored ("" for one that does not change). Refused: neither given, one equal to the
    merchant's current one, or one another account has."""
    email = contact_normalize(kind=ContactKind.EMAIL, value=new_email, field="new_email") if new_email.strip() else ""
    phone = contact_normalize(kind=ContactKind.PHONE, value=new_phone, field="new_phone") if new_phone.strip() else ""
    if not email and not phone:
        raise field_error("new_email", _("Give a new email address, a new phone number, or both."))
    if email and email == (merchant.email or "").lower():
        raise field_error("new_email", _("This is already the merchant's email address."))
    if phone and phone == merchant.phone:
        raise field_error("new_phone", _("This is already the merchant's phone number."))
    for kind, value, field in ((ContactKind.EMAIL, email, "new_email"), (ContactKind.PHONE, phone, "new_phone")):
        if value and contact_taken(kind=kind, value=value, merchant_id=merchant.pk):
            raise contact_taken_error(kind=kind, field=field)
    return email, phone


@transaction.atomic
def recovery_request(
    *, merchant_id: int, new_email: str, new_phone: str, reason: str, operator: Any
) -> AccountRecovery:
    """An operator asks to change a merchant's contact details, with a reason. Nothing changes yet: a second operator
    must approve it. The merchant is told in the app and at every current contact."""
    merchant = Merchant.objects.select_for_update(no_key=True).get(pk=merchant_id)
    reason = reason.strip()
    if not reason:
        raise field_error("reason", _("Please give a reason."))
    email, phone = recovery_contacts(merchant=merchant, new_email=new_email, new_phone=new_phone)
    refused = AppError(_("This merchant already has an account recovery in progress."), ErrorCode.CONFLICT)
    if AccountRecovery.objects.filter(merchant=merchant, status__in=RECOVERY_OPEN).exists():
        raise refused
    try:
        with transaction.atomic():
            recovery = AccountRecovery.objects.create(
                merchant=merchant, new_email=email, new_phone=phone, reason=reason, requested_by=operator
            )
    except IntegrityError:  # another operator requested one at the same moment
        raise refused from None
    contact = recovery.new_contact
    params = {"contact": contact, "reason": reason, "hours": settings.ACCOUNT_RECOVERY_DELAY_HOURS}
    told = security_notice(
        merchant=merchant, event="recovery_requested", params=params, to=_contacts(merchant), in_app=False
    )
    operator_action_record(
        merchant=merchant,
        operator=operator,
        kind=ACTION_RECOVERY_REQUESTED,
        title=REQUESTED_TITLE,
        reason=reason,
        params={"contact": contact},
        target=not_me_target(told),
        push=PushKind.SECURITY,
    )
    return recovery


def _locked(recovery_id: int) -> tuple[Merchant, AccountRecovery]:
    """The recovery and its merchant, the merchant's row locked first (the lock order of apps.wallet.operations)."""
    merchant_id = AccountRecovery.objects.values_list("merchant_id", flat=True).get(pk=recovery_id)
    merchant = Merchant.objects.select_for_update(no_key=True).get(pk=merchant_id)
    recovery = AccountRecovery.objects.select_related("requested_by", "approved_by").get(pk=recovery_id)
    return merchant, recovery


@transaction.atomic
def recovery_approve(*, recovery_id: int, approver: Any) -> AccountRecovery:
    """A second operator approves a requested recovery: it applies ACCOUNT_RECOVERY_DELAY_HOURS from now, unless
    the merchant cancels it. The operator who requested it cannot approve it. The merchant is told."""
    merchant, recovery = _locked(recovery_id)
    if approver.pk == recovery.requested_by_id:
        raise AppError(
            _("You requested this account recovery: a different operator must approve it."), ErrorCode.FORBIDDEN
        )
    for kind, value, field in (
        (ContactKind.EMAIL, recovery.new_email, "new_email"),
        (ContactKind.PHONE, recovery.new_phone, "new_phone"),
    ):
        if value and contact_taken(kind=kind, value=value, merchant_id=merchant.pk):
            raise contact_taken_error(kind=kind, field=field)
    effective_at = timezone.now() + timedelta(hours=settings.ACCOUNT_RECOVERY_DELAY_HOURS)
    transition(
        recovery,
        RecoveryStatus.APPROVED,
        actor=approver,
        changes={"approved_by": approver, "effective_at": effective_at},
    )
    params = {"contact": recovery.new_contact, "date": _when(merchant, effective_at)}
    told = security_notice(
        merchant=merchant, event="recovery_approved", params=params, to=_contacts(merchant), in_app=False
    )
    operator_action_record(
        merchant=merchant,
        operator=recovery.requested_by,
        approver=approver,
        kind=ACTION_RECOVERY_APPROVED,
        title=APPROVED_TITLE,
        reason=recovery.reason,
        params=params,
        target=not_me_target(told),
        push=PushKind.SECURITY,
    )
    return recovery


@transaction.atomic
def recovery_reject(*, recovery_id: int, operator: Any, reason: str) -> AccountRecovery:
    """An operator rejects a recovery not applied yet (the requester may withdraw their own), with a reason; nothing
    changes. The merchant is told."""
    merchant, recovery = _locked(recovery_id)
    reason = reason.strip()
    if not reason:
        raise field_error("reason", _("Please give a reason."))
    transition(recovery, RecoveryStatus.REJECTED, actor=operator, note=reason)
    params = {"contact": recovery.new_contact}
    told = security_notice(
        merchant=merchant, event="recovery_rejected", params=params, to=_contacts(merchant), in_app=False
    )
    operator_action_record(
        merchant=merchant,
        operator=operator,
        kind=ACTION_RECOVERY_REJECTED,
        title=REJECTED_TITLE,
        reason=reason,
        params=params,
        target=not_me_target(told),
        push=PushKind.SECURITY,
    )
    return recovery


@transaction.atomic
def recovery_cancel(*, merchant: Merchant, recovery_id: int) -> AccountRecovery:
    """The merchant cancels a recovery of their account that has not applied yet: it ends, nothing changes, and the
    merchant is told (in the app and at their contacts, in case someone else did it with their session)."""
    if not AccountRecovery.objects.filter(pk=recovery_id, merchant_id=merchant.pk).exists():
        raise AppError(_("This account recovery was not found."), ErrorCode.NOT_FOUND)
    merchant, recovery = _locked(recovery_id)
    transition(recovery, RecoveryStatus.CANCELLED, message=gettext_noop("Cancelled by the merchant"))
    security_notice(
        merchant=merchant,
        event="recovery_cancelled",
        params={"contact": recovery.new_contact},
        to=_contacts(merchant),
    )
    return recovery


def recovery_apply_due(*, now: datetime | None = None) -> int:
    """Applies every approved recovery whose delay has passed (the beat's task, every few minutes). Returns how many
    were applied; a run that finds one claimed or cancelled meanwhile skips it."""
    now = now or timezone.now()
    due = AccountRecovery.objects.filter(status=RecoveryStatus.APPROVED, effective_at__lte=now)
    ids = list(due.order_by("effective_at", "pk").values_list("pk", flat=True)[:APPLY_BATCH])
    return sum(recovery_apply(recovery_id=pk, now=now) for pk in ids)


@transaction.atomic
def recovery_apply(*, recovery_id: int, now: datetime) -> bool:
    """Applies one approved recovery once its delay has passed: the new contact details are saved, every session
    ends, withdrawals wait the payout cooling-off, and the merchant is told in the app (the operator action, naming
    both operators) and at the old and new contacts. Claimed with a conditional update (still approved and due), so
    a second run, or a run racing the merchant's cancel, does nothing. A new address that another account took
    meanwhile rejects the recovery."""
    merchant, recovery = _locked(recovery_id)
    claimed = AccountRecovery.objects.filter(
        pk=recovery_id, status=RecoveryStatus.APPROVED, effective_at__lte=now
    ).update(updated_at=timezone.now())
    if not claimed:
        return False
    old = _contacts(merchant)
    params = {"contact": recovery.new_contact}
    try:
        with transaction.atomic():
            for kind, value in ((ContactKind.EMAIL, recovery.new_email), (ContactKind.PHONE, recovery.new_phone)):
                if value and contact_taken(kind=kind, value=value, merchant_id=merchant.pk):
                    raise IntegrityError(kind)
            contact_set(merchant=merchant, email=recovery.new_email or None, phone=recovery.new_phone or None)
    except IntegrityError:
        transition(
            recovery, RecoveryStatus.REJECTED, message=gettext_noop("The new address belongs to another account now")
        )
        security_notice(merchant=merchant, event="recovery_rejected", params=params, to=old)
        return False
    transition(recovery, RecoveryStatus.APPLIED, message=gettext_noop("Applied after the delay"))
    session_revoke_all(merchant=merchant)
    money_unlock_and_hold(merchant=merchant, unlock=False)  # withdrawals wait the payout cooling-off
    told = security_notice(
        merchant=merchant,
        event="recovery_applied",
        params=params,
        to=[*old, *_contacts(merchant)],
        in_app=False,
    )
    operator_action_record(
        merchant=merchant,
        operator=recovery.requested_by,
        approver=recovery.approved_by,
        kind=ACTION_RECOVERY_APPLIED,
        title=APPLIED_TITLE,
        reason=recovery.reason,
        params=params,
        target=not_me_target(told),
        push=PushKind.SECURITY,
    )
    return True
