"""Promotion (the express lane): choosing the listings and buying a package from the balance, and an operator's
removal of a listing, which refunds the unused part of a paid promotion that included it (product.md 2.9; issue 32,
attack 9)."""

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from apps.accounts.constants import MerchantStatus
from apps.accounts.models import Merchant, OperatorAction
from apps.accounts.services import operator_action_record
from apps.core.errors import AppError, ErrorCode, field_error
from apps.core.i18n import django_lang
from apps.core.idempotency import IdempotencyKey
from apps.core.money import ZERO, money_text, quantize
from apps.core.transitions import Operator
from apps.shop.models import PromotionPackage
from apps.wallet.constants import OPERATOR_LISTING_REMOVED, AccountKind, EntryKind
from apps.wallet.ledger import account_get
from apps.wallet.operations import Posting, money_operation, operator_money_operation
from apps.wallet.references import RefKind, ledger_ref

from ..models import Promotion, PromotionGoods, ShopGoods
from ..texts import product_missing
from .selectors import goods_promoted_ids


def promotion_goods_choose(*, merchant: Merchant, goods_ids: list[int], quantity: int) -> list[ShopGoods]:
    """The listings a promotion of `quantity` products may promote: 1 to `quantity` distinct listings of this shop,
    on shelf, of available products, none in a promotion running now. Otherwise a rejection of `goods_ids` (another
    merchant's id answers like a missing one). Reads only: the caller holds the merchant row lock when it buys."""
    if not goods_ids:
        raise field_error("goods_ids", _("Please choose the products to promote."))
    if len(set(goods_ids)) != len(goods_ids):
        raise field_error("goods_ids", _("Each product can be chosen only once."))
    if len(goods_ids) > quantity:
        message = ngettext(
            "This package promotes at most %(count)d product.",
            "This package promotes at most %(count)d products.",
            quantity,
        )
        raise field_error("goods_ids", message % {"count": quantity}, ErrorCode.LIMIT_REACHED)
    found = {
        goods.pk: goods
        for goods in ShopGoods.objects.filter(merchant=merchant, pk__in=goods_ids, product__is_active=True)
        .select_related("product")
        .order_by()
    }
    if len(found) != len(goods_ids):
        raise field_error("goods_ids", product_missing(), ErrorCode.NOT_FOUND)
    chosen = [found[pk] for pk in goods_ids]
    for goods in chosen:
        if not goods.on_shelf:
            message = _("“%(title)s” is not on sale: put it on the shelf to promote it.")
            raise field_error("goods_ids", message % {"title": goods.product.title}, ErrorCode.STATE)
    promoted = goods_promoted_ids(merchant=merchant, goods_ids=goods_ids)
    for goods in chosen:
        if goods.pk in promoted:
            message = _("“%(title)s” is already promoted. You can choose it again when its promotion ends.")
            raise field_error("goods_ids", message % {"title": goods.product.title}, ErrorCode.CONFLICT)
    return chosen


def promotion_create(*, merchant: Merchant, package: PromotionPackage, goods: list[ShopGoods]) -> Promotion:
    """Starts a promotion of `goods` now, for the package's duration, with the package's terms as bought. Called by
    promotion_buy inside its money operation, which pays for it in the same transaction."""
    starts_at = timezone.now()
    ends_at = starts_at + timedelta(hours=package.duration_hours)
    promotion = Promotion.objects.create(
        merchant=merchant,
        package=package,
        name=package.name,
        price=package.price,
        product_quantity=package.product_quantity,
        duration_hours=package.duration_hours,
        starts_at=starts_at,
        ends_at=ends_at,
    )
    PromotionGoods.objects.bulk_create(
        [
            PromotionGoods(
                promotion=promotion,
                goods=item,
                product_id=item.product_id,
                title=item.product.title[:200],
                starts_at=starts_at,
                ends_at=ends_at,
            )
            for item in goods
        ]
    )
    return promotion


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
            reference=ledger_ref(RefKind.PROMOTION, promotion.pk),
            kind=EntryKind.PROMOTION,
            lines=[
                (account_get(kind=AccountKind.AVAILABLE, merchant=locked), -promotion.price),
                (account_get(kind=AccountKind.REVENUE_PROMOTION), promotion.price),
            ],
            memo=promotion.name,
        )

    return money_operation(merchant=merchant, pay_password=pay_password, idempotency=idempotency, run=buy, check=check)


@transaction.atomic
@dataclass(frozen=True)
class ListingRemoval:
    """What an operator's removal of a listing did (goods_operator_remove)."""

    goods_id: int
    product_id: int
    title: str  # the product's title in the merchant's language, as the merchant's message names it
    refund: Decimal  # the unused part of the running promotion that included the listing; 0.00 without one


def promotion_share(*, item: PromotionGoods) -> Decimal:
    """One product's share of its promotion's price: the price split equally among the promotion's products, in
    cents, the cents that do not split evenly going one each to its first products (10.00 for three: 3.34, 3.33,
    3.33), so the shares add up to the price."""
    ids = list(
        PromotionGoods.objects.filter(promotion_id=item.promotion_id).order_by("pk").values_list("pk", flat=True)
    )
    base, extra = divmod(int(item.promotion.price * 100), len(ids))
    return Decimal(base + (1 if ids.index(item.pk) < extra else 0)) / 100


def promotion_unused_part(*, item: PromotionGoods, now: datetime) -> Decimal:
    """The part of one product's share of its promotion's price (promotion_share) that pays for the time still to
    run at `now`: the share times the time left over the promotion's whole window, to the cent (half up). Never more
    than the share, so a promotion's refunds add up to its price at most, and to all of it when every product is
    removed at its start."""
    promotion = item.promotion
    window = promotion.ends_at - promotion.starts_at
    left = min(max(item.ends_at - now, timedelta(0)), window)
    micro = timedelta(microseconds=1)
    return quantize(promotion_share(item=item) * Decimal(left // micro) / Decimal(window // micro))


def goods_operator_remove(*, merchant: Merchant, goods_id: int, now: datetime) -> ListingRemoval:
    """An operator takes one of the merchant's listings out of the shop (listing_remove calls it in
    its money operation, which holds the merchant row lock and refunds what this returns).

    The listing row goes, as when the merchant removes it: the shop stops selling it. Its history stays: the views
    (GoodsView), the orders (their own copy of what was sold) and the promotion items keep their rows, their listing
    NULL. The promotion running for it ends now for this product, marked removed, with the unused part of its share
    of the price (promotion_unused_part) recorded as refunded.
    """
    goods = (
        ShopGoods.objects.select_for_update(of=("self",), no_key=True)
        .select_related("product")
        .filter(pk=goods_id, merchant=merchant)
        .first()
    )
    if goods is None:
        raise AppError(product_missing(), ErrorCode.NOT_FOUND)
    with translation.override(django_lang(merchant.language)):
        title = goods.product.title
    running = (
        PromotionGoods.objects.select_for_update(of=("self",), no_key=True)
        .select_related("promotion")
        .filter(goods=goods, starts_at__lte=now, ends_at__gt=now)
        .order_by("pk")
    )
    refund = ZERO
    for item in running:  # one at most: a listing is in one running promotion at a time (promotion_goods_choose)
        item.refunded = promotion_unused_part(item=item, now=now)
        item.removed_at = item.ends_at = now
        item.save(update_fields=["refunded", "removed_at", "ends_at"])
        refund += item.refunded
    removal = ListingRemoval(goods_id=goods.pk, product_id=goods.product_id, title=title, refund=refund)
    goods.delete()
    return removal


REMOVED = gettext_noop("“%(title)s” was removed from your shop")
REMOVED_REFUNDED = gettext_noop(
    "“%(title)s” was removed from your shop; %(amount)s, the unused part of its promotion, was refunded to your balance"
)
REASON_MAX = OperatorAction._meta.get_field("reason").max_length or 255


def listing_remove(*, goods_id: int, operator: Operator, reason: str) -> ListingRemoval:
    """Removes a listing from its merchant's shop for an operator (permission catalog.remove_shopgoods), in one
    transaction: the listing leaves the shop with its history kept (goods_operator_remove), the
    merchant's account history gets the action and the merchant a message in their language with the reason, and
    the unused part of a running paid promotion that included it goes back to the merchant's balance in one entry
    (revenue:promotion -> available, reference promotion_refund:<listing id>)."""
    reason = reason.strip()
    if not reason:
        raise field_error("reason", _("Please give a reason."))
    if len(reason) > REASON_MAX:
        raise field_error(
            "reason", _("A reason can have at most %(max_length)d characters.") % {"max_length": REASON_MAX}
        )
    merchant_id = ShopGoods.objects.filter(pk=goods_id).values_list("merchant_id", flat=True).first()
    if merchant_id is None:
        raise AppError(product_missing(), ErrorCode.NOT_FOUND)

    def remove(locked: Merchant) -> tuple[ListingRemoval, Posting | None]:
        removal = goods_operator_remove(merchant=locked, goods_id=goods_id, now=timezone.now())
        refunded = removal.refund > ZERO
        operator_action_record(
            merchant=locked,
            operator=operator,
            kind=OPERATOR_LISTING_REMOVED,
            title=REMOVED_REFUNDED if refunded else REMOVED,
            reason=reason,
            params={"title": removal.title, **({"amount": money_text(removal.refund)} if refunded else {})},
        )
        if not refunded:
            return removal, None
        return removal, Posting(
            reference=ledger_ref(RefKind.PROMOTION_REFUND, removal.goods_id),
            kind=EntryKind.PROMOTION_REFUND,
            lines=[
                (account_get(kind=AccountKind.AVAILABLE, merchant=locked), removal.refund),
                (account_get(kind=AccountKind.REVENUE_PROMOTION), -removal.refund),
            ],
            memo=removal.title,
        )

    return operator_money_operation(merchant=Merchant(pk=merchant_id), run=remove)
