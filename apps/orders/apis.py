"""The merchant's orders: the list with its tab counts, one order, pickup (one or a batch), the refund requests."""

from datetime import timedelta
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts.authentication import signed_in
from apps.core.apiview import ApiView
from apps.core.envelope import ok
from apps.core.fields import IdField
from apps.core.formats import labels, money, time, time_or_none
from apps.core.idempotency import IdempotencyKey
from apps.core.money import MoneySerializerField
from apps.core.pagination import PageInputSerializer, page_answer, paginate
from apps.core.schema import PageSerializer, paged
from apps.core.uploads import absolute_url, storage_url

from . import selectors, services
from .constants import PICK_BATCH_MAX, GoodsStatus, OrderSource, OrderStatus, PickResult, RefundStatus
from .models import Order, OrderLine

STATUS_FILTERS = ["all", *(str(code) for code in OrderStatus.values)]


def _image(request: Request, name: str) -> str | None:
    """The absolute URL of an order line's picture by its storage name (none when the line has none)."""
    return absolute_url(request, storage_url(name))


def _line_image(request: Request, line: OrderLine | None) -> str | None:
    return _image(request, line.image if line is not None else "")


def _first_line(order: Order) -> OrderLine | None:
    """The order's first line (the lines are prefetched): it stands for the order in lists."""
    lines = list(order.lines.all())
    return lines[0] if lines else None


def seconds_or_none(value: timedelta | None) -> int | None:
    """A duration as whole seconds (the time a paused pickup window has left)."""
    return int(value.total_seconds()) if value is not None else None


def masked_phone(phone: str) -> str:
    """A buyer's phone as the merchant sees it: the first three and last two characters."""
    phone = phone.strip()
    return phone[:3] + "•" * max(len(phone) - 5, 2) + phone[-2:] if len(phone) > 5 else "•" * len(phone)


class OrderSummarySerializer(serializers.Serializer):
    """An order as a list shows it: its first product stands for it."""

    id = serializers.IntegerField()
    number = serializers.CharField()
    created_at = serializers.DateTimeField()
    status = serializers.ChoiceField(choices=OrderStatus.choices)
    status_label = serializers.CharField(source="get_status_display")
    title = serializers.SerializerMethodField()
    image = serializers.SerializerMethodField()
    line_count = serializers.SerializerMethodField()
    quantity = serializers.IntegerField()
    total_payment = MoneySerializerField()
    total_cost = MoneySerializerField()
    earnings = MoneySerializerField()
    pickup_deadline = serializers.DateTimeField(
        allow_null=True, help_text="An order awaiting pickup not picked up by then is cancelled. Null while paused."
    )
    pickup_paused_left = serializers.SerializerMethodField(
        help_text="While the shop is closed its pickup windows pause: the seconds this order's window has left, "
        "counted again from when the shop reopens. Null while the window runs."
    )
    ship_deadline = serializers.DateTimeField(
        allow_null=True,
        help_text="A picked-up order the platform has not shipped by then is cancelled: its cost comes back to the "
        "balance and the buyer is refunded, with no credit event.",
    )
    settle_at = serializers.DateTimeField(allow_null=True)

    def get_pickup_paused_left(self, order: Order) -> int | None:
        return seconds_or_none(order.pickup_paused_left)

    def get_title(self, order: Order) -> str:
        line = _first_line(order)
        return line.title if line else ""

    def get_image(self, order: Order) -> str | None:
        return _line_image(self.context["request"], _first_line(order))

    def get_line_count(self, order: Order) -> int:
        return len(order.lines.all())


# The list builds its items from plain values (selectors.order_page), written as OrderSummarySerializer writes them
# (apps.core.formats; tests/orders/test_api.py).


def summary_data(request: Request, row: dict, statuses: dict[int, str]) -> dict:
    """An OrderSummarySerializer item from an order_page row; `statuses`: labels(OrderStatus), read once a page."""
    return {
        "id": row["id"],
        "number": row["number"],
        "created_at": time(row["created_at"]),
        "status": row["status"],
        "status_label": statuses[row["status"]],
        "title": row["title"],
        "image": _image(request, row["image"]),
        "line_count": row["line_count"],
        "quantity": row["quantity"],
        "total_payment": money(row["total_payment"]),
        "total_cost": money(row["total_cost"]),
        "earnings": money(row["earnings"]),
        "pickup_deadline": time_or_none(row["pickup_deadline"]),
        "pickup_paused_left": seconds_or_none(row["pickup_paused_left"]),
        "ship_deadline": time_or_none(row["ship_deadline"]),
        "settle_at": time_or_none(row["settle_at"]),
    }


class OrderListApi(ApiView):
    class InputSerializer(PageInputSerializer):
        status = serializers.ChoiceField(
            choices=STATUS_FILTERS,
            default="all",
            help_text="all, or one status code (product.md 5.2).",
            error_messages={"invalid_choice": gettext_lazy("Please choose an order status.")},
        )
        keyword = serializers.CharField(required=False, allow_blank=True, default="", max_length=100)

    class OutputSerializer(PageSerializer):
        list = OrderSummarySerializer(many=True)
        counts = serializers.DictField(
            child=serializers.IntegerField(), help_text="The number of the shop's orders in each status code."
        )
        awaiting_pickup = serializers.IntegerField(help_text="Orders awaiting pickup: the Order tab's badge.")
        awaiting_pickup_cost = MoneySerializerField(
            help_text="The total cost of the orders awaiting pickup: the most picking them all up can cost."
        )

    @extend_schema(parameters=[InputSerializer], responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        """The shop's orders, newest first: a status tab and a keyword (order number or product title)."""
        v = self.valid_query(self.InputSerializer)
        merchant = signed_in(request)
        status = None if v["status"] == "all" else int(v["status"])
        counts, awaiting_cost = selectors.order_tab_figures(merchant=merchant)
        total, rows = selectors.order_page(
            merchant=merchant, counts=counts, status=status, keyword=v["keyword"], page=v["page"], limit=v["limit"]
        )
        statuses = labels(OrderStatus)
        items = [summary_data(request, row, statuses) for row in rows]
        page = page_answer(total, items, page=v["page"], limit=v["limit"])
        page["counts"] = {str(code): n for code, n in counts.items()}
        page["awaiting_pickup"] = counts[OrderStatus.AWAITING_PICKUP]
        page["awaiting_pickup_cost"] = money(awaiting_cost)
        return ok(page)


class OrderLineSerializer(serializers.Serializer):
    title = serializers.CharField()
    image = serializers.SerializerMethodField()
    quantity = serializers.IntegerField()
    retail_price = MoneySerializerField()
    purchase_price = MoneySerializerField()
    profit = MoneySerializerField()

    def get_image(self, line: OrderLine) -> str | None:
        return _line_image(self.context["request"], line)


class TrackingEventSerializer(serializers.Serializer):
    occurred_at = serializers.DateTimeField()
    place = serializers.CharField()
    description = serializers.CharField()


class HistorySerializer(serializers.Serializer):
    status = serializers.SerializerMethodField()
    status_label = serializers.SerializerMethodField()
    created_at = serializers.DateTimeField()

    def get_status(self, change: Any) -> int:
        return int(change.to_status)

    def get_status_label(self, change: Any) -> str:
        return str(OrderStatus(int(change.to_status)).label)


class RefundStateSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    amount = MoneySerializerField()
    reason = serializers.CharField()
    goods_status = serializers.ChoiceField(choices=GoodsStatus.choices)
    goods_status_label = serializers.CharField(source="get_goods_status_display")
    status = serializers.ChoiceField(choices=RefundStatus.choices)
    status_label = serializers.CharField(source="get_status_display")
    decision_note = serializers.SerializerMethodField(help_text="The operator's reason for a rejection.")
    decided_at = serializers.DateTimeField(source="reviewed_at", allow_null=True)

    def get_decision_note(self, refund: Any) -> str:
        return refund.review_note if refund.status == RefundStatus.REJECTED else ""


class OrderDetailApi(ApiView):
    class InputSerializer(serializers.Serializer):
        id = IdField()

    class OutputSerializer(OrderSummarySerializer):
        # A declared field, taken out of the class by DRF's metaclass: it does not shadow Field.source at run time.
        source = serializers.ChoiceField(  # type: ignore[assignment]
            choices=OrderSource.choices,
            help_text="Where the order came from: the platform's storefront, an external storefront (source_name), "
            "or, for orders received before storefront keys, the intake's former shared secret.",
        )
        source_label = serializers.CharField(source="get_source_display")
        source_name = serializers.SerializerMethodField(help_text="The external storefront's name; empty otherwise.")
        payment_reference = serializers.CharField(
            help_text="The buyer's payment: the payment provider's reference (the platform's storefront) or the one "
            "the external storefront sent. Empty until paid."
        )
        lines = OrderLineSerializer(many=True)
        ship_name = serializers.CharField()
        ship_phone = serializers.SerializerMethodField(help_text="Masked: the first three and last two characters.")
        ship_address = serializers.CharField()
        ship_country = serializers.CharField()
        carrier = serializers.CharField()
        tracking_number = serializers.CharField()
        paid_at = serializers.DateTimeField(allow_null=True)
        picked_at = serializers.DateTimeField(allow_null=True)
        shipped_at = serializers.DateTimeField(allow_null=True)
        delivered_at = serializers.DateTimeField(allow_null=True)
        receive_due_at = serializers.DateTimeField(
            allow_null=True,
            help_text="A shipped order counts as received at this time unless the buyer confirms first.",
        )
        received_at = serializers.DateTimeField(allow_null=True)
        settled_at = serializers.DateTimeField(allow_null=True)
        closed_at = serializers.DateTimeField(allow_null=True)
        tracking_events = TrackingEventSerializer(many=True, help_text="Newest first.")
        history = HistorySerializer(many=True, help_text="Status changes, oldest first.")
        refunds = RefundStateSerializer(many=True, help_text="Refund requests, newest first.")

        def get_ship_phone(self, order: Order) -> str:
            return masked_phone(order.ship_phone)

        def get_source_name(self, order: Order) -> str:
            return order.storefront_key.name if order.storefront_key else ""

    @extend_schema(parameters=[InputSerializer], responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        """One of the shop's orders with its lines, address, tracking, history, refunds and deadlines."""
        data = self.valid_query(self.InputSerializer)
        order = selectors.order_detail(merchant=signed_in(request), order_id=data["id"])
        return ok(detail_data(request, order))


# The detail is built from plain values too (selectors.order_detail), written as the serializers write them:
# it reads as OrderDetailApi.OutputSerializer (the schema) writes it (tests/orders/test_api.py).
_PRICES = ("retail_price", "purchase_price", "profit")
_DATES = ("paid_at", "picked_at", "shipped_at", "delivered_at", "receive_due_at", "received_at", "settled_at",
          "closed_at")  # fmt: skip


def detail_summary(request: Request, order: dict) -> dict:
    """An OrderSummarySerializer item from a selectors.order_detail row (its first line stands for it)."""
    lines = order["lines"]
    first = lines[0] if lines else {"title": "", "image": ""}
    summary = {**order, "title": first["title"], "image": first["image"], "line_count": len(lines)}
    return summary_data(request, summary, labels(OrderStatus))


def detail_data(request: Request, order: dict) -> dict:
    """An OrderDetailApi.OutputSerializer answer from a selectors.order_detail row."""
    lines = order["lines"]
    return {
        **detail_summary(request, order),
        "source": order["source"],
        "source_label": labels(OrderSource)[order["source"]],
        "source_name": order["storefront_name"],
        "payment_reference": order["payment_reference"],
        "lines": [
            {
                "title": line["title"],
                "image": _image(request, line["image"]),
                "quantity": line["quantity"],
                **{name: money(line[name]) for name in _PRICES},
            }
            for line in lines
        ],
        **{name: order[name] for name in ("ship_name", "ship_address", "ship_country", "carrier", "tracking_number")},
        "ship_phone": masked_phone(order["ship_phone"]),
        **{name: time_or_none(order[name]) for name in _DATES},
        "tracking_events": [
            {
                "occurred_at": time(event["occurred_at"]),
                "place": event["place"],
                "description": event["description"],
            }
            for event in order["tracking_events"]
        ],
        "history": [
            {
                "status": int(change["to_status"]),
                "status_label": labels(OrderStatus)[int(change["to_status"])],
                "created_at": time(change["created_at"]),
            }
            for change in order["history"]
        ],
        "refunds": [_refund_data(refund) for refund in order["refunds"]],
    }


def _refund_data(refund: dict) -> dict:
    rejected = refund["status"] == RefundStatus.REJECTED
    return {
        "id": refund["id"],
        "created_at": time(refund["created_at"]),
        "amount": money(refund["amount"]),
        "reason": refund["reason"],
        "goods_status": refund["goods_status"],
        "goods_status_label": labels(GoodsStatus)[refund["goods_status"]],
        "status": refund["status"],
        "status_label": labels(RefundStatus)[refund["status"]],
        "decision_note": refund["review_note"] if rejected else "",
        "decided_at": time_or_none(refund["reviewed_at"]),
    }


class OrderPickApi(ApiView):
    idempotency_scope = "orders.pick"

    class InputSerializer(serializers.Serializer):
        id = IdField()
        pay_password = serializers.CharField(required=False, allow_blank=True, default="", trim_whitespace=False)

    @extend_schema(request=InputSerializer, responses=OrderSummarySerializer)
    def post(self, request: Request) -> Response:
        """Picks up one order awaiting pickup: its total cost leaves the balance (payment password)."""
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        order = services.order_pick(
            merchant=signed_in(request),
            order_id=v["id"],
            pay_password=v["pay_password"],
            idempotency=IdempotencyKey.from_request(request, self),
        )
        picked = selectors.order_detail(merchant=signed_in(request), order_id=order.pk)
        return ok(detail_summary(request, picked), _("Picked up. The platform ships it next."))


class OrderPickBatchApi(ApiView):
    idempotency_scope = "orders.pick_batch"

    class InputSerializer(serializers.Serializer):
        ids = serializers.ListField(
            child=IdField(),
            required=False,
            max_length=PICK_BATCH_MAX,
            help_text="The orders to pick up; leave out and send all=true for every order awaiting pickup.",
        )
        all = serializers.BooleanField(required=False, default=False)
        pay_password = serializers.CharField(required=False, allow_blank=True, default="", trim_whitespace=False)

        def validate(self, attrs: dict) -> dict:
            if not attrs.get("ids") and not attrs["all"]:
                raise serializers.ValidationError({"ids": [_("Please choose the orders to pick up.")]})
            return attrs

    class OutputSerializer(serializers.Serializer):
        class ResultSerializer(serializers.Serializer):
            id = serializers.IntegerField()
            number = serializers.CharField()
            result = serializers.ChoiceField(choices=PickResult.choices)
            result_label = serializers.SerializerMethodField()
            cost = MoneySerializerField()

            def get_result_label(self, row: dict) -> str:
                return str(PickResult(row["result"]).label)

        picked = serializers.IntegerField()
        skipped = serializers.IntegerField()
        results = ResultSerializer(many=True, help_text="Oldest order first.")

    @extend_schema(request=InputSerializer, responses=OutputSerializer)
    def post(self, request: Request) -> Response:
        """Picks up several orders, or all awaiting pickup (at most 100, oldest first), each all or nothing, with one
        payment password: the answer says which were picked up and why the others were not."""
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        batch = services.order_pick_batch(
            merchant=signed_in(request),
            order_ids=None if v["all"] else v["ids"],
            pay_password=v["pay_password"],
            idempotency=IdempotencyKey.from_request(request, self),
        )
        picked = sum(1 for row in batch.results if row["result"] == PickResult.PICKED)
        skipped = len(batch.results) - picked
        message = _("Picked up: %(picked)d. Not picked up: %(skipped)d.") % {"picked": picked, "skipped": skipped}
        return ok(
            self.OutputSerializer({"picked": picked, "skipped": skipped, "results": batch.results}).data,
            message if skipped else _("Picked up: %(picked)d.") % {"picked": picked},
        )


class RefundItemSerializer(RefundStateSerializer):
    order_id = serializers.IntegerField()
    order_number = serializers.CharField(source="order.number")
    order_status = serializers.ChoiceField(source="order.status", choices=OrderStatus.choices)
    order_status_label = serializers.CharField(source="order.get_status_display")
    title = serializers.SerializerMethodField()
    image = serializers.SerializerMethodField()
    quantity = serializers.IntegerField(source="order.quantity")
    total_cost = MoneySerializerField(source="order.total_cost")

    def get_title(self, refund: Any) -> str:
        line = _first_line(refund.order)
        return line.title if line else ""

    def get_image(self, refund: Any) -> str | None:
        return _line_image(self.context["request"], _first_line(refund.order))


class RefundOrderApi(ApiView):
    class InputSerializer(PageInputSerializer):
        status = serializers.ChoiceField(choices=RefundStatus.choices, required=False)

    @extend_schema(parameters=[InputSerializer], responses=paged(RefundItemSerializer))
    def get(self, request: Request) -> Response:
        """The refund requests of the shop's orders, newest first, optionally of one status."""
        v = self.valid_query(self.InputSerializer)
        rows = selectors.refund_list(merchant=signed_in(request), status=v.get("status"))
        return ok(
            paginate(
                rows,
                page=v["page"],
                limit=v["limit"],
                serialize=lambda items: RefundItemSerializer(items, many=True, context={"request": request}).data,
            )
        )
