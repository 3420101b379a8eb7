"""The support app's operator screens."""

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils.html import format_html
from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from modeltranslation.admin import TranslationAdmin

from apps.core.admin import ReadOnlyInline
from apps.core.errors import AppError
from apps.core.uploads import upload_url

from . import services
from .constants import SUPPORT_TEXT_MAX
from .models import Conversation, SupportLink, SupportMessage

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
        url = upload_url(obj.image)
        return format_html('<a href="{0}"><img src="{0}" style="max-width:240px"></a>', url) if url else "-"


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
class ConversationAdmin(admin.ModelAdmin):
    """The queue of conversations waiting for an answer (filter "waiting for an answer": Yes), waiting ones first.

    Opening a conversation marks the merchant's messages read; Save sends the reply typed under it.
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
        if request.method == "GET" and object_id.isdigit():
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

    @admin.action(description=_("Mark as answered (leave the queue without a reply)"))
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
