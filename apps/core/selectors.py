"""Core reads: the published terms as merchants see them (the Terms screen, GET merchant/terms)."""

from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.utils import timezone
from django.utils.text import capfirst

from .terms import TERMS_MODELS, TermsQuerySet, TermsVersion


@dataclass(frozen=True)
class TermsKind:
    """One kind of published terms (one TermsVersion model): the versions in force (one per thing it has, e.g. per
    level), the ones announced and not in force yet (soonest first), and the newest replaced ones (at most
    TERMS_HISTORY_SHOWN; `past_total` counts them all)."""

    kind: str
    title: str
    in_force: list[TermsVersion]
    upcoming: list[TermsVersion]
    past: list[TermsVersion]
    past_total: int


def _versions(model: type[TermsVersion]) -> TermsQuerySet:
    related = [name for name in model.terms_fields if model._meta.get_field(name).is_relation]
    rows = model.objects.all()
    return rows.select_related(*related) if related else rows


def terms_kind(model: type[TermsVersion], *, at: datetime | None = None) -> TermsKind | None:
    """The terms of one kind at `at` (now), in three queries (four when its history is longer than what is shown);
    None when it has no version at all."""
    at = at or timezone.now()
    key = list(model.terms_key)
    in_force = list(_versions(model).in_force(at).order_by(*key, "effective_from", "pk"))
    upcoming = list(_versions(model).upcoming(at).order_by("effective_from", *key, "pk"))
    shown = settings.TERMS_HISTORY_SHOWN
    replaced = _versions(model).filter(effective_from__lte=at).exclude(pk__in=[version.pk for version in in_force])
    past = list(replaced.order_by("-effective_from", "-pk")[:shown])
    past_total = replaced.count() if len(past) == shown else len(past)
    if not (in_force or upcoming or past):
        return None
    return TermsKind(
        kind=model._meta.label_lower,
        title=capfirst(str(model._meta.verbose_name_plural)),
        in_force=in_force,
        upcoming=upcoming,
        past=past,
        past_total=past_total,
    )


def terms_overview(*, at: datetime | None = None) -> list[TermsKind]:
    """Every kind of published terms (apps.core.terms.TERMS_MODELS, in their order) that has a version: a constant
    number of queries per kind, whatever the number of versions."""
    at = at or timezone.now()
    kinds = (terms_kind(model, at=at) for model in TERMS_MODELS)
    return [kind for kind in kinds if kind is not None]
