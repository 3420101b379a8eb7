# A tracking step becomes one of the translated steps (TrackingStep), the operator's own words a note. The steps
# recorded as free text before are mapped when their text is a step's wording in one of the seven languages (as the
# demo and most operators wrote them); any other text is kept, as the note of a "Shipping update".

from django.conf import settings
from django.db import migrations, models
from django.utils import translation

TABLE = "orders_trackingevent"
# The steps' wording when this migration was written (constants.TrackingStep), matched in every language.
STEPS = {
    "picked_up": "Picked up by the carrier",
    "sorting_center": "Arrived at the sorting center",
    "in_transit": "In transit",
    "customs": "In customs",
    "arrived": "Arrived in the destination city",
    "out_for_delivery": "Out for delivery",
    "delivery_attempted": "Delivery attempted",
    "collection_point": "Waiting at the collection point",
    "returned": "Returned to the sender",
}


def _key(text):
    return " ".join(text.split()).rstrip(".。").casefold()


def steps_from_texts(apps, schema_editor):
    known = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            known.update({_key(translation.gettext(text)): step for step, text in STEPS.items()})
    known.update({_key(text): step for step, text in STEPS.items()})
    TrackingEvent = apps.get_model("orders", "TrackingEvent")
    # The rows are append-only: on PostgreSQL their trigger is set aside for this one change, in this transaction.
    postgres = schema_editor.connection.vendor == "postgresql"
    if postgres:
        # Checks still deferred in this transaction (Django's foreign keys) would refuse the ALTER TABLE: run them now.
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        schema_editor.execute(f"ALTER TABLE {TABLE} DISABLE TRIGGER {TABLE}_append_only")
    taken = set()
    for pk, order_id, occurred_at, text in TrackingEvent.objects.order_by("pk").values_list(
        "pk", "order_id", "occurred_at", "description"
    ):
        step = known.get(_key(text))
        if step is not None and (order_id, occurred_at, step) not in taken:
            taken.add((order_id, occurred_at, step))
            TrackingEvent.objects.filter(pk=pk).update(step=step, description="")
    if postgres:
        schema_editor.execute(f"ALTER TABLE {TABLE} ENABLE TRIGGER {TABLE}_append_only")


class Migration(migrations.Migration):
    dependencies = [
        ("orders", "0008_pickup_queue_and_shortfall"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="trackingevent",
            name="orders_tracking_once",
        ),
        migrations.AddField(
            model_name="trackingevent",
            name="step",
            field=models.CharField(
                choices=[
                    ("picked_up", "Picked up by the carrier"),
                    ("sorting_center", "Arrived at the sorting center"),
                    ("in_transit", "In transit"),
                    ("customs", "In customs"),
                    ("arrived", "Arrived in the destination city"),
                    ("out_for_delivery", "Out for delivery"),
                    ("delivery_attempted", "Delivery attempted"),
                    ("collection_point", "Waiting at the collection point"),
                    ("returned", "Returned to the sender"),
                    ("update", "Shipping update"),
                ],
                default="update",
                max_length=24,
                verbose_name="step",
            ),
        ),
        migrations.AlterField(
            model_name="trackingevent",
            name="description",
            field=models.CharField(blank=True, max_length=255, verbose_name="note"),
        ),
        migrations.RunPython(steps_from_texts, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="trackingevent",
            constraint=models.UniqueConstraint(
                fields=("order", "occurred_at", "step", "description"), name="orders_tracking_step_once"
            ),
        ),
    ]
