"""The order answers as rows: each serializer is the one definition of its answer (the schema, the compiled writer
of apps.core.writers) and of what the selectors read for it (fields_of)."""

from datetime import timedelta

from rest_framework import serializers

from apps.core.formats import labels
from apps.core.money import MoneySerializerField
from apps.core.writers import LabelField, PictureField, derived

from .constants import GoodsStatus, OrderSource, OrderStatus, RefundStatus, TrackingStep


def seconds(value: timedelta) -> int:
    """A duration as whole seconds (the time a paused pickup window has left)."""
    return int(value.total_seconds())


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
    status_label = LabelField(OrderStatus, source="status")
    title = serializers.CharField(
        read_only=True,
        help_text="The first line's product's title in the request's language (the buyer's wording when the product is "
        "gone or has no title).",
    )
    image = PictureField(read_only=True)  # the first line's picture
    line_count = serializers.IntegerField(read_only=True)
    quantity = serializers.IntegerField()
    total_payment = MoneySerializerField()
    total_cost = MoneySerializerField()
    earnings = MoneySerializerField()
    pickup_deadline = serializers.DateTimeField(
        allow_null=True, help_text="An order awaiting pickup not picked up by then is cancelled. Null while paused."
    )
    pickup_paused_left = derived(
        serializers.IntegerField,
        seconds,
        sources={"pickup_paused_left": [None, timedelta(hours=5, minutes=3, seconds=2.5)]},
        allow_null=True,
        read_only=True,
        help_text="While the shop is closed its pickup windows pause: the seconds this order's window has left, "
        "counted again from when the shop reopens. Null while the window runs.",
    )
    ship_deadline = serializers.DateTimeField(
        allow_null=True,
        help_text="A picked-up order the platform has not shipped by then is cancelled: its cost comes back to the "
        "balance and the buyer is refunded, with no credit event.",
    )
    settle_at = serializers.DateTimeField(allow_null=True)


class OrderLineSerializer(serializers.Serializer):
    # Selected as `shown_title` (selectors.line_title): an annotation cannot take the field's name.
    title = serializers.CharField(
        source="shown_title",
        help_text="The product's title in the request's language; the buyer's wording when the product is gone.",
    )
    ordered_title = serializers.CharField(
        source="title", help_text="The title as the buyer ordered it, in the buyer's language (frozen at the order)."
    )
    image = PictureField(read_only=True)
    quantity = serializers.IntegerField()
    retail_price = MoneySerializerField()
    purchase_price = MoneySerializerField()
    profit = MoneySerializerField()


class TrackingEventSerializer(serializers.Serializer):
    occurred_at = serializers.DateTimeField()
    place = serializers.CharField()
    step = serializers.ChoiceField(choices=TrackingStep.choices)
    step_label = LabelField(TrackingStep, source="step", help_text="The step in the request's language.")
    note = serializers.CharField(source="description", help_text="The operator's or carrier's note, as written.")


def _status_label(status: int | str) -> str:
    return labels(OrderStatus)[int(status)]


class HistorySerializer(serializers.Serializer):
    # A status change (apps.core.transitions.status_history_values) keeps the status as text.
    status = derived(serializers.IntegerField, int, sources={"to_status": ["5", "-1"]}, read_only=True)
    status_label = derived(serializers.CharField, _status_label, sources={"to_status": ["5", "-1"]}, read_only=True)
    created_at = serializers.DateTimeField()


def decision_note(status: int, review_note: str) -> str:
    return review_note if status == RefundStatus.REJECTED else ""


class RefundStateSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    amount = MoneySerializerField()
    reason = serializers.CharField()
    goods_status = serializers.ChoiceField(choices=GoodsStatus.choices)
    goods_status_label = LabelField(GoodsStatus, source="goods_status")
    status = serializers.ChoiceField(choices=RefundStatus.choices)
    status_label = LabelField(RefundStatus, source="status")
    decision_note = derived(
        serializers.CharField,
        decision_note,
        sources={"status": RefundStatus.values, "review_note": ["", "Kein Foto • 照片"]},
        read_only=True,
        help_text="The operator's reason for a rejection.",
    )
    decided_at = serializers.DateTimeField(source="reviewed_at", allow_null=True)


class OrderDetailSerializer(OrderSummarySerializer):
    # An order in detail (its `title`, `image` and `line_count` are of its `lines`).

    # A declared field, taken out of the class by DRF's metaclass: it does not shadow Field.source at run time.
    source = serializers.ChoiceField(  # type: ignore[assignment]
        choices=OrderSource.choices,
        help_text="Where the order came from: the platform's storefront, an external storefront (source_name), "
        "or, for orders received before storefront keys, the intake's former shared secret.",
    )
    source_label = LabelField(OrderSource, source="source")
    source_name = serializers.CharField(
        source="storefront_name", read_only=True, help_text="The external storefront's name; empty otherwise."
    )
    payment_reference = serializers.CharField(
        help_text="The buyer's payment: the payment provider's reference (the platform's storefront) or the one "
        "the external storefront sent. Empty until paid."
    )
    lines = OrderLineSerializer(many=True)
    ship_name = serializers.CharField()
    ship_phone = derived(
        serializers.CharField,
        masked_phone,
        sources={"ship_phone": ["+15551234", " 12 ", "电话"]},
        read_only=True,
        help_text="Masked: the first three and last two characters.",
    )
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
