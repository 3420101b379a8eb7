"""Withdrawals: the merchant's request (available -> held), then the operator pays it or rejects it, once."""

import re
from decimal import Decimal

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from apps.accounts.models import Merchant
from apps.core.errors import AppError, ErrorCode, field_error
from apps.core.idempotency import IdempotencyKey
from apps.core.money import ZERO, money_text
from apps.core.notices import notify
from apps.core.transitions import transition

from .. import selectors
from ..constants import (
    ADDRESS_PATTERNS,
    CARD_NUMBER_PATTERN,
    AccountKind,
    AddressFormat,
    EntryKind,
    Method,
    WithdrawalStatus,
)
from ..ledger import account_get, ledger_post
from ..models import Withdrawal
from ..operations import Posting, money_operation
from .common import NOT_APPROVED, Operator, active_network, new_number, positive, reviewed


def withdrawal_create(
    *,
    merchant: Merchant,
    pay_password: str,
    method: str,
    amount: Decimal,
    full_name: str,
    account: str,
    bank_name: str = "",
    network_code: str = "",
    currency: str = "",
    idempotency: IdempotencyKey | None = None,
) -> Withdrawal:
    """A withdrawal request: checks the rules, then, as a money operation, moves available -> held."""
    if merchant.status in NOT_APPROVED:
        raise AppError(_("Withdrawals open once your registration is approved."), ErrorCode.FORBIDDEN)
    amount = positive(amount, operation="withdrawal")
    account, full_name, bank_name = account.strip(), full_name.strip(), bank_name.strip()
    network = None
    if method == Method.CHAIN:
        network = active_network(network_code)
        if not re.match(ADDRESS_PATTERNS[AddressFormat(network.address_format)], account):
            raise field_error("account", _("This is not a valid %(network)s address.") % {"network": network.code})
        expected_currency = network.currency
    else:
        if not bank_name:
            raise field_error("bank_name", _("Please enter the bank name."))
        if not re.match(CARD_NUMBER_PATTERN, account):
            raise field_error("account", _("The card number is not valid."))
        expected_currency = settings.PLATFORM_CURRENCY
    if currency and currency != expected_currency:
        raise field_error("currency", _("This currency is not available for this method."))
    if not full_name:
        raise field_error("full_name", _("Please enter your full name."))
    rule = selectors.fee_rule_current()
    if amount < rule.minimum:
        raise field_error("amount", _("The minimum withdrawal is %(minimum)s.") % {"minimum": money_text(rule.minimum)})
    fee = rule.fee_for(amount)
    if amount - fee <= ZERO:
        raise field_error("amount", _("The amount does not cover the fee."))
    withdrawal = Withdrawal(
        merchant=merchant,
        number=new_number("W"),
        method=method,
        currency=expected_currency,
        network=network,
        full_name=full_name,
        bank_name=bank_name,
        account=account,
        amount=amount,
        fee=fee,
        actual_amount=amount - fee,
    )

    def hold(locked: Merchant) -> tuple[Withdrawal, Posting]:
        withdrawal.save()
        return withdrawal, Posting(
            reference=f"withdrawal:{withdrawal.pk}",
            kind=EntryKind.WITHDRAWAL,
            lines=[
                (account_get(kind=AccountKind.AVAILABLE, merchant=locked), -amount),
                (account_get(kind=AccountKind.HELD, merchant=locked), amount),
            ],
            memo=withdrawal.number,
        )

    return money_operation(merchant=merchant, pay_password=pay_password, idempotency=idempotency, run=hold)


@transaction.atomic
def withdrawal_pay(*, withdrawal_id: int, operator: Operator, reference: str) -> Withdrawal:
    """Marks a withdrawal paid out: held -> external (actual amount) + revenue:fees (fee). Exactly once."""
    reference = reference.strip()
    if not reference:
        raise field_error("reference", _("Please enter the payout reference or transaction hash."))
    withdrawal = Withdrawal.objects.select_related("merchant").get(pk=withdrawal_id)
    changes = {**reviewed(operator, reference), "payout_reference": reference[:128]}
    transition(withdrawal, WithdrawalStatus.PAID, actor=operator, note=reference, changes=changes)
    external = AccountKind.EXTERNAL_CHAIN if withdrawal.method == Method.CHAIN else AccountKind.EXTERNAL_BANK
    lines = [
        (account_get(kind=AccountKind.HELD, merchant=withdrawal.merchant), -withdrawal.amount),
        (account_get(kind=external), withdrawal.actual_amount),
    ]
    if withdrawal.fee:
        lines.append((account_get(kind=AccountKind.REVENUE_FEES), withdrawal.fee))
    ledger_post(
        reference=f"withdrawal-paid:{withdrawal.pk}",
        kind=EntryKind.WITHDRAWAL_PAID,
        lines=lines,
        memo=withdrawal.number,
    )
    notify(
        merchant=withdrawal.merchant,
        title=gettext_noop("Withdrawal paid"),
        body=gettext_noop("Withdrawal %(number)s: %(amount)s was paid out (reference %(reference)s)."),
        params={
            "number": withdrawal.number,
            "amount": money_text(withdrawal.actual_amount, withdrawal.currency),
            "reference": withdrawal.payout_reference,
        },
    )
    return withdrawal


@transaction.atomic
def withdrawal_reject(*, withdrawal_id: int, operator: Operator, reason: str) -> Withdrawal:
    """Rejects a withdrawal with a reason: held -> available. Exactly once."""
    reason = reason.strip()
    if not reason:
        raise field_error("reason", _("Please give a reason."))
    withdrawal = Withdrawal.objects.select_related("merchant").get(pk=withdrawal_id)
    transition(withdrawal, WithdrawalStatus.REJECTED, actor=operator, note=reason, changes=reviewed(operator, reason))
    ledger_post(
        reference=f"withdrawal-rejected:{withdrawal.pk}",
        kind=EntryKind.WITHDRAWAL_REJECTED,
        lines=[
            (account_get(kind=AccountKind.HELD, merchant=withdrawal.merchant), -withdrawal.amount),
            (account_get(kind=AccountKind.AVAILABLE, merchant=withdrawal.merchant), withdrawal.amount),
        ],
        memo=withdrawal.number,
    )
    notify(
        merchant=withdrawal.merchant,
        title=gettext_noop("Withdrawal not approved"),
        body=gettext_noop("Withdrawal %(number)s was not approved: %(reason)s. %(amount)s is back in your balance."),
        params={"number": withdrawal.number, "reason": reason, "amount": money_text(withdrawal.amount)},
    )
    return withdrawal
