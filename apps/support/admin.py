"""The operators' console for support."""

from typing import Any

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from modeltranslation.admin import TranslationAdmin

from apps.core.admin import ReadOnlyInline, linked_picture
from apps.core.errors import AppError
from apps.core.i18n import APP_TO_DJANGO, DJANGO_TO_APP, language_name
from apps.core.queues import QueueAdmin
from apps.core.uploads import operator_upload_url
from apps.shop.models import Level

from . import selectors, services
from .constants import SUPPORT_TEXT_MAX, BroadcastAudience, BroadcastStatus
from .models import Announcement, Broadcast, Conversation, SupportLink, SupportMessage


# Messages and announcements
class PublishedTextsForm(forms.ModelForm):
    """An announcement's or a broadcast's form: a text of any language holding something shaped like a chain address
    is refused beside its field, and nothing is saved (services.published_texts_check, trust rule 8)."""

    def clean(self) -> dict:
        data = super().clean() or {}
        names = services.translated_field_names(self._meta.model)
        try:
            services.published_texts_check(texts={name: data.get(name) for name in names if name in self.fields})
        except AppError as exc:
            for name, errors in exc.data["errors"].items():
                self.add_error(name, errors)
        return data


def languages_text(counts: list[tuple[str, int]], broadcast: Broadcast | None = None) -> str:
    """The merchants per language ("Русский (ru): 40, ไทย (th): 5"); with a broadcast, each language the operator did
    not write says which one its readers get instead ("ไทย (th): 5 → English (en)")."""
    parts = []
    for lang, count in counts:
        text = f"{language_name(lang)}: {count}"
        if broadcast is not None:
            own = APP_TO_DJANGO.get(lang, lang)
            read = broadcast.language_for(own)
            if read is not None and read != own:
                text += f" → {language_name(DJANGO_TO_APP[read])}"
        parts.append(text)
    return ", ".join(parts) or "-"


class BroadcastForm(PublishedTextsForm):
    class Meta:
        model = Broadcast
        fields = ["title", "content", "sender", "type", "audience", "level", "merchants"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if "level" in self.fields:  # a level is chosen by its version in force; its merchants are on any version
            # attr-defined: the field is a ModelChoiceField (a foreign key's)
            self.fields["level"].queryset = Level.objects.in_force().order_by("rank")  # type: ignore[attr-defined]
        if "audience" in self.fields:
            audiences = "; ".join(
                f"{name} — {languages_text(counts)}" for name, counts in selectors.languages_by_audience()
            )
            self.fields["audience"].help_text = gettext(
                "The languages the merchants read (merchants per language): %(audiences)s. Write in as many of them "
                "as you can: a merchant whose language you leave empty reads the message in English if you wrote "
                "it, otherwise in another language you wrote. No language is required."
            ) % {"audiences": audiences}

    def clean(self) -> dict:
        data = super().clean() or {}
        written = False
        for code, _name in settings.LANGUAGES:
            suffix = code.replace("-", "_")
            title, content = data.get(f"title_{suffix}"), data.get(f"content_{suffix}")
            if bool(title) != bool(content) and f"title_{suffix}" in self.fields:
                missing = f"content_{suffix}" if title else f"title_{suffix}"
                self.add_error(missing, gettext("Write both the title and the content in this language, or neither."))
            written = written or bool(title and content)
        if not written and "title_en" in self.fields:
            self.add_error(None, gettext("Write the title and the content in at least one language."))
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
class BroadcastAdmin(QueueAdmin, TranslationAdmin):
    """Operators write a broadcast in the seven languages and save it: it is sent at once, in the background, and is
    then only looked at (who sent it, when, to how many merchants)."""

    form = BroadcastForm
    list_display = ["title", "type", "audience", "status", "recipients", "created_by", "created_at", "sent_at"]
    list_filter = ["status", "audience", "type"]
    list_select_related = ["created_by"]
    search_fields = ["title", "content"]
    autocomplete_fields = ["merchants"]
    readonly_fields = ["status", "recipients", "audience_languages", "created_by", "created_at", "sent_at"]
    actions = ["resume"]

    @admin.display(description=_("languages of its merchants"))
    def audience_languages(self, broadcast: Broadcast) -> str:
        """Its merchants per language, and the language each group reads it in when not their own."""
        return languages_text(selectors.audience_languages(broadcast=broadcast), broadcast)

    def get_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        fields = list(super().get_fields(request, obj))
        return fields if obj is not None else [f for f in fields if f not in self.readonly_fields]

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return obj is None and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: Broadcast, form: Any, change: bool) -> None:
        services.broadcast_save(broadcast=obj, operator=request.user)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        services.broadcast_enqueue(broadcast=form.instance)  # after its chosen merchants are saved
        self.message_user(
            request,
            gettext("Its merchants by language: %(languages)s.")
            % {"languages": languages_text(selectors.audience_languages(broadcast=form.instance), form.instance)},
            messages.INFO,
        )

    # Resuming finishes sending a broadcast: it takes the permission that sends one (adding it).
    @admin.action(description=_("Resume sending (adds only the messages still missing)"), permissions=["add"])
    def resume(self, request: HttpRequest, queryset: QuerySet[Broadcast]) -> None:
        unsent = []
        for broadcast in queryset:
            if broadcast.status == BroadcastStatus.SENT:
                continue
            try:
                services.broadcast_enqueue(broadcast=broadcast)
            except AppError as exc:  # it holds a chain address: never sent
                self.message_user(request, f"{broadcast}: {exc.message}", messages.ERROR)
            else:
                unsent.append(broadcast)
        self.message_user(
            request,
            ngettext("%(count)d broadcast queued again.", "%(count)d broadcasts queued again.", len(unsent))
            % {"count": len(unsent)},
            messages.SUCCESS,
        )


class AnnouncementForm(PublishedTextsForm):
    class Meta:
        model = Announcement
        fields = ["title", "content", "starts_at", "ends_at", "is_active"]


@admin.register(Announcement)
class AnnouncementAdmin(TranslationAdmin):
    """Platform announcements: shown to every merchant while active and within their window, newest first."""

    form = AnnouncementForm
    list_display = ["title", "starts_at", "ends_at", "is_active", "in_force", "created_by"]
    list_filter = ["is_active"]
    list_select_related = ["created_by"]
    search_fields = ["title", "content"]
    readonly_fields = ["created_by", "created_at"]

    def save_model(self, request: HttpRequest, obj: Announcement, form: Any, change: bool) -> None:
        services.announcement_save(announcement=obj, operator=request.user)

    @admin.display(description=_("shown now"), boolean=True)
    def in_force(self, announcement: Announcement) -> bool:
        now = timezone.now()
        ends = announcement.ends_at
        return announcement.is_active and announcement.starts_at <= now and (ends is None or ends > now)


# Customer support


@admin.register(SupportLink)
class SupportLinkAdmin(TranslationAdmin):
    list_display = ["label", "kind", "url", "position", "is_active"]
    list_editable = ["position", "is_active"]
    list_filter = ["kind", "is_active"]
    ordering = ["position", "id"]


class SupportMessageInline(ReadOnlyInline):
    """The conversation, newest first (right under the reply form); images through expiring links."""

    model = SupportMessage
    fields = readonly_fields = ("created_at", "author", "operator", "text", "picture")
    ordering = ("-id",)
    verbose_name = _("message")
    verbose_name_plural = _("conversation")

    def get_queryset(self, request: HttpRequest) -> QuerySet[SupportMessage]:
        return super().get_queryset(request).select_related("image", "operator")

    @admin.display(description=_("image"))
    def picture(self, obj: SupportMessage) -> str:
        return linked_picture(operator_upload_url(obj.image), "message")


class ReplyForm(forms.ModelForm):
    """The operator's reply under the conversation: its Save sends it through services.support_reply."""

    reply_text = forms.CharField(
        label=capfirst(_("reply")),
        required=False,
        max_length=SUPPORT_TEXT_MAX,
        widget=forms.Textarea(attrs={"rows": 4, "cols": 60}),
        help_text=_("Plain text. Never a deposit address: the merchant finds those only on the deposit screen."),
    )
    reply_image = forms.ImageField(label=capfirst(_("image")), required=False)

    class Meta:
        model = Conversation
        fields: list[str] = []

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        text, image = data.get("reply_text") or "", data.get("reply_image")
        if text or image:
            try:
                data["reply_text"] = services.support_reply_check(text=text, has_image=image is not None)
            except AppError as exc:
                self.add_error("reply_text", str(exc.message))
        return data


@admin.register(Conversation)
class ConversationAdmin(QueueAdmin, admin.ModelAdmin):
    """The queue of conversations waiting for an answer (filter "waiting for an answer": Yes), waiting ones first.

    Opening a conversation marks the merchant's messages read (when the operator may answer it: reading as one who
    may only look changes nothing); Save sends the reply typed under it. Replying and taking a conversation out of
    the queue need the permission to change conversations.
    """

    form = ReplyForm
    list_display = ["merchant", "waiting", "operator_unread", "merchant_unread", "last_message_at"]
    list_filter = ["waiting"]
    list_select_related = ["merchant"]
    search_fields = ["merchant__phone", "merchant__email", "merchant__real_name"]
    ordering = ["-waiting", "-last_message_at", "-id"]
    fields = [
        "merchant",
        "waiting",
        "operator_unread",
        "merchant_unread",
        "last_message_at",
        "reply_text",
        "reply_image",
    ]
    readonly_fields = ["merchant", "waiting", "operator_unread", "merchant_unread", "last_message_at"]
    inlines = [SupportMessageInline]
    actions = ["mark_answered"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # a conversation starts with the merchant's first message

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def change_view(self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: Any = None) -> Any:
        if request.method == "GET" and object_id.isdigit() and self.has_change_permission(request):
            services.conversation_operator_read(conversation_id=int(object_id))
        context = {**(extra_context or {}), "show_save_and_add_another": False, "show_delete": False}
        return super().change_view(request, object_id, form_url, context)

    def save_model(self, request: HttpRequest, obj: Conversation, form: Any, change: bool) -> None:
        text, image = form.cleaned_data.get("reply_text") or "", form.cleaned_data.get("reply_image")
        if not text and image is None:
            return
        try:
            services.support_reply(conversation_id=obj.pk, operator=request.user, text=text, image_file=image)
        except AppError as exc:  # the image was refused (format, size): the reply was not sent
            messages.error(request, str(exc.message))
        else:
            request.support_replied = True  # type: ignore[attr-defined]  # read by message_user

    def message_user(
        self, request: HttpRequest, message: Any, level: int | str = messages.INFO, *args: Any, **kwargs: Any
    ) -> None:
        if level == messages.SUCCESS and "reply_text" in request.POST:  # the change page's Save
            if not getattr(request, "support_replied", False):
                return  # nothing was sent (no reply typed, or the image refused: its error is shown)
            message = gettext("Reply sent.")
        super().message_user(request, message, level, *args, **kwargs)

    @admin.action(description=_("Mark as answered (leave the queue without a reply)"), permissions=["change"])
    def mark_answered(self, request: HttpRequest, queryset: QuerySet[Conversation]) -> HttpResponse | None:
        ids = list(queryset.values_list("pk", flat=True))
        for pk in ids:
            services.support_mark_answered(conversation_id=pk)
        self.message_user(
            request,
            ngettext("%(n)d conversation left the queue.", "%(n)d conversations left the queue.", len(ids))
            % {"n": len(ids)},
            messages.SUCCESS,
        )
        return None
