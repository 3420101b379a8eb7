"""Moving up a level: paid from the balance through the wallet's money operation."""

from django.utils.translation import gettext as _

from apps.accounts.models import Merchant
from apps.core.errors import AppError, ErrorCode, field_error
from apps.core.idempotency import IdempotencyKey
from apps.core.money import ZERO
from apps.shop.models import Level
from apps.wallet.constants import AccountKind, EntryKind
from apps.wallet.ledger import account_get
from apps.wallet.operations import Posting, money_operation
from apps.wallet.references import RefKind, ledger_ref

from .selectors import level_effective, level_list, level_upgrade_cost


def level_upgrade(
    *, merchant: Merchant, level_id: int, pay_password: str, idempotency: IdempotencyKey | None = None
) -> Level:
    """Moves the merchant up to `level_id`, a level version in force (what the level list shows), charging what the
    list shows (selectors.level_upgrade_cost). The merchant then keeps that version's terms. A version replaced or
    not in force yet is refused: the merchant pays only for terms it has seen."""
    target = Level.objects.filter(pk=level_id).first()
    if target is None:
        raise field_error("level_id", _("This level does not exist."), ErrorCode.NOT_FOUND)
    if not level_list().filter(pk=target.pk).exists():
        raise AppError(
            _("The terms of this level have changed. Please look at the levels again before upgrading."),
            ErrorCode.STATE,
        )

    def upgrade(locked: Merchant) -> tuple[Level, Posting | None]:
        # The level is read from the locked merchant row: a concurrent upgrade has committed or waits.
        cost = level_upgrade_cost(current=level_effective(merchant=locked), target=target)
        if cost is None:
            raise AppError(_("You can only upgrade to a higher level."), ErrorCode.STATE)
        Merchant.objects.filter(pk=locked.pk).update(level=target)
        if cost == ZERO:
            return target, None
        return target, Posting(
            reference=ledger_ref(RefKind.LEVEL, locked.pk, target.pk),
            kind=EntryKind.LEVEL_UPGRADE,
            lines=[
                (account_get(kind=AccountKind.AVAILABLE, merchant=locked), -cost),
                (account_get(kind=AccountKind.REVENUE_LEVELS), cost),
            ],
            memo=target.name,
        )

    return money_operation(merchant=merchant, pay_password=pay_password, idempotency=idempotency, run=upgrade)
