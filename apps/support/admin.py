"""The operators' console for support."""

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from modeltranslation.admin import TranslationAdmin

from . import services
from .constants import BroadcastAudience, BroadcastStatus
from .models import Announcement, Broadcast


# Messages and announcements
class BroadcastForm(forms.ModelForm):
    class Meta:
        model = Broadcast
        fields = ["title", "content", "sender", "type", "audience", "level", "merchants"]

    def clean(self) -> dict:
        data = super().clean() or {}
        audience = data.get("audience")
        if audience == BroadcastAudience.LEVEL and not data.get("level"):
            self.add_error("level", gettext("Please choose the level whose merchants receive it."))
        if audience == BroadcastAudience.CHOSEN and not data.get("merchants"):
            self.add_error("merchants", gettext("Please choose the merchants who receive it."))
        if audience != BroadcastAudience.LEVEL:
            data["level"] = None
        if audience != BroadcastAudience.CHOSEN and "merchants" in data:
            data["merchants"] = []
        return data


@admin.register(Broadcast)
class BroadcastAdmin(TranslationAdmin):
    """Operators write a broadcast in the seven languages and save it: it is sent at once, in the background, and is
    then only looked at (who sent it, when, to how many merchants)."""

    form = BroadcastForm
    list_display = ["title", "type", "audience", "status", "recipients", "created_by", "created_at", "sent_at"]
    list_filter = ["status", "audience", "type"]
    list_select_related = ["created_by"]
    search_fields = ["title", "content"]
    autocomplete_fields = ["merchants"]
    readonly_fields = ["status", "recipients", "created_by", "created_at", "sent_at"]
    actions = ["resume"]

    def get_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        fields = list(super().get_fields(request, obj))
        return fields if obj is not None else [f for f in fields if f not in self.readonly_fields]

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return obj is None and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: Broadcast, form: Any, change: bool) -> None:
        obj.created_by = request.user  # type: ignore[assignment]
        super().save_model(request, obj, form, change)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        services.broadcast_enqueue(broadcast=form.instance)  # after its chosen merchants are saved

    @admin.action(description=_("Resume sending (adds only the messages still missing)"))
    def resume(self, request: HttpRequest, queryset: QuerySet[Broadcast]) -> None:
        unsent = [b for b in queryset if b.status != BroadcastStatus.SENT]
        for broadcast in unsent:
            services.broadcast_enqueue(broadcast=broadcast)
        self.message_user(
            request,
            ngettext("%(count)d broadcast queued again.", "%(count)d broadcasts queued again.", len(unsent))
            % {"count": len(unsent)},
            messages.SUCCESS,
        )


@admin.register(Announcement)
class AnnouncementAdmin(TranslationAdmin):
    """Platform announcements: shown to every merchant while active and within their window, newest first."""

    list_display = ["title", "starts_at", "ends_at", "is_active", "in_force", "created_by"]
    list_filter = ["is_active"]
    list_select_related = ["created_by"]
    search_fields = ["title", "content"]
    readonly_fields = ["created_by", "created_at"]

    def save_model(self, request: HttpRequest, obj: Announcement, form: Any, change: bool) -> None:
        if not change:
            obj.created_by = request.user  # type: ignore[assignment]
        super().save_model(request, obj, form, change)

    @admin.display(description=_("shown now"), boolean=True)
    def in_force(self, announcement: Announcement) -> bool:
        now = timezone.now()
        ends = announcement.ends_at
        return announcement.is_active and announcement.starts_at <= now and (ends is None or ends > now)
