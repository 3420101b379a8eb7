"""Operators' corrections of a balance (four eyes)."""

from decimal import Decimal

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from apps.accounts.models import Merchant
from apps.accounts.services import operator_action_record
from apps.core.errors import AppError, ErrorCode, field_error, reason_for
from apps.core.money import ZERO, money_bounded, money_text, quantize
from apps.core.transitions import Operator, transition

from ..constants import AccountKind, AdjustmentStatus, EntryKind, OperatorActionKind
from ..ledger import account_get, ledger_post
from ..models import Adjustment
from ..references import RefKind, ledger_ref


def adjustment_request(*, merchant: Merchant, amount: Decimal, reason: str, operator: Operator) -> Adjustment:
    """An operator's request to correct the merchant's balance, with its reason. Nothing moves until another operator
    approves it (adjustment_approve): four eyes (product.md 2.9)."""
    amount = quantize(amount)
    if amount == ZERO:
        raise field_error("amount", _("Cannot be zero"))
    money_bounded(amount, operation="adjustment")
    reason = reason_for(Adjustment, "reason", reason)
    return Adjustment.objects.create(merchant=merchant, amount=amount, reason=reason, operator=operator)


def _second_operator(adjustment: Adjustment, approver: Operator) -> User:
    """The operator deciding `adjustment`: one who holds wallet.approve_adjustment and did not request it."""
    if approver is None or not approver.has_perm("wallet.approve_adjustment"):
        raise AppError(_("Only an operator who may approve balance adjustments can decide this."), ErrorCode.FORBIDDEN)
    if approver.pk == adjustment.operator_id:
        raise AppError(
            _("A balance adjustment is approved by another operator than the one who requested it."),
            ErrorCode.FORBIDDEN,
        )
    return approver


@transaction.atomic
def adjustment_approve(*, adjustment_id: int, approver: Operator) -> Adjustment:
    """A second operator approves a requested adjustment: it is posted to the ledger (the merchant's available against
    platform adjustments, the reason as its memo, shown in the funds records) and recorded as an operator action of the
    requester, approved by `approver` (the merchant's message says what and why). Exactly once."""
    adjustment = Adjustment.objects.select_related("merchant").get(pk=adjustment_id)
    approver = _second_operator(adjustment, approver)
    changes = {"decided_by": approver, "decided_at": timezone.now()}
    transition(adjustment, AdjustmentStatus.APPROVED, actor=approver, note=adjustment.reason, changes=changes)
    ledger_post(
        reference=ledger_ref(RefKind.ADJUSTMENT, adjustment.pk),
        kind=EntryKind.ADJUSTMENT,
        lines=[
            (account_get(kind=AccountKind.AVAILABLE, merchant=adjustment.merchant), adjustment.amount),
            (account_get(kind=AccountKind.ADJUSTMENTS), -adjustment.amount),
        ],
        memo=adjustment.reason,
    )
    operator_action_record(
        merchant=adjustment.merchant,
        operator=adjustment.operator,
        approver=approver,
        kind=OperatorActionKind.BALANCE_ADJUSTMENT,
        title=gettext_noop("Balance adjustment: %(amount)s"),
        reason=adjustment.reason,
        params={"amount": money_text(adjustment.amount)},
    )
    return adjustment


@transaction.atomic
def adjustment_reject(*, adjustment_id: int, approver: Operator, reason: str) -> Adjustment:
    """A second operator turns a requested adjustment down, with a reason. Nothing moved, so the merchant is not
    told; the request stays listed with its decision."""
    reason = reason_for(Adjustment, "decision_note", reason)
    adjustment = Adjustment.objects.get(pk=adjustment_id)
    approver = _second_operator(adjustment, approver)
    changes = {"decided_by": approver, "decided_at": timezone.now(), "decision_note": reason}
    transition(adjustment, AdjustmentStatus.REJECTED, actor=approver, note=reason, changes=changes)
    return adjustment
