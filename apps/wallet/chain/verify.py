"""Reading a deposit's transaction from the network's JSON-RPC node (web3.py).

`web3_for(rpc_url)` is the one place that connects, to the network's HTTP node (the tests replace it with an
in-process EVM chain, eth-tester).
"""

import logging
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal

from django.utils.translation import gettext_noop
from eth_typing import HexStr
from web3 import Web3
from web3.logs import DISCARD

from apps.core.money import CENT

from ..constants import AddressFormat
from ..models import DepositNetwork

log = logging.getLogger(__name__)

# Only what verification reads: the Transfer event and decimals().
ERC20_ABI = [
    {
        "type": "event",
        "name": "Transfer",
        "anonymous": False,
        "inputs": [
            {"name": "sender", "type": "address", "indexed": True},
            {"name": "receiver", "type": "address", "indexed": True},
            {"name": "value", "type": "uint256", "indexed": False},
        ],
    },
    {
        "type": "function",
        "name": "decimals",
        "stateMutability": "view",
        "inputs": [],
        "outputs": [{"name": "", "type": "uint8"}],
    },
]

# Reasons shown to operators (msgids, translated when shown).
NOT_EVM = gettext_noop("Automatic verification supports EVM networks only.")
UNREACHABLE = gettext_noop("The network node could not be reached; will try again.")
NOT_FOUND = gettext_noop("The transaction is not on the chain (yet).")
FAILED = gettext_noop("The transaction failed on the chain.")
WAITING = gettext_noop("Waiting for confirmations.")
NO_TRANSFER = gettext_noop("No transfer of the network's token to the platform address in this transaction.")


def web3_for(rpc_url: str) -> Web3:
    return Web3(Web3.HTTPProvider(rpc_url, request_kwargs={"timeout": 10}))


@dataclass(frozen=True)
class ChainResult:
    amount: Decimal | None  # credited amount, when the deposit may be credited
    reason: str = ""


def chain_transfer(*, network: DepositNetwork, tx_hash: str, rpc_url: str | None = None) -> ChainResult:
    """What the chain says about `tx_hash`: the amount of `network`'s token it paid to `network`'s address (the version
    a deposit was made to: the address the merchant was shown), with `network`'s confirmations, or why not. The chain
    is read at `rpc_url` (the node of the network's version in force), else at the network's own."""
    if network.address_format != AddressFormat.EVM:
        return ChainResult(None, NOT_EVM)
    try:
        w3 = web3_for(rpc_url or network.rpc_url)
        try:
            receipt = w3.eth.get_transaction_receipt(HexStr(tx_hash))
        except Exception:  # web3 raises TransactionNotFound (and ValueError on some nodes)
            return ChainResult(None, NOT_FOUND)
        if receipt["status"] != 1:
            return ChainResult(None, FAILED)
        if w3.eth.block_number - receipt["blockNumber"] + 1 < network.confirmations:
            return ChainResult(None, WAITING)
        token = w3.eth.contract(address=Web3.to_checksum_address(network.token_contract), abi=ERC20_ABI)
        platform = network.address.lower()
        value = sum(
            event["args"]["value"]
            for event in token.events.Transfer().process_receipt(receipt, errors=DISCARD)
            if event["address"].lower() == token.address.lower() and event["args"]["receiver"].lower() == platform
        )
        if not value:
            return ChainResult(None, NO_TRANSFER)
        decimals = token.functions.decimals().call()
    except Exception:
        log.warning("chain read failed for %s on %s", tx_hash, network.code, exc_info=True)
        return ChainResult(None, UNREACHABLE)
    # Round down: never credit a fraction of a cent that did not arrive.
    amount = (Decimal(value) / Decimal(10) ** decimals).quantize(CENT, rounding=ROUND_DOWN)
    return ChainResult(amount) if amount > 0 else ChainResult(None, NO_TRANSFER)
