"""The balance: the funds records, and the balances a payment answers with (WalletSummarySerializer)."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts.authentication import signed_in
from apps.core.apiview import ApiView
from apps.core.envelope import ok
from apps.core.formats import labels, money, time
from apps.core.money import MoneySerializerField
from apps.core.pagination import PageInputSerializer, page_answer
from apps.core.schema import paged

from .. import selectors
from ..constants import BILL_TABS, EntryKind


class BillApi(ApiView):
    class InputSerializer(PageInputSerializer):
        type = serializers.ChoiceField(choices=["all", *BILL_TABS], default="all")

    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        kind = serializers.CharField(source="entry.kind")
        title = serializers.SerializerMethodField()
        memo = serializers.SerializerMethodField()
        amount = MoneySerializerField()
        balance_after = MoneySerializerField()
        created_at = serializers.DateTimeField(source="entry.created_at")

        def get_memo(self, line) -> str:
            return self.context["memos"].get(line.entry_id, line.entry.memo)

        def get_title(self, line) -> str:
            return _title(line.entry.kind)

    @extend_schema(parameters=[InputSerializer], responses=paged(OutputSerializer))
    def get(self, request: Request) -> Response:
        # Built from plain values (apps.core.formats), so each record reads as
        # OutputSerializer (the schema) writes it (tests/wallet/test_bill_level_idempotency.py).
        data = self.valid_query(self.InputSerializer)
        page, limit = data["page"], data["limit"]
        total, lines = selectors.bill_page(merchant=signed_in(request), tab=data["type"], page=page,
                                           limit=limit)  # fmt: skip
        memos, titles = selectors.bill_memos(lines=lines), labels(EntryKind)
        items = [
            {"id": line["id"], "kind": (kind := line["entry__kind"]), "title": _title(kind, titles),
             "memo": memos.get(line["entry_id"], line["entry__memo"]), "amount": money(line["amount"]),
             "balance_after": money(line["balance_after"]), "created_at": time(line["entry__created_at"])}
            for line in lines
        ]  # fmt: skip
        return ok(page_answer(total, items, page=page, limit=limit))


def _title(kind: str, titles: dict[str, str] | None = None) -> str:
    """The record's kind in the reader's language (a kind no longer known: as stored); `titles`: labels(EntryKind),
    read once for a page."""
    return (labels(EntryKind) if titles is None else titles).get(kind, kind)


class WalletSummarySerializer(serializers.Serializer):
    """The balances after a payment (wallet.selectors.wallet_summary)."""

    balance = MoneySerializerField()
    pending_amount = MoneySerializerField()
    held_amount = MoneySerializerField()
    pending_sales = MoneySerializerField()
    total_income = MoneySerializerField()
