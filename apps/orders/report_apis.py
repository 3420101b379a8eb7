"""Home's figures and sales curve, Finance's report, the credit score's events (product.md 11).

Home, the curve and Finance are opened often: their answers are written from the reports' plain values by their
OutputSerializers' compiled writers (apps.core.writers)."""

from django.conf import settings
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts.authentication import signed_in
from apps.core.apiview import ApiView
from apps.core.envelope import ok
from apps.core.money import MoneySerializerField
from apps.core.pagination import PageInputSerializer, paginate
from apps.core.schema import PageSerializer
from apps.core.writers import writer
from apps.shop.figures import CREDIT_START, totals_get

from . import reports
from .constants import CREDIT_POINTS, CreditEventKind


class IndexApi(ApiView):
    class OutputSerializer(serializers.Serializer):
        time_zone = serializers.CharField(help_text="The IANA zone 'today' is counted in.")
        today = serializers.DateField()
        total_sales = MoneySerializerField(
            help_text="Sales: orders paid and not since cancelled or refunded (all dates)."
        )
        total_profit = MoneySerializerField(help_text="Estimated profit: total sales minus their cost.")
        today_orders = serializers.IntegerField(help_text="Orders paid today and not since cancelled or refunded.")
        today_sales = MoneySerializerField()
        today_profit = MoneySerializerField(help_text="Estimated: today's sales minus their cost.")
        followers = serializers.IntegerField()
        rating = serializers.DecimalField(
            max_digits=2,
            decimal_places=1,
            allow_null=True,
            help_text="The average of the reviews to one decimal (as the storefront shows it); null until one.",
        )
        rating_count = serializers.IntegerField()
        credit_score = serializers.IntegerField()
        visitors_today = serializers.IntegerField(help_text="Distinct storefront visitors.")
        visitors_seven = serializers.IntegerField(help_text="Distinct visitors in the 7 days ending today.")
        visitors_thirty = serializers.IntegerField(help_text="Distinct visitors in the 30 days ending today.")
        unread_messages = serializers.IntegerField()
        awaiting_pickup = serializers.IntegerField()

    @extend_schema(responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        """Home's figures, each computed from recorded events."""
        return ok(write_home.one(reports.home_figures(merchant=signed_in(request))))


write_home = writer(IndexApi.OutputSerializer)


class EchartApi(ApiView):
    class InputSerializer(serializers.Serializer):
        range = serializers.ChoiceField(
            choices=["today", *reports.CURVE_RANGES],
            default="today",
            help_text="today (by hour), seven or thirty (days ending today, by day).",
            error_messages={"invalid_choice": gettext_lazy("Please choose today, 7 days or 30 days.")},
        )

    class OutputSerializer(serializers.Serializer):
        class PointSerializer(serializers.Serializer):
            at = serializers.CharField(help_text="The hour (ISO date-time with offset) or the date (ISO).")
            orders = serializers.IntegerField()
            sales = MoneySerializerField()

        range = serializers.CharField()
        time_zone = serializers.CharField()
        points = PointSerializer(many=True)

    @extend_schema(parameters=[InputSerializer], responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        """The sales curve: orders paid and their sales per point, zeros included."""
        data = self.valid_query(self.InputSerializer)
        return ok(write_curve.one(reports.sales_curve(merchant=signed_in(request), range_name=data["range"])))


write_curve = writer(EchartApi.OutputSerializer)


class FinancialReportApi(ApiView):
    class InputSerializer(serializers.Serializer):
        range = serializers.ChoiceField(
            choices=reports.REPORT_RANGES,
            default="all",
            help_text="all, yesterday, today, week (the 7 days ending today) or month (the 30 days ending today).",
            error_messages={"invalid_choice": gettext_lazy("Please choose a period.")},
        )

    class OutputSerializer(serializers.Serializer):
        class ProfitSerializer(serializers.Serializer):
            date = serializers.DateField()
            profit = MoneySerializerField()

        range = serializers.CharField()
        time_zone = serializers.CharField()
        start = serializers.DateField(allow_null=True, help_text="null for all.")
        end = serializers.DateField()
        awaiting_amount = MoneySerializerField(help_text="Received in the period and still pending settlement.")
        total_profit = MoneySerializerField(
            help_text="Settled profit: sales minus cost of the orders settled in the period."
        )
        total_orders = serializers.IntegerField(help_text="Orders placed in the period (the Orders tabs' count).")
        cancelled_orders = serializers.IntegerField(help_text="Of them, those now cancelled.")
        refunded_orders = serializers.IntegerField(help_text="Of them, those now refunded.")
        profit_by_date = ProfitSerializer(
            many=True, help_text="Settled profit on every date of the period (all: the last 30 days)."
        )

    @extend_schema(parameters=[InputSerializer], responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        """Finance: the figures of a period of the merchant's local dates."""
        data = self.valid_query(self.InputSerializer)
        report = reports.financial_report(merchant=signed_in(request), range_name=data["range"])
        return ok(write_report.one(report))


write_report = writer(FinancialReportApi.OutputSerializer)


class CreditEventSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=CreditEventKind.choices)
    kind_label = serializers.CharField(source="get_kind_display")
    points = serializers.IntegerField()
    score = serializers.IntegerField(help_text="The score after the event.")
    order_number = serializers.CharField(source="order.number", allow_null=True, default=None)
    created_at = serializers.DateTimeField()


class CreditRuleSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=CreditEventKind.choices)
    kind_label = serializers.CharField()
    points = serializers.IntegerField()


class CreditEventsApi(ApiView):
    class OutputSerializer(PageSerializer):
        list = CreditEventSerializer(many=True)
        score = serializers.IntegerField()
        start = serializers.IntegerField(help_text="A new shop's score, and the most it recovers to.")
        recovery_days = serializers.IntegerField(
            help_text="A score below the start and unchanged this many days gains the recovery points."
        )
        rules = CreditRuleSerializer(many=True, help_text="The published points of each event.")

    @extend_schema(parameters=[PageInputSerializer], responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        """The credit score, its published rules, and the events that changed it, newest first."""
        data = self.valid_query(PageInputSerializer)
        merchant = signed_in(request)
        page = paginate(reports.credit_events(merchant=merchant), **data, serialize=list)
        page["score"] = totals_get(merchant_id=merchant.pk)["credit_score"]
        page["start"] = CREDIT_START
        page["recovery_days"] = settings.CREDIT_RECOVERY_DAYS
        page["rules"] = [
            {"kind": kind, "kind_label": kind.label, "points": points} for kind, points in CREDIT_POINTS.items()
        ]
        return ok(self.OutputSerializer(page).data)
