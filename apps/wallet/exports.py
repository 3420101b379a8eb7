"""The funds records' export (apps.orders.export_apis): the lines the Funds records screen shows (merchant/bill,
BillLineSerializer), each with its balance after, written by apps.core.exports."""

from collections.abc import Iterator, Sequence
from datetime import datetime
from typing import Any

from django.utils.translation import gettext_lazy as _

from apps.accounts.models import Merchant
from apps.core.exports import Column, Kind
from apps.core.formats import labels

from .constants import EntryKind
from .selectors import bill_lines_between

# BillLineSerializer's fields, in its order: its `title` is the kind's label as its LabelField writes it.
FUNDS_COLUMNS = (
    Column(_("Time"), Kind.TIME),
    Column(_("Type"), Kind.TEXT),
    Column(_("Details"), Kind.TEXT),
    Column(_("Amount"), Kind.NUMBER),
    Column(_("Balance after"), Kind.NUMBER),
)


def funds_rows(*, merchant: Merchant, since: datetime, until: datetime) -> Iterator[Sequence[Any]]:
    """The funds records of [since, until), newest first as on the screen, one row each (FUNDS_COLUMNS)."""
    titles = labels(EntryKind)
    for line in bill_lines_between(merchant=merchant, since=since, until=until):
        yield (
            line["entry__created_at"],
            titles[line["entry__kind"]],
            line["entry__memo"],
            line["amount"],
            line["balance_after"],
        )
