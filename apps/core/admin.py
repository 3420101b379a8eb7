from django.contrib import admin
from django.contrib.contenttypes.admin import GenericTabularInline
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


class StatusChangeInline(GenericTabularInline):
    """The status history of the object on the page (apps.core.transitions), read-only."""

    model = StatusChange
    extra = 0
    can_delete = False
    fields = readonly_fields = ("created_at", "from_status", "to_status", "actor", "note")
    ordering = ("-created_at", "-id")

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(StatusChange)
class StatusChangeAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "content_type", "object_id", "target", "from_status", "to_status", "actor", "note"]
    list_filter = ["content_type", "to_status", "created_at"]
    search_fields = ["note", "object_id"]
    list_select_related = ["content_type", "actor"]
