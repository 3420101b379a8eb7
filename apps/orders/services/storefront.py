"""From a storefront (the platform's own, or an external one through the intake with its key): a buyer's order,
its payment, cancellation, receipt, refund request and review."""

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django_countries import countries

from apps.accounts.constants import MerchantStatus
from apps.accounts.models import Merchant
from apps.catalog.models import ProductImage, ShopGoods
from apps.catalog.pricing import prices_for
from apps.catalog.services import goods_sales_add
from apps.core.errors import AppError, ErrorCode, field_error, reason_for, text_for
from apps.core.money import ZERO, quantize
from apps.core.notices import NoticeTarget, PushKind, notify
from apps.core.numbers import new_number
from apps.core.transitions import transition
from apps.levels.selectors import level_terms
from apps.shop.models import Shop
from apps.wallet.constants import AccountKind, EntryKind
from apps.wallet.ledger import account_get, ledger_post
from apps.wallet.references import RefKind, ledger_ref

from .. import figures
from ..constants import (
    LINE_QUANTITY_MAX,
    ORDER_LINES_MAX,
    REFUNDABLE,
    REVIEW_STARS_MAX,
    GoodsStatus,
    OrderSource,
    OrderStatus,
)
from ..counts import order_counted
from ..models import Order, OrderLine, Refund, Review, StorefrontKey
from ..selectors import (
    order_in_stock,
    order_missing,
    order_sold_out,
    order_terms,
    payment_window,
    pickup_window,
    units_held_unpaid,
)
from .common import cancel_locked, escrow, has_open_refund, order_locked, order_units, stock_locked, stock_move


@dataclass(frozen=True)
class LineRequest:
    goods_id: int
    quantity: int


@transaction.atomic
def order_create(
    *,
    shop_id: int,
    external_ref: str,
    lines: list[LineRequest],
    ship_name: str,
    ship_phone: str,
    ship_address: str,
    ship_country: str,
    storefront_key: StorefrontKey | None = None,
) -> Order:
    """A buyer's order (awaiting payment) in an open shop, for its on-shelf goods, within stock. What the merchant
    will see and pay is frozen now: per line the title, image, retail and purchase price (at the merchant's level)
    and profit; the totals T, C and T - C. Its units are held (out of the stock) within the bounds of _may_hold, or
    else taken when it is paid; given back if it is cancelled. Its source is the external storefront of
    `storefront_key` (which must serve the shop: apps.orders.intake.key_serves), else the platform's storefront."""
    external_ref = external_ref.strip()
    if not external_ref:
        raise field_error("external_ref", _("The storefront reference is missing."))
    existing = Order.objects.filter(external_ref=external_ref).values("number", "storefront_key").first()
    if existing and existing["storefront_key"] == (storefront_key.pk if storefront_key else None):
        raise AppError(
            _("This storefront order was already received as %(number)s.") % {"number": existing["number"]},
            ErrorCode.CONFLICT,
            {"number": existing["number"]},
        )
    if existing:  # another storefront's: its number is not this one's to know
        raise field_error(
            "external_ref", _("This storefront reference is taken. Please send another."), ErrorCode.CONFLICT
        )
    shop = Shop.objects.select_related("merchant").filter(pk=shop_id).first()
    if shop is None:
        raise field_error("shop", _("This shop does not exist."), ErrorCode.NOT_FOUND)
    merchant = shop.merchant
    if merchant.status != MerchantStatus.ACTIVE:
        raise AppError(_("This shop does not take orders now."), ErrorCode.SHOP_CLOSED)
    ship_country = ship_country.strip().upper()
    if ship_country not in countries:
        raise field_error("country", _("The country is not valid."))
    if not lines or len(lines) > ORDER_LINES_MAX:
        raise field_error("lines", _("An order has 1 to %(max)d products.") % {"max": ORDER_LINES_MAX})
    wanted = [line.goods_id for line in lines]
    if len(set(wanted)) != len(wanted):
        raise field_error("lines", _("Each product may appear once in an order."))
    if any(not 1 <= line.quantity <= LINE_QUANTITY_MAX for line in lines):
        raise field_error("lines", _("A quantity is 1 to %(max)d.") % {"max": LINE_QUANTITY_MAX})
    goods = {
        g.pk: g
        for g in ShopGoods.objects.filter(pk__in=wanted, merchant=merchant)
        .select_related("product")
        .prefetch_related(Prefetch("product__images", queryset=ProductImage.objects.order_by("position", "id")))
    }
    margin, _limit = level_terms(merchant=merchant)
    order = Order(
        merchant=merchant,
        number=new_number("O"),
        external_ref=external_ref,
        source=OrderSource.EXTERNAL if storefront_key else OrderSource.STOREFRONT,
        storefront_key=storefront_key,
        ship_name=text_for(Order, "ship_name", ship_name),
        ship_phone=text_for(Order, "ship_phone", ship_phone),
        ship_address=text_for(Order, "ship_address", ship_address),
        ship_country=ship_country,
        quantity=0,
        total_payment=ZERO,
        total_cost=ZERO,
        earnings=ZERO,
    )
    if not (order.ship_name and order.ship_phone and order.ship_address):
        raise field_error("address", _("Please give the recipient's name, phone and address."))
    rows = []
    units: dict[int, int] = {}  # product id: quantity (a product is listed once in a shop)
    for line in lines:
        listing = goods.get(line.goods_id)
        if listing is None or not listing.on_shelf or not listing.product.is_active:
            raise field_error(
                "lines", _("Product %(id)s is not on sale in this shop.") % {"id": line.goods_id}, ErrorCode.NOT_FOUND
            )
        product = listing.product
        units[product.pk] = line.quantity
        prices = prices_for(retail=product.retail_price, margin=margin)
        images = list(product.images.all())
        rows.append(
            OrderLine(
                product=product,
                title=product.title,
                image=(images[0].thumbnail.name or "") if images else "",
                quantity=line.quantity,
                retail_price=prices.retail,
                purchase_price=prices.purchase,
                profit=prices.profit,
            )
        )
    stock = stock_locked(units)
    for row, (product_id, quantity) in zip(rows, units.items(), strict=True):
        if stock[product_id] == 0:
            raise field_error("lines", _("%(title)s is sold out.") % {"title": row.title})
        if stock[product_id] < quantity:
            raise field_error(
                "lines",
                _("Only %(stock)d of %(title)s are in stock.") % {"stock": stock[product_id], "title": row.title},
            )
    order.stock_reserved = _may_hold(units, stock)
    if order.stock_reserved:
        stock_move(units, -1)
    order.quantity = sum(row.quantity for row in rows)
    order.total_payment = quantize(sum((row.retail_price * row.quantity for row in rows), ZERO))
    order.total_cost = quantize(sum((row.purchase_price * row.quantity for row in rows), ZERO))
    order.earnings = order.total_payment - order.total_cost
    _save_with_a_free_number(order)
    for row in rows:
        row.order = order
    OrderLine.objects.bulk_create(rows)
    figures.order_placed(order)
    order_counted(order, was=None)
    return order


def _save_with_a_free_number(order: Order, attempts: int = 3) -> None:
    """Saves a new order. A number another order took in the same second (they are random within it) is drawn
    again; a reference a concurrent request took first is the storefront's duplicate."""
    for attempt in range(attempts):
        try:
            with transaction.atomic():
                order.save()
            return
        except IntegrityError:
            if Order.objects.filter(external_ref=order.external_ref).exists():
                raise AppError(_("This storefront order was already received."), ErrorCode.CONFLICT) from None
            if attempt + 1 == attempts or not Order.objects.filter(number=order.number).exists():
                raise  # another constraint: a bug to see, not a duplicate to report
            order.pk, order.number = None, new_number("O")


def _may_hold(units: dict[int, int], stock: dict[int, int]) -> bool:
    """Whether a new unpaid order of `units` holds them: at most ORDER_UNPAID_MAX_UNITS of each product, and with what
    unpaid orders hold already, at most ORDER_UNPAID_STOCK_PERCENT of each product's units (held or in stock)."""
    if any(quantity > settings.ORDER_UNPAID_MAX_UNITS for quantity in units.values()):
        return False
    held = units_held_unpaid(product_ids=units)
    percent = settings.ORDER_UNPAID_STOCK_PERCENT
    return all(
        (held.get(pk, 0) + quantity) * 100 <= percent * (stock[pk] + held.get(pk, 0)) for pk, quantity in units.items()
    )


def _stock_take_at_payment(order: Order) -> None:
    """A paid order that held nothing takes its units now; refused (nothing taken) when some are gone."""
    units = order_units(order)
    stock_locked(units)
    if not order_in_stock(order_id=order.pk):
        raise AppError(order_sold_out(), ErrorCode.STATE)
    stock_move(units, -1)


@transaction.atomic
def order_pay(*, order_id: int, payment_reference: str) -> Order:
    """The buyer paid: awaiting pickup, with the pickup window starting now (paused from the start while the shop is
    closed). Buyers -> platform escrow T. The payment's reference is required: the merchant sees it on the order.
    The merchant row is locked first (the lock order), so a shop closing at the same time pauses this order's window
    or finds it paused already."""
    payment_reference = text_for(Order, "payment_reference", payment_reference)
    if not payment_reference:
        raise field_error("payment_reference", _("The payment reference is missing."))
    merchant_id = Order.objects.filter(pk=order_id).values_list("merchant_id", flat=True).first()
    if merchant_id is None:
        raise AppError(order_missing(), ErrorCode.NOT_FOUND)
    merchant = Merchant.objects.select_for_update(no_key=True).get(pk=merchant_id)
    order = order_locked(order_id)
    now = timezone.now()
    closed = merchant.status == MerchantStatus.CLOSED
    if order.status == OrderStatus.AWAITING_PAYMENT and now > order.created_at + payment_window():
        raise AppError(_("The payment window of this order has closed."), ErrorCode.STATE)
    if order.status == OrderStatus.AWAITING_PAYMENT and not order.stock_reserved:
        _stock_take_at_payment(order)
    window = pickup_window()
    transition(
        order,
        OrderStatus.AWAITING_PICKUP,
        message=gettext_noop("Paid by the buyer"),
        changes={
            "paid_at": now,
            "pickup_deadline": None if closed else now + window,
            "pickup_paused_left": window if closed else None,
            "payment_reference": payment_reference,
            "stock_reserved": True,
        },
    )
    ledger_post(
        reference=ledger_ref(RefKind.ORDER_PAID, order.pk),
        kind=EntryKind.ORDER_PAID,
        lines=[(account_get(kind=AccountKind.BUYERS), -order.total_payment), (escrow(), order.total_payment)],
        memo=order.number,
    )
    figures.order_paid(order)
    for product_id, quantity in order.lines.exclude(product=None).values_list("product_id", "quantity"):
        goods_sales_add(merchant_id=order.merchant_id, product_id=product_id, quantity=quantity)
    hours = str(int(window.total_seconds() // 3600))
    notify(
        merchant=merchant,
        title=gettext_noop("New order awaiting pickup"),
        body=gettext_noop(
            "Order %(number)s was paid by the buyer. Your shop is closed, so its pickup window is paused: when the "
            "shop reopens, you have %(hours)s hours to pick it up."
        )
        if closed
        else gettext_noop(
            "Order %(number)s was paid by the buyer. Pick it up within %(hours)s hours, or it is cancelled."
        ),
        params={"number": order.number, "hours": hours},
        target=(NoticeTarget.ORDER, order.pk),
        push=PushKind.ORDER_WAITING,
    )
    order_counted(order, was=OrderStatus.AWAITING_PAYMENT)
    return order


@transaction.atomic
def order_cancel(*, order_id: int) -> Order:
    """The buyer cancels, which they may only before the merchant picks the order up."""
    order = order_locked(order_id)
    if order.status not in (OrderStatus.AWAITING_PAYMENT, OrderStatus.AWAITING_PICKUP):
        raise AppError(_("The order was already picked up and can no longer be cancelled."), ErrorCode.STATE)
    if order.status == OrderStatus.AWAITING_PICKUP:
        notify(
            merchant=order.merchant,
            title=gettext_noop("Order cancelled"),
            body=gettext_noop("The buyer cancelled order %(number)s before it was picked up."),
            params={"number": order.number},
            target=(NoticeTarget.ORDER, order.pk),
        )
    was = order.status
    cancel_locked(order, message=gettext_noop("Cancelled by the buyer"))
    order_counted(order, was=was)
    return order


@transaction.atomic
def order_confirm_receipt(*, order_id: int, automatic: bool = False) -> Order:
    """Received (the buyer confirmed, or the receipt date came): pending settlement until the settlement delay has
    passed. Platform escrow -> merchant pending T."""
    order = order_locked(order_id)
    now = timezone.now()
    transition(
        order,
        OrderStatus.RECEIVED,
        message=gettext_noop("Received automatically") if automatic else gettext_noop("Receipt confirmed by the buyer"),
        changes={"received_at": now, "settle_at": now + timedelta(days=order_terms().settlement_delay_days)},
    )
    ledger_post(
        reference=ledger_ref(RefKind.ORDER_RECEIVED, order.pk),
        kind=EntryKind.ORDER_RECEIVED,
        lines=[
            (escrow(), -order.total_payment),
            (account_get(kind=AccountKind.PENDING, merchant=order.merchant_id), order.total_payment),
        ],
        memo=order.number,
    )
    figures.order_received(order)
    order_counted(order, was=OrderStatus.SHIPPED)
    return order


@transaction.atomic
def refund_request(*, order_id: int, reason: str, goods_status: str) -> Refund | Order:
    """The buyer asks for a refund: an open request for an operator when the order was picked up (one at a time);
    the order itself, cancelled at once, when it was not picked up yet."""
    order = order_locked(order_id)
    if order.status in (OrderStatus.AWAITING_PAYMENT, OrderStatus.AWAITING_PICKUP):
        return order_cancel(order_id=order.pk)
    if order.status not in REFUNDABLE:
        raise AppError(_("This order can no longer be refunded."), ErrorCode.STATE)
    reason = reason_for(Refund, "reason", reason)
    if goods_status not in GoodsStatus.values:
        raise field_error("goods_status", _("Please choose the goods status."))
    if has_open_refund(order):
        raise AppError(_("A refund request for this order is already open."), ErrorCode.CONFLICT)
    refund = Refund.objects.create(
        order=order, merchant_id=order.merchant_id, amount=order.total_payment, reason=reason, goods_status=goods_status
    )
    notify(
        merchant=order.merchant,
        title=gettext_noop("Refund requested"),
        body=gettext_noop("The buyer of order %(number)s asked for a refund. The platform will decide it."),
        params={"number": order.number},
        target=(NoticeTarget.REFUND, refund.pk),
        push=PushKind.REFUND_REQUEST,
    )
    return refund


@transaction.atomic
def review_add(*, order_id: int, stars: int, text: str = "") -> Review:
    """The buyer reviews a received order once: 1 to 5 stars and a text. The shop's rating counts it."""
    if not 1 <= stars <= REVIEW_STARS_MAX:
        raise field_error("stars", _("Please give 1 to 5 stars."))
    order = order_locked(order_id)
    if order.status not in (OrderStatus.RECEIVED, OrderStatus.COMPLETED):
        raise AppError(_("An order is rated once the buyer has received it."), ErrorCode.STATE)
    if Review.objects.filter(order=order).exists():
        raise AppError(_("This order was already rated."), ErrorCode.CONFLICT)
    review = Review.objects.create(order=order, stars=stars, text=text_for(Review, "text", text))
    figures.review_added(review)
    return review
