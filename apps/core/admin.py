from django.contrib import admin
from django.contrib.contenttypes.admin import GenericTabularInline
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from .models import StatusChange

admin.site.site_header = _("Marketplace operations")
admin.site.site_title = _("Marketplace operations")
admin.site.index_title = _("Operations console")


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


def _status_labels(change: StatusChange) -> tuple[str, str]:
    model = change.content_type.model_class()
    if model is None:
        return change.from_status, change.to_status
    field = model._meta.get_field(getattr(model, "STATUS_FIELD", "status"))
    choices = {str(value): str(label) for value, label in getattr(field, "flatchoices", ())}
    return choices.get(change.from_status, change.from_status), choices.get(change.to_status, change.to_status)


class StatusLabels:
    """The moved-from and moved-to statuses by their labels (the rows keep the stored codes)."""

    @admin.display(description=_("from"))
    def from_label(self, change: StatusChange) -> str:
        return _status_labels(change)[0]

    @admin.display(description=_("to"))
    def to_label(self, change: StatusChange) -> str:
        return _status_labels(change)[1]


class StatusChangeInline(StatusLabels, GenericTabularInline):
    """The status history of the object on the page (apps.core.transitions), read-only."""

    model = StatusChange
    extra = 0
    can_delete = False
    fields = readonly_fields = ("created_at", "from_label", "to_label", "actor", "note")
    ordering = ("-created_at", "-id")

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(StatusChange)
class StatusChangeAdmin(StatusLabels, ReadOnlyAdmin):
    list_display = ["created_at", "content_type", "target", "from_label", "to_label", "actor", "note"]
    list_filter = [("content_type", admin.RelatedOnlyFieldListFilter), "created_at"]
    search_fields = ["note", "object_id"]
    list_select_related = ["content_type", "actor"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[StatusChange]:
        return super().get_queryset(request).prefetch_related("target")  # one query per kind of object, not per row
