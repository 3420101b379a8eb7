"""Support writes: the merchant's messages."""

import base64
import binascii
from collections.abc import Mapping
from typing import Any

from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from modeltranslation.translator import translator

from apps.accounts.models import Merchant
from apps.core import outbox
from apps.core.errors import AppError, ErrorCode, field_error
from apps.core.idempotency import IdempotencyKey, run_once
from apps.core.models import Upload
from apps.core.notices import PushKind, Target
from apps.core.services import upload_create
from apps.core.uploads import upload_get
from apps.wallet.constants import contains_chain_address

from .constants import (
    BROADCAST_BATCH,
    PUSH_SUBSCRIPTIONS_MAX,
    SUPPORT_TEXT_MAX,
    BroadcastAudience,
    BroadcastStatus,
    MessageAuthor,
    NoticeType,
)
from .models import Announcement, Broadcast, Conversation, Notice, PushPreference, PushSubscription, SupportMessage
from .push import endpoint_allowed, enqueue_support_reply
from .push import enqueue_notice as push_enqueue_notice
from .selectors import broadcast_recipients, notice_get, support_messages


def notice_create(
    *,
    merchant: Merchant,
    title: str,
    body: str = "",
    params: dict[str, Any] | None = None,
    type: int = NoticeType.SYSTEM,
    target: Target | None = None,
    push: PushKind | None = None,
) -> Notice:
    """Sends a message to a merchant. Pass msgids marked with gettext_noop; they are translated when read. `push`:
    also pushed to the merchant's browsers as that kind, once the caller's transaction commits (apps.support.push).

    The apps below support call it through apps.core.notices.notify, e.g.
    notify(merchant=m, title=gettext_noop("Deposit credited"),
           body=gettext_noop("%(amount)s was added to your balance."), params={"amount": "10.00"})
    """
    kind, target_id = target if target is not None else ("", None)
    notice = Notice.objects.create(
        merchant=merchant,
        title=title,
        body=body,
        params=params or {},
        type=type,
        target_kind=kind,
        target_id=target_id,
    )
    if push is not None:
        push_enqueue_notice(notice=notice, kind=push)
    return notice


# Messages and announcements
def notice_mark_read(*, merchant: Merchant, notice_id: int) -> Notice:
    """Marks one of the merchant's messages read (again: no change) and returns it; another merchant's is missing."""
    notice = notice_get(merchant=merchant, notice_id=notice_id)
    if not notice.is_read:
        Notice.objects.filter(pk=notice.pk, is_read=False).update(is_read=True, updated_at=timezone.now())
        notice.is_read = True
    return notice


def notice_mark_all_read(*, merchant: Merchant) -> int:
    """Marks every message of the merchant read; returns how many were unread."""
    return Notice.objects.filter(merchant=merchant, is_read=False).update(is_read=True, updated_at=timezone.now())


def broadcast_announce(*, title: str, body: str, params: dict[str, Any] | None = None) -> Broadcast:
    """The platform's message to every merchant (apps.core.notices.announce): a broadcast whose title and content are
    the msgids written out in each of the seven languages, sent like an operator's."""
    texts: dict[str, str] = {}
    for code, _name in settings.LANGUAGES:
        suffix = code.replace("-", "_")
        with translation.override(code):
            texts[f"title_{suffix}"] = _(title) % (params or {})
            texts[f"content_{suffix}"] = _(body) % (params or {})
    broadcast = Broadcast.objects.create(audience=BroadcastAudience.ALL, type=NoticeType.SYSTEM, **texts)
    broadcast_enqueue(broadcast=broadcast)
    return broadcast


def translated_field_names(model: type[Announcement | Broadcast]) -> list[str]:
    """Every language's column of each translated field of the model: title_en, title_ru, ..., content_th."""
    options = translator.get_options_for_model(model)
    return sorted(field.name for fields in options.all_fields.values() for field in fields)


def published_texts_check(*, texts: Mapping[str, str | None]) -> None:
    """Refuses an announcement's or a broadcast's texts ({field: text}, each language's column its own field) when
    any holds something shaped like a chain address: one AppError whose data.errors names every such field, so the
    admin's form shows the refusal beside each (the ko title, the ru content)."""
    found = [name for name, text in texts.items() if text and contains_chain_address(text)]
    if found:
        message = _(
            "Announcements and messages never carry a deposit address: merchants find the published address of each "
            "network only on the deposit screen. Remove the address."
        )
        raise AppError(message, ErrorCode.FORBIDDEN, {"errors": {name: [message] for name in found}})


def _published_texts(obj: Announcement | Broadcast) -> dict[str, str]:
    return {name: getattr(obj, name) or "" for name in translated_field_names(type(obj))}


@transaction.atomic
def announcement_save(*, announcement: Announcement, operator: Any = None) -> Announcement:
    """Saves an operator's announcement (a new one records its author); refused, with nothing saved, when a text of any
    language holds something shaped like a chain address (published_texts_check)."""
    published_texts_check(texts=_published_texts(announcement))
    if announcement.pk is None:
        announcement.created_by = operator
    announcement.save()
    return announcement


@transaction.atomic
def broadcast_save(*, broadcast: Broadcast, operator: Any) -> Broadcast:
    """Saves an operator's new broadcast as a draft, its sender recorded: nothing is sent until the operator confirms
    its Send step (broadcast_confirm); refused, with nothing saved, when a text of any language holds something shaped
    like a chain address (published_texts_check)."""
    published_texts_check(texts=_published_texts(broadcast))
    broadcast.created_by = operator
    broadcast.status = BroadcastStatus.DRAFT
    broadcast.save()
    return broadcast


def broadcast_enqueue(*, broadcast: Broadcast) -> None:
    """Records the broadcast's send in the operator's save (tasks.broadcast_send, through apps.core.outbox), sent once
    that is committed. A broadcast holding something shaped like a chain address (one written before the filter, or
    not through broadcast_save) is refused and never sent."""
    from .tasks import broadcast_send  # the task calls back into this module

    published_texts_check(texts=_published_texts(broadcast))
    outbox.enqueue(broadcast_send, broadcast_id=broadcast.pk)


@transaction.atomic
def broadcast_confirm(*, broadcast_id: int) -> int:
    """The operator confirmed a draft's Send step: it is queued (broadcast_enqueue) and the number of merchants it is
    for (selectors.broadcast_recipients, the audience its sending reaches) is returned. Refused when it is no longer a
    draft (sent, or being sent: confirming twice sends nothing twice) or holds something shaped like a chain address."""
    broadcast = Broadcast.objects.select_for_update().filter(pk=broadcast_id).first()
    if broadcast is None:
        raise AppError(_("This broadcast does not exist."), ErrorCode.NOT_FOUND)
    if broadcast.status != BroadcastStatus.DRAFT:
        raise AppError(_("This broadcast has already been sent or is being sent."), ErrorCode.CONFLICT)
    broadcast_enqueue(broadcast=broadcast)  # refuses a chain address before anything changes
    Broadcast.objects.filter(pk=broadcast.pk).update(status=BroadcastStatus.QUEUED, updated_at=timezone.now())
    return broadcast_recipients(broadcast=broadcast).count()


def broadcast_deliver(*, broadcast_id: int, batch: int = BROADCAST_BATCH) -> int:
    """The worker's half: one message per recipient, `batch` merchants at a time (one read of ids, one bulk insert).

    Safe to run again (a retry, a second worker, an operator's resend): a merchant who has the broadcast's message is
    skipped by the unique (broadcast, merchant) constraint, and a sent broadcast is left alone. Returns the number of
    recipients.
    """
    claimed = Broadcast.objects.filter(
        pk=broadcast_id, status__in=[BroadcastStatus.QUEUED, BroadcastStatus.SENDING]
    ).update(status=BroadcastStatus.SENDING, updated_at=timezone.now())
    broadcast = Broadcast.objects.get(pk=broadcast_id)
    if not claimed:
        return broadcast.recipients
    recipients = broadcast_recipients(broadcast=broadcast).order_by("pk").values_list("pk", flat=True)
    last = 0
    while ids := list(recipients.filter(pk__gt=last)[:batch]):
        Notice.objects.bulk_create(
            [Notice(merchant_id=pk, broadcast_id=broadcast.pk, type=broadcast.type, title="", body="") for pk in ids],
            ignore_conflicts=True,
        )
        last = ids[-1]
    count = Notice.objects.filter(broadcast_id=broadcast.pk).count()
    Broadcast.objects.filter(pk=broadcast.pk).update(
        status=BroadcastStatus.SENT, sent_at=timezone.now(), recipients=count, updated_at=timezone.now()
    )
    return count


# Customer support


def _clean_text(text: str) -> str:
    text = text.strip()
    if len(text) > SUPPORT_TEXT_MAX:
        raise field_error(
            "text", _("A message can have at most {max_length} characters.").format(max_length=SUPPORT_TEXT_MAX)
        )
    return text


def _conversation(merchant_id: int) -> Conversation:
    conversation, _created = Conversation.objects.get_or_create(merchant_id=merchant_id)
    return conversation


@transaction.atomic
def support_send(
    *, merchant: Merchant, text: str = "", image_id: str | None = None, idempotency: IdempotencyKey | None = None
) -> SupportMessage:
    """The merchant writes to customer service: a text, an image of its own (kind `support`), or both.

    The conversation is created on first use; it joins the operators' queue (waiting) and their unread count grows.
    """
    text = _clean_text(text)
    if not text and not image_id:
        raise field_error("text", _("Please write a message or choose an image."))
    image = upload_get(key=image_id, merchant_id=merchant.pk, kinds=[Upload.Kind.SUPPORT]) if image_id else None

    def write() -> SupportMessage:
        conversation = _conversation(merchant.pk)
        message = SupportMessage.objects.create(
            conversation=conversation, author=MessageAuthor.MERCHANT, text=text, image=image
        )
        Conversation.objects.filter(pk=conversation.pk).update(
            operator_unread=F("operator_unread") + 1, waiting=True, last_message_at=message.created_at
        )
        return message

    return run_once(idempotency, write)


def support_reply_check(*, text: str, has_image: bool) -> str:
    """The operator's reply text, cleaned; refused when empty without an image, too long, or holding something shaped
    like a chain address (trust rule 8: the merchant finds deposit addresses only on the deposit screen, from the
    published networks). The admin's reply form asks it before the operator's image is stored."""
    text = _clean_text(text)
    if not text and not has_image:
        raise field_error("text", _("Please write a message or choose an image."))
    if contains_chain_address(text):
        raise field_error(
            "text",
            _(
                "Support never sends deposit addresses. Remove the address and point the merchant to the deposit "
                "screen, which shows the published address of each network."
            ),
            ErrorCode.FORBIDDEN,
        )
    return text


@transaction.atomic
def support_reply(
    *, conversation_id: int, operator: Any, text: str = "", image_file: UploadedFile | None = None
) -> SupportMessage:
    """An operator answers a merchant's conversation (from the admin): a text, an image, or both.

    Refused: a text holding something shaped like a chain address (trust rule 8: the merchant finds deposit
    addresses only on the deposit screen, from the published networks).
    """
    text = support_reply_check(text=text, has_image=image_file is not None)
    conversation = Conversation.objects.select_for_update().filter(pk=conversation_id).first()
    if conversation is None:
        raise AppError(_("This conversation does not exist."), ErrorCode.NOT_FOUND)
    image = None
    if image_file:  # the merchant's, like the rest of the conversation: served to their session
        image = upload_create(file=image_file, kind=Upload.Kind.SUPPORT, owner_id=conversation.merchant_id)
    message = SupportMessage.objects.create(
        conversation=conversation, author=MessageAuthor.OPERATOR, operator=operator, text=text, image=image
    )
    Conversation.objects.filter(pk=conversation.pk).update(
        merchant_unread=F("merchant_unread") + 1,
        operator_unread=0,  # the operator answering has read the conversation
        waiting=False,
        last_message_at=message.created_at,
    )
    enqueue_support_reply(message=message)
    return message


@transaction.atomic
def support_read(
    *, merchant: Merchant, before_id: int | None, limit: int
) -> tuple[Conversation | None, list[SupportMessage], bool]:
    """A page of the merchant's conversation (newest first); reading the newest page marks the replies read.

    The conversation row is locked first, so a reply committed meanwhile is either on the page or still unread
    afterwards (its counter moves after this transaction).
    """
    conversation = Conversation.objects.select_for_update().filter(merchant_id=merchant.pk).first()
    if conversation is None:
        return None, [], False
    messages, has_more = support_messages(conversation=conversation, before_id=before_id, limit=limit)
    if before_id is None and conversation.merchant_unread:
        Conversation.objects.filter(pk=conversation.pk).update(merchant_unread=0)
        conversation.merchant_unread = 0
    return conversation, messages, has_more


def support_mark_answered(*, conversation_id: int) -> None:
    """Takes a conversation out of the queue without a reply (e.g. the merchant only said thanks): the merchant's
    messages are read. Opening a conversation reads nothing: only this or a reply (support_reply) does."""
    Conversation.objects.filter(pk=conversation_id, waiting=True).update(waiting=False, operator_unread=0)


# Push notifications


@transaction.atomic
def push_subscribe(*, merchant: Merchant, endpoint: str, p256dh: str, auth: str) -> PushSubscription:
    """Saves a browser's push subscription for the merchant (its push service's endpoint and its keys, base64url).

    The endpoint is the browser's: one already saved for another merchant (the browser signed in to this one) moves
    to this merchant, with its keys renewed. Refused: an endpoint the server may not post to (push.endpoint_allowed),
    keys that are not a P-256 point and a 16-byte secret. A merchant keeps PUSH_SUBSCRIPTIONS_MAX browsers: one more
    drops the one subscribed longest ago.
    """
    endpoint = endpoint.strip()
    if not endpoint_allowed(endpoint):
        raise field_error("endpoint", _("This browser's push service is not supported."))
    invalid = _("This browser's push subscription is not valid. Please turn notifications on again.")
    if not _p256_point(p256dh):
        raise field_error("p256dh", invalid)
    auth_secret = _b64url(auth)
    if auth_secret is None or len(auth_secret) != 16:
        raise field_error("auth", invalid)
    Merchant.objects.select_for_update().filter(pk=merchant.pk).first()  # one subscribe of the merchant at a time
    subscription, _created = PushSubscription.objects.update_or_create(
        endpoint=endpoint,
        defaults={"merchant": merchant, "p256dh": p256dh, "auth": auth, "failures": 0},
    )
    keep = PushSubscription.objects.filter(merchant=merchant).order_by("-created_at", "-pk")
    PushSubscription.objects.filter(pk__in=list(keep.values_list("pk", flat=True)[PUSH_SUBSCRIPTIONS_MAX:])).delete()
    return subscription


def _b64url(value: str) -> bytes | None:
    """The bytes of base64url `value` (padding optional); None when it is not base64url."""
    bare = value.rstrip("=")
    if not bare or not set(bare) <= _B64URL:
        return None
    try:
        return base64.urlsafe_b64decode(bare + "=" * (-len(bare) % 4))
    except (binascii.Error, ValueError):
        return None


def _p256_point(value: str) -> bool:
    """Whether `value` is a P-256 public key, an uncompressed point in base64url (what the browser gives)."""
    raw = _b64url(value)
    if raw is None or len(raw) != 65:
        return False
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
    except ValueError:
        return False
    return True


_B64URL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def push_unsubscribe(*, merchant: Merchant, endpoint: str) -> int:
    """Forgets the merchant's subscription of `endpoint` (the browser turned notifications off); another merchant's,
    or an unknown one, is left alone. Returns how many were removed (0 or 1)."""
    deleted, _rows = PushSubscription.objects.filter(merchant=merchant, endpoint=endpoint.strip()).delete()
    return 1 if deleted else 0


@transaction.atomic
def push_kinds_set(*, merchant: Merchant, kinds: Mapping[str, bool]) -> None:
    """Turns push kinds (apps.core.notices.PushKind values) on or off for the merchant; the others stay as they are."""
    unknown = [kind for kind in kinds if kind not in PushKind.values]
    if unknown:
        raise field_error("kinds", _("Unknown notification kind: {kind}.").format(kind=unknown[0]))
    preference, _created = PushPreference.objects.select_for_update().get_or_create(merchant=merchant)
    off = {kind for kind in preference.kinds_off if kind in PushKind.values}
    off |= {kind for kind, on in kinds.items() if not on}
    off -= {kind for kind, on in kinds.items() if on}
    preference.kinds_off = [kind for kind in PushKind.values if kind in off]
    preference.save(update_fields=["kinds_off", "updated_at"])
