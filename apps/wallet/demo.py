"""Wallet demo data (manage.py seed_demo): deposit networks, bank details, the fee rule, and a starting
balance for the demo merchant, credited through the deposit services so it is real ledger money. Idempotent."""

from decimal import Decimal
from typing import TextIO

from django.contrib.auth import get_user_model

from apps.accounts.models import Merchant

from . import services
from .constants import AddressFormat, Method
from .models import BankDepositDetails, Deposit, DepositNetwork, WithdrawalFeeRule

DEMO_EMAIL = "demo@example.com"
STARTING_BALANCE = Decimal("1000.00")
NETWORKS = [
    {
        "code": "USDT-TRC20",
        "address_format": AddressFormat.TRON,
        "address": "TJbM8yRzQ3fxuWc7ZVd6kPq2sN4aHgE5Lt",
        "token_contract": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        "minimum": Decimal("10.00"),
        "sort": 1,
    },
    {
        "code": "USDT-ERC20",
        "address_format": AddressFormat.EVM,
        "address": "0x7CdAc0083bE6D46B328b8410Bcc94000d1dfD6b7",
        "token_contract": "0xdAC17F958D2ee523a2206206994597C13D831ec7",
        "minimum": Decimal("20.00"),
        "sort": 2,
    },
]


def seed(stdout: TextIO) -> None:
    # Published terms (apps.core.terms): a first version in force now of each that has none; a platform with terms
    # keeps them (a change is a new version, announced in the admin).
    for network in NETWORKS:
        if not DepositNetwork.objects.filter(code=network["code"]).exists():
            DepositNetwork.objects.create(**network, confirmations=2)
    if not BankDepositDetails.objects.exists():
        BankDepositDetails.objects.create(
            label="main",
            bank_name="Demo Bank",
            account_name="Marketplace Ltd",
            account_number="6222 0000 1234 5678",
            branch="Main",
        )
    if not WithdrawalFeeRule.objects.exists():
        WithdrawalFeeRule.objects.create(fixed_fee=Decimal("1.00"), percent_fee=Decimal("1.00"), minimum=Decimal("10"))
    merchant = Merchant.objects.filter(email=DEMO_EMAIL).first()
    if merchant is None or Deposit.objects.filter(merchant=merchant).exists():
        return
    deposit = services.deposit_create(
        merchant=merchant,
        method=Method.BANK,
        amount=STARTING_BALANCE,
        payer_name=merchant.real_name,
        card_number="4000 1234 5678 9010",
        bank_name="Demo Bank",
    )
    operator = get_user_model().objects.filter(is_superuser=True).order_by("id").first()
    services.deposit_approve(deposit_id=deposit.pk, operator=operator, note="Demo starting balance")
    stdout.write(f"Demo merchant credited {STARTING_BALANCE} by deposit {deposit.number}.")
