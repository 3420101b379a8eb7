"""Spending on the platform (level upgrade, promotion) and operators' corrections of a balance (four eyes)."""

from decimal import Decimal

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from apps.accounts.constants import MerchantStatus
from apps.accounts.models import Merchant
from apps.accounts.services import operator_action_record
from apps.catalog.models import Promotion
from apps.catalog.services import promotion_create, promotion_goods_choose
from apps.core.errors import AppError, ErrorCode, field_error, text_for
from apps.core.idempotency import IdempotencyKey
from apps.core.money import ZERO, money_bounded, money_text, quantize
from apps.core.transitions import transition
from apps.shop.models import Level, PromotionPackage
from apps.shop.selectors import level_effective, level_list, level_upgrade_cost

from ..constants import AccountKind, AdjustmentStatus, EntryKind, OperatorActionKind
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
def adjustment_request(*, merchant: Merchant, amount: Decimal, reason: str, operator: Operator) -> Adjustment:
    """An operator's request to correct the merchant's balance, with its reason. Nothing moves until another operator
    approves it (adjustment_approve): four eyes (product.md 2.9)."""
    amount, reason = quantize(amount), reason.strip()
    if amount == ZERO:
        raise field_error("amount", _("Cannot be zero"))
    money_bounded(amount, operation="adjustment")
    if not reason:
        raise field_error("reason", _("Please give a reason."))
    return Adjustment.objects.create(merchant=merchant, amount=amount, reason=reason, operator=operator)


def _second_operator(adjustment: Adjustment, approver: Operator) -> User:
    """The operator deciding `adjustment`: one who holds wallet.approve_adjustment and did not request it."""
    if approver is None or not approver.has_perm("wallet.approve_adjustment"):
        raise AppError(_("Only an operator who may approve balance adjustments can decide this."), ErrorCode.FORBIDDEN)
    if approver.pk == adjustment.operator_id:
        raise AppError(
            _("A balance adjustment is approved by another operator than the one who requested it."),
            ErrorCode.FORBIDDEN,
        )
    return approver


@transaction.atomic
def adjustment_approve(*, adjustment_id: int, approver: Operator) -> Adjustment:
    """A second operator approves a requested adjustment: it is posted to the ledger (the merchant's available against
    platform adjustments, the reason as its memo, shown in the funds records) and recorded as an operator action of the
    requester, approved by `approver` (the merchant's message says what and why). Exactly once."""
    adjustment = Adjustment.objects.select_related("merchant").get(pk=adjustment_id)
    approver = _second_operator(adjustment, approver)
    changes = {"decided_by": approver, "decided_at": timezone.now()}
    transition(adjustment, AdjustmentStatus.APPROVED, actor=approver, note=adjustment.reason, changes=changes)
    ledger_post(
        reference=f"adjustment:{adjustment.pk}",
        kind=EntryKind.ADJUSTMENT,
        lines=[
            (account_get(kind=AccountKind.AVAILABLE, merchant=adjustment.merchant), adjustment.amount),
            (account_get(kind=AccountKind.ADJUSTMENTS), -adjustment.amount),
        ],
        memo=adjustment.reason,
    )
    operator_action_record(
        merchant=adjustment.merchant,
        operator=adjustment.operator,
        approver=approver,
        kind=OperatorActionKind.BALANCE_ADJUSTMENT,
        title=gettext_noop("Balance adjustment: %(amount)s"),
        reason=adjustment.reason,
        params={"amount": money_text(adjustment.amount)},
    )
    return adjustment


@transaction.atomic
def adjustment_reject(*, adjustment_id: int, approver: Operator, reason: str) -> Adjustment:
    """A second operator turns a requested adjustment down, with a reason. Nothing moved, so the merchant is not
    told; the request stays listed with its decision."""
    reason = text_for(Adjustment, "decision_note", reason, field="reason")
    if not reason:
        raise field_error("reason", _("Please give a reason."))
    adjustment = Adjustment.objects.get(pk=adjustment_id)
    approver = _second_operator(adjustment, approver)
    changes = {"decided_by": approver, "decided_at": timezone.now(), "decision_note": reason}
    transition(adjustment, AdjustmentStatus.REJECTED, actor=approver, note=reason, changes=changes)
    return adjustment
