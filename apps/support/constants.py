from django.db import models
from django.utils.translation import gettext_lazy as _


class NoticeType(models.IntegerChoices):
    SYSTEM = 1, _("System message")
    USER = 2, _("User notification")


# Messages and announcements
class BroadcastAudience(models.TextChoices):
    ALL = "all", _("All merchants")
    LEVEL = "level", _("Merchants of one level")
    CHOSEN = "chosen", _("Chosen merchants")


class BroadcastStatus(models.TextChoices):
    QUEUED = "queued", _("Queued")
    SENDING = "sending", _("Sending")
    SENT = "sent", _("Sent")


# A broadcast's messages are inserted this many at a time (one read of merchant ids, then bulk inserts).
BROADCAST_BATCH = 2000
# The list's preview: the first characters of the message's content.
PREVIEW_LENGTH = 80
