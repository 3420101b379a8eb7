"""On PostgreSQL the database itself refuses UPDATE and DELETE on tracking and credit events (apps.core.append_only)."""

from django.db import migrations

from apps.core.append_only import append_only_triggers


class Migration(migrations.Migration):
    dependencies = [("orders", "0001_initial"), ("core", "0003_statuschange_idempotency_result")]

    operations = [append_only_triggers("orders_trackingevent", "orders_creditevent")]
