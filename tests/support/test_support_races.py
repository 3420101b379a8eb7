"""Customer support on PostgreSQL: the conversation's counters under concurrent messages (F() in the message's
transaction; the conversation created once on first use; a reply never lost by a concurrent read)."""

import pytest

from apps.support import services
from apps.support.models import Conversation, SupportMessage
from tests.concurrency import concurrently

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_twenty_first_messages_at_once_make_one_conversation_and_count_twenty(merchant):
    results = concurrently(20, lambda i: services.support_send(merchant=merchant, text=f"hello {i}"))
    assert all(not isinstance(r, Exception) for r in results), results
    conversation = Conversation.objects.get(merchant=merchant)
    assert conversation.operator_unread == 20 and conversation.waiting
    assert SupportMessage.objects.filter(conversation=conversation).count() == 20


def test_replies_and_reads_at_once_leave_no_reply_counted_read_unseen(merchant, operator):
    services.support_send(merchant=merchant, text="?")
    conversation = Conversation.objects.get(merchant=merchant)
    seen: set[int] = set()

    def act(i):
        if i % 2:
            return services.support_reply(conversation_id=conversation.pk, operator=operator, text=f"answer {i}")
        _conversation, messages, _more = services.support_read(merchant=merchant, before_id=None, limit=50)
        seen.update(m.pk for m in messages if m.author == "operator")
        return None

    results = concurrently(20, act)
    assert all(not isinstance(r, Exception) for r in results), results
    conversation.refresh_from_db()
    replies = set(SupportMessage.objects.filter(author="operator").values_list("pk", flat=True))
    assert len(replies) == 10
    assert conversation.merchant_unread == len(replies - seen)  # exactly the replies no read returned
