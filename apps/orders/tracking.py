"""Where shipping steps come from besides operators: a carrier integration behind one interface (settings.
TRACKING_PROVIDER). Steps are recorded only when the carrier reports them (product.md 2.7), never scripted."""

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from django.conf import settings
from django.utils.module_loading import import_string

from .constants import TrackingStep
from .models import Order


@dataclass(frozen=True)
class TrackingUpdate:
    """A step the carrier reports: one of TrackingStep (its own wording of the step goes as the note)."""

    occurred_at: datetime
    step: str = TrackingStep.UPDATE
    note: str = ""
    place: str = ""
    delivered: bool = False


class TrackingProvider(Protocol):
    name: str

    def updates(self, order: Order) -> list[TrackingUpdate]:
        """The steps the carrier reports for a shipped order (all of them: the ones already recorded are kept once)."""
        ...


class ManualTrackingProvider:
    """No carrier integration: operators record every step in the admin."""

    name = "manual"

    def updates(self, order: Order) -> list[TrackingUpdate]:
        return []


def tracking_provider() -> TrackingProvider:
    return import_string(settings.TRACKING_PROVIDER)()
