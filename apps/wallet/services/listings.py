"""An operator takes a listing out of a merchant's shop: with a reason, told to the merchant, and the unused part of
a paid promotion that included it refunded (product.md 2.9; issue 32, attack 9)."""

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from apps.accounts.models import Merchant, OperatorAction
from apps.accounts.services import operator_action_record
from apps.catalog.models import ShopGoods
from apps.catalog.services import ListingRemoval, goods_operator_remove
from apps.catalog.texts import product_missing
from apps.core.errors import AppError, ErrorCode, field_error
from apps.core.money import ZERO, money_text
from apps.core.transitions import Operator

from ..constants import OPERATOR_LISTING_REMOVED, AccountKind, EntryKind
from ..ledger import account_get
from ..operations import Posting, operator_money_operation
from ..references import RefKind, ledger_ref

REMOVED = gettext_noop("“%(title)s” was removed from your shop")
REMOVED_REFUNDED = gettext_noop(
    "“%(title)s” was removed from your shop; %(amount)s, the unused part of its promotion, was refunded to your balance"
)
REASON_MAX = OperatorAction._meta.get_field("reason").max_length or 255


def listing_remove(*, goods_id: int, operator: Operator, reason: str) -> ListingRemoval:
    """Removes a listing from its merchant's shop for an operator (permission catalog.remove_shopgoods), in one
    transaction: the listing leaves the shop with its history kept (catalog.services.goods_operator_remove), the
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
