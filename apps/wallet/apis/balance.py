"""The balance: the funds records, and the balances a payment answers with (WalletSummarySerializer)."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts.authentication import signed_in
from apps.core.apiview import ApiView
from apps.core.envelope import ok
from apps.core.money import MoneySerializerField
from apps.core.pagination import PageInputSerializer, page_answer
from apps.core.schema import paged
from apps.core.writers import writer

from .. import selectors
from ..answers import BillLineSerializer
from ..constants import BILL_TABS


class BillApi(ApiView):
    class InputSerializer(PageInputSerializer):
        type = serializers.ChoiceField(choices=["all", *BILL_TABS], default="all")

    class OutputSerializer(BillLineSerializer):
        pass

    @extend_schema(parameters=[InputSerializer], responses=paged(OutputSerializer))
    def get(self, request: Request) -> Response:
        data = self.valid_query(self.InputSerializer)
        page, limit = data["page"], data["limit"]
        total, lines = selectors.bill_page(merchant=signed_in(request), tab=data["type"], page=page, limit=limit)
        return ok(page_answer(total, write_bill.many(lines), page=page, limit=limit))


write_bill = writer(BillApi.OutputSerializer)


class WalletSummarySerializer(serializers.Serializer):
    """The balances after a payment (wallet.selectors.wallet_summary)."""

    balance = MoneySerializerField()
    pending_amount = MoneySerializerField()
    held_amount = MoneySerializerField()
    pending_sales = MoneySerializerField()
    total_income = MoneySerializerField(help_text="Settled sales: the orders settled, all dates.")
