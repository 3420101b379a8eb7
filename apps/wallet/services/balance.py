"""Spending on the platform (level upgrade, promotion) and operators' corrections of a balance."""

from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext as _

from apps.accounts.constants import MerchantStatus
from apps.accounts.models import Merchant
from apps.catalog.models import Promotion
from apps.catalog.services import promotion_create, promotion_goods_choose
from apps.core.errors import AppError, ErrorCode, field_error
from apps.core.idempotency import IdempotencyKey
from apps.core.money import ZERO, money_bounded, quantize
from apps.shop.models import Level, PromotionPackage
from apps.shop.selectors import level_effective, level_list, level_upgrade_cost

from ..constants import AccountKind, EntryKind
from ..ledger import account_get, ledger_post
from ..models import Adjustment
from ..operations import Posting, money_operation
from .common import Operator


def level_upgrade(
    *, merchant: Merchant, level_id: int, pay_password: str, idempotency: IdempotencyKey | None = None
) -> Level:
    """Moves the merchant up to `level_id`, a level version in force (what the level list shows), charging what the
    list shows (shop.selectors.level_upgrade_cost). The merchant then keeps that version's terms. A version replaced or
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
            reference=f"level:{locked.pk}:{target.pk}",
            kind=EntryKind.LEVEL_UPGRADE,
            lines=[
                (account_get(kind=AccountKind.AVAILABLE, merchant=locked), -cost),
                (account_get(kind=AccountKind.REVENUE_LEVELS), cost),
            ],
            memo=target.name,
        )

    return money_operation(merchant=merchant, pay_password=pay_password, idempotency=idempotency, run=upgrade)


def _promotion_allowed(merchant: Merchant) -> None:
    """Only an active shop can be promoted: a pending, rejected or closed one is hidden from buyers (product.md 3)."""
    if merchant.status == MerchantStatus.CLOSED:
        raise AppError(
            _("Your shop is closed, so buyers cannot see it. Promotion can be bought when it is reopened."),
            ErrorCode.SHOP_CLOSED,
        )
    if merchant.status != MerchantStatus.ACTIVE:
        raise AppError(
            _("Buyers cannot see your shop until it is approved. Promotion can be bought after approval."),
            ErrorCode.STATE,
        )


def promotion_buy(
    *,
    merchant: Merchant,
    package_id: int,
    goods_ids: list[int],
    pay_password: str,
    idempotency: IdempotencyKey | None = None,
) -> Promotion:
    """Buys a shop express lane package (product.md section 8): charges its price to platform promotion revenue and
    starts the promotion of the chosen goods. It creates no order, visit or figure."""
    package = PromotionPackage.objects.filter(pk=package_id, is_active=True).first()

    def check() -> None:
        # A form mistake is refused here, before the payment password is tried (skipped when the key repeats).
        _promotion_allowed(merchant)
        if package is None:
            raise field_error("package_id", _("This package is not available."), ErrorCode.NOT_FOUND)
        promotion_goods_choose(merchant=merchant, goods_ids=goods_ids, quantity=package.product_quantity)

    def buy(locked: Merchant) -> tuple[Promotion, Posting]:
        if package is None:  # refused by check() already
            raise field_error("package_id", _("This package is not available."), ErrorCode.NOT_FOUND)
        # Checked again under the merchant row lock: a concurrent purchase of the same goods has committed or waits.
        _promotion_allowed(locked)
        goods = promotion_goods_choose(merchant=locked, goods_ids=goods_ids, quantity=package.product_quantity)
        promotion = promotion_create(merchant=locked, package=package, goods=goods)
        return promotion, Posting(
            reference=f"promotion:{promotion.pk}",
            kind=EntryKind.PROMOTION,
            lines=[
                (account_get(kind=AccountKind.AVAILABLE, merchant=locked), -promotion.price),
                (account_get(kind=AccountKind.REVENUE_PROMOTION), promotion.price),
            ],
            memo=promotion.name,
        )

    return money_operation(merchant=merchant, pay_password=pay_password, idempotency=idempotency, run=buy, check=check)


@transaction.atomic
def adjustment_create(*, merchant: Merchant, amount: Decimal, reason: str, operator: Operator) -> Adjustment:
    """An explicit correction of the merchant's balance against platform adjustments, with its reason."""
    amount, reason = quantize(amount), reason.strip()
    if amount == ZERO:
        raise field_error("amount", _("Cannot be zero"))
    money_bounded(amount, operation="adjustment")
    if not reason:
        raise field_error("reason", _("Please give a reason."))
    adjustment = Adjustment.objects.create(merchant=merchant, amount=amount, reason=reason, operator=operator)
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
