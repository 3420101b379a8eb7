"""The wallet answers as rows: each serializer is the one definition of its answer (the schema, the compiled writer of
apps.core.writers) and of what the selectors read for it (fields_of)."""

from rest_framework import serializers

from apps.core.money import MoneySerializerField
from apps.core.writers import LabelField

from .constants import EntryKind


class BillLineSerializer(serializers.Serializer):
    """A funds record: a line of the balance's account with its entry."""

    id = serializers.IntegerField()
    kind = serializers.CharField(source="entry__kind")
    title = LabelField(EntryKind, source="entry__kind", read_only=True)  # a kind no longer known: as stored
    memo = serializers.CharField(source="entry__memo", read_only=True)  # in the reader's language (bill_page)
    amount = MoneySerializerField()
    balance_after = MoneySerializerField()
    created_at = serializers.DateTimeField(source="entry__created_at")
