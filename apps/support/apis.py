"""Support's merchant API."""

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts.authentication import signed_in
from apps.core.apiview import ApiView
from apps.core.envelope import ok
from apps.core.fields import IdField
from apps.core.pagination import PageInputSerializer, paginate
from apps.core.schema import PageSerializer

from . import selectors, services
from .constants import PREVIEW_LENGTH, NoticeType
from .models import Notice


# Messages and announcements
def preview(text: str) -> str:
    """The first PREVIEW_LENGTH characters of a message's content on one line, with an ellipsis when cut."""
    line = " ".join(text.split())
    return line if len(line) <= PREVIEW_LENGTH else line[: PREVIEW_LENGTH - 1].rstrip() + "…"


class NoticeSerializer(serializers.Serializer):
    """A message as the list shows it, in the reader's language."""

    id = serializers.IntegerField()
    created_at = serializers.DateTimeField(help_text="When it was sent.")
    type = serializers.ChoiceField(choices=NoticeType.choices, help_text="1 system message, 2 user notification.")
    type_label = serializers.CharField(source="get_type_display")
    sender = serializers.CharField(source="rendered_sender")
    title = serializers.CharField(source="rendered_title")
    preview = serializers.SerializerMethodField(help_text=f"The first {PREVIEW_LENGTH} characters of the content.")
    is_read = serializers.BooleanField()

    def get_preview(self, notice: Notice) -> str:
        return preview(notice.rendered_body())


class NoticeDetailSerializer(NoticeSerializer):
    content = serializers.CharField(source="rendered_body")


class NoticeListApi(ApiView):
    class InputSerializer(PageInputSerializer):
        is_see = serializers.ChoiceField(
            choices=["all", "0", "1"],
            default="all",
            help_text="all, 0 (unread) or 1 (read).",
            error_messages={"invalid_choice": gettext_lazy("Please choose all, read or unread messages.")},
        )

    class OutputSerializer(PageSerializer):
        list = NoticeSerializer(many=True)
        unread = serializers.IntegerField(help_text="The merchant's unread messages (the app's msg_total).")

    @extend_schema(parameters=[InputSerializer], responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        """The merchant's messages, newest first: all, unread (is_see=0) or read (is_see=1)."""
        data = self.InputSerializer(data=request.query_params)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        merchant = signed_in(request)
        is_read = None if v["is_see"] == "all" else v["is_see"] == "1"
        rows = selectors.notice_list(merchant=merchant, is_read=is_read)
        page = paginate(rows, page=v["page"], limit=v["limit"], serialize=list)
        page["unread"] = selectors.notice_unread_count(merchant_id=merchant.pk)
        return ok(self.OutputSerializer(page).data)


class NoticeSeeApi(ApiView):
    class InputSerializer(serializers.Serializer):
        id = IdField()

    @extend_schema(request=InputSerializer, responses=NoticeDetailSerializer)
    def post(self, request: Request) -> Response:
        """Marks one of the merchant's messages read (again: no change) and returns it with its content."""
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        notice = services.notice_mark_read(merchant=signed_in(request), notice_id=data.validated_data["id"])
        return ok(NoticeDetailSerializer(notice).data)


class AnnouncementSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    title = serializers.CharField()
    content = serializers.CharField()
    starts_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField(allow_null=True, help_text="Null: no end.")


class AfficheApi(ApiView):
    class InputSerializer(PageInputSerializer):
        pass

    class OutputSerializer(PageSerializer):
        list = AnnouncementSerializer(many=True)

    @extend_schema(parameters=[InputSerializer], responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        """The platform's announcements in force now, newest first, in the merchant's language."""
        data = self.InputSerializer(data=request.query_params)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        signed_in(request)
        page = paginate(selectors.announcement_current(), page=v["page"], limit=v["limit"], serialize=list)
        return ok(self.OutputSerializer(page).data)
