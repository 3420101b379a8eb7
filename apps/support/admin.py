"""The operators' console for support."""

from typing import Any

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.formats import date_format, number_format
from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from modeltranslation.admin import TranslationAdmin

from apps.core.admin import linked_picture
from apps.core.errors import AppError
from apps.core.i18n import APP_TO_DJANGO, DJANGO_TO_APP, language_name
from apps.core.queues import Queue, QueueAdmin, register
from apps.core.uploads import operator_upload_url
from apps.shop.models import Level

from . import selectors, services
from .constants import SUPPORT_TEXT_MAX, BroadcastAudience, BroadcastStatus, MessageAuthor
from .models import Announcement, Broadcast, Conversation, SupportLink


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


def reading_rule() -> str:
    """What a merchant whose language the broadcast is not written in receives (models.reading_order, the rule its
    sending follows), in words."""
    return gettext(
        "A merchant whose language the broadcast is not written in receives it in another language it is written in: "
        "for Chinese, the other Chinese script first; otherwise English; otherwise the first written language in the "
        "order English, Русский, 日本語, 한국어, ไทย, 简体中文, 繁體中文. Title, content and sender always come in one "
        "language."
    )


register(
    Queue("support", _("Support conversations waiting"), "support.Conversation", lambda now: Q(waiting=True),
          "last_message_at", rank=70),
    Queue("broadcasts", _("Broadcasts sending"), "support.Broadcast",
          lambda now: Q(status__in=[BroadcastStatus.QUEUED, BroadcastStatus.SENDING]), "created_at", rank=80),
)  # fmt: skip


@admin.register(Broadcast)
class BroadcastAdmin(QueueAdmin, TranslationAdmin):
    """Operators write a broadcast in the seven languages and save it as a draft; its Send step (send_view) shows the
    audience, a preview per language and which language each group of merchants receives, and only its confirmation
    queues the sending (services.broadcast_confirm), in the background. A sent broadcast is then only looked at."""

    form = BroadcastForm
    list_display = ["title", "audience_shown", "status", "recipients", "sent_at"]
    list_filter = ["status", "audience", "type"]
    list_select_related = ["created_by", "level"]
    search_fields = ["title", "content"]
    autocomplete_fields = ["merchants"]
    readonly_fields = ["status", "recipients", "audience_languages", "created_by", "created_at", "sent_at"]
    actions = ["resume"]
    change_form_template = "admin/support/broadcast/change_form.html"

    @admin.display(description=_("languages of its merchants"))
    def audience_languages(self, broadcast: Broadcast) -> str:
        """Its merchants per language, and the language each group reads it in when not their own."""
        return languages_text(selectors.audience_languages(broadcast=broadcast), broadcast)

    @admin.display(description=_("audience"), ordering="audience")
    def audience_shown(self, broadcast: Broadcast) -> str:
        if broadcast.audience == BroadcastAudience.LEVEL and broadcast.level is not None:
            return f"{broadcast.get_audience_display()}: {broadcast.level}"
        return str(broadcast.get_audience_display())

    def get_urls(self) -> list[Any]:
        send = path("<path:object_id>/send/", self.admin_site.admin_view(self.send_view), name="support_broadcast_send")
        return [send, *super().get_urls()]

    def get_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        fields = list(super().get_fields(request, obj))
        return fields if obj is not None else [f for f in fields if f not in self.readonly_fields]

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return obj is None and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: Broadcast, form: Any, change: bool) -> None:
        services.broadcast_save(broadcast=obj, operator=request.user)  # a draft: nothing is sent yet

    def response_add(self, request: HttpRequest, obj: Broadcast, post_url_continue: str | None = None) -> HttpResponse:
        self.message_user(
            request, gettext("Draft saved; nothing has been sent yet. Check the audience and send it."), messages.INFO
        )
        return HttpResponseRedirect(reverse("admin:support_broadcast_send", args=[obj.pk]))

    def change_view(self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: Any = None) -> Any:
        broadcast = self.get_object(request, object_id)
        context = {
            **(extra_context or {}),
            "can_send": broadcast is not None
            and broadcast.status == BroadcastStatus.DRAFT
            and self.has_add_permission(request),
        }
        return super().change_view(request, object_id, form_url, context)

    def send_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """The Send step: GET shows what sending does; POST `confirm` queues it, `cancel` keeps the draft. Both need
        the permission that sends a broadcast (adding one)."""
        if not self.has_add_permission(request):
            raise PermissionDenied
        broadcast = self.get_object(request, object_id)
        if broadcast is None:
            raise Http404
        change_url = reverse("admin:support_broadcast_change", args=[broadcast.pk])
        if request.method == "POST":
            if "confirm" not in request.POST:
                self.message_user(
                    request,
                    gettext("Kept as a draft: nothing was sent. Send it from its page when ready."),
                    messages.INFO,
                )
                return HttpResponseRedirect(change_url)
            try:
                count = services.broadcast_confirm(broadcast_id=broadcast.pk)
            except AppError as exc:
                self.message_user(request, str(exc.message), messages.ERROR)
                return HttpResponseRedirect(change_url)
            self.message_user(
                request,
                ngettext(
                    "Broadcast queued: %(count)s merchant will receive it.",
                    "Broadcast queued: %(count)s merchants will receive it.",
                    count,
                )
                % {"count": number_format(count, force_grouping=True)},
                messages.SUCCESS,
            )
            return HttpResponseRedirect(reverse("admin:support_broadcast_changelist"))
        opts = self.opts
        previews = [
            {
                "language": language_name(DJANGO_TO_APP[code]),
                "title": broadcast.text_in("title", code),
                "content": broadcast.text_in("content", code),
                "sender": broadcast.text_in("sender", code) or gettext("Platform"),
            }
            for code in broadcast.written_in()
        ]
        reading = selectors.audience_reading(broadcast=broadcast)  # broadcast_recipients: whom the sending reaches
        readers = [
            {
                "language": language_name(lang),
                "count": count,
                "reads": language_name(DJANGO_TO_APP[read]) if read else "-",
                "own": read is not None and read == APP_TO_DJANGO.get(lang, lang),
            }
            for lang, count, read in reading
        ]
        context = {
            **self.admin_site.each_context(request),
            "opts": opts,
            "original": broadcast,
            "title": gettext("Send the broadcast “%(title)s”") % {"title": broadcast.title or "-"},
            "audience_count": sum(count for _lang, count, _read in reading),
            "audience_name": self.audience_shown(broadcast),
            "previews": previews,
            "readers": readers,
            "reading_rule": reading_rule(),
            "is_draft": broadcast.status == BroadcastStatus.DRAFT,
            "change_url": change_url,
        }
        return TemplateResponse(request, "admin/support/broadcast/send.html", context)

    # Resuming finishes sending a broadcast: it takes the permission that sends one (adding it).
    @admin.action(description=_("Resume sending (adds only the messages still missing)"), permissions=["add"])
    def resume(self, request: HttpRequest, queryset: QuerySet[Broadcast]) -> None:
        unsent, drafts = [], 0
        for broadcast in queryset:
            if broadcast.status == BroadcastStatus.SENT:
                continue
            if broadcast.status == BroadcastStatus.DRAFT:  # never confirmed: its Send step sends it
                drafts += 1
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
        if drafts:
            self.message_user(
                request,
                ngettext(
                    "%(count)d draft was not sent: open it and use its Send step.",
                    "%(count)d drafts were not sent: open each and use its Send step.",
                    drafts,
                )
                % {"count": drafts},
                messages.WARNING,
            )


class AnnouncementForm(PublishedTextsForm):
    class Meta:
        model = Announcement
        fields = ["title", "content", "starts_at", "ends_at", "is_active"]


@admin.register(Announcement)
class AnnouncementAdmin(TranslationAdmin):
    """Platform announcements: shown to every merchant while active and within their window, newest first."""

    form = AnnouncementForm
    list_display = ["title", "in_force", "starts_at", "ends_at"]
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


THREAD_LIMIT = 100  # the messages a conversation's page shows, the newest ones


class ReplyForm(forms.ModelForm):
    """The operator's reply under the conversation: "Send reply" sends it through services.support_reply."""

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
        try:
            data["reply_text"] = services.support_reply_check(text=text, has_image=image is not None)
        except AppError as exc:
            self.add_error("reply_text", str(exc.message))
        return data


@admin.register(Conversation)
class ConversationAdmin(QueueAdmin, admin.ModelAdmin):
    """The queue of conversations waiting for an answer (filter "waiting for an answer": Yes), waiting ones first.

    A conversation's page is the chat: the merchant and the language to answer in on top, the thread oldest first, the
    reply box under the newest message. Opening it reads nothing: "Send reply" (services.support_reply) and "Mark as
    answered" (services.support_mark_answered, also a list action) mark the merchant's messages read. Both need the
    permission to change conversations.
    """

    form = ReplyForm
    list_display = ["merchant", "merchant_language", "state", "unread", "last_message"]
    list_filter = ["waiting"]
    list_select_related = ["merchant"]
    search_fields = ["merchant__phone", "merchant__email", "merchant__real_name"]
    ordering = ["-waiting", "-last_message_at", "-id"]
    fields = ["reply_text", "reply_image"]
    actions = ["mark_answered"]
    change_form_template = "admin/support/conversation/change_form.html"

    @admin.display(description=_("language"), ordering="merchant__language")
    def merchant_language(self, conversation: Conversation) -> str:
        return language_name(conversation.merchant.language)

    @admin.display(description=_("last message"), ordering="last_message_at")
    def last_message(self, conversation: Conversation) -> str:
        at = conversation.last_message_at
        return date_format(timezone.localtime(at), "SHORT_DATETIME_FORMAT") if at else "-"

    @admin.display(description=_("unread"), ordering="operator_unread")
    def unread(self, conversation: Conversation) -> int:
        return conversation.operator_unread

    @admin.display(description=_("status"), ordering="waiting")
    def state(self, conversation: Conversation) -> str:
        return str(_("Waiting for an answer") if conversation.waiting else _("Answered"))

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # a conversation starts with the merchant's first message

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def change_view(self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: Any = None) -> Any:
        conversation = self.get_object(request, object_id)
        if conversation is not None and request.method == "POST" and "_mark_answered" in request.POST:
            if not self.has_change_permission(request, conversation):
                raise PermissionDenied
            services.support_mark_answered(conversation_id=conversation.pk)
            self.message_user(request, self._answered_text(1), messages.SUCCESS)
            return HttpResponseRedirect(reverse("admin:support_conversation_changelist"))
        context = {**(extra_context or {}), "show_save_and_add_another": False, "show_delete": False}
        if conversation is not None:
            thread, older = selectors.conversation_thread(conversation=conversation, limit=THREAD_LIMIT)
            context.update(
                merchant=conversation.merchant,
                merchant_language=language_name(conversation.merchant.language),
                thread=[
                    {
                        "message": message,
                        "mine": message.author == MessageAuthor.OPERATOR,
                        "picture": linked_picture(operator_upload_url(message.image), "message")
                        if message.image
                        else "",
                    }
                    for message in thread
                ],
                older=older,
            )
        return super().change_view(request, object_id, form_url, context)

    def save_model(self, request: HttpRequest, obj: Conversation, form: Any, change: bool) -> None:
        text, image = form.cleaned_data.get("reply_text") or "", form.cleaned_data.get("reply_image")
        try:
            services.support_reply(conversation_id=obj.pk, operator=request.user, text=text, image_file=image)
        except AppError as exc:  # the image was refused (format, size): the reply was not sent
            messages.error(request, str(exc.message))
        else:
            request.support_replied = True  # type: ignore[attr-defined]  # read by message_user

    def response_change(self, request: HttpRequest, obj: Conversation) -> HttpResponse:
        super().response_change(request, obj)  # its message (replaced by message_user)
        return HttpResponseRedirect(reverse("admin:support_conversation_change", args=[obj.pk]))

    def message_user(
        self, request: HttpRequest, message: Any, level: int | str = messages.INFO, *args: Any, **kwargs: Any
    ) -> None:
        replying = "reply_text" in request.POST and "_mark_answered" not in request.POST  # the page's "Send reply"
        if level == messages.SUCCESS and replying:
            if not getattr(request, "support_replied", False):
                return  # nothing was sent (the image refused: its error is shown)
            message = gettext("Reply sent; the merchant was notified (an unread reply in their support chat).")
        super().message_user(request, message, level, *args, **kwargs)

    @staticmethod
    def _answered_text(count: int) -> str:
        return ngettext(
            "%(n)d conversation marked as answered: its messages are read and it left the queue; the merchant was "
            "not told.",
            "%(n)d conversations marked as answered: their messages are read and they left the queue; the merchants "
            "were not told.",
            count,
        ) % {"n": count}

    @admin.action(description=_("Mark as answered (leave the queue without a reply)"), permissions=["change"])
    def mark_answered(self, request: HttpRequest, queryset: QuerySet[Conversation]) -> HttpResponse | None:
        ids = list(queryset.values_list("pk", flat=True))
        for pk in ids:
            services.support_mark_answered(conversation_id=pk)
        self.message_user(request, self._answered_text(len(ids)), messages.SUCCESS)
        return None
