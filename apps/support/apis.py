"""Support's merchant API."""

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts.authentication import signed_in
from apps.core.apiview import ApiView
from apps.core.envelope import ok
from apps.core.fields import IdField
from apps.core.idempotency import IdempotencyKey
from apps.core.notices import NoticeTarget, PushKind
from apps.core.pagination import PageInputSerializer, paginate
from apps.core.schema import PageSerializer
from apps.core.uploads import upload_url

from . import selectors, services
from .constants import (
    PREVIEW_LENGTH,
    PUSH_AUTH_MAX,
    PUSH_ENDPOINT_MAX,
    PUSH_P256DH_MAX,
    SUPPORT_LINKS_MAX,
    SUPPORT_PAGE_DEFAULT,
    SUPPORT_PAGE_MAX,
    SUPPORT_TEXT_MAX,
    MessageAuthor,
    NoticeType,
    SupportLinkKind,
)
from .models import Notice, SupportMessage
from .throttles import SupportSendThrottle


# Messages and announcements
def preview(text: str) -> str:
    """The first PREVIEW_LENGTH characters of a message's content on one line, with an ellipsis when cut."""
    line = " ".join(text.split())
    return line if len(line) <= PREVIEW_LENGTH else line[: PREVIEW_LENGTH - 1].rstrip() + "…"


class NoticeTargetSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=NoticeTarget.choices)
    id = serializers.IntegerField()


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
    target = NoticeTargetSerializer(
        allow_null=True,
        read_only=True,
        help_text="What the message is about, which the app opens from it: an order, a refund request, a deposit or "
        "a withdrawal, by its id. Null: nothing.",
    )

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
        v = self.valid_query(self.InputSerializer)
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


class NoticeSeeAllApi(ApiView):
    class OutputSerializer(serializers.Serializer):
        marked = serializers.IntegerField(help_text="How many messages were unread and are now read.")
        unread = serializers.IntegerField(help_text="The merchant's unread messages now (0 unless one just came).")

    @extend_schema(request=None, responses=OutputSerializer)
    def post(self, request: Request) -> Response:
        """Marks every message of the merchant read (again: nothing more changes)."""
        merchant = signed_in(request)
        marked = services.notice_mark_all_read(merchant=merchant)
        unread = selectors.notice_unread_count(merchant_id=merchant.pk)
        return ok(self.OutputSerializer({"marked": marked, "unread": unread}).data)


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
        v = self.valid_query(self.InputSerializer)
        signed_in(request)
        page = paginate(selectors.announcement_current(), page=v["page"], limit=v["limit"], serialize=list)
        return ok(self.OutputSerializer(page).data)


# Customer support

SERVICES_PATH = "/services"  # the app's screen of the built-in conversation


class SupportLinkSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    label = serializers.CharField(help_text="In the request's language.")  # type: ignore[assignment]  # Field.label
    kind = serializers.ChoiceField(choices=SupportLinkKind.choices)
    kind_label = serializers.CharField(source="get_kind_display")
    url = serializers.CharField(help_text="https:, tg: or mailto: only.")


class KfUrlsApi(ApiView):
    class OutputSerializer(serializers.Serializer):
        list = SupportLinkSerializer(many=True, help_text="Active links in the operators' order.")

    @extend_schema(responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        """The customer-service links operators configure (kf urls): Telegram, WhatsApp, e-mail, a web page."""
        signed_in(request)
        links = selectors.support_links(limit=SUPPORT_LINKS_MAX)
        return ok(self.OutputSerializer({"list": links}).data)


class KfUrlApi(ApiView):
    class OutputSerializer(serializers.Serializer):
        conversation_id = serializers.IntegerField(
            allow_null=True, help_text="The merchant's support conversation; null before its first message."
        )
        unread = serializers.IntegerField(help_text="Operator replies the merchant has not read.")
        path = serializers.CharField(help_text="The app's screen of the conversation.")

    @extend_schema(responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        """The entry of the built-in support conversation (kf url)."""
        conversation = selectors.conversation_of(merchant_id=signed_in(request).pk)
        data = {
            "conversation_id": conversation.pk if conversation else None,
            "unread": conversation.merchant_unread if conversation else 0,
            "path": SERVICES_PATH,
        }
        return ok(self.OutputSerializer(data).data)


class KfNumApi(ApiView):
    class OutputSerializer(serializers.Serializer):
        unread = serializers.IntegerField(help_text="Operator replies the merchant has not read.")

    @extend_schema(responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        """Unread support replies (kf num): the app polls it every 30 seconds while it is visible."""
        unread = selectors.support_unread(merchant_id=signed_in(request).pk)
        return ok(self.OutputSerializer({"unread": unread}).data)


class SupportMessageSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    author = serializers.ChoiceField(choices=MessageAuthor.choices, help_text="merchant or operator.")
    author_label = serializers.CharField(source="get_author_display")
    text = serializers.CharField(help_text="Plain text; the app shows it as it is, never as a link.")
    image = serializers.SerializerMethodField(help_text="An expiring link to the image, or null.")
    created_at = serializers.DateTimeField()

    def get_image(self, message: SupportMessage) -> str | None:
        return upload_url(message.image, self.context.get("request"))


class KfMessagesApi(ApiView):
    class InputSerializer(serializers.Serializer):
        before_id = IdField(required=False, help_text="Messages older than this one; omitted: the newest page.")
        limit = serializers.IntegerField(
            min_value=1,
            max_value=SUPPORT_PAGE_MAX,
            default=SUPPORT_PAGE_DEFAULT,
            error_messages={
                "invalid": gettext_lazy("Please enter a valid number."),
                "min_value": gettext_lazy("Limit must be 1 or more."),
                "max_value": gettext_lazy("At most {max_value} messages per page."),
                "max_string_length": gettext_lazy("Please enter a valid number."),
            },
        )

    class OutputSerializer(serializers.Serializer):
        conversation_id = serializers.IntegerField(allow_null=True)
        list = SupportMessageSerializer(many=True, help_text="Newest first.")
        has_more = serializers.BooleanField(help_text="Older messages remain: ask again with before_id.")
        unread = serializers.IntegerField(help_text="Unread replies after this read (the newest page marks all read).")

    @extend_schema(parameters=[InputSerializer], responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        """The support conversation, a page at a time, newest first; reading the newest page marks replies read."""
        v = self.valid_query(self.InputSerializer)
        conversation, messages, has_more = services.support_read(
            merchant=signed_in(request), before_id=v.get("before_id"), limit=v["limit"]
        )
        answer = {
            "conversation_id": conversation.pk if conversation else None,
            "list": messages,
            "has_more": has_more,
            "unread": conversation.merchant_unread if conversation else 0,
        }
        return ok(self.OutputSerializer(answer, context={"request": request}).data)


class KfSendApi(ApiView):
    throttle_classes = [SupportSendThrottle]
    idempotency_scope = "support.send"  # optional: the app's retry of a message sends the same key

    class InputSerializer(serializers.Serializer):
        text = serializers.CharField(
            required=False,
            allow_blank=True,
            default="",
            max_length=SUPPORT_TEXT_MAX,
            trim_whitespace=True,
            error_messages={"max_length": gettext_lazy("A message can have at most {max_length} characters.")},
        )
        image_id = serializers.CharField(
            required=False,
            allow_null=True,
            default=None,
            max_length=32,
            help_text="The id common/upload answered for an image of kind `support`.",
            error_messages={"max_length": gettext_lazy("The uploaded file was not found. Please upload it again.")},
        )

    OutputSerializer = SupportMessageSerializer

    @extend_schema(request=InputSerializer, responses=SupportMessageSerializer)
    def post(self, request: Request) -> Response:
        """Writes to customer service: a text (at most 1000 characters), an image of one's own, or both."""
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        message = services.support_send(
            merchant=signed_in(request),
            text=v["text"],
            image_id=v["image_id"] or None,
            idempotency=IdempotencyKey.from_request(request, self),
        )
        return ok(SupportMessageSerializer(message, context={"request": request}).data, _("Sent"))


# Push notifications
class PushKindSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=PushKind.choices)
    on = serializers.BooleanField()


class PushSettingsSerializer(serializers.Serializer):
    public_key = serializers.CharField(
        help_text="The VAPID application server key to subscribe with (PushManager.subscribe's applicationServerKey): "
        "an uncompressed P-256 point, base64url without padding."
    )
    kinds = PushKindSerializer(
        many=True, help_text="Every push kind, in the screen's order, on or off for the merchant."
    )


class PushApi(ApiView):
    @extend_schema(responses=PushSettingsSerializer)
    def get(self, request: Request) -> Response:
        """The merchant's push notification settings: the key browsers subscribe with, and each kind on or off (per
        merchant, on every device; all on until turned off)."""
        return ok(PushSettingsSerializer(selectors.push_settings(merchant=signed_in(request))).data)


_INVALID_SUBSCRIPTION = gettext_lazy(
    "This browser's push subscription is not valid. Please turn notifications on again."
)


def _push_text(max_length: int, help_text: str) -> serializers.CharField:
    return serializers.CharField(
        max_length=max_length,
        help_text=help_text,
        error_messages={
            "max_length": _INVALID_SUBSCRIPTION,
            "blank": _INVALID_SUBSCRIPTION,
            "required": _INVALID_SUBSCRIPTION,
            "invalid": _INVALID_SUBSCRIPTION,
            "null": _INVALID_SUBSCRIPTION,
        },
    )


class PushSubscribeApi(ApiView):
    class InputSerializer(serializers.Serializer):
        endpoint = _push_text(PUSH_ENDPOINT_MAX, "The subscription's endpoint (PushSubscription.endpoint): https.")
        p256dh = _push_text(PUSH_P256DH_MAX, "The subscription's p256dh key, base64url.")
        auth = _push_text(PUSH_AUTH_MAX, "The subscription's auth secret, base64url.")

    @extend_schema(request=InputSerializer, responses=None)
    def post(self, request: Request) -> Response:
        """Saves this browser's push subscription for the merchant. The endpoint is the browser's: one another
        merchant had moves to this one. Refused: an endpoint that is not a known push service's https address, keys
        that are not a P-256 point and a 16-byte secret. A merchant keeps at most 10 browsers: one more drops the one
        subscribed longest ago."""
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.push_subscribe(merchant=signed_in(request), **data.validated_data)
        return ok(None)


class PushUnsubscribeApi(ApiView):
    class InputSerializer(serializers.Serializer):
        endpoint = _push_text(PUSH_ENDPOINT_MAX, "The subscription's endpoint.")

    @extend_schema(request=InputSerializer, responses=None)
    def post(self, request: Request) -> Response:
        """Forgets this browser's push subscription (notifications turned off on it). An endpoint the merchant has
        not subscribed changes nothing and is answered the same."""
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.push_unsubscribe(merchant=signed_in(request), endpoint=data.validated_data["endpoint"])
        return ok(None)


_CHOOSE_KINDS = gettext_lazy("Please choose which notifications to turn on or off.")


def _on_off() -> serializers.BooleanField:
    return serializers.BooleanField(required=False, error_messages={"invalid": _CHOOSE_KINDS, "null": _CHOOSE_KINDS})


class PushKindsInputSerializer(serializers.Serializer):
    """Some push kinds, each true (on) or false (off); the kinds left out stay as they are."""

    default_error_messages = {"invalid": _CHOOSE_KINDS}

    def get_fields(self) -> dict[str, serializers.Field]:
        return {kind: _on_off() for kind in PushKind.values}  # one field per kind, in PushKind's order

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict) and (set(data) - set(self.fields)):
            raise serializers.ValidationError(_CHOOSE_KINDS)
        return super().to_internal_value(data)


class PushKindsApi(ApiView):
    class InputSerializer(serializers.Serializer):
        kinds = PushKindsInputSerializer(error_messages={"required": _CHOOSE_KINDS, "null": _CHOOSE_KINDS})

    @extend_schema(request=InputSerializer, responses=PushSettingsSerializer)
    def post(self, request: Request) -> Response:
        """Turns push kinds on or off for the merchant (any of them; the others stay as they are) and answers the
        settings as GET merchant/push does."""
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        merchant = signed_in(request)
        services.push_kinds_set(merchant=merchant, kinds=data.validated_data["kinds"])
        return ok(PushSettingsSerializer(selectors.push_settings(merchant=merchant)).data, _("Saved"))
