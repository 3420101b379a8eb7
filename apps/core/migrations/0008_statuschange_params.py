"""A status change's why may be the platform's wording (a msgid and its params, translated when shown). The notes
written before are kept as written: their params stay NULL, which StatusChange.rendered_note shows unchanged."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('core', '0007_heartbeat'),
    ]

    operations = [
        migrations.AddField(
            model_name='statuschange',
            name='params',
            field=models.JSONField(blank=True, null=True),
        ),
    ]
