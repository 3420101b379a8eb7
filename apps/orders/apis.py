"""The merchant's orders: the list with its tab counts, one order, pickup (one or a batch), the refund requests."""

from decimal import Decimal
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
from apps.core.formats import money
from apps.core.idempotency import IdempotencyKey
from apps.core.money import ZERO, MoneySerializerField
from apps.core.pagination import PageInputSerializer, page_answer, paginate
from apps.core.schema import PageSerializer, paged
from apps.core.uploads import absolute_url, storage_url
from apps.core.writers import writer

from . import reports, selectors, services
from .answers import OrderDetailSerializer, OrderSummarySerializer, RefundStateSerializer
from .constants import PICK_BATCH_MAX, OrderStatus, PickResult, RefundStatus
from .models import Order, OrderLine

STATUS_FILTERS = ["all", *(str(code) for code in OrderStatus.values)]


def _first_line(order: Order) -> OrderLine | None:
    """The order's first line (the lines are prefetched): it stands for the order in lists."""
    lines = list(order.lines.all())
    return lines[0] if lines else None


write_summary = writer(OrderSummarySerializer)


class OrderListApi(ApiView):
    class InputSerializer(PageInputSerializer):
        status = serializers.ChoiceField(
            choices=STATUS_FILTERS,
            default="all",
            help_text="all, or one status code (product.md 5.2).",
            error_messages={"invalid_choice": gettext_lazy("Please choose an order status.")},
        )
        keyword = serializers.CharField(required=False, allow_blank=True, default="", max_length=100)
        range = serializers.ChoiceField(
            choices=reports.REPORT_RANGES,
            default="all",
            help_text="The orders placed in a period of Finance (financial_report's range): all, yesterday, today, "
            "week or month, in the merchant's time zone.",
            error_messages={"invalid_choice": gettext_lazy("Please choose a period.")},
        )

    class OutputSerializer(PageSerializer):
        list = OrderSummarySerializer(many=True)
        counts = serializers.DictField(
            child=serializers.IntegerField(),
            help_text="The number of the shop's orders (placed in the range) in each status code.",
        )
        awaiting_pickup = serializers.IntegerField(help_text="Orders awaiting pickup: the Order tab's badge.")
        awaiting_pickup_cost = MoneySerializerField(
            help_text="The total cost of the orders awaiting pickup: the most picking them all up can cost."
        )

    @extend_schema(parameters=[InputSerializer], responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        """The shop's orders, newest first (awaiting pickup: the soonest pickup deadline first): a status tab and a
        keyword (order number or product title)."""
        v = self.valid_query(self.InputSerializer)
        merchant = signed_in(request)
        status = None if v["status"] == "all" else int(v["status"])
        placed = reports.placed_between(merchant=merchant, range_name=v["range"])
        counts, awaiting_cost = selectors.order_tab_figures(merchant=merchant, placed=placed)
        total, rows = selectors.order_page(
            merchant=merchant,
            counts=counts,
            status=status,
            keyword=v["keyword"],
            page=v["page"],
            limit=v["limit"],
            placed=placed,
        )
        items = write_summary.many(rows, {"request": request})
        page = page_answer(total, items, page=v["page"], limit=v["limit"])
        page["counts"] = {str(code): n for code, n in counts.items()}
        page["awaiting_pickup"] = counts[OrderStatus.AWAITING_PICKUP]
        page["awaiting_pickup_cost"] = money(awaiting_cost)
        return ok(page)


class OrderDetailApi(ApiView):
    class InputSerializer(serializers.Serializer):
        id = IdField()

    class OutputSerializer(OrderDetailSerializer):
        pass

    @extend_schema(parameters=[InputSerializer], responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        """One of the shop's orders with its lines, address, tracking, history, refunds and deadlines."""
        data = self.valid_query(self.InputSerializer)
        order = selectors.order_detail(merchant=signed_in(request), order_id=data["id"])
        return ok(write_detail.one(order, {"request": request}))


write_detail = writer(OrderDetailApi.OutputSerializer)


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
        return ok(write_summary.one(picked, {"request": request}), _("Picked up. The platform ships it next."))


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
            cost = MoneySerializerField(help_text="What was paid: the order's cost when picked up, else 0.00.")
            order_cost = MoneySerializerField(help_text="The order's cost, picked up or not.")

            def get_result_label(self, row: dict) -> str:
                return str(PickResult(row["result"]).label)

        picked = serializers.IntegerField()
        skipped = serializers.IntegerField()
        paid = MoneySerializerField(help_text="The costs of the orders picked up, out of the balance.")
        shortfall = MoneySerializerField(
            help_text="What a deposit must add to the balance to pick up the orders skipped for it (0.00: none)."
        )
        results = ResultSerializer(many=True, help_text="In the order they were tried.")

    @extend_schema(request=InputSerializer, responses=OutputSerializer)
    def post(self, request: Request) -> Response:
        """Picks up several orders, or all awaiting pickup (at most 100, the soonest pickup deadline first), each all
        or nothing, with one payment password: the answer says which were picked up, what was paid, why the others
        were not, and what a deposit must add to pick those up."""
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
        paid = sum((Decimal(row["cost"]) for row in batch.results), ZERO)
        message = _("Picked up: %(picked)d. Not picked up: %(skipped)d.") % {"picked": picked, "skipped": skipped}
        return ok(
            self.OutputSerializer(
                {
                    "picked": picked,
                    "skipped": skipped,
                    "paid": paid,
                    "shortfall": batch.shortfall,
                    # A batch answered before order_cost was kept repeats its paid cost there.
                    "results": [{"order_cost": row["cost"], **row} for row in batch.results],
                }
            ).data,
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
        return line.shown_title if line else ""  # type: ignore[attr-defined]  # annotated (selectors.refund_list)

    def get_image(self, refund: Any) -> str | None:
        line = _first_line(refund.order)
        return absolute_url(self.context["request"], storage_url(line.image if line else ""))


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
