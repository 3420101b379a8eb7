"""Issue 35, item 3 (support and broadcast): a conversation's page is a chat (oldest first, the reply box under the
newest message, thumbnails through the operators' private-file link, the merchant's language on top) that reads
nothing when opened; "Send reply" and "Mark as answered" read it. A broadcast is saved as a draft and sent only from
its Send step, which shows the audience, who reads which language and a preview in each written language."""

import pytest
from django.urls import reverse

from apps.core.models import Upload
from apps.support import selectors, services
from apps.support.constants import BroadcastAudience, BroadcastStatus, NoticeType
from apps.support.models import Broadcast, Conversation, Notice, SupportMessage
from tests.factories import MerchantFactory, staff_operator, upload_image
from tests.helpers import admin_as

pytestmark = pytest.mark.django_db

CONVERSATION = ("support.view_conversation", "support.change_conversation", "support.view_supportmessage")


@pytest.fixture
def agent(client):
    """A support operator: views and answers conversations, views and sends broadcasts."""
    return admin_as(client, staff_operator("agent", *CONVERSATION, "support.view_broadcast", "support.add_broadcast"))


def _state(conversation):
    return Conversation.objects.filter(pk=conversation.pk).values("operator_unread", "waiting", "merchant_unread")[0]


def _chat(merchant, operator):
    picture = upload_image(kind=Upload.Kind.SUPPORT, owner=merchant)
    services.support_send(merchant=merchant, text="First: where is my parcel?")
    services.support_reply(
        conversation_id=Conversation.objects.get(merchant=merchant).pk, operator=operator, text="Second: checking."
    )
    services.support_send(merchant=merchant, text="Third: a photo of it", image_id=picture.key)
    return Conversation.objects.get(merchant=merchant), picture


def test_the_page_is_a_chat_oldest_first_with_the_reply_box_last_and_reads_nothing(agent, operator):
    merchant = MerchantFactory(language="tai", real_name="Somchai")
    conversation, picture = _chat(merchant, operator)
    before = _state(conversation)
    page = agent.get(reverse("admin:support_conversation_change", args=[conversation.pk])).content.decode()
    first, second, third = (page.index(t) for t in ("First: where", "Second: checking", "Third: a photo"))
    assert first < second < third < page.index('name="reply_text"') < page.index('value="Send reply"')
    assert "ไทย (th)" in page and "Somchai" in page  # whom, and the language to answer in
    private = reverse("admin:private_file", args=[picture.pk])
    assert f'<a href="{private}" target="_blank"><img src="{private}"' in page  # a thumbnail opening the file
    assert 'value="Save"' not in page and "Mark as answered" in page
    assert _state(conversation) == before == {"operator_unread": 1, "waiting": True, "merchant_unread": 1}


def test_send_reply_stores_it_marks_read_and_notifies_the_merchant(agent, merchant, operator):
    conversation, _picture = _chat(merchant, operator)
    url = reverse("admin:support_conversation_change", args=[conversation.pk])
    response = agent.post(url, {"reply_text": "It ships tomorrow.", "_reply": "Send reply"}, follow=True)
    assert response.redirect_chain[-1][0] == url  # back on the chat, the reply in it
    shown = [str(m) for m in response.context["messages"]]
    assert shown == ["Reply sent; the merchant was notified (an unread reply in their support chat)."]
    reply = SupportMessage.objects.filter(author="operator").latest("id")
    assert reply.text == "It ships tomorrow." and reply.operator.username == "agent"
    assert _state(conversation) == {"operator_unread": 0, "waiting": False, "merchant_unread": 2}
    assert selectors.support_unread(merchant_id=merchant.pk) == 2  # what the merchant app's badge shows


def test_an_empty_reply_sends_nothing_and_says_so(agent, merchant):
    services.support_send(merchant=merchant, text="Hi")
    conversation = Conversation.objects.get(merchant=merchant)
    url = reverse("admin:support_conversation_change", args=[conversation.pk])
    response = agent.post(url, {"reply_text": "  ", "_reply": "Send reply"})
    assert response.status_code == 200 and "Please write a message or choose an image." in response.content.decode()
    assert SupportMessage.objects.count() == 1 and _state(conversation)["operator_unread"] == 1


def test_mark_as_answered_on_the_page_reads_it_without_a_reply(agent, merchant):
    services.support_send(merchant=merchant, text="Thanks!")
    conversation = Conversation.objects.get(merchant=merchant)
    url = reverse("admin:support_conversation_change", args=[conversation.pk])
    response = agent.post(url, {"reply_text": "", "_mark_answered": "1"}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("admin:support_conversation_changelist")
    assert "1 conversation marked as answered" in response.content.decode()
    assert _state(conversation) == {"operator_unread": 0, "waiting": False, "merchant_unread": 0}
    assert SupportMessage.objects.count() == 1  # no reply


def test_one_who_may_only_look_cannot_mark_or_reply(client, merchant):
    viewer = admin_as(client, staff_operator("looker", "support.view_conversation"))
    services.support_send(merchant=merchant, text="Hello")
    conversation = Conversation.objects.get(merchant=merchant)
    url = reverse("admin:support_conversation_change", args=[conversation.pk])
    page = viewer.get(url).content.decode()
    assert "Hello" in page and "Send reply" not in page and "Mark as answered" not in page
    assert viewer.post(url, {"_mark_answered": "1"}).status_code == 403
    assert viewer.post(url, {"reply_text": "x", "_reply": "1"}).status_code == 403
    assert _state(conversation) == {"operator_unread": 1, "waiting": True, "merchant_unread": 0}


def test_the_conversation_list_shows_status_and_language(agent, merchant):
    services.support_send(merchant=merchant, text="Hello")
    page = agent.get(reverse("admin:support_conversation_changelist")).content.decode()
    assert "Waiting for an answer" in page and "Русский (ru)" in page


# ---------- broadcasts: a draft, then the Send step ----------
BROADCAST = {
    "title_en": "News",
    "content_en": "Text",
    "title_ru": "Новости",
    "content_ru": "Текст",
    "type": NoticeType.USER,
    "audience": BroadcastAudience.ALL,
    "level": "",
}


def _send_url(broadcast):
    return reverse("admin:support_broadcast_send", args=[broadcast.pk])


@pytest.fixture
def audience():
    return [MerchantFactory(language=lang) for lang in ("en", "en", "ru-RU", "tai", "han")]


def test_adding_saves_a_draft_and_the_send_step_shows_audience_preview_and_languages(
    agent, audience, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        added = agent.post(reverse("admin:support_broadcast_add"), BROADCAST, follow=True)
    broadcast = Broadcast.objects.get()
    assert added.redirect_chain[-1][0] == _send_url(broadcast)
    assert broadcast.status == BroadcastStatus.DRAFT and not Notice.objects.exists()
    page = added.content.decode()
    assert added.context["audience_count"] == 5 and "5 merchants will receive it." in page
    readers = {row["language"]: (row["count"], row["reads"]) for row in added.context["readers"]}
    assert readers == {
        "English (en)": (2, "English (en)"),
        "Русский (ru)": (1, "Русский (ru)"),
        "ไทย (th)": (1, "English (en)"),  # not written in Thai: English
        "한국어 (ko)": (1, "English (en)"),
    }
    assert [p["language"] for p in added.context["previews"]] == ["English (en)", "Русский (ru)"]
    assert "Новости" in page and "Текст" in page and "News" in page
    assert "otherwise English" in page  # the fallback, in words
    assert 'name="confirm"' in page and "Send to 5 merchants" in page


def test_get_and_cancel_send_nothing_and_confirm_sends_to_the_audience(
    agent, audience, operator, django_capture_on_commit_callbacks
):
    fields = {k: v for k, v in BROADCAST.items() if k != "level"}
    broadcast = services.broadcast_save(broadcast=Broadcast(**fields), operator=operator)
    with django_capture_on_commit_callbacks(execute=True):
        assert agent.get(_send_url(broadcast)).status_code == 200
        cancel = agent.post(_send_url(broadcast), {"cancel": "1"}, follow=True)
    assert cancel.redirect_chain[-1][0] == reverse("admin:support_broadcast_change", args=[broadcast.pk])
    kept = "Kept as a draft: nothing was sent. Send it from its page when ready."
    assert kept in [str(m) for m in cancel.context["messages"]]
    assert "Send…" in cancel.content.decode()  # its page offers the Send step again
    assert not Notice.objects.exists() and Broadcast.objects.get().status == BroadcastStatus.DRAFT
    with django_capture_on_commit_callbacks(execute=True):
        sent = agent.post(_send_url(broadcast), {"confirm": "1"}, follow=True)
    assert "Broadcast queued: 5 merchants will receive it." in [str(m) for m in sent.context["messages"]]
    broadcast.refresh_from_db()
    assert (broadcast.status, broadcast.recipients) == (BroadcastStatus.SENT, 5)
    assert set(Notice.objects.values_list("merchant_id", flat=True)) == {m.pk for m in audience}
    with django_capture_on_commit_callbacks(execute=True):  # confirming again sends nothing twice
        again = agent.post(_send_url(broadcast), {"confirm": "1"}, follow=True)
    assert "already been sent" in str(next(iter(again.context["messages"])))
    assert Notice.objects.count() == 5


def test_one_recipient_is_said_in_the_singular(agent, operator, django_capture_on_commit_callbacks):
    broadcast = services.broadcast_save(
        broadcast=Broadcast(title_en="N", content_en="T", audience=BroadcastAudience.CHOSEN), operator=operator
    )
    broadcast.merchants.set([MerchantFactory()])
    with django_capture_on_commit_callbacks(execute=True):
        sent = agent.post(_send_url(broadcast), {"confirm": "1"}, follow=True)
    assert "Broadcast queued: 1 merchant will receive it." in [str(m) for m in sent.context["messages"]]


def test_one_without_add_broadcast_cannot_reach_the_send_step(client, audience, operator):
    viewer = admin_as(client, staff_operator("reader", "support.view_broadcast"))
    broadcast = services.broadcast_save(broadcast=Broadcast(title_en="N", content_en="T"), operator=operator)
    assert viewer.get(_send_url(broadcast)).status_code == 403
    assert viewer.post(_send_url(broadcast), {"confirm": "1"}).status_code == 403
    assert viewer.post(reverse("admin:support_broadcast_add"), BROADCAST).status_code == 403
    page = viewer.get(reverse("admin:support_broadcast_change", args=[broadcast.pk])).content.decode()
    assert "Send…" not in page
    assert Broadcast.objects.get().status == BroadcastStatus.DRAFT and not Notice.objects.exists()


def test_resume_leaves_drafts_to_their_send_step(agent, audience, operator, django_capture_on_commit_callbacks):
    broadcast = services.broadcast_save(broadcast=Broadcast(title_en="N", content_en="T"), operator=operator)
    with django_capture_on_commit_callbacks(execute=True):
        response = agent.post(
            reverse("admin:support_broadcast_changelist"),
            {"action": "resume", "_selected_action": [broadcast.pk]},
            follow=True,
        )
    shown = [str(m) for m in response.context["messages"]]
    assert "1 draft was not sent: open it and use its Send step." in shown
    assert Broadcast.objects.get().status == BroadcastStatus.DRAFT and not Notice.objects.exists()
