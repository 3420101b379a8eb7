from django.db import models
from django.utils.translation import gettext_lazy as _


class NoticeType(models.IntegerChoices):
    SYSTEM = 1, _("System message")
    USER = 2, _("User notification")
