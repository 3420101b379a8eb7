"""The wallet answers as rows: each serializer is the one definition of its answer (the schema, the compiled writer of
apps.core.writers) and of what the selectors read for it (fields_of)."""

from django.utils import timezone
from rest_framework import serializers

from apps.core.money import MoneySerializerField
from apps.core.writers import LabelField

from .constants import DestinationConfirmation, EntryKind, Method


class BillLineSerializer(serializers.Serializer):
    """A funds record: a line of the balance's account with its entry."""

    id = serializers.IntegerField()
    kind = serializers.CharField(source="entry__kind")
    title = LabelField(EntryKind, source="entry__kind", read_only=True)  # a kind no longer known: as stored
    memo = serializers.CharField(source="entry__memo", read_only=True)  # in the reader's language (bill_page)
    amount = MoneySerializerField()
    balance_after = MoneySerializerField()
    created_at = serializers.DateTimeField(source="entry__created_at")


class DestinationSerializer(serializers.Serializer):
    """A payout destination as the app shows it: its name and its account shortened (a card's last four digits, an
    address's ends), never a whole card number."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    method = serializers.ChoiceField(choices=Method.choices)
    method_label = serializers.CharField(source="get_method_display")
    currency = serializers.CharField()
    network = serializers.CharField(help_text="The network's code (chain), empty for a bank card.")
    holder = serializers.CharField()
    bank_name = serializers.CharField()
    account = serializers.CharField(source="account_shown", help_text="A card's last four digits, a shortened address.")
    usable_from = serializers.DateTimeField(help_text="From when withdrawals to it are possible.")
    usable = serializers.SerializerMethodField(help_text="Withdrawals to it are possible now.")
    confirmed_with = serializers.ChoiceField(choices=DestinationConfirmation.choices)
    confirmed_with_label = serializers.CharField(source="get_confirmed_with_display")
    created_at = serializers.DateTimeField()
    removed = serializers.SerializerMethodField()

    def get_usable(self, destination) -> bool:
        return destination.usable_at(timezone.now())

    def get_removed(self, destination) -> bool:
        return destination.removed_at is not None


class WithdrawalDestinationSerializer(serializers.Serializer):
    """The destination a withdrawal went to, in its records: name and shortened account."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    account = serializers.CharField(source="account_shown")
