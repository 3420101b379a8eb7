"""The wallet's settings within their published bounds: `manage.py check` (and every command that runs the checks,
migrate and runserver among them) refuses a deployment that sets them outside."""

from typing import Any

from django.conf import settings
from django.core import checks

from .constants import WITHDRAWAL_REVIEW_HOURS_MAX, WITHDRAWAL_REVIEW_HOURS_MIN


@checks.register()
def withdrawal_review_hours_bounded(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    hours = settings.WITHDRAWAL_REVIEW_HOURS
    if WITHDRAWAL_REVIEW_HOURS_MIN <= hours <= WITHDRAWAL_REVIEW_HOURS_MAX:
        return []
    return [
        checks.Error(
            f"WITHDRAWAL_REVIEW_HOURS={hours} is outside "
            f"{WITHDRAWAL_REVIEW_HOURS_MIN}..{WITHDRAWAL_REVIEW_HOURS_MAX} hours",
            id="wallet.E001",
        )
    ]
