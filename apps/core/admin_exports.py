"""Operators' exports: a list of the console (its current filters, search and order) as CSV or XLSX.

`ExportAdmin` adds to a model admin the page `<list>/export/<csv|xlsx>/?<the list's query>` (URL name
`<app>_<model>_export`) and the list's buttons "Export CSV" and "Export Excel" (admin/core/export_links.html). The file
holds the rows the list shows with those filters (every page of them, at most EXPORT_MAX_ROWS: more is refused with a
message, nothing written) and only the list's columns as the operator sees them (`get_list_display`): a column shown
as a link or a masked card number is exported as the same text, never the field behind it; `export_as` gives a
column its typed value instead (an amount as a number, a time as a time) from what the cell shows. Headers are in the
operator's language, times in the operator's zone; the file streams (apps.core.exports).

Only an operator who may view the model (its view or change permission) exports it. Each export is recorded as a
Django admin LogEntry (flag EXPORT_FLAG): the operator, the model, the list's address with its filters, the format,
the language and the number of rows, and when.
"""

import html
from collections.abc import Callable, Iterator, Sequence
from typing import Any, cast

from django.contrib import admin, messages
from django.contrib.admin.models import LogEntry
from django.contrib.admin.options import IncorrectLookupParameters
from django.contrib.admin.utils import display_for_field, display_for_value, label_for_field, lookup_field
from django.contrib.admin.views.main import ERROR_FLAG
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import PermissionDenied
from django.db.models import Model
from django.http import Http404, HttpRequest, HttpResponseRedirect
from django.http.response import HttpResponseBase
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import strip_tags
from django.utils.text import Truncator
from django.utils.translation import get_language, gettext

from .exports import Column, ExportFormat, export_response

EXPORT_MAX_ROWS = 10_000
EXPORT_FLAG = 4  # LogEntry.action_flag of an export (Django's own are 1 addition, 2 change, 3 deletion)

Value = Callable[[Any], Any]


def _plain(value: Any) -> str:
    """A cell as its text: the list's HTML (a link, a highlighted amount) without its tags."""
    return html.unescape(strip_tags(str(value)))


class ExportAdmin(admin.ModelAdmin):
    """A model admin whose list exports as CSV and XLSX (the module's docstring)."""

    # {a name in list_display: the columns it is exported as, each with the value it takes from the row}
    export_as: dict[str, list[tuple[Column, Value]]] = {}
    export_name = ""  # the file's name (without extension); the model's plural name by default

    def get_urls(self) -> list:
        own = [
            path(
                "export/<str:format>/",
                self.admin_site.admin_view(self.export_view),
                name=f"{self.opts.app_label}_{self.opts.model_name}_export",
            )
        ]
        return own + super().get_urls()

    def export_columns(self, request: HttpRequest) -> list[tuple[Column, Value]]:
        """The list's columns as the operator sees them, each with how a row's value is read."""
        columns: list[tuple[Column, Value]] = []
        for name in self.get_list_display(request):
            if name == "action_checkbox":
                continue
            if isinstance(name, str) and name in self.export_as:
                columns += self.export_as[name]
                continue
            header = label_for_field(name, self.model, self)
            columns.append((Column(_plain(header) if not isinstance(header, str) else header), self._cell(name)))
        return columns

    def _cell(self, name: Any) -> Value:
        empty = self.get_empty_value_display()

        def read(obj: Model) -> Any:
            field, attr, value = lookup_field(name, obj, self)
            if field is None:
                boolean = getattr(attr, "boolean", False)
                shown = display_for_value(value, empty, boolean)
            else:
                shown = display_for_field(value, field, empty) if not field.is_relation else value
            return "" if shown in (None, empty) else _plain(shown)

        return read

    def export_view(self, request: HttpRequest, format: str) -> HttpResponseBase:
        if not self.has_view_permission(request):
            raise PermissionDenied
        try:
            chosen = ExportFormat(format)
        except ValueError:
            raise Http404 from None
        list_url = reverse(f"admin:{self.opts.app_label}_{self.opts.model_name}_changelist")
        try:
            changelist = self.get_changelist_instance(request)  # the list's filters, search and order, as shown
        except IncorrectLookupParameters:
            return HttpResponseRedirect(f"{list_url}?{ERROR_FLAG}=1")  # what the list answers to such filters
        query = changelist.get_query_string()
        queryset = changelist.queryset
        count = queryset.count()
        if count > EXPORT_MAX_ROWS:
            text = gettext(
                "Rows in this list: %(count)d. An export holds at most %(max)d rows: narrow the list with its filters "
                "or the search, then export again."
            )
            self.message_user(request, text % {"count": count, "max": EXPORT_MAX_ROWS}, messages.ERROR)
            return HttpResponseRedirect(list_url + query)
        columns = self.export_columns(request)
        language = get_language()
        self._record(request, f"{list_url}{query}", chosen, language, count)
        name = self.export_name or str(self.opts.verbose_name_plural).replace(" ", "-")
        return export_response(
            filename=f"{name}-{timezone.localtime():%Y%m%d-%H%M}",
            columns=[column for column, _value in columns],
            rows=self._rows(queryset[:EXPORT_MAX_ROWS], [value for _column, value in columns]),
            format=chosen,
            language=language,
            zone=timezone.get_current_timezone(),
        )

    @staticmethod
    def _rows(queryset: Any, values: Sequence[Value]) -> Iterator[list[Any]]:
        for obj in queryset.iterator(chunk_size=500):
            yield [value(obj) for value in values]

    def _record(self, request: HttpRequest, address: str, chosen: ExportFormat, language: str, count: int) -> None:
        """The export in Django's admin log: who, which list (its address with the filters), how many rows, when."""
        LogEntry.objects.create(
            user_id=cast(int, request.user.pk),  # a signed-in operator on an admin page
            content_type_id=ContentType.objects.get_for_model(self.model, for_concrete_model=False).pk,
            object_id=None,
            object_repr=Truncator(address).chars(200),
            action_flag=EXPORT_FLAG,
            change_message=f"Exported {count} rows as {chosen.value.upper()} ({language}): {address}",
        )


def export_records(model: type[Model]) -> Any:
    """The recorded exports of `model`'s list, newest first."""
    content_type = ContentType.objects.get_for_model(model, for_concrete_model=False)
    return LogEntry.objects.filter(action_flag=EXPORT_FLAG, content_type=content_type).order_by("-action_time", "-id")
