"""The operators' work queues (issue 35), each defined once: what needs action, how old it is, its deadline, who may
see it, and the list that shows it.

Each app's admin module registers its queues (`register`; apps.core imports no app); `all_queues()` lists them.
Each `Queue` names its model, the rows that need action (`pending(now)`), the timestamp whose age counts
(`age_field`), the deadline field where the design defines one (`deadline_field`: a withdrawal's published review
deadline, an order's ship deadline; None where no deadline is defined), its place on the home page (`rank`) and its
order (overdue first, then oldest). The permission to see a queue is its model's view permission (or change, as
Django's admin has it).

- `queue_stats(user, now)`: the queues `user` may see, each with its count, oldest timestamp and earliest deadline:
  one aggregate query per queue, whatever the tables hold.
- `QueueFilter`: the list filter (parameter `queue`) of a queue's model admin, built from the queues of that model.
  Without the parameter (and no other filter or search chosen) the list shows the model's first queue; `queue=<key>`
  another of its queues; `queue=all` every row.
- `QueueAdmin`: the model admin mixin that puts `QueueFilter` first in the list's filters and orders an open queue
  overdue first, then oldest first.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.apps import apps
from django.contrib import admin
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.admin.views.main import ERROR_FLAG, IGNORED_PARAMS, PAGE_VAR, SEARCH_VAR
from django.db.models import Count, Min, Model, Q, QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

PARAMETER = "queue"  # the list filter's URL parameter
ALL = "all"  # its value that shows every row


@dataclass(frozen=True)
class Queue:
    key: str
    title: Any  # a lazy translation
    model_label: str  # "app_label.ModelName"
    pending: Callable[[datetime], Q]
    age_field: str
    deadline_field: str | None = None
    rank: int = 0  # its place on the home page (smallest first)

    @property
    def model(self) -> type[Model]:
        return apps.get_model(self.model_label)

    @property
    def permissions(self) -> tuple[str, str]:
        """The model's view and change permissions: either shows its list (as ModelAdmin.has_view_permission)."""
        opts = self.model._meta
        return (f"{opts.app_label}.view_{opts.model_name}", f"{opts.app_label}.change_{opts.model_name}")

    def visible_to(self, user: Any) -> bool:
        return any(user.has_perm(permission) for permission in self.permissions)

    @property
    def ordering(self) -> tuple[str, ...]:
        """Overdue (earliest deadline) first, then oldest first."""
        first = (self.deadline_field,) if self.deadline_field else ()
        return (*first, self.age_field, "pk")

    def queryset(self, now: datetime | None = None, queryset: QuerySet | None = None) -> QuerySet:
        """What needs action at `now` (of `queryset`, by default every row), oldest or overdue first."""
        qs = self.model._default_manager.all() if queryset is None else queryset
        return qs.filter(self.pending(now or timezone.now())).order_by(*self.ordering)

    @property
    def url(self) -> str:
        """The model's list filtered to this queue."""
        opts = self.model._meta
        return f"{reverse(f'admin:{opts.app_label}_{opts.model_name}_changelist')}?{PARAMETER}={self.key}"


_QUEUES: list[Queue] = []


def register(*queues: Queue) -> None:
    """Add `queues` to the console's (each app's admin module registers its own, since the apps' queue rules are
    theirs: apps.core imports no app)."""
    for new in queues:
        if any(q.key == new.key for q in _QUEUES):
            raise ValueError(f"queue {new.key!r} is registered twice")
        _QUEUES.append(new)
    _QUEUES.sort(key=lambda q: q.rank)


def all_queues() -> tuple[Queue, ...]:
    """Every registered queue, in the home page's order."""
    return tuple(_QUEUES)


def queues_of(model: type[Model]) -> list[Queue]:
    """The queues of `model`, its default (the list's default filter) first."""
    return [queue for queue in _QUEUES if queue.model_label == model._meta.label]


def queue(key: str) -> Queue:
    return next(q for q in _QUEUES if q.key == key)


@dataclass(frozen=True)
class QueueStat:
    queue: Queue
    count: int
    oldest: datetime | None  # the oldest item's timestamp (its age is now - oldest)
    deadline: datetime | None  # the earliest deadline among its items (None: no deadline defined, or empty)
    now: datetime

    @property
    def overdue(self) -> bool:
        return self.deadline is not None and self.deadline < self.now

    @property
    def age_seconds(self) -> int | None:
        return None if self.oldest is None else int((self.now - self.oldest).total_seconds())


def queue_stats(user: Any, now: datetime | None = None, queues: Sequence[Queue] | None = None) -> list[QueueStat]:
    """The queues `user` may see, each counted in one aggregate query (count, oldest timestamp, earliest deadline)."""
    now = now or timezone.now()
    stats = []
    for q in _QUEUES if queues is None else queues:
        if not q.visible_to(user):
            continue
        aggregates: dict[str, Any] = {"count": Count("pk"), "oldest": Min(q.age_field)}
        if q.deadline_field:
            aggregates["deadline"] = Min(q.deadline_field)
        row = q.model._default_manager.filter(q.pending(now)).aggregate(**aggregates)
        stats.append(QueueStat(q, row["count"], row["oldest"], row.get("deadline"), now))
    return stats


def _explicit_selection(request: HttpRequest) -> bool:
    """A list action posted on rows the operator ticked (not "select all"): it acts on those rows, as shown."""
    return (
        request.method == "POST"
        and bool(request.POST.getlist(ACTION_CHECKBOX_NAME))
        and request.POST.get("select_across") != "1"
    )


def active_queue(request: HttpRequest, model: type[Model]) -> Queue | None:
    """The queue a list of `model` shows for `request`, or None (every row): `queue=<key>` names one of the model's
    queues and `queue=all` none; without it, the model's first queue, unless another filter or a search is chosen
    (the rows that match it, from every row) or a list action names the rows it acts on (those rows)."""
    queues = queues_of(model)
    value = request.GET.get(PARAMETER)
    if value == ALL or not queues:
        return None
    if value in {q.key for q in queues}:
        return queue(value)
    ignored = {PARAMETER, PAGE_VAR, ERROR_FLAG, "_changelist_filters", *IGNORED_PARAMS}
    others = any(name not in ignored for name in request.GET) or bool(request.GET.get(SEARCH_VAR))
    return None if others or _explicit_selection(request) else queues[0]


class QueueFilter(admin.SimpleListFilter):
    """The list filter of a queue's model: its queues and "All" (active_queue decides which is shown)."""

    title = _("needs action")
    parameter_name = PARAMETER

    def __init__(self, request: HttpRequest, params: dict[str, Any], model: type[Model], model_admin: Any) -> None:
        super().__init__(request, params, model, model_admin)
        self.shown = active_queue(request, model)

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [(q.key, q.title) for q in queues_of(model_admin.model)]

    def has_output(self) -> bool:
        return True

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        return queryset if self.shown is None else queryset.filter(self.shown.pending(timezone.now()))

    def get_facet_counts(self, pk_attname: str, filtered_qs: QuerySet) -> dict[str, Any]:
        return {}  # the home page counts the queues; "Show counts" counts the other filters

    def choices(self, changelist: Any) -> Any:
        current = ALL if self.shown is None else self.shown.key
        for key, title in [*self.lookup_choices, (ALL, _("All"))]:
            yield {
                "selected": current == key,
                "query_string": changelist.get_query_string({self.parameter_name: key}),
                "display": title,
            }


class QueueAdmin(admin.ModelAdmin):
    """A queue's model admin: QueueFilter first among the list's filters, and an open queue overdue, then oldest,
    first (until the operator sorts by a column)."""

    queue_all_query = f"{PARAMETER}={ALL}"  # the search bar's "Show all" (templates/admin/search_form.html)

    def get_list_filter(self, request: HttpRequest) -> Any:
        return [QueueFilter, *super().get_list_filter(request)]

    def get_ordering(self, request: HttpRequest) -> Any:
        shown = active_queue(request, self.model)
        return shown.ordering if shown is not None else super().get_ordering(request)
