"""The status changes apps.core.transitions wrote, as the tests read them."""

from django.contrib.contenttypes.models import ContentType
from django.db import models

from apps.core.models import StatusChange


def status_history(obj: models.Model) -> models.QuerySet[StatusChange]:
    """The object's status changes, newest first."""
    return StatusChange.objects.filter(
        content_type=ContentType.objects.get_for_model(type(obj)), object_id=obj.pk
    ).select_related("actor")
