"""Withdrawals: the merchant's request (available -> held), then, once, the operator pays it or rejects it, or the
merchant cancels it while it is in review. Past its published review deadline it is overdue: flagged to operators
(the admin) and the merchant is told once (withdrawals_overdue_notify, on the beat)."""

from datetime import datetime, timedelta
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from apps.accounts.models import Merchant
from apps.accounts.services import operator_action_record
from apps.core.errors import AppError, ErrorCode, field_error, reason_for, text_for
from apps.core.idempotency import IdempotencyKey
from apps.core.money import ZERO, money_text
from apps.core.notices import NoticeTarget, PushKind, notify
from apps.core.numbers import new_number
from apps.core.transitions import Operator, reviewed, transition

from .. import selectors
from ..constants import (
    AccountKind,
    EntryKind,
    Method,
    OperatorActionKind,
    WithdrawalStatus,
)
from ..ledger import account_get, ledger_post
from ..models import Withdrawal
from ..operations import Posting, money_operation
from ..references import RefKind, ledger_ref
from .common import NOT_APPROVED, active_network, positive
from .destinations import destination_add, destination_usable, payout_fields_valid, withdrawals_not_held

# The messages a decision sent before each was recorded as an operator action (one message per decision since then):
# the merchants' earlier messages still read them, in their language.
SENT_BEFORE = (
    gettext_noop("Withdrawal paid"),
    gettext_noop("Withdrawal %(number)s: %(amount)s was paid out (reference %(reference)s)."),
    gettext_noop("Withdrawal not approved"),
    gettext_noop("Withdrawal %(number)s was not approved: %(reason)s. %(amount)s is back in your balance."),
)


def withdrawal_create(
    *,
    merchant: Merchant,
    pay_password: str,
    amount: Decimal,
    destination_id: int | None = None,
    method: str = "",
    full_name: str = "",
    account: str = "",
    bank_name: str = "",
    network_code: str = "",
    currency: str = "",
    idempotency: IdempotencyKey | None = None,
) -> Withdrawal:
    """A withdrawal request to a payout destination: checks the rules, then, as a money operation, moves available ->
    held.

    The destination is `destination_id`, or else the one the raw payout fields (the spec's form) name: a live
    destination with exactly these fields, or a new one added now (services.destinations), which waits the cooling-off
    before its first withdrawal: the request is then refused, saying until when. Whether the destination is usable
    and the account's withdrawals not held is decided again under the merchant row's lock (the money operation's),
    the lock a removal or a change of a destination takes first, so a withdrawal never pays to a removed destination
    and two requests to a new one are both refused."""
    if merchant.status in NOT_APPROVED:
        raise AppError(_("Withdrawals open once your registration is approved."), ErrorCode.FORBIDDEN)
    amount = positive(amount, operation="withdrawal")
    fields = None
    if destination_id is None:
        fields = payout_fields_valid(
            method=method,
            account=account,
            holder=full_name,
            bank_name=bank_name,
            network_code=network_code,
            currency=currency,
        )
    rule = selectors.fee_rule_current()
    if amount < rule.minimum:
        raise field_error("amount", _("The minimum withdrawal is %(minimum)s.") % {"minimum": money_text(rule.minimum)})
    fee = rule.fee_for(amount)
    if amount - fee <= ZERO:
        raise field_error("amount", _("The amount does not cover the fee."))
    chosen: dict[str, int] = {}

    def check() -> None:
        """Before the payment password (a refusal here costs no try), and skipped for a repeated request."""
        withdrawals_not_held(merchant=merchant, now=timezone.now())
        pk = destination_add(merchant=merchant, fields=fields).pk if fields is not None else destination_id
        if pk is None:
            raise field_error("destination", _("Please choose a payout destination."))
        chosen["pk"] = destination_usable(merchant=merchant, destination_id=pk, now=timezone.now()).pk

    def hold(locked: Merchant) -> tuple[Withdrawal, Posting]:
        now = timezone.now()
        withdrawals_not_held(merchant=locked, now=now)
        destination = destination_usable(merchant=locked, destination_id=chosen["pk"], now=now)
        network = active_network(destination.network) if destination.method == Method.CHAIN else None
        withdrawal = Withdrawal.objects.create(
            merchant=locked,
            number=new_number("W"),
            method=destination.method,
            currency=destination.currency,
            network=network,
            full_name=destination.holder,
            bank_name=destination.bank_name,
            account=destination.account,
            destination=destination,
            amount=amount,
            fee=fee,
            actual_amount=amount - fee,
            review_due_at=now + timedelta(hours=selectors.withdrawal_review_hours()),
        )
        return withdrawal, Posting(
            reference=ledger_ref(RefKind.WITHDRAWAL, withdrawal.pk),
            kind=EntryKind.WITHDRAWAL,
            lines=[
                (account_get(kind=AccountKind.AVAILABLE, merchant=locked), -amount),
                (account_get(kind=AccountKind.HELD, merchant=locked), amount),
            ],
            memo=withdrawal.number,
        )

    return money_operation(merchant=merchant, pay_password=pay_password, idempotency=idempotency, run=hold, check=check)


@transaction.atomic
def withdrawal_pay(*, withdrawal_id: int, operator: Operator, reference: str) -> Withdrawal:
    """Marks a withdrawal paid out: held -> external (actual amount) + revenue:fees (fee). Exactly once."""
    reference = text_for(Withdrawal, "payout_reference", reference, field="reference")
    if not reference:
        raise field_error("reference", _("Please enter the payout reference or transaction hash."))
    withdrawal = Withdrawal.objects.select_related("merchant").get(pk=withdrawal_id)
    changes = {**reviewed(operator, reference), "payout_reference": reference}
    transition(withdrawal, WithdrawalStatus.PAID, actor=operator, note=reference, changes=changes)
    external = AccountKind.EXTERNAL_CHAIN if withdrawal.method == Method.CHAIN else AccountKind.EXTERNAL_BANK
    lines = [
        (account_get(kind=AccountKind.HELD, merchant=withdrawal.merchant), -withdrawal.amount),
        (account_get(kind=external), withdrawal.actual_amount),
    ]
    if withdrawal.fee:
        lines.append((account_get(kind=AccountKind.REVENUE_FEES), withdrawal.fee))
    ledger_post(
        reference=ledger_ref(RefKind.WITHDRAWAL_PAID, withdrawal.pk),
        kind=EntryKind.WITHDRAWAL_PAID,
        lines=lines,
        memo=withdrawal.number,
    )
    # The payout reference is what the operator gives for this decision: the merchant can trace the payment with it.
    operator_action_record(
        merchant=withdrawal.merchant,
        operator=operator,
        kind=OperatorActionKind.WITHDRAWAL_PAID,
        title=gettext_noop("Withdrawal %(number)s paid out: %(amount)s"),
        reason=withdrawal.payout_reference,
        params={"number": withdrawal.number, "amount": money_text(withdrawal.actual_amount, withdrawal.currency)},
        target=(NoticeTarget.WITHDRAWAL, withdrawal.pk),
        push=PushKind.MONEY_DECIDED,
    )
    return withdrawal


@transaction.atomic
def withdrawal_reject(*, withdrawal_id: int, operator: Operator, reason: str) -> Withdrawal:
    """Rejects a withdrawal with a reason: held -> available. Exactly once."""
    reason = reason_for(Withdrawal, "review_note", reason)
    withdrawal = Withdrawal.objects.select_related("merchant").get(pk=withdrawal_id)
    transition(withdrawal, WithdrawalStatus.REJECTED, actor=operator, note=reason, changes=reviewed(operator, reason))
    ledger_post(
        reference=ledger_ref(RefKind.WITHDRAWAL_REJECTED, withdrawal.pk),
        kind=EntryKind.WITHDRAWAL_REJECTED,
        lines=[
            (account_get(kind=AccountKind.HELD, merchant=withdrawal.merchant), -withdrawal.amount),
            (account_get(kind=AccountKind.AVAILABLE, merchant=withdrawal.merchant), withdrawal.amount),
        ],
        memo=withdrawal.number,
    )
    operator_action_record(
        merchant=withdrawal.merchant,
        operator=operator,
        kind=OperatorActionKind.WITHDRAWAL_REJECTED,
        title=gettext_noop("Withdrawal %(number)s not approved: %(amount)s is back in your balance"),
        reason=reason,
        params={"number": withdrawal.number, "amount": money_text(withdrawal.amount)},
        target=(NoticeTarget.WITHDRAWAL, withdrawal.pk),
        push=PushKind.MONEY_DECIDED,
    )
    return withdrawal


def withdrawal_missing() -> str:
    return _("This withdrawal does not exist.")


def withdrawal_cancel(
    *, merchant: Merchant, withdrawal_id: int, idempotency: IdempotencyKey | None = None
) -> Withdrawal:
    """The merchant cancels its withdrawal still in review: held -> available, in one journal entry. Exactly once.

    A money operation (apps.wallet.operations) without the payment password: the money only comes back to the
    merchant's available balance, where the payment password guards every way out of it. Rows are locked in the lock
    order: the merchant, the withdrawal (transition), then the two accounts. An operator's pay or reject of the same
    withdrawal locks the withdrawal row too, so of the two only the first moves it out of review; the other is
    refused and moves nothing.
    """
    if not Withdrawal.objects.filter(pk=withdrawal_id, merchant=merchant).exists():
        raise AppError(withdrawal_missing(), ErrorCode.NOT_FOUND)

    def cancel(locked: Merchant) -> tuple[Withdrawal, Posting]:
        withdrawal = Withdrawal.objects.get(pk=withdrawal_id, merchant=locked)
        transition(withdrawal, WithdrawalStatus.CANCELLED, message=gettext_noop("Cancelled by the merchant"))
        return withdrawal, Posting(
            reference=ledger_ref(RefKind.WITHDRAWAL_CANCELLED, withdrawal.pk),
            kind=EntryKind.WITHDRAWAL_CANCELLED,
            lines=[
                (account_get(kind=AccountKind.HELD, merchant=locked), -withdrawal.amount),
                (account_get(kind=AccountKind.AVAILABLE, merchant=locked), withdrawal.amount),
            ],
            memo=withdrawal.number,
        )

    return money_operation(merchant=merchant, pay_password=None, idempotency=idempotency, run=cancel)


def withdrawals_overdue_notify(*, now: datetime | None = None) -> int:
    """Tells the merchant of each withdrawal past its review deadline and still in review, once: the notice is sent
    in the transaction that sets overdue_notified_at by a conditional update (still in review, not told yet), so a
    second run, a second beat, or a decision made meanwhile sends nothing more. Returns how many were told."""
    now = now or timezone.now()
    told = 0
    for pk in selectors.withdrawal_ids_overdue_untold(now=now):
        with transaction.atomic():
            claimed = Withdrawal.objects.filter(
                pk=pk, status=WithdrawalStatus.PENDING, review_due_at__lt=now, overdue_notified_at__isnull=True
            ).update(overdue_notified_at=now)
            if not claimed:
                continue
            withdrawal = Withdrawal.objects.select_related("merchant").get(pk=pk)
            hours = round((withdrawal.review_due_at - withdrawal.created_at).total_seconds() / 3600)
            notify(
                merchant=withdrawal.merchant,
                title=gettext_noop("Withdrawal %(number)s is past its review deadline"),
                body=gettext_noop(
                    "It was not reviewed within %(hours)s hours, and the operators have been alerted. You can wait "
                    "for the review, or cancel it in the withdrawal records: %(amount)s then goes back to your balance."
                ),
                params={"number": withdrawal.number, "hours": hours, "amount": money_text(withdrawal.amount)},
                target=(NoticeTarget.WITHDRAWAL, withdrawal.pk),
            )
            told += 1
    return told
