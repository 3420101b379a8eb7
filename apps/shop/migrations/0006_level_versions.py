# Level terms become versions (apps.core.terms): a level is its rank's versions, each in force from `effective_from`;
# a merchant's level is the version it bought. The existing rows are the first versions, in force since they were
# created. Then the rows are append-only (on PostgreSQL the database refuses UPDATE and DELETE too).

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models
from django.db.models import F

from apps.core.append_only import append_only_triggers


def first_versions(apps, schema_editor):
    apps.get_model("shop", "Level").objects.update(effective_from=F("created_at"), announced_at=F("created_at"))


class Migration(migrations.Migration):

    dependencies = [
        ('core', '0007_heartbeat'),
        ('shop', '0005_promotion_package'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='level',
            name='announced_at',
            field=models.DateTimeField(default=django.utils.timezone.now, editable=False, verbose_name='announced at'),
        ),
        migrations.AddField(
            model_name='level',
            name='announced_by',
            field=models.ForeignKey(blank=True, editable=False, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='operator'),
        ),
        migrations.AddField(
            model_name='level',
            name='change_note',
            field=models.CharField(blank=True, max_length=255, verbose_name='what changes and why'),
        ),
        migrations.AddField(
            model_name='level',
            name='effective_from',
            field=models.DateTimeField(db_index=True, default=django.utils.timezone.now, verbose_name='in force from'),
        ),
        migrations.RunPython(first_versions, migrations.RunPython.noop),
        migrations.AlterModelOptions(
            name='level',
            options={'ordering': ['rank', 'effective_from', 'id'], 'verbose_name': 'level', 'verbose_name_plural': 'levels'},
        ),
        migrations.RemoveField(
            model_name='level',
            name='created_at',
        ),
        migrations.RemoveField(
            model_name='level',
            name='updated_at',
        ),
        migrations.AlterField(
            model_name='level',
            name='image',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='core.upload'),
        ),
        migrations.AlterField(
            model_name='level',
            name='profit_margin',
            field=models.DecimalField(decimal_places=4, help_text='A fraction of the retail price: 0.15 means 15 percent.', max_digits=5, verbose_name='profit margin'),
        ),
        migrations.AlterField(
            model_name='level',
            name='rank',
            field=models.PositiveSmallIntegerField(verbose_name='rank'),
        ),
        migrations.AddConstraint(
            model_name='level',
            constraint=models.UniqueConstraint(fields=('rank', 'effective_from'), name='shop_level_version_once'),
        ),
        append_only_triggers("shop_level"),
    ]
