"""The time zone a shop's dates are counted in."""

from functools import cache
from zoneinfo import available_timezones

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.core.errors import field_error

from ..hooks import time_zone_changed
from ..models import Merchant


@cache
def time_zone_names() -> frozenset[str]:
    return frozenset(available_timezones())


@transaction.atomic
def merchant_time_zone_set(*, merchant: Merchant, time_zone: str) -> None:
    """The IANA zone the shop's dates are counted in (today, yesterday...): the figures are recounted in it."""
    if time_zone not in time_zone_names():
        raise field_error("time_zone", _("This time zone is not known."))
    if time_zone == merchant.time_zone:
        return
    Merchant.objects.filter(pk=merchant.pk).update(time_zone=time_zone, updated_at=timezone.now())
    merchant.time_zone = time_zone
    time_zone_changed(merchant_id=merchant.pk)
