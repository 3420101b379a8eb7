"""Support background work: thin and idempotent (apps.core.tasks)."""

from apps.core.tasks import bulk_task, task

from . import push, services
from .constants import PUSH_SEND_RETRIES
from .push import PushRetryError


# Messages and announcements
@bulk_task()
def broadcast_send(broadcast_id: int) -> int:
    """Sends an operator's broadcast to its merchants, in batches; a retry adds only the messages still missing."""
    return services.broadcast_deliver(broadcast_id=broadcast_id)


# Push notifications: retried while the push service does not take a push (push.PushRetryError), with a growing wait
# (30 s, 1 then 2 minutes, jittered), PUSH_SEND_RETRIES times; each subscription gets a push once (push.deliver).
PUSH_RETRY = {
    "autoretry_for": (PushRetryError,),
    "max_retries": PUSH_SEND_RETRIES,
    "retry_backoff": 30,
    "retry_backoff_max": 600,
}


@task(**PUSH_RETRY)
def push_notice(notice_id: int, kind: str) -> int:
    """Pushes a message of a push kind to the merchant's subscribed browsers (apps.support.push)."""
    return push.deliver_notice(notice_id=notice_id, kind=kind)


@task(**PUSH_RETRY)
def push_support_reply(message_id: int) -> int:
    """Pushes an operator's support reply to the merchant's subscribed browsers (apps.support.push)."""
    return push.deliver_support_reply(message_id=message_id)
