"""Order writes: the whole lifecycle of product.md 5.2, each step one `transition()` and, where money moves, one ledger
entry (5.3) with a unique reference.

Who calls what:
- a storefront: the platform's own (apps.storefront, in-process; only its payment provider's verified webhook calls
  order_pay) or an external one through the intake with its key (apps.orders.intake_apis): order_create, order_pay,
  order_cancel, order_confirm_receipt, refund_request, review_add;
- the merchant (order/pick, order/pick_batch): order_pick, order_pick_batch;
- operators (the admin): order_ship, tracking_event_add, order_mark_delivered, refund_approve, refund_reject;
- Celery beat (tasks.orders_move_due): order_expire_unpaid, order_expire_unpicked, order_expire_unshipped,
  order_receive_due, order_settle;
- a shop closing or reopening (apps.accounts.hooks.shop_closed_changed): pickup_windows_pause, pickup_windows_resume.

Locks follow the lock order of apps.wallet.operations: a step that changes an order locks the order row first (the
merchant row before it for pickups, which are money operations), then any refund row, then the ledger accounts, then
the shop's figures; so of two steps on one order one waits for the other and then finds the order moved on. Every
lock is FOR NO KEY UPDATE, so a step's rows that reference the merchant (notices, figures, credit events) do not wait
at commit for a pickup holding the merchant row.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import DateTimeField, DurationField, ExpressionWrapper, F, Prefetch, Value
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django_countries import countries

from apps.accounts.constants import MerchantStatus
from apps.accounts.models import Merchant
from apps.accounts.services import operator_action_record
from apps.catalog.models import Product, ProductImage, ShopGoods
from apps.catalog.pricing import prices_for
from apps.catalog.services import goods_sales_add
from apps.catalog.texts import shop_closed
from apps.core.errors import AppError, ErrorCode, field_error
from apps.core.faults import pause_point
from apps.core.idempotency import IdempotencyKey
from apps.core.money import ZERO, money_text, quantize
from apps.core.notices import notify
from apps.core.numbers import new_number
from apps.core.transitions import Operator, reviewed, transition
from apps.levels.selectors import level_terms
from apps.shop.models import Shop
from apps.wallet.constants import AccountKind, EntryKind
from apps.wallet.ledger import account_get, ledger_post
from apps.wallet.operations import Posting, money_operation
from apps.wallet.references import RefKind, ledger_ref
from apps.wallet.selectors import available_balance

from . import figures
from .constants import (
    IN_ESCROW,
    LINE_QUANTITY_MAX,
    ORDER_LINES_MAX,
    PICK_BATCH_MAX,
    REFUNDABLE,
    REVIEW_STARS_MAX,
    REVIEW_TEXT_MAX,
    CreditEventKind,
    GoodsStatus,
    OrderSource,
    OrderStatus,
    PickResult,
    RefundStatus,
)
from .hooks import buyer_refunded, referral_on_settlement
from .models import Order, OrderLine, PickBatch, Refund, Review, StorefrontKey, TrackingEvent
from .selectors import (
    order_in_stock,
    order_missing,
    order_sold_out,
    order_terms,
    payment_window,
    pickup_window,
    ship_window,
    units_held_unpaid,
)


def _locked(order_id: int) -> Order:
    """The order, its row locked until the transaction ends (FOR NO KEY UPDATE: apps.wallet.operations)."""
    order = Order.objects.select_for_update(no_key=True).filter(pk=order_id).first()
    if order is None:
        raise AppError(order_missing(), ErrorCode.NOT_FOUND)
    return order


def _has_open_refund(order: Order) -> bool:
    return Refund.objects.filter(order=order, status=RefundStatus.PENDING).exists()


# --- from the storefront -------------------------------------------------------------------------------------------


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
        ship_name=ship_name.strip()[:100],
        ship_phone=ship_phone.strip()[:32],
        ship_address=ship_address.strip()[:255],
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
    stock = _stock_locked(units)
    for row, (product_id, quantity) in zip(rows, units.items(), strict=True):
        if stock[product_id] < quantity:
            raise field_error(
                "lines",
                _("Only %(stock)d of %(title)s are in stock.") % {"stock": stock[product_id], "title": row.title},
            )
    order.stock_reserved = _may_hold(units, stock)
    if order.stock_reserved:
        _stock_move(units, -1)
    order.quantity = sum(row.quantity for row in rows)
    order.total_payment = quantize(sum((row.retail_price * row.quantity for row in rows), ZERO))
    order.total_cost = quantize(sum((row.purchase_price * row.quantity for row in rows), ZERO))
    order.earnings = order.total_payment - order.total_cost
    _save_with_a_free_number(order)
    for row in rows:
        row.order = order
    OrderLine.objects.bulk_create(rows)
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


# What an unpaid order holds (settings.ORDER_UNPAID_*): stock is the product's units neither sold nor held; the units
# held by unpaid orders are read from their lines. Product rows are locked in id order, after the order's row when
# there is one, so two orders of the same products wait for each other rather than deadlock.


def _stock_locked(units: dict[int, int]) -> dict[int, int]:
    """{product id: its stock now} of the products of `units`, their rows locked until the transaction ends."""
    rows = Product.objects.select_for_update(no_key=True).filter(pk__in=units).order_by("pk").values_list("pk", "stock")
    return dict(rows)


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


def _stock_move(units: dict[int, int], sign: int) -> None:
    """Takes `units` out of the products' stock (sign -1) or gives them back (+1), in product id order."""
    for product_id, quantity in sorted(units.items()):
        Product.objects.filter(pk=product_id).update(stock=F("stock") + sign * quantity)


def _order_units(order: Order) -> dict[int, int]:
    return dict(order.lines.exclude(product=None).values_list("product_id", "quantity"))


def _stock_take_at_payment(order: Order) -> None:
    """A paid order that held nothing takes its units now; refused (nothing taken) when some are gone."""
    units = _order_units(order)
    _stock_locked(units)
    if not order_in_stock(order_id=order.pk):
        raise AppError(order_sold_out(), ErrorCode.STATE)
    _stock_move(units, -1)


def _restore_stock(order: Order) -> None:
    if order.stock_reserved:
        _stock_move(_order_units(order), +1)


@transaction.atomic
def order_pay(*, order_id: int, payment_reference: str) -> Order:
    """The buyer paid: awaiting pickup, with the pickup window starting now (paused from the start while the shop is
    closed). Buyers -> platform escrow T. The payment's reference is required: the merchant sees it on the order.
    The merchant row is locked first (the lock order), so a shop closing at the same time pauses this order's window
    or finds it paused already."""
    payment_reference = payment_reference.strip()[:100]
    if not payment_reference:
        raise field_error("payment_reference", _("The payment reference is missing."))
    merchant_id = Order.objects.filter(pk=order_id).values_list("merchant_id", flat=True).first()
    if merchant_id is None:
        raise AppError(order_missing(), ErrorCode.NOT_FOUND)
    merchant = Merchant.objects.select_for_update(no_key=True).get(pk=merchant_id)
    order = _locked(order_id)
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
        note=_("Paid by the buyer"),
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
        lines=[(account_get(kind=AccountKind.BUYERS), -order.total_payment), (_escrow(), order.total_payment)],
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
    )
    return order


def _escrow():
    return account_get(kind=AccountKind.ESCROW)


def _cancel(order: Order, *, note: str) -> Order:
    """Cancels a locked order that was not picked up: stock comes back; a paid one's buyer is refunded from escrow."""
    was_paid = order.status == OrderStatus.AWAITING_PICKUP
    transition(order, OrderStatus.CANCELLED, note=note, changes={"closed_at": timezone.now()})
    _restore_stock(order)
    if was_paid:
        ledger_post(
            reference=ledger_ref(RefKind.ORDER_CANCEL, order.pk),
            kind=EntryKind.ORDER_CANCELLED,
            lines=[(_escrow(), -order.total_payment), (account_get(kind=AccountKind.BUYERS), order.total_payment)],
            memo=order.number,
        )
        figures.order_cancelled(order)
        buyer_refunded(order=order, reference=ledger_ref(RefKind.ORDER_CANCEL, order.pk))
    return order


@transaction.atomic
def order_cancel(*, order_id: int) -> Order:
    """The buyer cancels, which they may only before the merchant picks the order up."""
    order = _locked(order_id)
    if order.status not in (OrderStatus.AWAITING_PAYMENT, OrderStatus.AWAITING_PICKUP):
        raise AppError(_("The order was already picked up and can no longer be cancelled."), ErrorCode.STATE)
    if order.status == OrderStatus.AWAITING_PICKUP:
        notify(
            merchant=order.merchant,
            title=gettext_noop("Order cancelled"),
            body=gettext_noop("The buyer cancelled order %(number)s before it was picked up."),
            params={"number": order.number},
        )
    return _cancel(order, note=_("Cancelled by the buyer"))


@transaction.atomic
def order_confirm_receipt(*, order_id: int, automatic: bool = False) -> Order:
    """Received (the buyer confirmed, or the receipt date came): pending settlement until the settlement delay has
    passed. Platform escrow -> merchant pending T."""
    order = _locked(order_id)
    now = timezone.now()
    transition(
        order,
        OrderStatus.RECEIVED,
        note=_("Received automatically") if automatic else _("Receipt confirmed by the buyer"),
        changes={"received_at": now, "settle_at": now + timedelta(days=order_terms().settlement_delay_days)},
    )
    ledger_post(
        reference=ledger_ref(RefKind.ORDER_RECEIVED, order.pk),
        kind=EntryKind.ORDER_RECEIVED,
        lines=[
            (_escrow(), -order.total_payment),
            (account_get(kind=AccountKind.PENDING, merchant=order.merchant_id), order.total_payment),
        ],
        memo=order.number,
    )
    figures.order_received(order)
    return order


@transaction.atomic
def refund_request(*, order_id: int, reason: str, goods_status: str) -> Refund | Order:
    """The buyer asks for a refund: an open request for an operator when the order was picked up (one at a time);
    the order itself, cancelled at once, when it was not picked up yet."""
    order = _locked(order_id)
    if order.status in (OrderStatus.AWAITING_PAYMENT, OrderStatus.AWAITING_PICKUP):
        return order_cancel(order_id=order.pk)
    if order.status not in REFUNDABLE:
        raise AppError(_("This order can no longer be refunded."), ErrorCode.STATE)
    reason = reason.strip()[:255]
    if not reason:
        raise field_error("reason", _("Please give a reason."))
    if goods_status not in GoodsStatus.values:
        raise field_error("goods_status", _("Please choose the goods status."))
    if _has_open_refund(order):
        raise AppError(_("A refund request for this order is already open."), ErrorCode.CONFLICT)
    refund = Refund.objects.create(
        order=order, merchant_id=order.merchant_id, amount=order.total_payment, reason=reason, goods_status=goods_status
    )
    notify(
        merchant=order.merchant,
        title=gettext_noop("Refund requested"),
        body=gettext_noop("The buyer of order %(number)s asked for a refund. The platform will decide it."),
        params={"number": order.number},
    )
    return refund


@transaction.atomic
def review_add(*, order_id: int, stars: int, text: str = "") -> Review:
    """The buyer reviews a received order once: 1 to 5 stars and a text. The shop's rating counts it."""
    if not 1 <= stars <= REVIEW_STARS_MAX:
        raise field_error("stars", _("Please give 1 to 5 stars."))
    order = _locked(order_id)
    if order.status not in (OrderStatus.RECEIVED, OrderStatus.COMPLETED):
        raise AppError(_("An order is rated once the buyer has received it."), ErrorCode.STATE)
    if Review.objects.filter(order=order).exists():
        raise AppError(_("This order was already rated."), ErrorCode.CONFLICT)
    review = Review.objects.create(order=order, stars=stars, text=text.strip()[:REVIEW_TEXT_MAX])
    figures.review_added(review)
    return review


# --- the merchant ----------------------------------------------------------------------------------------------------


def _pickup_allowed(merchant: Merchant) -> None:
    if merchant.status == MerchantStatus.CLOSED:
        raise AppError(shop_closed(), ErrorCode.SHOP_CLOSED)
    if merchant.status != MerchantStatus.ACTIVE:
        raise AppError(_("Pickups wait until your registration is approved."), ErrorCode.STATE)


def insufficient_message(*, balance: Decimal, cost: Decimal) -> str:
    return _("Your balance is %(balance)s and this order costs %(cost)s. Please deposit to pick it up.") % {
        "balance": money_text(balance),
        "cost": money_text(cost),
    }


def _pick(merchant: Merchant, order_id: int, available: Decimal) -> tuple[Order, Posting | None]:
    """Picks up one order of the locked merchant with `available` in the balance: the order moves to awaiting
    shipment and its cost C is the Posting (merchant available -> platform supply)."""
    order = _locked(order_id)
    if order.merchant_id != merchant.pk:
        raise AppError(order_missing(), ErrorCode.NOT_FOUND)
    if order.status != OrderStatus.AWAITING_PICKUP:
        raise AppError(_("This order is no longer awaiting pickup."), ErrorCode.STATE, {"status": order.status})
    if order.pickup_deadline is not None and timezone.now() >= order.pickup_deadline:
        raise AppError(_("The pickup window of this order has closed."), ErrorCode.STATE, {"status": order.status})
    if available < order.total_cost:
        raise AppError(
            insufficient_message(balance=available, cost=order.total_cost),
            ErrorCode.INSUFFICIENT_FUNDS,
            {"shortfall": str(order.total_cost - available)},
        )
    now = timezone.now()
    transition(
        order,
        OrderStatus.AWAITING_SHIPMENT,
        note=_("Picked up by the merchant"),
        changes={"picked_at": now, "ship_deadline": now + ship_window()},
    )
    if order.total_cost == ZERO:
        return order, None
    return order, Posting(
        reference=ledger_ref(RefKind.PICKUP, order.pk),
        kind=EntryKind.ORDER_PICKUP,
        lines=[
            (account_get(kind=AccountKind.AVAILABLE, merchant=merchant), -order.total_cost),
            (account_get(kind=AccountKind.SUPPLY), order.total_cost),
        ],
        memo=order.number,
    )


def order_pick(
    *, merchant: Merchant, order_id: int, pay_password: str, idempotency: IdempotencyKey | None = None
) -> Order:
    """The merchant pays the supplier cost of one order (pay password, an open shop, available >= C)."""
    if not Order.objects.filter(pk=order_id, merchant=merchant).exists():
        raise AppError(order_missing(), ErrorCode.NOT_FOUND)
    _pickup_allowed(merchant)

    def pick(locked: Merchant) -> tuple[Order, Posting | None]:
        _pickup_allowed(locked)
        return _pick(locked, order_id, available_balance(merchant=locked))

    return money_operation(merchant=merchant, pay_password=pay_password, idempotency=idempotency, run=pick)


def order_pick_batch(
    *,
    merchant: Merchant,
    order_ids: list[int] | None,
    pay_password: str,
    idempotency: IdempotencyKey | None = None,
) -> PickBatch:
    """Picks up the given orders, or (`order_ids` None) the oldest PICK_BATCH_MAX awaiting pickup, oldest first,
    each all or nothing: an order whose cost the balance no longer covers is skipped, and a cheaper later one may
    still be picked. The answer names each order's result."""
    _pickup_allowed(merchant)
    if order_ids is not None:
        ids = sorted(set(order_ids))
        found = set(Order.objects.filter(pk__in=ids, merchant=merchant).values_list("pk", flat=True))
        if not ids or len(found) != len(ids):
            raise AppError(order_missing(), ErrorCode.NOT_FOUND)
    else:
        ids = list(
            Order.objects.filter(merchant=merchant, status=OrderStatus.AWAITING_PICKUP)
            .order_by("id")
            .values_list("pk", flat=True)[:PICK_BATCH_MAX]
        )

    def pick_all(locked: Merchant) -> tuple[PickBatch, None]:
        _pickup_allowed(locked)
        available = available_balance(merchant=locked)
        results: list[dict[str, Any]] = []
        for order_id in ids:
            result, cost = PickResult.PICKED, ZERO
            try:
                with transaction.atomic():
                    order, posting = _pick(locked, order_id, available)
                    if posting is not None:
                        ledger_post(
                            reference=posting.reference, kind=posting.kind, lines=posting.lines, memo=posting.memo
                        )
                cost = order.total_cost
                available -= cost
            except AppError as exc:
                if exc.error_code == ErrorCode.INSUFFICIENT_FUNDS:
                    result = PickResult.INSUFFICIENT
                elif exc.error_code == ErrorCode.STATE:
                    result = PickResult.NOT_AWAITING
                else:
                    raise
            results.append({"id": order_id, "result": str(result), "cost": str(cost)})
        numbers = dict(Order.objects.filter(pk__in=ids).values_list("pk", "number"))
        for row in results:
            row["number"] = numbers[row["id"]]
        return PickBatch.objects.create(merchant=locked, results=results), None

    return money_operation(merchant=merchant, pay_password=pay_password, idempotency=idempotency, run=pick_all)


# --- operators -------------------------------------------------------------------------------------------------------


@transaction.atomic
def order_ship(*, order_id: int, carrier: str, tracking_number: str, operator: Operator) -> Order:
    """An operator shipped a picked-up order with its carrier and tracking number."""
    carrier, tracking_number = carrier.strip()[:64], tracking_number.strip()[:64]
    if not carrier:
        raise field_error("carrier", _("Please enter the carrier."))
    if not tracking_number:
        raise field_error("tracking_number", _("Please enter the tracking number."))
    order = _locked(order_id)
    now = timezone.now()
    transition(
        order,
        OrderStatus.SHIPPED,
        actor=operator,
        note=f"{carrier} {tracking_number}",
        changes={
            "carrier": carrier,
            "tracking_number": tracking_number,
            "shipped_at": now,
            "receive_due_at": now + timedelta(days=order_terms().receive_days_after_shipment),
        },
    )
    notify(
        merchant=order.merchant,
        title=gettext_noop("Order shipped"),
        body=gettext_noop("Order %(number)s was shipped with %(carrier)s, tracking number %(tracking)s."),
        params={"number": order.number, "carrier": carrier, "tracking": tracking_number},
    )
    return order


TRACKED = {OrderStatus.SHIPPED, OrderStatus.RECEIVED}
# A step dated up to this far ahead of the server's clock is taken as now-ish (a carrier's or a browser's clock).
TRACKING_CLOCK_SKEW = timedelta(minutes=5)


def _when(moment: datetime) -> str:
    """A time as an operator's message names it: in the site's time zone, in the language of the moment."""
    return formats.date_format(timezone.localtime(moment), "DATETIME_FORMAT")


@transaction.atomic
def tracking_event_add(
    *,
    order_id: int,
    occurred_at: datetime,
    description: str,
    place: str = "",
    operator: Operator = None,
    source: str = "operator",
) -> TrackingEvent:
    """Records a shipping step that happened: between the shipment and now (product.md 2.7). The same step recorded
    twice is kept once."""
    description, place = description.strip()[:255], place.strip()[:120]
    if not description:
        raise field_error("description", _("Please describe the step."))
    if occurred_at > timezone.now() + TRACKING_CLOCK_SKEW:
        raise field_error("occurred_at", _("A tracking step is recorded when it has happened, not before."))
    order = _locked(order_id)
    if order.status not in TRACKED:
        raise AppError(_("Tracking steps are recorded for shipped orders."), ErrorCode.STATE)
    if order.shipped_at is not None and occurred_at < order.shipped_at:
        raise field_error(
            "occurred_at",
            _("A tracking step cannot be dated before the shipment (%(shipped)s).")
            % {"shipped": _when(order.shipped_at)},
        )
    event, _created = TrackingEvent.objects.get_or_create(
        order=order,
        occurred_at=occurred_at,
        description=description,
        defaults={"place": place, "operator": operator, "source": source[:32]},
    )
    return event


@transaction.atomic
def order_mark_delivered(*, order_id: int, operator: Operator, delivered_at: datetime | None = None) -> Order:
    """The carrier delivered a shipped order: it counts as received the days after delivery of the order terms in force
    now (order_terms) later, unless the buyer confirms first (or the date after shipment comes first). The delivery is
    dated between the shipment and now: a back-dated one would cut the buyer's time to ask for a refund (product.md
    2.7)."""
    order = _locked(order_id)
    delivered_at = delivered_at or timezone.now()
    if order.status != OrderStatus.SHIPPED or order.delivered_at is not None:
        raise AppError(_("Only a shipped order not yet delivered can be marked delivered."), ErrorCode.STATE)
    if delivered_at > timezone.now() + TRACKING_CLOCK_SKEW:
        raise field_error("delivered_at", _("A delivery is recorded when it has happened, not before."))
    if order.shipped_at is None or delivered_at < order.shipped_at:
        shipped = _when(order.shipped_at) if order.shipped_at else "-"
        raise field_error(
            "delivered_at",
            _("The delivery cannot be dated before the shipment (%(shipped)s).") % {"shipped": shipped},
        )
    due = delivered_at + timedelta(days=order_terms().receive_days_after_delivery)
    order.delivered_at = delivered_at
    order.receive_due_at = min(due, order.receive_due_at) if order.receive_due_at else due
    order.save(update_fields=["delivered_at", "receive_due_at", "updated_at"])
    return order


def _refund_locked(refund_id: int) -> tuple[Order, Refund]:
    """A refund request and its order, the order's row locked first (as every step on the order locks it)."""
    order_id = Refund.objects.filter(pk=refund_id).values_list("order_id", flat=True).first()
    if order_id is None:
        raise AppError(_("This refund request does not exist."), ErrorCode.NOT_FOUND)
    return _locked(order_id), Refund.objects.get(pk=refund_id)


@transaction.atomic
def refund_approve(*, refund_id: int, operator: Operator, note: str = "", merchant_fault: bool = False) -> Refund:
    """Approves an open refund once: the buyer gets T back (from escrow, or from the merchant's pending once the
    order was received) and the merchant gets its cost C back from supply; the order is refunded. When the operator
    finds the merchant at fault, the credit score's event is recorded."""
    order, refund = _refund_locked(refund_id)
    was = order.status
    transition(refund, RefundStatus.APPROVED, actor=operator, note=note, changes=reviewed(operator, note))
    transition(order, OrderStatus.REFUNDED, actor=operator, note=note, changes={"closed_at": timezone.now()})
    source = _escrow() if was in IN_ESCROW else account_get(kind=AccountKind.PENDING, merchant=order.merchant_id)
    lines = [(source, -order.total_payment), (account_get(kind=AccountKind.BUYERS), order.total_payment)]
    if order.total_cost > ZERO:
        lines += [
            (account_get(kind=AccountKind.SUPPLY), -order.total_cost),
            (account_get(kind=AccountKind.AVAILABLE, merchant=order.merchant_id), order.total_cost),
        ]
    reference = ledger_ref(RefKind.REFUND, refund.pk)
    ledger_post(reference=reference, kind=EntryKind.ORDER_REFUND, lines=lines, memo=order.number)
    buyer_refunded(order=order, reference=reference)
    figures.order_refunded(order, was_received=was == OrderStatus.RECEIVED)
    if merchant_fault:
        figures.credit_event_add(merchant_id=order.merchant_id, kind=CreditEventKind.REFUND_MERCHANT_FAULT, order=order)
    operator_action_record(
        merchant=order.merchant,
        operator=operator,
        kind=ACTION_REFUND_APPROVED,
        title=REFUND_APPROVED_AT_FAULT if merchant_fault else REFUND_APPROVED,
        reason=note.strip(),
        params={"number": order.number, "cost": money_text(order.total_cost)},
    )
    return refund


@transaction.atomic
def refund_reject(*, refund_id: int, operator: Operator, reason: str) -> Refund:
    """Rejects an open refund once, with a reason; the order goes on where it was."""
    if not reason.strip():
        raise field_error("reason", _("Please give a reason."))
    order, refund = _refund_locked(refund_id)
    transition(refund, RefundStatus.REJECTED, actor=operator, note=reason, changes=reviewed(operator, reason))
    operator_action_record(
        merchant=order.merchant,
        operator=operator,
        kind=ACTION_REFUND_REJECTED,
        title=REFUND_REJECTED,
        reason=reason.strip(),
        params={"number": order.number},
    )
    return refund


# An operator's refund decisions are operator actions on the merchant's money (accounts.OperatorAction): one message
# each, with the operator's reason, and a row of the account history.
ACTION_REFUND_APPROVED = "refund_approved"
ACTION_REFUND_REJECTED = "refund_rejected"
REFUND_APPROVED = gettext_noop("Refund of order %(number)s approved: its cost, %(cost)s, is back in your balance")
REFUND_APPROVED_AT_FAULT = gettext_noop(
    "Refund of order %(number)s approved, the shop found at fault (a credit event): its cost, %(cost)s, is back in "
    "your balance"
)
REFUND_REJECTED = gettext_noop("Refund request for order %(number)s rejected: the order goes on")
# The messages these decisions sent before: merchants still read them, in their language.
_EARLIER_REFUND_NOTICES = (
    gettext_noop("Refund approved"),
    gettext_noop("The refund of order %(number)s was approved. Its cost, %(cost)s, is back in your balance."),
    gettext_noop("Refund rejected"),
    gettext_noop("The refund request for order %(number)s was rejected. The order goes on."),
)


# --- Celery beat (tasks.orders_move_due) -----------------------------------------------------------------------------


@transaction.atomic
def order_expire_unpaid(*, order_id: int) -> bool:
    """Cancels an order not paid within the payment window. False when it is not (or no longer) due."""
    order = _locked(order_id)
    if order.status != OrderStatus.AWAITING_PAYMENT or timezone.now() < order.created_at + payment_window():
        return False
    _cancel(order, note=_("Not paid in time"))
    return True


@transaction.atomic
def order_expire_unpicked(*, order_id: int) -> bool:
    """Cancels an order not picked up within the pickup window: the buyer is refunded from escrow and a credit
    event is recorded. False when it is not (or no longer) due."""
    order = _locked(order_id)
    if order.status != OrderStatus.AWAITING_PICKUP or order.pickup_deadline is None:
        return False
    if timezone.now() < order.pickup_deadline:
        return False
    _cancel(order, note=_("Not picked up in time"))
    figures.credit_event_add(merchant_id=order.merchant_id, kind=CreditEventKind.PICKUP_MISSED, order=order)
    notify(
        merchant=order.merchant,
        title=gettext_noop("Order cancelled"),
        body=gettext_noop("Order %(number)s was not picked up in time and was cancelled. The buyer was refunded."),
        params={"number": order.number},
    )
    return True


@transaction.atomic
def order_expire_unshipped(*, order_id: int) -> bool:
    """Cancels a picked-up order the platform did not ship within its ship window (selectors.ship_window, from the
    pickup): the merchant gets its cost C back from supply, the buyer T from escrow (one entry, order_cancel:<id>),
    the stock comes back, an open refund request is approved by it, and no credit event is recorded: the delay was
    the platform's. The row is claimed by a conditional UPDATE (still awaiting shipment, still due), so a retry, a
    second worker or a shipment that came first makes it a no-op. False when it is not (or no longer) due."""
    now = timezone.now()
    claimed = Order.objects.filter(pk=order_id, status=OrderStatus.AWAITING_SHIPMENT, ship_deadline__lte=now).update(
        updated_at=now
    )
    if not claimed:
        return False
    order = _locked(order_id)
    note = _("Not shipped in time")
    transition(order, OrderStatus.CANCELLED, note=note, changes={"closed_at": now})
    refund = Refund.objects.filter(order=order, status=RefundStatus.PENDING).first()
    if refund is not None:
        transition(refund, RefundStatus.APPROVED, note=note, changes={"review_note": note, "reviewed_at": now})
    _restore_stock(order)
    lines = [(_escrow(), -order.total_payment), (account_get(kind=AccountKind.BUYERS), order.total_payment)]
    if order.total_cost > ZERO:
        lines += [
            (account_get(kind=AccountKind.SUPPLY), -order.total_cost),
            (account_get(kind=AccountKind.AVAILABLE, merchant=order.merchant_id), order.total_cost),
        ]
    reference = ledger_ref(RefKind.ORDER_CANCEL, order.pk)
    ledger_post(reference=reference, kind=EntryKind.ORDER_CANCELLED, lines=lines, memo=order.number)
    figures.order_cancelled(order)
    buyer_refunded(order=order, reference=reference)
    notify(
        merchant=order.merchant,
        title=gettext_noop("Order cancelled: not shipped in time"),
        body=gettext_noop(
            "Order %(number)s was not shipped within %(hours)s hours of your pickup, so it was cancelled. Its cost, "
            "%(cost)s, is back in your balance, the buyer was refunded, and your credit score is not affected."
        ),
        params={
            "number": order.number,
            "hours": str(int(ship_window().total_seconds() // 3600)),
            "cost": money_text(order.total_cost),
        },
    )
    return True


# --- a shop closing or reopening (apps.accounts.hooks.shop_closed_changed) ------------------------------------------


def pickup_windows_pause(*, merchant_id: int) -> int:
    """The shop closed: each of its orders awaiting pickup keeps the time its window had left and has no deadline
    until the shop reopens (pickups are refused meanwhile, so the window would run out with no way to meet it). An
    order already past its deadline is left to the expiry. Called with the merchant row locked (the lock order: the
    merchant, then its orders); the number of orders paused."""
    now = timezone.now()
    return Order.objects.filter(
        merchant_id=merchant_id, status=OrderStatus.AWAITING_PICKUP, pickup_deadline__gt=now
    ).update(
        pickup_paused_left=ExpressionWrapper(F("pickup_deadline") - Value(now), output_field=DurationField()),
        pickup_deadline=None,
        updated_at=now,
    )


def pickup_windows_resume(*, merchant_id: int) -> int:
    """The shop reopened: each paused order awaiting pickup gets the time it had left, from now. The number resumed."""
    now = timezone.now()
    return Order.objects.filter(
        merchant_id=merchant_id, status=OrderStatus.AWAITING_PICKUP, pickup_paused_left__isnull=False
    ).update(
        pickup_deadline=ExpressionWrapper(Value(now) + F("pickup_paused_left"), output_field=DateTimeField()),
        pickup_paused_left=None,
        updated_at=now,
    )


def pickup_windows_on_shop_closed(*, merchant_id: int, closed: bool) -> None:
    """apps.accounts.hooks.shop_closed_changed: pauses the shop's pickup windows when it closes, resumes them when it
    reopens, in the transaction of that decision."""
    if closed:
        pickup_windows_pause(merchant_id=merchant_id)
    else:
        pickup_windows_resume(merchant_id=merchant_id)


@transaction.atomic
def order_receive_due(*, order_id: int) -> bool:
    """Marks a shipped order received when its receipt date came and no refund is open."""
    order = _locked(order_id)
    if order.status != OrderStatus.SHIPPED or order.receive_due_at is None:
        return False
    if timezone.now() < order.receive_due_at or _has_open_refund(order):
        return False
    order_confirm_receipt(order_id=order.pk, automatic=True)
    return True


@transaction.atomic
def order_settle(*, order_id: int) -> bool:
    """Settles a received order once its settlement date came and no refund is open: merchant pending -> available
    T, and the referral hook runs. The order row lock makes it once: a second worker finds the order settled, and a
    refund asked meanwhile either came first (and blocks it) or finds the order settled (and is refused)."""
    order = _locked(order_id)
    if order.status != OrderStatus.RECEIVED or order.settle_at is None:
        return False
    if timezone.now() < order.settle_at or _has_open_refund(order):
        return False
    transition(order, OrderStatus.COMPLETED, note=_("Settled"), changes={"settled_at": timezone.now()})
    ledger_post(
        reference=ledger_ref(RefKind.ORDER_SETTLED, order.pk),
        kind=EntryKind.ORDER_SETTLED,
        lines=[
            (account_get(kind=AccountKind.PENDING, merchant=order.merchant_id), -order.total_payment),
            (account_get(kind=AccountKind.AVAILABLE, merchant=order.merchant_id), order.total_payment),
        ],
        memo=order.number,
    )
    figures.order_settled(order)
    referral_on_settlement(order=order)
    notify(
        merchant=order.merchant,
        title=gettext_noop("Order settled"),
        body=gettext_noop("Order %(number)s was settled: %(amount)s was added to your balance."),
        params={"number": order.number, "amount": money_text(order.total_payment)},
    )
    pause_point("order_settle")  # everything written, nothing committed: a worker killed here settles nothing
    return True
