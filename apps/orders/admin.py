"""Operators' screens for orders (product.md 5): the shipping queue, tracking steps, refund decisions, and everything
about an order read-only (its lines, tracking steps, refunds, status history and ledger entries).

Orders come only from buyers (product.md 2.2): no add, no edit, no delete. Every step goes through apps.orders.services
(ship, add a tracking step, mark delivered, approve or reject a refund), never through a model save.
"""

import csv
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Model, Prefetch, Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import formats, timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django_countries import countries

from apps.core.admin import (
    CreatedColumn,
    Decision,
    DecisionAdmin,
    ReadOnlyAdmin,
    ReadOnlyInline,
    StatusChangeInline,
    TermsAdmin,
    admin_form,
    form_refusal,
    reason_action,
    without_fields,
)
from apps.core.admin_exports import ExportAdmin
from apps.core.errors import AppError
from apps.core.exports import Column, Kind
from apps.core.money import money_local
from apps.core.queues import Queue, QueueAdmin, register
from apps.wallet.models import JournalEntry, JournalLine
from apps.wallet.references import order_references

from . import services
from .constants import OrderStatus, RefundStatus, TrackingStep
from .forms import (
    BULK_SHIP_MAX,
    CARRIER_MAX,
    CSV_COLUMNS,
    CSV_MAX_ROWS,
    CSV_OPTIONAL_COLUMNS,
    TRACKING_MAX,
    BulkShipForm,
    DeliveredForm,
    ReasonForm,
    RefundApproveForm,
    ShipCsvForm,
    ShipForm,
    ShipRow,
    StorefrontKeyForm,
    TrackingEventForm,
)
from .intake import storefront_key_create, storefront_key_deactivate
from .models import CreditEvent, Order, OrderLine, OrderTerms, Refund, StorefrontKey


def _status_text(order: Order) -> str:
    return str(order.get_status_display())


def _shop_name(order: Order) -> str:
    shop = getattr(order.merchant, "shop", None)
    return shop.name if shop else "-"


def _when(moment: Any) -> str:
    return formats.localize(timezone.localtime(moment)) if moment else ""


def tracking_html(order: Order) -> str:
    """The order's tracking steps, newest first, each with its time, place, note and who recorded it; a sentence when
    there is none yet. One query (the operators who recorded them joined)."""
    events = list(order.tracking_events.select_related("operator").order_by("-occurred_at", "-id"))
    if not events:
        return gettext("No tracking events yet.")
    head = format_html(
        "<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
        gettext("time"),
        gettext("step"),
        gettext("place"),
        gettext("note"),
        gettext("recorded by"),
    )
    rows = (
        (
            _when(event.occurred_at),
            event.get_step_display(),
            event.place,
            event.description,
            event.operator or event.source,
        )
        for event in events
    )
    body = format_html_join("", "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>", rows)
    return format_html('<table class="order-tracking"><thead>{}</thead><tbody>{}</tbody></table>', head, body)


def delivered_text(order: Order) -> str:
    if order.delivered_at:
        return gettext("Delivered on %(date)s.") % {"date": _when(order.delivered_at)}
    if order.shipped_at:
        return gettext("Not delivered yet.")
    return gettext("Not shipped yet.")


def _csv_cell(text: str) -> str:
    """A cell a spreadsheet shows as text, never runs as a formula (a shop's name is the merchant's own words)."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


# --- read-only inlines on the order's page ---------------------------------------------------------------------------


class OrderLineInline(ReadOnlyInline):
    model = OrderLine
    fields = readonly_fields = ("title", "product", "quantity", "retail_shown", "purchase_shown", "profit_shown")

    def get_queryset(self, request: HttpRequest) -> QuerySet[OrderLine]:
        return super().get_queryset(request).select_related("product")

    @admin.display(description=_("retail price"))
    def retail_shown(self, line: OrderLine) -> str:
        return money_local(line.retail_price)

    @admin.display(description=_("purchase price"))
    def purchase_shown(self, line: OrderLine) -> str:
        return money_local(line.purchase_price)

    @admin.display(description=_("profit"))
    def profit_shown(self, line: OrderLine) -> str:
        return money_local(line.profit)


class RefundInline(ReadOnlyInline):
    model = Refund
    fields = readonly_fields = ("created_at", "amount", "goods_status", "reason", "status", "review_note")
    ordering = ("-id",)
    show_change_link = True


# --- orders ----------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CsvRowResult:
    """One row of a CSV file and what became of it: shipped, or skipped with the reason."""

    line: int
    number: str
    carrier: str
    tracking_number: str
    reason: str = ""  # empty: shipped

    @property
    def shipped(self) -> bool:
        return not self.reason


@dataclass
class CsvReport:
    rows: list[CsvRowResult] = field(default_factory=list)  # in the file's order

    @property
    def shipped(self) -> list[tuple[int, str, str]]:  # (line, order number, tracking number)
        return [(row.line, row.number, row.tracking_number) for row in self.rows if row.shipped]

    @property
    def rejected(self) -> list[tuple[int, str, str]]:  # (line, order number, reason)
        return [(row.line, row.number, row.reason) for row in self.rows if not row.shipped]


# The template's columns after those the import reads: to tell the orders apart, ignored when the file comes back.
CSV_TEMPLATE_INFO = ["shop", "ship_by"]


def _to_ship(now: datetime) -> Q:
    return Q(status=OrderStatus.AWAITING_SHIPMENT)


def _ship_overdue(now: datetime) -> Q:
    """Still to ship past the ship deadline (the beat's orders-move-due cancels such an order within a minute: one
    left here means that sweep is not running or failed on it)."""
    return _to_ship(now) & Q(ship_deadline__lt=now)


register(
    Queue("refunds", _("Refunds in review"), "orders.Refund", lambda now: Q(status=RefundStatus.PENDING),
          "created_at", rank=40),
    Queue("to_ship", _("Orders to ship"), "orders.Order", _to_ship, "picked_at", "ship_deadline", rank=50),
    Queue("ship_overdue", _("Overdue shipments"), "orders.Order", _ship_overdue, "picked_at", "ship_deadline",
          rank=60),
)  # fmt: skip


@admin.register(Order)
class OrderAdmin(ExportAdmin, QueueAdmin, CreatedColumn, DecisionAdmin):
    """Orders are only looked at and moved on: shipped (one, a selection, or a CSV file), tracked, marked delivered.
    The list (by default the orders to ship) exports as CSV or XLSX (apps.core.admin_exports)."""

    list_display = ["number", "status", "payment_shown", "cost_shown", "shop_name", "created", "shipment"]
    list_filter = ["status", "source", "created_at", "carrier"]
    search_fields = ["number", "tracking_number", "merchant__shop__name", "merchant__phone", "merchant__email"]
    list_select_related = ["merchant__shop"]
    show_full_result_count = False  # no second count over the whole table on a filtered page
    ordering = ["-id"]
    actions = ["ship_selected"]
    inlines = [OrderLineInline, RefundInline, StatusChangeInline]
    change_list_template = "admin/orders/order/change_list.html"
    export_name = "orders"
    export_as = {  # the amounts as numbers (in the platform's currency) and the creation as a time
        "payment_shown": [(Column(_("total payment"), Kind.NUMBER), lambda order: order.total_payment)],
        "cost_shown": [(Column(_("total cost"), Kind.NUMBER), lambda order: order.total_cost)],
        "created": [(Column(_("created at"), Kind.TIME), lambda order: order.created_at)],
    }
    decisions = {
        "ship": Decision(_("Ship"), ShipForm, OrderStatus.SHIPPED),
        "tracking": Decision(
            _("Add tracking event"), TrackingEventForm, offered=lambda order: order.status in services.TRACKED
        ),
        "delivered": Decision(
            _("Mark delivered"),
            DeliveredForm,
            offered=lambda order: order.status == OrderStatus.SHIPPED and order.delivered_at is None,
        ),
    }
    extra_readonly = (
        "decide",
        "shop_name",
        "country_name",
        "ledger_entries",
        "payment_shown",
        "cost_shown",
        "earnings_shown",
        "tracking",
        "delivered",
    )
    fieldsets = [
        (
            None,
            {
                "fields": [
                    "number",
                    "status",
                    "decide",
                    "shop_name",
                    "merchant",
                    "created_at",
                    "source",
                    "storefront_key",
                    "external_ref",
                ]
            },
        ),
        (
            _("Money"),
            {"fields": ["payment_shown", "cost_shown", "earnings_shown", "quantity", "payment_reference"]},
        ),
        (_("Shipping address"), {"fields": ["ship_name", "ship_address", "country_name", "ship_phone"]}),
        (_("Tracking"), {"fields": ["carrier", "tracking_number", "delivered", "tracking"]}),
        (
            _("Dates"),
            {
                "fields": [
                    "paid_at",
                    "pickup_deadline",
                    "pickup_paused_left",
                    "picked_at",
                    "ship_deadline",
                    "shipped_at",
                    "delivered_at",
                    "receive_due_at",
                    "received_at",
                    "settle_at",
                    "settled_at",
                    "closed_at",
                ]
            },
        ),
        (_("Ledger entries"), {"fields": ["ledger_entries"]}),
    ]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Order]:
        return super().get_queryset(request).select_related("merchant__shop")

    def get_inline_instances(self, request: HttpRequest, obj: Any = None) -> list:
        """Without the refund requests' table for an order that has none."""
        inlines = super().get_inline_instances(request, obj)
        if obj is not None and not obj.refunds.exists():
            inlines = [inline for inline in inlines if not isinstance(inline, RefundInline)]
        return inlines

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        """Without the rows the order leaves empty (a date not reached, no storefront key, no tracking yet)."""
        fieldsets = super().get_fieldsets(request, obj)
        if obj is None:
            return fieldsets
        names = {f.name for f in Order._meta.fields}
        empty = {name for name in names if getattr(obj, name, None) in (None, "")}
        if obj.shipped_at is None:
            empty |= {"tracking", "delivered"}
        return without_fields(fieldsets, empty)

    @admin.display(description=_("total payment"), ordering="total_payment")
    def payment_shown(self, order: Order) -> str:
        return money_local(order.total_payment)

    @admin.display(description=_("total cost"), ordering="total_cost")
    def cost_shown(self, order: Order) -> str:
        return money_local(order.total_cost)

    @admin.display(description=_("earnings"))
    def earnings_shown(self, order: Order) -> str:
        return money_local(order.earnings)

    @admin.display(description=_("shipment"), ordering="carrier")
    def shipment(self, order: Order) -> str:
        return f"{order.carrier} {order.tracking_number}" if order.carrier else "-"

    @admin.display(description=_("tracking events"))
    def tracking(self, order: Order) -> str:
        return tracking_html(order)

    @admin.display(description=_("delivered"))
    def delivered(self, order: Order) -> str:
        return delivered_text(order)

    @admin.display(description=_("shop name"), ordering="merchant__shop__name")
    def shop_name(self, order: Order) -> str:
        return _shop_name(order)

    @admin.display(description=_("country"))
    def country_name(self, order: Order) -> str:
        name = countries.name(order.ship_country)
        return f"{name} ({order.ship_country})" if name else order.ship_country

    @admin.display(description=_("ledger entries"))
    def ledger_entries(self, order: Order) -> str:
        """The order's journal entries (oldest first), each with its lines: the money each step moved."""
        references = order_references(order.pk, Refund.objects.filter(order=order).values_list("pk", flat=True))
        lines = JournalLine.objects.select_related("account__merchant").order_by("id")
        entries = list(
            JournalEntry.objects.filter(reference__in=references)
            .prefetch_related(Prefetch("lines", queryset=lines))
            .order_by("id")
        )
        if not entries:
            return gettext("No money has moved for this order yet.")
        rows = []
        for entry in entries:
            link = reverse("admin:wallet_journalentry_change", args=[entry.pk])
            for index, line in enumerate(entry.lines.all()):
                account = line.account
                owner = f" — {account.merchant}" if account.merchant_id else ""
                first = index == 0
                rows.append(
                    (
                        formats.localize(timezone.localtime(entry.created_at)) if first else "",
                        format_html('<a href="{}">{}</a>', link, entry.reference) if first else "",
                        entry.get_kind_display() if first else "",
                        f"{account.get_kind_display()}{owner}",
                        money_local(line.amount),
                    )
                )
        head = format_html(
            "<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
            gettext("time"),
            gettext("reference"),
            gettext("kind"),
            gettext("account"),
            gettext("amount"),
        )
        body = format_html_join(
            "", '<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class="amount">{}</td></tr>', rows
        )
        return format_html('<table class="order-ledger"><thead>{}</thead><tbody>{}</tbody></table>', head, body)

    # ---------- what the operator can do on the order's page: ship, add a tracking step, mark delivered ----------
    def decision_summary(self, obj: Order, decision: str) -> str:
        return gettext("Order %(number)s (%(shop)s), %(status)s, %(quantity)d items, to %(name)s, %(address)s") % {
            "number": obj.number,
            "shop": self.shop_name(obj),
            "status": _status_text(obj),
            "quantity": obj.quantity,
            "name": obj.ship_name,
            "address": f"{obj.ship_address}, {obj.ship_country}",
        }

    def decision_refused(self, name: str, obj: Model) -> str:
        order = cast(Order, obj)
        if name == "delivered" and order.delivered_at is not None:
            return gettext("Order %(number)s was already marked delivered.") % {"number": order.number}
        return super().decision_refused(name, obj)

    def run_decision(self, name: str, obj: Order, data: dict, operator: Any) -> None:
        if name == "ship":
            services.order_ship(
                order_id=obj.pk, carrier=data["carrier"], tracking_number=data["tracking_number"], operator=operator
            )
        elif name == "tracking":
            services.tracking_event_add(
                order_id=obj.pk,
                occurred_at=data["occurred_at"],
                step=data["step"],
                note=data["note"],
                place=data["place"],
                operator=operator,
            )
        else:
            delivered = services.order_mark_delivered(
                order_id=obj.pk, operator=operator, delivered_at=data["delivered_at"]
            )
            obj.receive_due_at = delivered.receive_due_at  # what decision_done names

    def decision_done(self, name: str, obj: Order, data: dict) -> str:
        if name == "ship":
            return gettext(
                "Order %(number)s shipped with %(carrier)s (tracking %(tracking)s); the merchant was notified."
            ) % {
                "number": obj.number,
                "carrier": data["carrier"].strip(),
                "tracking": data["tracking_number"].strip(),
            }
        if name == "tracking":
            return gettext("Tracking event recorded for order %(number)s: %(description)s.") % {
                "number": obj.number,
                "description": TrackingStep(data["step"]).label,
            }
        return gettext(
            "Order %(number)s marked delivered. It counts as received on %(date)s unless the buyer confirms first."
        ) % {
            "number": obj.number,
            "date": formats.localize(timezone.localtime(obj.receive_due_at)),
        }

    def get_urls(self) -> list:
        own = [
            path("ship-csv/", self.admin_site.admin_view(self.ship_csv_view), name="orders_order_ship_csv"),
            path(
                "ship-csv/template/",
                self.admin_site.admin_view(self.ship_csv_template_view),
                name="orders_order_ship_csv_template",
            ),
        ]
        return own + super().get_urls()

    # ---------- shipping several orders: a selection (one tracking number each) or a CSV file ----------
    @admin.action(description=_("Ship selected"), permissions=["change"])
    def ship_selected(self, request: HttpRequest, queryset: QuerySet[Order]) -> HttpResponse | None:
        """An intermediate page: one carrier, and one tracking number per selected order awaiting shipment."""
        if queryset.count() > BULK_SHIP_MAX:
            message = gettext("At most %(count)d orders at once; for more, upload a CSV file.")
            self.message_user(request, message % {"count": BULK_SHIP_MAX}, messages.ERROR)
            return None
        selected = list(queryset.select_related("merchant__shop").order_by("pk"))
        shippable = [order for order in selected if order.status == OrderStatus.AWAITING_SHIPMENT]
        others = [order for order in selected if order.status != OrderStatus.AWAITING_SHIPMENT]
        if not shippable:
            self.message_user(request, gettext("None of the selected orders is awaiting shipment."), messages.ERROR)
            return None
        form = BulkShipForm(request.POST if "apply" in request.POST else None, orders=shippable)
        if form.is_bound and form.is_valid():
            self._ship_all(request, form)
            if others:
                skipped = gettext("Not awaiting shipment, not shipped: %(numbers)s.")
                self.message_user(request, skipped % {"numbers": ", ".join(o.number for o in others)}, messages.WARNING)
            return None
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": gettext("Ship selected orders"),
            "form": form,
            "rows": [(order, form.tracking_field(order)) for order in shippable],
            "others": others,
            "selected": selected,
            "action": "ship_selected",
        }
        return TemplateResponse(request, "admin/orders/order/ship_selected.html", context)

    def _ship_all(self, request: HttpRequest, form: BulkShipForm) -> None:
        carrier, operator = form.cleaned_data["carrier"], cast(Any, request.user)
        shipped = 0
        for order_id, tracking in form.tracking_numbers().items():
            order = next(order for order in form.orders if order.pk == order_id)
            try:
                services.order_ship(order_id=order_id, carrier=carrier, tracking_number=tracking, operator=operator)
                shipped += 1
            except AppError as exc:
                self.message_user(request, f"{order.number}: {exc.message}", messages.ERROR)
        if shipped:
            done = ngettext(
                "%(count)d order shipped with %(carrier)s; its merchant was notified.",
                "%(count)d orders shipped with %(carrier)s; each one's merchant was notified.",
                shipped,
            )
            self.message_user(request, done % {"count": shipped, "carrier": carrier.strip()}, messages.SUCCESS)

    def ship_csv_view(self, request: HttpRequest) -> HttpResponse:
        """Ships each valid row of a CSV file (order_number, tracking_number[, carrier]), each row on its own, all or
        nothing; the rejected rows are listed with their reason."""
        if not self.has_change_permission(request):
            raise PermissionDenied
        report = None
        posted = request.method == "POST"
        form = ShipCsvForm(request.POST if posted else None, request.FILES if posted else None)
        if posted and form.is_valid():
            report = self._ship_rows(form.cleaned_data["file"], form.cleaned_data["carrier"], request.user)
            shipped, skipped = len(report.shipped), len(report.rejected)
            text = ngettext(
                "%(shipped)d order shipped (its merchant was notified), %(skipped)d skipped (see below).",
                "%(shipped)d orders shipped (each one's merchant was notified), %(skipped)d skipped (see below).",
                shipped,
            ) % {"shipped": shipped, "skipped": skipped}
            self.message_user(request, text, messages.WARNING if skipped else messages.SUCCESS)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": gettext("Ship orders from a CSV file"),
            "adminform": admin_form(form),
            "form": form,
            "report": report,
            "columns": CSV_COLUMNS,
            "optional_columns": CSV_OPTIONAL_COLUMNS,
            "max_rows": CSV_MAX_ROWS,
            "info_columns": CSV_TEMPLATE_INFO,
        }
        return TemplateResponse(request, "admin/orders/order/ship_csv.html", context)

    def ship_csv_template_view(self, request: HttpRequest) -> HttpResponse:
        """The CSV file the import reads, ready to fill in: its header row, then one row per order awaiting shipment
        (the most urgent first) with its number and an empty tracking number and carrier; the shop and the ship-by
        time tell the orders apart and are ignored on import."""
        if not self.has_change_permission(request):
            raise PermissionDenied
        response = HttpResponse(content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="ship-orders.csv"'
        response.write("\ufeff")  # a spreadsheet then reads it as UTF-8; the import skips it
        writer = csv.writer(response)
        writer.writerow([*CSV_COLUMNS, *CSV_OPTIONAL_COLUMNS, *CSV_TEMPLATE_INFO])
        waiting = (
            Order.objects.filter(status=OrderStatus.AWAITING_SHIPMENT)
            .select_related("merchant__shop")
            .order_by("ship_deadline", "id")[:CSV_MAX_ROWS]
        )
        for order in waiting:
            ship_by = timezone.localtime(order.ship_deadline).strftime("%Y-%m-%d %H:%M") if order.ship_deadline else ""
            writer.writerow([order.number, "", "", _csv_cell(self.shop_name(order)), ship_by])
        return response

    def _ship_rows(self, rows: list[ShipRow], default_carrier: str, operator: Any) -> CsvReport:
        report = CsvReport()
        orders = {o.number: o for o in Order.objects.filter(number__in={row.number for row in rows if row.number})}
        same_number: dict[str, list[ShipRow]] = defaultdict(list)
        for row in rows:
            if row.number:
                same_number[row.number].append(row)
        for row in rows:
            carrier = row.carrier or default_carrier.strip()
            reason = self._row_refused(row, carrier, default_carrier, same_number, orders)
            if reason is None:
                try:
                    services.order_ship(
                        order_id=orders[row.number].pk,
                        carrier=carrier,
                        tracking_number=row.tracking_number,
                        operator=operator,
                    )
                except AppError as exc:
                    reason = str(exc.message)
            report.rows.append(CsvRowResult(row.line, row.number, carrier, row.tracking_number, reason or ""))
        return report

    @staticmethod
    def _row_refused(
        row: ShipRow,
        carrier: str,
        default_carrier: str,
        same_number: dict[str, list[ShipRow]],
        orders: dict[str, Order],
    ) -> str | None:
        """Why a row cannot be shipped, or None."""
        if not row.number:
            return gettext("The order number is missing.")
        if not row.tracking_number:
            return gettext("The tracking number is missing.")
        if not carrier:
            return gettext("The carrier is missing: give it in a carrier column or on the form.")
        if len(row.tracking_number) > TRACKING_MAX:
            return gettext("The tracking number is longer than %(max)d characters.") % {"max": TRACKING_MAX}
        if len(carrier) > CARRIER_MAX:
            return gettext("The carrier is longer than %(max)d characters.") % {"max": CARRIER_MAX}
        twins = same_number[row.number]
        if len(twins) > 1:
            shipments = {(twin.tracking_number, twin.carrier or default_carrier.strip()) for twin in twins}
            lines = ", ".join(str(twin.line) for twin in twins)
            if len(shipments) > 1:
                return gettext("This order number is in rows %(lines)s with different shipments.") % {"lines": lines}
            if twins[0] is not row:
                return gettext("Duplicate of row %(line)d.") % {"line": twins[0].line}
        order = orders.get(row.number)
        if order is None:
            return gettext("Unknown order number.")
        if order.status == OrderStatus.SHIPPED and order.tracking_number == row.tracking_number:
            return gettext("Already shipped with this tracking number.")
        if order.status == OrderStatus.SHIPPED:
            return gettext("Already shipped with %(carrier)s, tracking number %(tracking)s.") % {
                "carrier": order.carrier,
                "tracking": order.tracking_number,
            }
        if order.status != OrderStatus.AWAITING_SHIPMENT:
            return gettext("The order is “%(status)s”, not awaiting shipment.") % {"status": _status_text(order)}
        return None


# --- refunds ---------------------------------------------------------------------------------------------------------


# The evidence a refund is decided on, in the order an operator reads it: the order, its tracking, the goods' state.
REFUND_EVIDENCE = [
    (_("Order"), ["order_link", "order_status", "order_merchant", "order_payment", "order_cost", "amount_shown"]),
    (_("Tracking"), ["order_carrier", "order_tracking_number", "order_delivered", "order_tracking"]),
    (_("Goods"), ["goods_state", "buyer_reason"]),
]


@admin.register(Refund)
class RefundAdmin(QueueAdmin, CreatedColumn, DecisionAdmin):
    """The refund queue: each request approved or rejected once, through the services, on a page that shows the
    evidence first (the order, its tracking, the goods' state) and the decision after."""

    list_display = ["order", "status", "amount_shown", "goods_status", "created", "merchant"]
    list_filter = ["status", "goods_status", "created_at"]
    search_fields = ["order__number"]
    list_select_related = ["order", "merchant"]
    ordering = ["status", "-id"]  # pending (0) first, newest first
    decisions = {
        "approve": Decision(_("Approve refund"), RefundApproveForm, RefundStatus.APPROVED),
        "reject": Decision(_("Reject refund"), ReasonForm, RefundStatus.REJECTED),
    }
    extra_readonly = (*(name for _title, names in REFUND_EVIDENCE for name in names), "decide")
    fieldsets = [
        *((title, {"fields": names}) for title, names in REFUND_EVIDENCE),  # type: ignore[list-item]
        (_("Decision"), {"fields": ["status", "decide", "review_note", "reviewed_by", "reviewed_at", "created_at"]}),
    ]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Refund]:
        return super().get_queryset(request).select_related("order__merchant__shop", "merchant")

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        """Without the decision's rows while it is not made."""
        fieldsets = super().get_fieldsets(request, obj)
        if obj is None:
            return fieldsets
        empty = {name for name in ("review_note", "reviewed_by", "reviewed_at") if getattr(obj, name) in (None, "")}
        return without_fields(fieldsets, empty | self.not_yet_shipped(obj))

    @staticmethod
    def not_yet_shipped(refund: Refund) -> set[str]:
        """The tracking rows an order not shipped yet has no value for (its page and its decision pages leave them
        out)."""
        return set() if refund.order.shipped_at else {"order_carrier", "order_tracking_number", "order_delivered"}

    def evidence(self, refund: Refund) -> list[tuple[Any, list[tuple[Any, str]]]]:
        """REFUND_EVIDENCE's rows with their labels and values, for the decision pages (the change page shows the
        same rows as its fieldsets)."""
        hidden = self.not_yet_shipped(refund)
        sections = []
        for title, names in REFUND_EVIDENCE:
            rows = []
            for name in names:
                if name in hidden:
                    continue
                method = getattr(self, name)
                rows.append((method.short_description, method(refund)))
            sections.append((title, rows))
        return sections

    @admin.display(description=_("order"), ordering="order__number")
    def order_link(self, refund: Refund) -> str:
        url = reverse("admin:orders_order_change", args=[refund.order_id])
        return format_html('<a href="{}">{}</a> ({})', url, refund.order.number, _shop_name(refund.order))

    @admin.display(description=_("merchant"))
    def order_merchant(self, refund: Refund) -> str:
        return str(refund.merchant)

    @admin.display(description=_("order status"), ordering="order__status")
    def order_status(self, refund: Refund) -> str:
        return _status_text(refund.order)

    @admin.display(description=_("total payment"))
    def order_payment(self, refund: Refund) -> str:
        return money_local(refund.order.total_payment)

    @admin.display(description=_("total cost"))
    def order_cost(self, refund: Refund) -> str:
        return money_local(refund.order.total_cost)

    @admin.display(description=_("amount"), ordering="amount")
    def amount_shown(self, refund: Refund) -> str:
        return money_local(refund.amount)

    @admin.display(description=_("carrier"))
    def order_carrier(self, refund: Refund) -> str:
        return refund.order.carrier

    @admin.display(description=_("tracking number"))
    def order_tracking_number(self, refund: Refund) -> str:
        return refund.order.tracking_number

    @admin.display(description=_("delivered"))
    def order_delivered(self, refund: Refund) -> str:
        return delivered_text(refund.order)

    @admin.display(description=_("tracking events"))
    def order_tracking(self, refund: Refund) -> str:
        return tracking_html(refund.order)

    @admin.display(description=_("goods status"))
    def goods_state(self, refund: Refund) -> str:
        return str(refund.get_goods_status_display())

    @admin.display(description=_("the buyer's reason"))
    def buyer_reason(self, refund: Refund) -> str:
        return refund.reason

    def get_urls(self) -> list:
        """The decisions' pages with the evidence above their forms (admin/orders/refund/decision.html)."""
        decided = {f"orders_refund_{name}" for name in self.decisions}
        return [
            path(str(url.pattern), self._with_evidence(url.callback), name=url.name) if url.name in decided else url
            for url in super().get_urls()
        ]

    def _with_evidence(self, view: Any) -> Any:
        def with_evidence(request: HttpRequest, object_id: str) -> HttpResponse:
            response = view(request, object_id)
            if isinstance(response, TemplateResponse) and response.context_data:
                response.template_name = "admin/orders/refund/decision.html"
                response.context_data["evidence"] = self.evidence(response.context_data["original"])
            return response

        return with_evidence

    def decision_summary(self, obj: Refund, decision: str) -> str:
        params = {
            "number": obj.order.number,
            "status": _status_text(obj.order),
            "amount": money_local(obj.amount),
            "cost": money_local(obj.order.total_cost),
            "goods": obj.get_goods_status_display(),
            "reason": obj.reason,
        }
        if decision == "approve":
            text = gettext(
                "Order %(number)s (%(status)s; goods: %(goods)s; the buyer's reason: %(reason)s). Approving refunds "
                "%(amount)s to the buyer, gives the merchant its cost %(cost)s back, and the order becomes refunded."
            )
        else:
            text = gettext(
                "Order %(number)s (%(status)s; goods: %(goods)s; the buyer's reason: %(reason)s). Rejecting keeps the "
                "order where it is."
            )
        return text % params

    def run_decision(self, name: str, obj: Refund, data: dict, operator: Any) -> None:
        if name == "approve":
            services.refund_approve(
                refund_id=obj.pk, operator=operator, note=data["note"], merchant_fault=data["merchant_fault"]
            )
        else:
            services.refund_reject(refund_id=obj.pk, operator=operator, reason=data["reason"])

    def decision_done(self, name: str, obj: Refund, data: dict) -> str:
        params = {
            "number": obj.order.number,
            "amount": money_local(obj.amount),
            "cost": money_local(obj.order.total_cost),
        }
        if name == "approve":
            return (
                gettext(
                    "Refund of order %(number)s approved: %(amount)s back to the buyer, its cost %(cost)s back in the "
                    "merchant's balance; the merchant was notified."
                )
                % params
            )
        return gettext("Refund of order %(number)s rejected: the order goes on; the merchant was notified.") % params


@admin.register(CreditEvent)
class CreditEventAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "merchant", "order", "kind", "points"]
    list_filter = ["kind", "created_at"]
    search_fields = ["merchant__phone", "merchant__email", "order__number"]
    list_select_related = ["merchant", "order"]


@admin.register(OrderTerms)
class OrderTermsAdmin(TermsAdmin):
    """The order windows and the settlement delay (apps.core.terms): a change is a new version, announced to every
    merchant and in force from its start, no earlier than the notice period later; each order keeps the deadlines its
    steps were given. Bounds: settings ORDER_..._BOUNDS."""

    list_display = [
        "effective_from",
        "state",
        "pickup_window_hours",
        "ship_window_hours",
        "receive_days_after_shipment",
        "receive_days_after_delivery",
        "settlement_delay_days",
        "change_note",
        "announced_by",
    ]
    list_select_related = ["announced_by"]


# --- storefront keys -------------------------------------------------------------------------------------------------


@admin.register(StorefrontKey)
class StorefrontKeyAdmin(admin.ModelAdmin):
    """The external storefronts' keys: listed for every operator who may view them; created only by an operator
    holding orders.add_storefrontkey (the secret is shown once, on the page that answers the creation); deactivated,
    with a reason, by one holding orders.change_storefrontkey. Never edited, never deleted: their orders name them.
    Each served shop's merchant is told of both, with the reason."""

    list_display = ["name", "key_id", "shop_count", "is_active", "created_by", "created_at", "deactivated_at"]
    list_filter = ["is_active", "created_at"]
    search_fields = ["name", "key_id", "shops__name"]
    list_select_related = ["created_by"]
    actions = ["deactivate"]
    fields = readonly_fields = (
        "name",
        "key_id",
        "shop_names",
        "is_active",
        "created_by",
        "created_at",
        "order_count",
        "deactivated_by",
        "deactivated_at",
        "deactivation_reason",
    )

    def get_queryset(self, request: HttpRequest) -> QuerySet[StorefrontKey]:
        return super().get_queryset(request).annotate(shop_total=Count("shops", distinct=True))

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description=_("shops"), ordering="shop_total")
    def shop_count(self, key: StorefrontKey) -> int:
        return key.shop_total  # type: ignore[attr-defined]  # annotated by get_queryset

    @admin.display(description=_("shops it serves"))
    def shop_names(self, key: StorefrontKey) -> str:
        return ", ".join(key.shops.order_by("name").values_list("name", flat=True)) or "-"

    @admin.display(description=_("orders"))
    def order_count(self, key: StorefrontKey) -> int:
        return key.orders.count()

    def change_view(self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: Any = None) -> Any:
        if request.method == "POST":  # nothing here is edited: no Save button, and no save by a hand-made POST
            raise PermissionDenied
        no_save = {"show_save": False, "show_save_and_continue": False, "show_save_and_add_another": False}
        return super().change_view(request, object_id, form_url, {**(extra_context or {}), **no_save})

    def add_view(self, request: HttpRequest, form_url: str = "", extra_context: Any = None) -> HttpResponse:
        """The key's form; once created, the page that shows its secret, this once."""
        if not self.has_add_permission(request):
            raise PermissionDenied
        form = StorefrontKeyForm(request.POST if request.method == "POST" else None, admin_site=self.admin_site)
        context = {**self.admin_site.each_context(request), "opts": self.model._meta}
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            try:
                key, secret = storefront_key_create(
                    name=data["name"],
                    shop_ids=[shop.pk for shop in data["shops"]],
                    operator=request.user,
                    reason=data["reason"],
                )
            except AppError as exc:
                form_refusal(form, exc)
            else:
                shops = list(key.shops.order_by("name"))
                context |= {"title": gettext("Storefront key created"), "key": key, "secret": secret, "shops": shops}
                # The admin's pages are never cached (admin_view): the secret is on this page alone.
                return TemplateResponse(request, "admin/orders/storefrontkey/created.html", context)
        context |= {"title": gettext("Add storefront key"), "adminform": admin_form(form), "media": form.media}
        return TemplateResponse(request, "admin/orders/storefrontkey/add.html", context)

    @admin.action(description=_("Deactivate (with reason)"), permissions=["change"])
    def deactivate(self, request: HttpRequest, queryset: QuerySet[StorefrontKey]) -> HttpResponse | None:
        """Asks for the reason on an intermediate page, then deactivates each selected key still active."""
        keys = list(queryset.order_by("pk"))
        form = ReasonForm(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            done = 0
            for key in keys:
                try:
                    storefront_key_deactivate(key_id=key.pk, operator=request.user, reason=form.cleaned_data["reason"])
                    done += 1
                except AppError as exc:
                    self.message_user(request, f"{key}: {exc.message}", messages.ERROR)
            if done:
                text = gettext("Storefront keys deactivated: %(count)d.") % {"count": done}
                self.message_user(request, text, messages.SUCCESS)
            return None
        return reason_action(
            self,
            request,
            action="deactivate",
            title=gettext("Deactivate storefront keys"),
            question=gettext(
                "Why are these keys deactivated? Their storefronts' requests are refused from now on, and the "
                "merchants of the shops they serve are told, with the reason."
            ),
            form=form,
            columns={
                _("name"): lambda key: key.name,
                _("key id"): lambda key: key.key_id,
                _("state"): lambda key: gettext("active") if key.is_active else gettext("already deactivated"),
            },
            objects=keys,
        )
