"""Deposits: a merchant's request, the chain check, and the operator's decision, credited exactly once; a chain
transaction credits at most one deposit, whoever approves it (credited_tx_hash, unique)."""

import re
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from apps.accounts.models import Merchant
from apps.accounts.services import operator_action_record
from apps.core.errors import AppError, ErrorCode, field_error, reason_for
from apps.core.idempotency import IdempotencyKey, run_once
from apps.core.money import money_text
from apps.core.notices import NoticeTarget, PushKind, notify
from apps.core.numbers import new_number
from apps.core.transitions import Operator, reviewed, transition
from apps.core.uploads import upload_get

from ..chain.verify import chain_transfer
from ..constants import (
    CARD_NUMBER_PATTERN,
    AccountKind,
    AddressFormat,
    DepositStatus,
    EntryKind,
    Method,
    OperatorActionKind,
)
from ..ledger import account_get, ledger_post
from ..models import Deposit, DepositNetwork
from ..references import RefKind, ledger_ref
from ..selectors import network_in_force, tx_hash_key
from .common import NOT_APPROVED, active_network, positive

TX_HASH = re.compile(r"^(0[xX])?[0-9a-fA-F]{64}$")
WAITING_FOR_KYC = gettext_noop("Waiting for the merchant's registration to be approved.")
ALREADY_CREDITED = gettext_noop("This transaction was already credited.")

# The messages a decision sent before each was recorded as an operator action (one message per decision since then):
# the merchants' earlier messages still read them, in their language.
SENT_BEFORE = (
    gettext_noop("Deposit not approved"),
    gettext_noop("Deposit %(number)s was not approved: %(reason)s"),
)


def normalize_tx_hash(tx_hash: str, network: DepositNetwork) -> str:
    """One spelling per transaction: lower case, with 0x on EVM networks and without on TRON."""
    tx_hash = tx_hash.strip()
    if not tx_hash:
        return ""
    if not TX_HASH.match(tx_hash):
        raise field_error("tx_hash", _("The transaction hash is not valid."))
    bare = tx_hash.lower().removeprefix("0x")
    return "0x" + bare if network.address_format == AddressFormat.EVM else bare


def _already_credited(key: str, earlier: Deposit | None) -> AppError:
    if earlier is None:
        return AppError(_(ALREADY_CREDITED), ErrorCode.CONFLICT)
    message = _("Transaction %(tx_hash)s was already credited by deposit %(number)s: it is not credited twice.")
    return field_error("tx_hash", message % {"tx_hash": key, "number": earlier.number}, ErrorCode.CONFLICT)


def _credited_key(deposit: Deposit, tx_hash: str | None) -> str:
    """The hash a chain deposit is credited under: `tx_hash` (the operator's reading of the transfer) or else the
    merchant's; refused when there is none, when it is not a hash, or when another deposit was credited with it."""
    given = tx_hash.strip() if tx_hash and tx_hash.strip() else deposit.tx_hash
    if not given:
        raise field_error("tx_hash", _("Please enter the transaction hash of this deposit."))
    if not TX_HASH.match(given):
        raise field_error("tx_hash", _("The transaction hash is not valid."))
    key = tx_hash_key(given)
    earlier = Deposit.objects.filter(credited_tx_hash=key).exclude(pk=deposit.pk).first()
    if earlier is not None:
        raise _already_credited(key, earlier)
    return key


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
    idempotency: IdempotencyKey | None = None,
) -> Deposit:
    """A deposit request (pending). A merchant under review may submit; crediting waits for approval."""
    amount = positive(amount, operation="deposit")
    deposit = Deposit(merchant=merchant, method=method, amount=amount, number=new_number("D"))
    if method == Method.CHAIN:
        network = active_network(network_code)
        if not voucher_key:
            raise field_error("voucher", _("Please upload recharge voucher"))
        if amount < network.minimum:
            raise field_error(
                "amount",
                _("The minimum deposit on %(network)s is %(minimum)s.")
                % {"network": network.code, "minimum": money_text(network.minimum, network.currency)},
            )
        deposit.network = network
        deposit.tx_hash = normalize_tx_hash(tx_hash, network)
        if deposit.tx_hash and Deposit.objects.filter(credited_tx_hash=tx_hash_key(deposit.tx_hash)).exists():
            raise field_error("tx_hash", _(ALREADY_CREDITED), ErrorCode.CONFLICT)
    else:
        deposit.payer_name, deposit.card_number, deposit.bank_name = (
            payer_name.strip(),
            card_number.strip(),
            bank_name.strip(),
        )
        for field, value in (("name", deposit.payer_name), ("card_number", deposit.card_number)):
            if not value:
                raise field_error(field, _("Please enter the name, card number and bank name."))
        if not deposit.bank_name:
            raise field_error("bank_name", _("Please enter the name, card number and bank name."))
        if not re.match(CARD_NUMBER_PATTERN, deposit.card_number):
            raise field_error("card_number", _("The card number is not valid."))
    if voucher_key:
        try:
            deposit.voucher = upload_get(key=voucher_key, merchant_id=merchant.pk, kinds=["voucher"])
        except AppError as exc:
            raise field_error("voucher", exc.message, exc.error_code) from None

    def write() -> Deposit:
        deposit.save()
        return deposit

    return run_once(idempotency, write)


@transaction.atomic
def deposit_approve(
    *,
    deposit_id: int,
    operator: Operator,
    credited_amount: Decimal | None = None,
    note: str = "",
    tx_hash: str | None = None,
) -> Deposit:
    """Credits a pending deposit exactly once: external:chain/bank -> merchant available.

    A chain deposit is credited under its transaction's hash: `tx_hash` when given (the operator's reading of the
    transfer, the chain check's), else the merchant's. It is required, and refused when any other deposit was credited
    with it (checked here, and by the unique credited_tx_hash when two approvals race). An operator's approval is an
    operator action: `note` is its reason, required, and the merchant's one message (accounts.operator_action_record);
    the chain check's (operator None) sends "Deposit credited".
    """
    deposit = Deposit.objects.select_related("merchant").get(pk=deposit_id)
    note = note.strip()
    if operator is not None and not note:
        raise field_error("note", _("Please give a reason."))
    if deposit.merchant.status in NOT_APPROVED:
        raise AppError(_(WAITING_FOR_KYC), ErrorCode.STATE)
    amount = positive(
        credited_amount if credited_amount is not None else deposit.amount, operation="credit", field="credited_amount"
    )
    key = _credited_key(deposit, tx_hash) if deposit.method == Method.CHAIN else None
    changes = {**reviewed(operator, note), "credited_amount": amount, "credited_tx_hash": key}
    try:
        with transaction.atomic():
            transition(deposit, DepositStatus.APPROVED, actor=operator, note=note, changes=changes)
    except IntegrityError as exc:  # another approval credited this hash meanwhile, and committed first
        raise _already_credited(key or "", Deposit.objects.filter(credited_tx_hash=key).first()) from exc
    external = AccountKind.EXTERNAL_CHAIN if deposit.method == Method.CHAIN else AccountKind.EXTERNAL_BANK
    ledger_post(
        reference=ledger_ref(RefKind.DEPOSIT, deposit.pk),
        kind=EntryKind.DEPOSIT,
        lines=[
            (account_get(kind=external), -amount),
            (account_get(kind=AccountKind.AVAILABLE, merchant=deposit.merchant), amount),
        ],
        memo=deposit.number,
    )
    params = {"number": deposit.number, "amount": money_text(amount)}
    if operator is None:
        notify(
            merchant=deposit.merchant,
            title=gettext_noop("Deposit credited"),
            body=gettext_noop("Deposit %(number)s: %(amount)s was added to your balance."),
            params=params,
            target=(NoticeTarget.DEPOSIT, deposit.pk),
            push=PushKind.MONEY_DECIDED,
        )
    else:
        operator_action_record(
            merchant=deposit.merchant,
            operator=operator,
            kind=OperatorActionKind.DEPOSIT_APPROVED,
            title=gettext_noop("Deposit %(number)s approved: %(amount)s was added to your balance"),
            reason=note,
            params=params,
            target=(NoticeTarget.DEPOSIT, deposit.pk),
            push=PushKind.MONEY_DECIDED,
        )
    return deposit


@transaction.atomic
def deposit_reject(*, deposit_id: int, operator: Operator, reason: str) -> Deposit:
    reason = reason_for(Deposit, "review_note", reason)
    deposit = Deposit.objects.select_related("merchant").get(pk=deposit_id)
    transition(deposit, DepositStatus.REJECTED, actor=operator, note=reason, changes=reviewed(operator, reason))
    operator_action_record(
        merchant=deposit.merchant,
        operator=operator,
        kind=OperatorActionKind.DEPOSIT_REJECTED,
        title=gettext_noop("Deposit %(number)s not approved"),
        reason=reason,
        params={"number": deposit.number},
        target=(NoticeTarget.DEPOSIT, deposit.pk),
        push=PushKind.MONEY_DECIDED,
    )
    return deposit


def _set_verify_note(deposit_id: int, note: str) -> None:
    Deposit.objects.filter(pk=deposit_id, status=DepositStatus.PENDING).update(verify_note=note)


def deposit_verify_chain(*, deposit_id: int) -> bool:
    """Credits a pending chain deposit for the amount its transaction paid, when the chain proves it.

    The transfer is checked against the network version the deposit was made to (its address, token and
    confirmations: what the merchant was shown, even after a new version changed them); whether and through which
    node the chain is read is the network's version in force. Otherwise the deposit stays pending with the reason for
    the operator. Safe to run any number of times.
    """
    deposit = (
        Deposit.objects.select_related("network", "merchant")
        .filter(pk=deposit_id, status=DepositStatus.PENDING, method=Method.CHAIN)
        .exclude(tx_hash="")
        .first()
    )
    if deposit is None or deposit.network is None:
        return False
    node = network_in_force(deposit.network.code)
    if node is None or not node.auto_verify:
        return False
    if deposit.merchant.status in NOT_APPROVED:
        _set_verify_note(deposit.pk, WAITING_FOR_KYC)
        return False
    if Deposit.objects.filter(credited_tx_hash=tx_hash_key(deposit.tx_hash)).exists():
        _set_verify_note(deposit.pk, ALREADY_CREDITED)
        return False
    result = chain_transfer(network=deposit.network, tx_hash=deposit.tx_hash, rpc_url=node.rpc_url)
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
