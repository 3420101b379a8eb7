"""Wallet services: deposits, withdrawals, level upgrade, adjustments. Money moves only through ledger_post."""

import re
import secrets
from decimal import Decimal

from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from apps.accounts.constants import MerchantStatus
from apps.accounts.models import Merchant
from apps.accounts.services import pay_password_check
from apps.core.errors import AppError, ErrorCode
from apps.core.money import ZERO, quantize
from apps.core.uploads import upload_get
from apps.shop.models import Level
from apps.support.services import notify

from . import selectors
from .chain.verify import chain_transfer
from .constants import (
    DEPOSIT_TRANSITIONS,
    WITHDRAWAL_TRANSITIONS,
    AccountKind,
    AddressFormat,
    DepositStatus,
    EntryKind,
    Method,
    WithdrawalStatus,
)
from .ledger import account_get, ledger_post
from .models import Adjustment, Deposit, DepositNetwork, StatusChange, Withdrawal

Operator = User | None

# Merchants whose registration is not approved: deposits wait, withdrawals are refused (product.md section 3).
NOT_APPROVED = {MerchantStatus.PENDING, MerchantStatus.REJECTED}
ADDRESS_PATTERNS = {
    AddressFormat.TRON: re.compile(r"^T[1-9A-HJ-NP-Za-km-z]{33}$"),
    AddressFormat.EVM: re.compile(r"^0x[0-9a-fA-F]{40}$"),
}
TX_HASH = re.compile(r"^(0x)?[0-9a-fA-F]{64}$")
CARD_NUMBER = re.compile(r"^[0-9][0-9 -]{6,38}[0-9]$")
WAITING_FOR_KYC = gettext_noop("Waiting for the merchant's registration to be approved.")
ALREADY_CREDITED = gettext_noop("This transaction was already credited.")


def _new_number(prefix: str) -> str:
    return f"{prefix}{timezone.now():%Y%m%d%H%M%S}{secrets.randbelow(10**6):06d}"


def _positive(amount: Decimal) -> Decimal:
    amount = quantize(amount)
    if amount <= ZERO:
        raise AppError(_("Cannot be zero"))
    return amount


def _network(code: str) -> DepositNetwork:
    network = DepositNetwork.objects.filter(code=code, is_active=True).first()
    if network is None:
        raise AppError(_("Please choose a network."), ErrorCode.NOT_FOUND)
    return network


def normalize_tx_hash(tx_hash: str, network: DepositNetwork) -> str:
    """One spelling per transaction: lower case, with 0x on EVM networks and without on TRON."""
    tx_hash = tx_hash.strip()
    if not tx_hash:
        return ""
    if not TX_HASH.match(tx_hash):
        raise AppError(_("The transaction hash is not valid."))
    bare = tx_hash.lower().removeprefix("0x")
    return "0x" + bare if network.address_format == AddressFormat.EVM else bare


def _record_change(*, obj: Deposit | Withdrawal, to: int, operator: Operator, note: str) -> None:
    """Checks the move against the state machine table and writes the audit row. `obj` is locked."""
    table = DEPOSIT_TRANSITIONS if isinstance(obj, Deposit) else WITHDRAWAL_TRANSITIONS
    if to not in table[obj.status]:
        raise AppError(_("This request was already decided."), ErrorCode.STATE)
    target = {"deposit": obj} if isinstance(obj, Deposit) else {"withdrawal": obj}
    StatusChange.objects.create(**target, from_status=obj.status, to_status=to, operator=operator, note=note[:255])
    obj.status = to
    obj.reviewed_by = operator  # type: ignore[assignment]
    obj.reviewed_at = timezone.now()
    obj.review_note = note[:255]


# --- deposits ---
@transaction.atomic
def deposit_create(
    *,
    merchant: Merchant,
    method: str,
    amount: Decimal,
    network_code: str = "",
    voucher_key: str = "",
    tx_hash: str = "",
    payer_name: str = "",
    card_number: str = "",
    bank_name: str = "",
) -> Deposit:
    """A deposit request (pending). A merchant under review may submit; crediting waits for approval."""
    amount = _positive(amount)
    deposit = Deposit(merchant=merchant, method=method, amount=amount, number=_new_number("D"))
    voucher = None
    if method == Method.CHAIN:
        network = _network(network_code)
        if not voucher_key:
            raise AppError(_("Please upload recharge voucher"))
        voucher = upload_get(key=voucher_key, merchant_id=merchant.pk, kinds=["voucher"])
        if amount < network.minimum:
            raise AppError(
                _("The minimum deposit on %(network)s is %(minimum)s.")
                % {"network": network.code, "minimum": network.minimum}
            )
        deposit.network = network
        deposit.tx_hash = normalize_tx_hash(tx_hash, network)
        if deposit.tx_hash and Deposit.objects.filter(credited_tx_hash=deposit.tx_hash).exists():
            raise AppError(_(ALREADY_CREDITED), ErrorCode.CONFLICT)
    else:
        if not (payer_name.strip() and card_number.strip() and bank_name.strip()):
            raise AppError(_("Please enter the name, card number and bank name."))
        if not CARD_NUMBER.match(card_number.strip()):
            raise AppError(_("The card number is not valid."))
        if voucher_key:
            voucher = upload_get(key=voucher_key, merchant_id=merchant.pk, kinds=["voucher"])
        deposit.payer_name, deposit.card_number, deposit.bank_name = (
            payer_name.strip(),
            card_number.strip(),
            bank_name.strip(),
        )
    deposit.voucher = voucher
    deposit.save()
    return deposit


@transaction.atomic
def deposit_approve(
    *,
    deposit_id: int,
    operator: Operator,
    credited_amount: Decimal | None = None,
    note: str = "",
    tx_hash: str | None = None,
) -> Deposit:
    """Credits a pending deposit exactly once: external:chain/bank -> merchant available."""
    deposit = Deposit.objects.select_for_update(of=("self",)).select_related("merchant").get(pk=deposit_id)
    if deposit.merchant.status in NOT_APPROVED:
        raise AppError(_(WAITING_FOR_KYC), ErrorCode.STATE)
    amount = _positive(credited_amount if credited_amount is not None else deposit.amount)
    _record_change(obj=deposit, to=DepositStatus.APPROVED, operator=operator, note=note)
    deposit.credited_amount = amount
    deposit.credited_tx_hash = tx_hash or None
    try:
        with transaction.atomic():
            deposit.save()
    except IntegrityError as exc:
        raise AppError(_(ALREADY_CREDITED), ErrorCode.CONFLICT) from exc
    external = AccountKind.EXTERNAL_CHAIN if deposit.method == Method.CHAIN else AccountKind.EXTERNAL_BANK
    ledger_post(
        reference=f"deposit:{deposit.pk}",
        kind=EntryKind.DEPOSIT,
        lines=[
            (account_get(kind=external), -amount),
            (account_get(kind=AccountKind.AVAILABLE, merchant=deposit.merchant), amount),
        ],
        memo=deposit.number,
    )
    notify(
        merchant=deposit.merchant,
        title=gettext_noop("Deposit credited"),
        body=gettext_noop("Deposit %(number)s: %(amount)s was added to your balance."),
        params={"number": deposit.number, "amount": str(amount)},
    )
    return deposit


@transaction.atomic
def deposit_reject(*, deposit_id: int, operator: Operator, reason: str) -> Deposit:
    if not reason.strip():
        raise AppError(_("Please give a reason."))
    deposit = Deposit.objects.select_for_update(of=("self",)).select_related("merchant").get(pk=deposit_id)
    _record_change(obj=deposit, to=DepositStatus.REJECTED, operator=operator, note=reason.strip())
    deposit.save()
    notify(
        merchant=deposit.merchant,
        title=gettext_noop("Deposit not approved"),
        body=gettext_noop("Deposit %(number)s was not approved: %(reason)s"),
        params={"number": deposit.number, "reason": reason.strip()},
    )
    return deposit


def _set_verify_note(deposit_id: int, note: str) -> None:
    Deposit.objects.filter(pk=deposit_id, status=DepositStatus.PENDING).update(verify_note=note)


def deposit_verify_chain(*, deposit_id: int) -> bool:
    """Credits a pending chain deposit for the amount its transaction paid, when the chain proves it.

    Otherwise the deposit stays pending with the reason for the operator. Safe to run any number of times.
    """
    deposit = (
        Deposit.objects.select_related("network", "merchant")
        .filter(pk=deposit_id, status=DepositStatus.PENDING, method=Method.CHAIN, network__auto_verify=True)
        .exclude(tx_hash="")
        .first()
    )
    if deposit is None or deposit.network is None:
        return False
    if deposit.merchant.status in NOT_APPROVED:
        _set_verify_note(deposit.pk, WAITING_FOR_KYC)
        return False
    if Deposit.objects.filter(credited_tx_hash=deposit.tx_hash).exists():
        _set_verify_note(deposit.pk, ALREADY_CREDITED)
        return False
    result = chain_transfer(network=deposit.network, tx_hash=deposit.tx_hash)
    if result.amount is None:
        _set_verify_note(deposit.pk, result.reason)
        return False
    try:
        deposit_approve(
            deposit_id=deposit.pk,
            operator=None,
            credited_amount=result.amount,
            note=gettext_noop("Verified on chain."),
            tx_hash=deposit.tx_hash,
        )
    except AppError as exc:
        _set_verify_note(deposit.pk, str(exc.message))
        return False
    return True


# --- withdrawals ---
def withdrawal_fee(amount: Decimal) -> tuple[Decimal, Decimal]:
    """(fee, actual amount received) under the published rule."""
    fee = selectors.fee_rule_current().fee_for(amount)
    return fee, amount - fee


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
) -> Withdrawal:
    """A withdrawal request: checks the rules and the payment password, then moves available -> held."""
    if merchant.status in NOT_APPROVED:
        raise AppError(_("Withdrawals open once your registration is approved."), ErrorCode.FORBIDDEN)
    amount = _positive(amount)
    account, full_name = account.strip(), full_name.strip()
    network = None
    if method == Method.CHAIN:
        network = _network(network_code)
        if not ADDRESS_PATTERNS[AddressFormat(network.address_format)].match(account):
            raise AppError(_("This is not a valid %(network)s address.") % {"network": network.code})
        expected_currency = network.currency
    else:
        if not bank_name.strip():
            raise AppError(_("Please enter the bank name."))
        if not CARD_NUMBER.match(account):
            raise AppError(_("The card number is not valid."))
        expected_currency = settings.PLATFORM_CURRENCY
    if currency and currency != expected_currency:
        raise AppError(_("This currency is not available for this method."))
    if not full_name:
        raise AppError(_("Please enter your full name."))
    rule = selectors.fee_rule_current()
    if amount < rule.minimum:
        raise AppError(_("The minimum withdrawal is %(minimum)s.") % {"minimum": rule.minimum})
    fee = rule.fee_for(amount)
    if amount - fee <= ZERO:
        raise AppError(_("The amount does not cover the fee."))
    pay_password_check(merchant=merchant, raw=pay_password)
    return _withdrawal_open(
        withdrawal=Withdrawal(
            merchant=merchant,
            number=_new_number("W"),
            method=method,
            currency=expected_currency,
            network=network,
            full_name=full_name,
            bank_name=bank_name.strip(),
            account=account,
            amount=amount,
            fee=fee,
            actual_amount=amount - fee,
        )
    )


@transaction.atomic
def _withdrawal_open(*, withdrawal: Withdrawal) -> Withdrawal:
    withdrawal.save()
    ledger_post(
        reference=f"withdrawal:{withdrawal.pk}",
        kind=EntryKind.WITHDRAWAL,
        lines=[
            (account_get(kind=AccountKind.AVAILABLE, merchant=withdrawal.merchant_id), -withdrawal.amount),
            (account_get(kind=AccountKind.HELD, merchant=withdrawal.merchant_id), withdrawal.amount),
        ],
        memo=withdrawal.number,
    )
    return withdrawal


@transaction.atomic
def withdrawal_pay(*, withdrawal_id: int, operator: Operator, reference: str) -> Withdrawal:
    """Marks a withdrawal paid out: held -> external (actual amount) + revenue:fees (fee). Exactly once."""
    if not reference.strip():
        raise AppError(_("Please enter the payout reference or transaction hash."))
    withdrawal = Withdrawal.objects.select_for_update(of=("self",)).select_related("merchant").get(pk=withdrawal_id)
    _record_change(obj=withdrawal, to=WithdrawalStatus.PAID, operator=operator, note=reference.strip())
    withdrawal.payout_reference = reference.strip()[:128]
    withdrawal.save()
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
            "amount": str(withdrawal.actual_amount),
            "reference": withdrawal.payout_reference,
        },
    )
    return withdrawal


@transaction.atomic
def withdrawal_reject(*, withdrawal_id: int, operator: Operator, reason: str) -> Withdrawal:
    """Rejects a withdrawal with a reason: held -> available. Exactly once."""
    if not reason.strip():
        raise AppError(_("Please give a reason."))
    withdrawal = Withdrawal.objects.select_for_update(of=("self",)).select_related("merchant").get(pk=withdrawal_id)
    _record_change(obj=withdrawal, to=WithdrawalStatus.REJECTED, operator=operator, note=reason.strip())
    withdrawal.save()
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
        params={"number": withdrawal.number, "reason": reason.strip(), "amount": str(withdrawal.amount)},
    )
    return withdrawal


# --- levels ---
def level_upgrade(*, merchant: Merchant, level_id: int, pay_password: str) -> Level:
    """Moves the merchant up to `level_id`, charging the target's price minus the current level's price."""
    target = Level.objects.filter(pk=level_id).first()
    if target is None:
        raise AppError(_("This level does not exist."), ErrorCode.NOT_FOUND)
    pay_password_check(merchant=merchant, raw=pay_password)
    return _level_charge(merchant_id=merchant.pk, target=target)


@transaction.atomic
def _level_charge(*, merchant_id: int, target: Level) -> Level:
    # Lock the merchant row alone: a joined level would be read from before a concurrent upgrade committed.
    merchant = Merchant.objects.select_for_update().get(pk=merchant_id)
    current = Level.objects.filter(pk=merchant.level_id).first() if merchant.level_id else None
    current_rank, current_price = (current.rank, current.upgrade_price) if current else (0, ZERO)
    if target.rank <= current_rank:
        raise AppError(_("You can only upgrade to a higher level."), ErrorCode.STATE)
    charge = quantize(target.upgrade_price - current_price)
    if charge > ZERO:
        ledger_post(
            reference=f"level:{merchant.pk}:{target.pk}",
            kind=EntryKind.LEVEL_UPGRADE,
            lines=[
                (account_get(kind=AccountKind.AVAILABLE, merchant=merchant), -charge),
                (account_get(kind=AccountKind.REVENUE_LEVELS), charge),
            ],
            memo=target.name,
        )
    Merchant.objects.filter(pk=merchant.pk).update(level=target)
    return target


# --- operator adjustments ---
@transaction.atomic
def adjustment_create(*, merchant: Merchant, amount: Decimal, reason: str, operator: Operator) -> Adjustment:
    """An explicit correction of the merchant's balance against platform adjustments, with its reason."""
    amount = quantize(amount)
    if amount == ZERO:
        raise AppError(_("Cannot be zero"))
    if not reason.strip():
        raise AppError(_("Please give a reason."))
    adjustment = Adjustment.objects.create(merchant=merchant, amount=amount, reason=reason.strip(), operator=operator)
    ledger_post(
        reference=f"adjustment:{adjustment.pk}",
        kind=EntryKind.ADJUSTMENT,
        lines=[
            (account_get(kind=AccountKind.AVAILABLE, merchant=merchant), amount),
            (account_get(kind=AccountKind.ADJUSTMENTS), -amount),
        ],
        memo=adjustment.reason,
    )
    return adjustment
