"""What the wallet services share: numbers, amounts, networks and the review fields of a decision."""

import secrets
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.accounts.constants import MerchantStatus
from apps.core.errors import ErrorCode, field_error
from apps.core.money import ZERO, money_bounded, quantize

from ..models import DepositNetwork

Operator = User | None

# Merchants whose registration is not approved: deposits wait, withdrawals are refused (product.md section 3).
NOT_APPROVED = {MerchantStatus.PENDING, MerchantStatus.REJECTED}


def new_number(prefix: str) -> str:
    """A deposit, withdrawal or order number: the second it was made and 10 random digits (six drew the same number
    twice within one second when a few hundred were made in it)."""
    return f"{prefix}{timezone.now():%Y%m%d%H%M%S}{secrets.randbelow(10**10):010d}"


def positive(amount: Decimal, *, operation: str, field: str = "amount") -> Decimal:
    """A positive amount within the operation's bound (settings.MONEY_MAX), quantized; else a rejection of `field`."""
    amount = quantize(amount)
    if amount <= ZERO:
        raise field_error(field, _("Cannot be zero"))
    return money_bounded(amount, operation=operation, field=field)


def active_network(code: str) -> DepositNetwork:
    """The version of network `code` in force now, when it is active: what a deposit or withdrawal made now keeps."""
    network = DepositNetwork.objects.in_force().filter(code=code, is_active=True).first()
    if network is None:
        raise field_error("network", _("Please choose a network."), ErrorCode.NOT_FOUND)
    return network


def reviewed(operator: Operator, note: str) -> dict[str, Any]:
    """The fields a decision on a deposit or withdrawal sets beside its status (transition's `changes`)."""
    return {"reviewed_by": operator, "reviewed_at": timezone.now(), "review_note": note[:255]}
