"""Chain verification against a real in-process EVM (eth-tester + py-evm) and this repo's ERC-20 (Vyper)."""

from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from types import SimpleNamespace

import pytest
import time_machine
import vyper
from django.conf import settings
from django.utils import timezone, translation
from web3 import EthereumTesterProvider, Web3

from apps.core.errors import AppError
from apps.core.terms import terms_version_add
from apps.support.models import Broadcast
from apps.wallet import services
from apps.wallet.chain import verify
from apps.wallet.constants import DepositStatus
from apps.wallet.models import Deposit, DepositNetwork
from apps.wallet.selectors import networks_active, wallet_summary
from apps.wallet.services.deposits import ALREADY_CREDITED
from apps.wallet.tasks import verify_chain_deposits
from tests.factories import DepositNetworkFactory, upload_image

pytestmark = pytest.mark.chain
RPC = "local://test-chain"
TOKEN_SOURCE = Path(settings.BASE_DIR) / "apps" / "wallet" / "chain" / "contracts" / "Token.vy"


@pytest.fixture(scope="module")
def chain():
    compiled = vyper.compile_code(TOKEN_SOURCE.read_text(), output_formats=["abi", "bytecode"])
    w3 = Web3(EthereumTesterProvider())
    owner, payer, platform, stranger = w3.eth.accounts[:4]

    def deploy(symbol):
        factory = w3.eth.contract(abi=compiled["abi"], bytecode=compiled["bytecode"])
        receipt = w3.eth.wait_for_transaction_receipt(
            factory.constructor("Test " + symbol, symbol, 6, 10**18).transact({"from": owner})
        )
        token = w3.eth.contract(address=receipt.contractAddress, abi=compiled["abi"])
        token.functions.transfer(payer, 10**15).transact({"from": owner})
        return token

    connect = verify.web3_for
    with pytest.MonkeyPatch.context() as patch:  # the networks whose node is RPC read this in-process chain
        patch.setattr(verify, "web3_for", lambda rpc_url: w3 if rpc_url == RPC else connect(rpc_url))
        yield SimpleNamespace(
            w3=w3, token=deploy("USDT"), other=deploy("FAKE"), payer=payer, platform=platform, stranger=stranger
        )


@pytest.fixture
def network(db, chain):
    return DepositNetworkFactory(
        code="USDT-ERC20",
        address_format="evm",
        address=chain.platform,
        token_contract=chain.token.address,
        rpc_url=RPC,
        auto_verify=True,
        minimum="1.00",
        confirmations=2,
    )


def _pay(chain, units, *, token=None, to=None, gas=None):
    tx = {"from": chain.payer, **({"gas": gas} if gas else {})}
    tx_hash = (token or chain.token).functions.transfer(to or chain.platform, units).transact(tx)
    return Web3.to_hex(tx_hash)


def _deposit(merchant, network, tx_hash, amount="25.00"):
    voucher = upload_image(kind="voucher", owner=merchant)
    return services.deposit_create(
        merchant=merchant,
        method="chain",
        amount=Decimal(amount),
        network_code=network.code,
        voucher_key=voucher.key,
        tx_hash=tx_hash,
    )


def _mine(chain, blocks=1):
    chain.w3.provider.ethereum_tester.mine_blocks(blocks)


def _run():
    return verify_chain_deposits.delay().get()


def test_one_confirmation_waits_two_credit_once_for_the_amount_on_chain(chain, network, merchant):
    deposit = _deposit(merchant, network, _pay(chain, 25_500_000), amount="30.00")  # declared 30, paid 25.50
    assert _run() == 0
    deposit.refresh_from_db()
    assert (deposit.status, deposit.verify_note) == (DepositStatus.PENDING, verify.WAITING)
    _mine(chain)
    assert _run() == 1
    assert _run() == 0
    deposit.refresh_from_db()
    assert (deposit.status, deposit.credited_amount, deposit.reviewed_by) == (
        DepositStatus.APPROVED,
        Decimal("25.50"),
        None,
    )
    assert wallet_summary(merchant=merchant)["balance"] == "25.50"


@pytest.mark.parametrize(
    ("case", "reason"),
    [
        ("other_address", verify.NO_TRANSFER),
        ("other_token", verify.NO_TRANSFER),
        ("failed", verify.FAILED),
        ("unknown", verify.NOT_FOUND),
    ],
)
def test_transactions_that_do_not_pay_the_platform_are_never_credited(chain, network, merchant, case, reason):
    tx_hash = {
        "other_address": lambda: _pay(chain, 5_000_000, to=chain.stranger),
        "other_token": lambda: _pay(chain, 5_000_000, token=chain.other),
        # More than the payer holds: the transfer reverts and is mined with status 0.
        "failed": lambda: _pay(chain, 10**30, gas=200_000),
        "unknown": lambda: "0x" + "12" * 32,
    }[case]()
    deposit = _deposit(merchant, network, tx_hash)
    _mine(chain, 3)
    assert _run() == 0
    deposit.refresh_from_db()
    assert (deposit.status, deposit.verify_note) == (DepositStatus.PENDING, reason)
    assert wallet_summary(merchant=merchant)["balance"] == "0.00"


def test_a_hash_credits_one_deposit_only(chain, network, merchant, other_merchant, operator):
    tx_hash = _pay(chain, 40_000_000)
    first = _deposit(merchant, network, tx_hash)
    # A second claim of the same transaction (made before the first was credited).
    second = _deposit(other_merchant, network, tx_hash)
    _mine(chain)
    assert _run() == 1
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.status == DepositStatus.APPROVED
    assert (second.status, second.verify_note) == (DepositStatus.PENDING, ALREADY_CREDITED)
    assert wallet_summary(merchant=other_merchant)["balance"] == "0.00"
    # Neither the chain path nor an operator by hand credits the same hash twice.
    with translation.override("en"), pytest.raises(AppError, match="already credited"):
        services.deposit_approve(deposit_id=second.pk, operator=None, tx_hash=tx_hash)
    with translation.override("en"), pytest.raises(AppError, match=f"already credited by deposit {first.number}"):
        services.deposit_approve(
            deposit_id=second.pk, operator=operator, note="On the explorer", tx_hash=tx_hash.upper()
        )
    assert Deposit.objects.filter(credited_tx_hash=services.tx_hash_key(tx_hash)).count() == 1
    assert first.credited_tx_hash == tx_hash.removeprefix("0x")  # one spelling: lower case, no 0x


def _new_version(network, operator=None, **changes):
    """A new version of `network` with `changes`, added as an operator adds it (apps.core.terms)."""
    fields = {f.name: getattr(network, f.name) for f in DepositNetwork._meta.concrete_fields if f.editable}
    fields.pop("id")
    return terms_version_add(version=DepositNetwork(**{**fields, **changes}), operator=operator)


def test_networks_without_auto_verify_wait_for_an_operator(chain, network, merchant):
    # Switching automatic verification off is the platform's working, not a term: it applies at once, unannounced.
    _new_version(network, auto_verify=False, effective_from=timezone.now())
    assert not Broadcast.objects.exists()
    deposit = _deposit(merchant, network, _pay(chain, 5_000_000))
    _mine(chain, 2)
    assert _run() == 0
    deposit.refresh_from_db()
    assert (deposit.status, deposit.verify_note) == (DepositStatus.PENDING, "")


def test_a_deposit_is_checked_against_the_address_it_was_made_to_after_the_address_changes(
    chain, network, merchant, other_merchant, operator
):
    """Attack 4 (terms changed after payment): the operator announces a new address. A deposit made before it applies
    is still checked against the address the merchant was shown, before and after the change; one made after it, to
    the new address only."""
    before = _deposit(merchant, network, _pay(chain, 12_000_000))  # paid to the address shown now
    moved = _new_version(
        network,
        operator,
        address=chain.stranger,
        effective_from=timezone.now() + timedelta(days=settings.TERMS_NOTICE_DAYS, hours=1),
        change_note="New platform wallet",
    )
    assert Broadcast.objects.count() == 1  # announced to every merchant
    assert before.network_id == network.pk and moved.pk != network.pk
    with time_machine.travel(moved.effective_from + timedelta(minutes=1)):
        assert [n["address"] for n in networks_active() if n["code"] == network.code] == [chain.stranger]
        _mine(chain, 2)
        assert _run() == 1  # credited: the transfer paid the address of the deposit's version
        before.refresh_from_db()
        assert (before.status, before.credited_amount, before.network_id) == (
            DepositStatus.APPROVED,
            Decimal("12.00"),
            network.pk,
        )
        # After the change, a deposit is made to the new version: a payment to the old address is not its payment.
        after = _deposit(other_merchant, network, _pay(chain, 7_000_000))
        assert after.network_id == moved.pk
        _mine(chain, 2)
        assert _run() == 0
        after.refresh_from_db()
        assert (after.status, after.verify_note) == (DepositStatus.PENDING, verify.NO_TRANSFER)
        paid_to_new = _deposit(other_merchant, network, _pay(chain, 7_000_000, to=chain.stranger))
        _mine(chain, 2)
        assert _run() == 1
        paid_to_new.refresh_from_db()
        assert paid_to_new.status == DepositStatus.APPROVED


def test_the_verification_runs_periodically_from_the_beat_schedule():
    from config.celery import app

    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert verify_chain_deposits.name in scheduled
    assert verify_chain_deposits.name in app.tasks
