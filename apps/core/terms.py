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
"""

from datetime import UTC, datetime, timedelta
from typing import Any, ClassVar, Self

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.db.models import Exists, OuterRef, Q
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


class TermsQuerySet(models.QuerySet):
    def in_force(self, at: datetime | None = None) -> Self:
        """For each thing, the version in force at `at` (now): the newest that has started."""
        at = at or timezone.now()
        key = self.model.terms_key  # type: ignore[attr-defined]
        newer = self.model._default_manager.filter(
            Q(effective_from__gt=OuterRef("effective_from"))
            | Q(effective_from=OuterRef("effective_from"), pk__gt=OuterRef("pk")),
            effective_from__lte=at,
            **{field: OuterRef(field) for field in key},
        )
        return self.filter(effective_from__lte=at).exclude(Exists(newer))

    def upcoming(self, at: datetime | None = None) -> Self:
        """The versions announced and not in force yet."""
        return self.filter(effective_from__gt=at or timezone.now())


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


@receiver(class_prepared)
def _register(sender: type[models.Model], **kwargs: Any) -> None:
    # When the model is complete: in __init_subclass__ the class still has its abstract parent's _meta.
    if issubclass(sender, TermsVersion) and not sender._meta.abstract and sender not in TERMS_MODELS:
        TERMS_MODELS.append(sender)


def notice_period() -> timedelta:
    return timedelta(days=settings.TERMS_NOTICE_DAYS)


def earliest_start(model: type[TermsVersion], at: datetime | None = None) -> datetime:
    """The earliest a new version can apply: at once while the model has no version at all (the platform being set
    up), else TERMS_NOTICE_DAYS after it is announced."""
    at = at or timezone.now()
    return at if not model._default_manager.exists() else at + notice_period()


def too_soon_message(earliest: datetime) -> str:
    return gettext(
        "New terms apply at least %(days)d days after they are announced: from %(date)s at the earliest."
    ) % {
        "days": settings.TERMS_NOTICE_DAYS,
        "date": earliest.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC"),
    }


def terms_version_add(*, version: TermsVersion, operator: Any) -> TermsVersion:
    """Adds a new version (unsaved `version`): checks its bounds and its start, saves it and announces it to every
    merchant in their language. A start sooner than the notice period allows is refused (ValidationError on
    effective_from)."""
    model = type(version)
    now = timezone.now()
    version.announced_at = now
    version.announced_by = operator if getattr(operator, "pk", None) else None
    version.full_clean()
    earliest = earliest_start(model, now)
    if version.effective_from < earliest - timedelta(minutes=1):
        raise ValidationError({"effective_from": too_soon_message(earliest)})
    with transaction.atomic():
        version.save()
        notices.announce(
            title=model.terms_announcement,
            body=ANNOUNCEMENT_BODY,
            params={"date": version.effective_from.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")},
        )
    return version
