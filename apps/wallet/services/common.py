"""What the wallet services share: amounts and networks."""

from decimal import Decimal

from django.utils.translation import gettext as _

from apps.accounts.constants import MerchantStatus
from apps.core.errors import ErrorCode, field_error
from apps.core.money import ZERO, money_bounded, quantize

from ..models import DepositNetwork

# Merchants whose registration is not approved: deposits wait, withdrawals are refused (product.md section 3).
NOT_APPROVED = {MerchantStatus.PENDING, MerchantStatus.REJECTED}


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
