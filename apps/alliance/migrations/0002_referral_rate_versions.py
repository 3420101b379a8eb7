# The referral rate becomes a terms version (apps.core.terms): its history rows keep their values, operator and note
# (now announced_by and change_note), and each is in force from the time it was set (effective_from = announced_at).

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models
from django.db.models import F

TABLE = "alliance_referralrate"


def in_force_since_set(apps, schema_editor):
    # The rows are append-only: on PostgreSQL their trigger is set aside for this one copy, in this transaction.
    postgres = schema_editor.connection.vendor == "postgresql"
    if postgres:
        schema_editor.execute(f"ALTER TABLE {TABLE} DISABLE TRIGGER {TABLE}_append_only")
    apps.get_model("alliance", "ReferralRate").objects.update(effective_from=F("announced_at"))
    if postgres:
        schema_editor.execute(f"ALTER TABLE {TABLE} ENABLE TRIGGER {TABLE}_append_only")


class Migration(migrations.Migration):

    dependencies = [
        ('alliance', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RenameField(model_name='referralrate', old_name='note', new_name='change_note'),
        migrations.RenameField(model_name='referralrate', old_name='operator', new_name='announced_by'),
        migrations.RenameField(model_name='referralrate', old_name='created_at', new_name='announced_at'),
        migrations.AlterField(
            model_name='referralrate',
            name='announced_at',
            field=models.DateTimeField(default=django.utils.timezone.now, editable=False, verbose_name='announced at'),
        ),
        migrations.AlterField(
            model_name='referralrate',
            name='announced_by',
            field=models.ForeignKey(blank=True, editable=False, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='operator'),
        ),
        migrations.AlterField(
            model_name='referralrate',
            name='change_note',
            field=models.CharField(blank=True, max_length=255, verbose_name='what changes and why'),
        ),
        migrations.AddField(
            model_name='referralrate',
            name='effective_from',
            field=models.DateTimeField(db_index=True, default=django.utils.timezone.now, verbose_name='in force from'),
        ),
        migrations.RunPython(in_force_since_set, migrations.RunPython.noop),
        migrations.AlterModelOptions(
            name='referralrate',
            options={'ordering': ['-effective_from', '-id'], 'verbose_name': 'referral rate', 'verbose_name_plural': 'referral rates'},
        ),
    ]
