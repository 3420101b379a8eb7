"""Support background work: thin and idempotent (apps.core.tasks)."""

from apps.core.tasks import bulk_task

from . import services


# Messages and announcements
@bulk_task()
def broadcast_send(broadcast_id: int) -> int:
    """Sends an operator's broadcast to its merchants, in batches; a retry adds only the messages still missing."""
    return services.broadcast_deliver(broadcast_id=broadcast_id)
