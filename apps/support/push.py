"""Push notifications (Web Push: RFC 8030, the payload encrypted to the device per RFC 8291, signed with the server's
VAPID key per RFC 8292), sent with pywebpush.

A message of one of the push kinds (apps.core.notices.PushKind: the caller of notify passes `push=`) and an operator's
support reply are pushed to the merchant's subscribed browsers: once the cause's transaction commits, a task
(tasks.push_notice, tasks.push_support_reply) renders the push in the merchant's language and sends it to each of the
merchant's subscriptions, when the merchant has that kind on.

- Idempotent: one PushDelivery row per (what is pushed, subscription), claimed before the send and marked sent after
  it, so a retry or a duplicate task never sends a subscription the same push twice (a worker killed between the
  push service's answer and the mark is the one way to a second send, after PUSH_CLAIM_LEASE).
- Retried: a push the push service did not take (a network error, 5xx, 429) is released and the task tried again with
  a growing wait, PUSH_SEND_RETRIES times at most; then it is given up (the message itself stays in Messages).
- A dead subscription is dropped: the push service answers 404 or 410 (the browser unsubscribed, the subscription
  expired), or its pushes failed PUSH_FAILURES_MAX times in a row.
- Sent with .delay() after the commit, not through apps.core.outbox: a push is a nudge about a message the merchant
  finds in Messages anyway, and one lost with the broker costs less than one shown hours late by the outbox's sweep.
"""

import base64
import json
import logging
from collections.abc import Callable
from datetime import timedelta
from functools import cache
from typing import Any
from urllib.parse import urlsplit

import requests
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from py_vapid import Vapid02
from pywebpush import WebPushException, webpush

from apps.accounts.models import Merchant
from apps.core.i18n import django_lang
from apps.core.notices import NoticeTarget, PushKind

from .constants import (
    PUSH_BODY_MAX,
    PUSH_FAILURES_MAX,
    PUSH_TIMEOUT_SECONDS,
    PUSH_TTL_SECONDS,
)
from .models import Notice, PushDelivery, PushPreference, PushSubscription, SupportMessage

logger = logging.getLogger(__name__)

PUSH_CLAIM_LEASE = timedelta(minutes=5)  # a claim older than this (its worker died) may be taken again
LOCAL_HOSTS = ("127.0.0.1", "localhost")
# The app's route that opens what a message is about (the frontend's targetPath, features/messages/api), with its id.
TARGET_SCREENS = {
    NoticeTarget.ORDER: "/orderDetail",
    NoticeTarget.REFUND: "/refundRequest",
    NoticeTarget.DEPOSIT: "/rechargeRecord",
    NoticeTarget.WITHDRAWAL: "/withdrawRecord",
}
MESSAGE_SCREEN = "/messageDetail"  # a message itself (a security notice offers "This wasn't me" there)
SUPPORT_SCREEN = "/services"  # the support conversation


class PushRetryError(Exception):
    """The push service did not take a push this time (network, 5xx, 429): the task tries again later."""


# Keys and addresses
@cache
def _vapid(private_key: str) -> Vapid02:
    return Vapid02.from_string(private_key)


def vapid() -> Vapid02:
    """The server's VAPID key (settings.WEBPUSH_VAPID_PRIVATE_KEY)."""
    return _vapid(settings.WEBPUSH_VAPID_PRIVATE_KEY)


def application_server_key() -> str:
    """The VAPID public key as the browser's PushManager.subscribe takes it: the uncompressed P-256 point, base64url
    without padding."""
    from cryptography.hazmat.primitives import serialization

    point = vapid().public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(point).rstrip(b"=").decode()


def local_endpoints_allowed() -> bool:
    return bool(settings.DEBUG or settings.WEBPUSH_ALLOW_LOCAL_ENDPOINTS)


def endpoint_allowed(url: str) -> bool:
    """Whether the server may post pushes to `url`: https on a push service's host (settings.WEBPUSH_ENDPOINT_HOSTS),
    or http(s) on 127.0.0.1/localhost when local endpoints are allowed (DEBUG, the tests). Nothing else: no inner
    address, no credentials or fragment in the URL."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return False
    host = (parts.hostname or "").lower()
    if not host or parts.username or parts.password or parts.fragment or any(ch.isspace() for ch in url):
        return False
    if host in LOCAL_HOSTS:
        return local_endpoints_allowed() and parts.scheme in ("http", "https")
    if parts.scheme != "https" or port not in (None, 443):
        return False
    return any(host == suffix or host.endswith("." + suffix) for suffix in settings.WEBPUSH_ENDPOINT_HOSTS)


# What a push says and opens
def notice_path(notice: Notice) -> str:
    """The app's route a pushed message opens: what it is about (the screen Messages opens from it: an order, a
    refund request, a deposit, a withdrawal), else the message itself."""
    screen = TARGET_SCREENS.get(notice.target_kind)  # type: ignore[call-overload]
    if screen is not None and notice.target_id is not None:
        return f"{screen}?id={notice.target_id}"
    return f"{MESSAGE_SCREEN}?id={notice.pk}"


def _short(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= PUSH_BODY_MAX else line[: PUSH_BODY_MAX - 1].rstrip() + "…"


def notice_payload(notice: Notice) -> dict[str, str]:
    """The push of a message, in the active language: its title and body as Messages shows them, the route it opens,
    and a tag (a second push of the same message replaces the shown one)."""
    return {
        "title": notice.rendered_title(),
        "body": _short(notice.rendered_body()),
        "path": notice_path(notice),
        "tag": f"notice-{notice.pk}",
    }


def support_reply_payload(message: SupportMessage) -> dict[str, str]:
    """The push of an operator's support reply, in the active language: its text (or "Image"), opening the
    conversation; one tag for the conversation (the newest reply replaces the shown one)."""
    return {
        "title": _("Customer service replied"),
        "body": _short(message.text) or _("Image"),
        "path": SUPPORT_SCREEN,
        "tag": f"support-{message.conversation_id}",
    }


# Queuing
def kinds_on(merchant_id: int) -> set[str]:
    """The push kinds the merchant has on (every kind but the ones turned off)."""
    off = PushPreference.objects.filter(merchant_id=merchant_id).values_list("kinds_off", flat=True).first() or []
    return {kind for kind in PushKind.values if kind not in off}


def enqueue_notice(*, notice: Notice, kind: PushKind | str) -> None:
    """Queues the push of a message once the current transaction commits (nothing when it rolls back)."""
    from .tasks import push_notice  # the task calls back into this module

    notice_id, value = notice.pk, PushKind(kind).value
    transaction.on_commit(lambda: _send(push_notice, notice_id, value))


def enqueue_support_reply(*, message: SupportMessage) -> None:
    """Queues the push of an operator's support reply once the current transaction commits."""
    from .tasks import push_support_reply

    message_id = message.pk
    transaction.on_commit(lambda: _send(push_support_reply, message_id))


def _send(task: Any, *args: Any) -> None:
    try:
        task.delay(*args)
    except Exception:  # the brokers' errors have no common class; the message is in Messages all the same
        logger.warning("push not queued", exc_info=True, extra={"push_task": task.name})


# Sending
def deliver_notice(*, notice_id: int, kind: str) -> int:
    notice = Notice.objects.select_related("merchant", "broadcast").filter(pk=notice_id).first()
    if notice is None:
        return 0
    return deliver(
        merchant=notice.merchant, kind=kind, key=f"notice:{notice.pk}", payload=lambda: notice_payload(notice)
    )


def deliver_support_reply(*, message_id: int) -> int:
    message = SupportMessage.objects.select_related("conversation__merchant").filter(pk=message_id).first()
    if message is None:
        return 0
    return deliver(
        merchant=message.conversation.merchant,
        kind=PushKind.SUPPORT_REPLY,
        key=f"support:{message.pk}",
        payload=lambda: support_reply_payload(message),
    )


def deliver(*, merchant: Merchant, kind: str, key: str, payload: Callable[[], dict[str, str]]) -> int:
    """Sends the push `key` (rendered by `payload` in the merchant's language) to each of the merchant's
    subscriptions not sent it yet, when the merchant has `kind` on. Returns how many it sent now. Raises PushRetryError
    after trying them all when any is worth trying again (the task's retry sends only to those)."""
    if kind not in kinds_on(merchant.pk):
        return 0
    with translation.override(django_lang(merchant.language)):
        data = json.dumps(payload(), ensure_ascii=False)
    sent, retry = 0, []
    for subscription in PushSubscription.objects.filter(merchant_id=merchant.pk).order_by("pk"):
        outcome = _deliver_one(subscription, key, data)
        sent += outcome == "sent"
        if outcome == "retry":
            retry.append(subscription.pk)
    if retry:
        raise PushRetryError(f"{key}: subscriptions {retry} to be tried again")
    return sent


def _claim(subscription: PushSubscription, key: str) -> PushDelivery | None:
    """The delivery row of `key` to the subscription, claimed for this run; None when it was sent, or another run
    holds a fresh claim."""
    try:
        with transaction.atomic():
            delivery, _created = PushDelivery.objects.get_or_create(subscription=subscription, key=key)
    except IntegrityError:  # another run created it meanwhile
        delivery = PushDelivery.objects.get(subscription=subscription, key=key)
    now = timezone.now()
    claimed = (
        PushDelivery.objects.filter(pk=delivery.pk, sent_at__isnull=True)
        .filter(Q(claimed_at__isnull=True) | Q(claimed_at__lt=now - PUSH_CLAIM_LEASE))
        .update(claimed_at=now, attempts=F("attempts") + 1)
    )
    return delivery if claimed else None


def _deliver_one(subscription: PushSubscription, key: str, data: str) -> str:
    """ "sent", "skipped" (sent before, claimed by another run, or an address no longer allowed), "dropped" (the
    subscription is dead), "failed" (refused for good) or "retry"."""
    if not endpoint_allowed(subscription.endpoint):
        return "skipped"
    delivery = _claim(subscription, key)
    if delivery is None:
        return "skipped"
    status, error = _post(subscription, data)
    now = timezone.now()
    if status is not None and status < 300:
        PushDelivery.objects.filter(pk=delivery.pk).update(sent_at=now, error="")
        PushSubscription.objects.filter(pk=subscription.pk).update(last_success_at=now, failures=0)
        return "sent"
    if status in (404, 410):  # the browser unsubscribed or the subscription expired
        PushSubscription.objects.filter(pk=subscription.pk).delete()
        return "dropped"
    failures = subscription.failures + 1
    PushSubscription.objects.filter(pk=subscription.pk).update(failures=F("failures") + 1)
    if failures >= PUSH_FAILURES_MAX:
        PushSubscription.objects.filter(pk=subscription.pk).delete()
        return "dropped"
    worth_retrying = status is None or status == 429 or status >= 500
    # Released for the task's retry; refused for good otherwise (the claim stays: no run sends it again).
    PushDelivery.objects.filter(pk=delivery.pk).update(
        claimed_at=None if worth_retrying else F("claimed_at"), error=error[:200]
    )
    if worth_retrying:
        return "retry"
    logger.warning("push refused", extra={"push_key": key, "push_status": status, "push_error": error[:200]})
    return "failed"


def _session() -> requests.Session:
    session = requests.Session()
    session.max_redirects = 0  # a push service answers; it does not send the server elsewhere
    session.trust_env = False  # no proxy from the environment sees the pushes
    return session


def _post(subscription: PushSubscription, data: str) -> tuple[int | None, str]:
    """(the push service's status, or None when it could not be reached; the error's text)."""
    info = {"endpoint": subscription.endpoint, "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}}
    with _session() as session:
        try:
            response: Any = webpush(
                subscription_info=info,
                data=data,
                vapid_private_key=vapid(),
                vapid_claims={"sub": settings.WEBPUSH_SUBJECT},
                ttl=PUSH_TTL_SECONDS,
                timeout=PUSH_TIMEOUT_SECONDS,
                requests_session=session,
            )
        except WebPushException as exc:
            status = exc.response.status_code if exc.response is not None else None
            return (status if status is not None else 400), f"{status}: {exc.message}"
        except requests.TooManyRedirects as exc:
            return 400, f"redirected: {exc}"
        except requests.RequestException as exc:
            return None, f"{type(exc).__name__}: {exc}"
        except (ValueError, TypeError) as exc:  # keys that do not decode (a subscription saved broken)
            return 400, f"{type(exc).__name__}: {exc}"
    return response.status_code, ""
