"""The images operators sent in support conversations belong to the conversation's merchant, as those sent from now on
do (services.support_reply): a private file is served to its owner's session only (apps.core.apis.private_file)."""

from django.db import migrations
from django.db.models import OuterRef, Subquery


def forwards(apps, schema_editor):
    Upload = apps.get_model("core", "Upload")
    SupportMessage = apps.get_model("support", "SupportMessage")
    merchant = SupportMessage.objects.filter(image=OuterRef("pk")).values("conversation__merchant")[:1]
    Upload.objects.filter(owner__isnull=True, pk__in=SupportMessage.objects.values("image")).update(
        owner=Subquery(merchant)
    )


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0005_alter_upload_kind"),
        ("support", "0002_messages_support"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
