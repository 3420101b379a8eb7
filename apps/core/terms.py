"""Published terms, versioned (product.md section 2.9): fees, level terms, deposit addresses, bank details, rates,
windows and delays are never edited in place. A change is a new version of the thing it changes, announced to every
merchant when it is added and in force from `effective_from`, no earlier than TERMS_NOTICE_DAYS later. A row never
changes once written, so whatever points at a version (a merchant's level, a deposit's network) keeps its terms.

A terms model subclasses TermsVersion and names:
- `terms_key`: the fields that say which thing a row is a version of (rows with equal values are versions of one
  thing: `("rank",)` for levels, `("code",)` for deposit networks); `()` when the model is one thing (the withdrawal
  rule);
- `terms_fields`: the fields merchants see, in order (the terms screen); a method `get_<field>_terms_display()` gives a
  field's value as merchants read it ("15 %" for a margin stored as 0.15);
- `terms_announcement`: the title of the merchants' message, a gettext_noop msgid with `%(date)s`.
Bounds on the values are the model's `clean()`, from settings, checked before a version is added.

Fields outside `terms_fields` are the platform's own workings (a chain node's URL, an order on screen): a version that
changes only those, nothing merchants see compared with the version it follows, is not a change of terms: it may apply
at once and is not announced (`changes_terms`).

Readers take the version in force: `Model.objects.in_force()` (one query, whatever the number of things; `at` may be a
`apps.core.prepared.Param` in a prepared read, whose SQL is compiled once and must not hold the time it was compiled
at). A row that points at a version keeps it: a deposit keeps the network version (the address) it was made to.
"""

from datetime import UTC, datetime, timedelta
from typing import Any, ClassVar, Self

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.db.models import BooleanField, Exists, Expression, ExpressionWrapper, OuterRef, Q
from django.db.models.signals import class_prepared
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from . import notices
from .models import AppendOnlyModel

# Every concrete terms model, in the order merchants read them (filled as the models are defined).
TERMS_MODELS: list[type["TermsVersion"]] = []

ANNOUNCEMENT_BODY = gettext_noop(
    "The new terms are in the app under Terms, beside the ones in force now. What you have already paid for keeps "
    "the terms you paid for."
)


# A moment: a datetime, or an expression standing for one (a prepared read's Param).
Moment = datetime | Expression


class TermsQuerySet(models.QuerySet):
    def _newer_started(self, at: Moment) -> Exists:
        """Whether a newer version of the same thing has started by `at` (on the model's every row, whatever this
        queryset filters: `.filter(is_active=True).in_force()` is the in-force version when it is active, never an
        older active one)."""
        key = self.model.terms_key  # type: ignore[attr-defined]  # a TermsVersion
        newer = self.model._default_manager.filter(
            Q(effective_from__gt=OuterRef("effective_from"))
            | Q(effective_from=OuterRef("effective_from"), pk__gt=OuterRef("pk")),
            effective_from__lte=at,
            **{field: OuterRef(field) for field in key},
        )
        return Exists(newer)

    def in_force(self, at: Moment | None = None) -> Self:
        """For each thing, the version in force at `at` (now): the newest that has started."""
        at = timezone.now() if at is None else at
        return self.filter(effective_from__lte=at).exclude(self._newer_started(at))

    def upcoming(self, at: Moment | None = None) -> Self:
        """The versions announced and not in force yet."""
        return self.filter(effective_from__gt=timezone.now() if at is None else at)

    def with_in_force(self, at: Moment | None = None) -> Self:
        """Each version with `terms_in_force`: whether it is the one in force at `at` (now); in the same query (a
        list of versions with their state)."""
        at = timezone.now() if at is None else at
        in_force = Q(effective_from__lte=at) & ~self._newer_started(at)
        return self.annotate(terms_in_force=ExpressionWrapper(in_force, output_field=BooleanField()))


class TermsVersion(AppendOnlyModel):
    effective_from = models.DateTimeField(_("in force from"), default=timezone.now, db_index=True)
    announced_at = models.DateTimeField(_("announced at"), default=timezone.now, editable=False)
    announced_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("operator"),
        null=True,
        blank=True,
        editable=False,
        on_delete=models.PROTECT,
        related_name="+",
    )
    change_note = models.CharField(_("what changes and why"), max_length=255, blank=True)

    objects = TermsQuerySet.as_manager()

    terms_key: ClassVar[tuple[str, ...]] = ()
    terms_fields: ClassVar[tuple[str, ...]] = ()
    terms_announcement: ClassVar[str] = ""

    class Meta:
        abstract = True

    def terms_values(self) -> list[tuple[str, str]]:
        """What merchants read: each of `terms_fields` as (its translated name, its value as text)."""
        shown = []
        for name in self.terms_fields:
            field = self._meta.get_field(name)
            assert isinstance(field, models.Field)
            shown_as = getattr(self, f"get_{name}_terms_display", None)  # a model's own text of a value (15 %)
            if shown_as is not None:
                value = shown_as()
            elif getattr(field, "choices", None):
                value = getattr(self, f"get_{name}_display")()
            else:
                value = getattr(self, name)
            if isinstance(value, bool):
                value = gettext("Yes") if value else gettext("No")
            shown.append((str(field.verbose_name), "" if value is None else str(value)))
        return shown


# How much sooner than the earliest start a version may say: the time between the form showing the earliest and the
# operator saving it.
START_TOLERANCE = timedelta(minutes=1)


@receiver(class_prepared)
def _register(sender: type[models.Model], **kwargs: Any) -> None:
    """Fills TERMS_MODELS as the models are defined. (Not in `__init_subclass__`: Django's model metaclass gives the
    class its own Meta only after that ran, so the subclass still read the abstract parent's.)"""
    if not issubclass(sender, TermsVersion) or sender._meta.abstract or sender._meta.proxy:
        return
    if sender not in TERMS_MODELS:
        TERMS_MODELS.append(sender)


def notice_period() -> timedelta:
    return timedelta(days=settings.TERMS_NOTICE_DAYS)


def version_key(version: TermsVersion) -> dict[str, Any]:
    """The thing `version` is a version of: its `terms_key` fields and their values."""
    return {field: getattr(version, field) for field in version.terms_key}


def version_before(version: TermsVersion) -> TermsVersion | None:
    """The version of the same thing in force when `version` starts (the one it follows), other than itself."""
    model = type(version)
    return (
        model._default_manager.exclude(pk=version.pk)
        .in_force(version.effective_from)
        .filter(**version_key(version))
        .first()
    )


def changes_terms(version: TermsVersion) -> bool:
    """Whether `version` changes what merchants see (any of `terms_fields`) from the version it follows; a version of
    a new thing does."""
    before = version_before(version)
    return before is None or any(getattr(before, name) != getattr(version, name) for name in version.terms_fields)


def earliest_start(
    model: type[TermsVersion], at: datetime | None = None, *, version: TermsVersion | None = None
) -> datetime:
    """The earliest a new version can apply: at once while the model has no version at all (the platform being set
    up) or when `version` changes nothing merchants see (changes_terms), else TERMS_NOTICE_DAYS after it is
    announced. Never before `at` (now): no version is back-dated."""
    at = at or timezone.now()
    if not model._default_manager.exists():
        return at
    if version is not None and version.effective_from is not None and not changes_terms(version):
        return at
    return at + notice_period()


def suggested_start(model: type[TermsVersion], at: datetime | None = None) -> datetime:
    """The start an operator is offered for a new version: the earliest start of a change of terms, rounded up to the
    next whole hour (a round time in the announcement, and an hour to fill the form in before it is too soon)."""
    at = at or timezone.now()
    earliest = earliest_start(model, at)
    if earliest == at:
        return at
    rounded = earliest.replace(minute=0, second=0, microsecond=0)
    return rounded if rounded == earliest else rounded + timedelta(hours=1)


def too_soon_message(earliest: datetime) -> str:
    return gettext(
        "New terms apply at least %(days)d days after they are announced: from %(date)s at the earliest."
    ) % {
        "days": settings.TERMS_NOTICE_DAYS,
        "date": earliest.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC"),
    }


def start_error(version: TermsVersion, at: datetime | None = None) -> str | None:
    """Why `version` cannot start when it says (sooner than the notice period allows, or in the past), or None."""
    at = at or timezone.now()
    earliest = earliest_start(type(version), at, version=version)
    if version.effective_from < earliest - START_TOLERANCE:
        return too_soon_message(earliest)
    return None


def terms_version_add(*, version: TermsVersion, operator: Any) -> TermsVersion:
    """Adds a new version (unsaved `version`): checks its bounds and its start, saves it and, when it changes what
    merchants see, announces it to every merchant in their language. A start sooner than the notice period allows is
    refused (ValidationError on effective_from)."""
    model = type(version)
    now = timezone.now()
    version.announced_at = now
    version.announced_by = operator if getattr(operator, "pk", None) else None
    version.full_clean()
    if error := start_error(version, now):
        raise ValidationError({"effective_from": error})
    announced = changes_terms(version)
    with transaction.atomic():
        version.save()
        if announced:
            notices.announce(
                title=model.terms_announcement,
                body=ANNOUNCEMENT_BODY,
                params={"date": version.effective_from.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")},
            )
    return version
