"""The console's home (issue 35): each role sees its queues, and only those, with their counts, oldest item's age and
deadline; each links to its list, which opens on what needs action, oldest or overdue first; technical models come
last, for the administrator and the auditor only; the counts cost the same queries whatever the tables hold."""

import re
from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth.models import Group
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from apps.accounts.constants import MerchantStatus
from apps.accounts.models import Merchant
from apps.core.models import OutboxEntry
from apps.core.queues import all_queues, queue, queue_stats
from apps.orders import services as order_services
from apps.orders.models import Order, Refund
from apps.support.models import Broadcast, Conversation
from apps.wallet.models import Deposit, Withdrawal
from tests.factories import DEFAULT_PAY_PASSWORD, MerchantFactory, place_order
from tests.helpers import admin_as

pytestmark = pytest.mark.django_db

EVERY_QUEUE = {q.key for q in all_queues()}
ROLE_QUEUES = {
    "registrations": {"registrations"},
    "finance": {"deposits", "withdrawals"},
    "fulfilment": {"refunds", "to_ship", "ship_overdue"},
    "support": {"support", "broadcasts"},
    "catalogue": set(),
    "auditor": EVERY_QUEUE,
    "administrator": EVERY_QUEUE,
}
TECHNICAL_ROLES = {"auditor", "administrator"}

# What the queues hold (console_objects and `queued` below): count, oldest item's age as the page says it, and the
# deadline: None for a queue without one, else whether it is past.
EXPECTED = {
    "registrations": (1, "5 hours ago", None),
    "deposits": (1, "1 day, 2 hours ago", None),
    "withdrawals": (1, "2 days, 2 hours ago", "overdue"),
    "refunds": (1, "3 hours ago", None),
    "to_ship": (2, "3 days, 8 hours ago", "overdue"),
    "ship_overdue": (1, "3 days, 8 hours ago", "overdue"),
    "support": (1, "20 minutes ago", None),
    "broadcasts": (1, "4 hours ago", None),
    "background": (1, "30 minutes ago", None),
}


def role_user(django_user_model, role):
    """A staff operator (not a superuser) whose only permissions are those of `role`'s group."""
    user = django_user_model.objects.create_user(f"{role}-op", f"{role}@example.com", "Operator-pass-2026")
    user.is_staff = True
    user.save()
    user.groups.add(Group.objects.get(name=role))
    return user


@pytest.fixture
def queued(console_objects, operator):
    """console_objects' items, aged from a frozen `now`, plus a second order to ship (past its deadline) and a side
    effect that failed beside one that is waiting its turn."""
    merchant = console_objects["merchant"]
    late = place_order(merchant)
    order_services.order_pick(merchant=merchant, order_id=late.pk, pay_password=DEFAULT_PAY_PASSWORD)
    now = timezone.now().replace(microsecond=0)
    ago = lambda **kw: now - timedelta(**kw)  # noqa: E731
    Merchant.objects.filter(pk=console_objects["pending"].pk).update(created_at=ago(hours=5))
    Deposit.objects.update(created_at=ago(days=1, hours=2))
    Withdrawal.objects.update(created_at=ago(days=2, hours=2), review_due_at=ago(hours=2))
    Refund.objects.update(created_at=ago(hours=3))
    Order.objects.filter(pk=console_objects["awaiting"].pk).update(
        picked_at=ago(hours=30), ship_deadline=now + timedelta(hours=42)
    )
    Order.objects.filter(pk=late.pk).update(picked_at=ago(hours=80), ship_deadline=ago(hours=8))
    Conversation.objects.update(last_message_at=ago(minutes=20))
    Broadcast.objects.update(created_at=ago(hours=4))
    OutboxEntry.objects.update(done_at=now)
    OutboxEntry.objects.create(
        task="apps.support.tasks.broadcast_send", created_at=ago(minutes=30), attempts=2,
        next_attempt_at=now + timedelta(minutes=2), last_error="ConnectionError: broker down",
    )  # fmt: skip
    OutboxEntry.objects.create(
        task="apps.orders.tasks.x", created_at=ago(minutes=1), next_attempt_at=now + timedelta(minutes=5)
    )
    with time_machine.travel(now, tick=False):
        yield {**console_objects, "late": late, "now": now}


def _rows(page: str) -> dict[str, dict[str, str]]:
    """The queues of the home page: {key: {"count", "age", "deadline", "href"}}."""
    found = {}
    for key, body in re.findall(r'<tr id="queue-(\w+)"[^>]*>(.*?)</tr>', page, re.S):
        cells = dict(re.findall(r'class="queue-(count|age|deadline)">(.*?)</td>', body, re.S))
        found[key] = {
            **{name: re.sub(r"<[^>]+>", "", text).replace("\xa0", " ").strip() for name, text in cells.items()},
            "href": re.search(r'href="([^"]+)"', body).group(1).replace("&amp;", "&"),
        }
    return found


@pytest.mark.parametrize("role", list(ROLE_QUEUES))
def test_each_role_sees_its_queues_and_only_those(client, django_user_model, queued, role):
    page = admin_as(client, role_user(django_user_model, role)).get(reverse("admin:index"))
    assert page.status_code == 200
    content = page.content.decode()
    rows = _rows(content)
    assert set(rows) == ROLE_QUEUES[role]
    for key, row in rows.items():
        count, age, deadline = EXPECTED[key]
        assert row["count"] == str(count), key
        assert row["age"] == age, key
        if deadline is None:
            assert row["deadline"] == "none", key
        else:
            assert row["deadline"].startswith("Overdue ("), key
        assert row["href"] == queue(key).url
    assert "heartbeats-module" in content  # the heartbeats stay
    assert ('class="app-technical module' in content) == (role in TECHNICAL_ROLES)
    names = [app["app_label"] for app in page.context["app_list"]]
    if role in TECHNICAL_ROLES:
        assert names[-1] == "technical"
        technical = {m["model"]._meta.label for m in page.context["app_list"][-1]["models"]}
        assert {"axes.AccessAttempt", "wallet.JournalEntry", "core.OutboxEntry", "accounts.AuthToken"} <= technical
        assert all(
            m["model"]._meta.label not in technical for app in page.context["app_list"][:-1] for m in app["models"]
        )


def test_a_queue_without_items_shows_none_and_a_deadline_not_yet_past_is_not_highlighted(
    client, django_user_model, queued
):
    Withdrawal.objects.update(review_due_at=queued["now"] + timedelta(hours=3))
    Merchant.objects.filter(status=MerchantStatus.PENDING).update(status=MerchantStatus.ACTIVE)
    rows = _rows(admin_as(client, role_user(django_user_model, "auditor")).get("/admin/").content.decode())
    assert rows["withdrawals"]["deadline"] == timezone.localtime(queued["now"] + timedelta(hours=3)).strftime(
        "%Y-%m-%d %H:%M"
    )
    assert rows["registrations"] == {**rows["registrations"], "count": "0", "age": "-"}


@pytest.mark.parametrize("key", sorted(EVERY_QUEUE))
def test_each_queue_link_opens_its_list_on_what_needs_action_oldest_or_overdue_first(
    client, django_user_model, queued, key
):
    q = queue(key)
    client = admin_as(client, role_user(django_user_model, "administrator"))
    expected = list(q.queryset(queued["now"]).values_list("pk", flat=True))
    assert expected, key
    listed = client.get(q.url)
    assert listed.status_code == 200
    assert [obj.pk for obj in listed.context["cl"].result_list] == expected
    everything = client.get(q.url.replace(f"queue={key}", "queue=all"))
    cl = everything.context["cl"]
    assert {obj.pk for obj in cl.result_list} == {obj.pk for obj in cl.root_queryset}  # what the list ever shows
    assert "queue=all" in everything.content.decode()  # the explicit "All" choice


def test_lists_open_on_their_first_queue_and_another_filter_or_a_search_shows_every_match(
    client, django_user_model, queued
):
    client = admin_as(client, role_user(django_user_model, "administrator"))
    changelist = reverse("admin:accounts_merchant_changelist")
    page = client.get(changelist)
    assert [m.pk for m in page.context["cl"].result_list] == [queued["pending"].pk]
    assert '(<a href="?queue=all&amp;">' in page.content.decode()  # the search bar's "N total" shows every row
    closed = client.get(changelist, {"status__exact": MerchantStatus.CLOSED}).context["cl"].result_list
    assert [m.pk for m in closed] == [queued["closed"].pk]
    orders = client.get(reverse("admin:orders_order_changelist")).context["cl"].result_list
    assert [o.pk for o in orders] == [queued["late"].pk, queued["awaiting"].pk]  # overdue first


def test_the_home_page_costs_the_same_queries_whatever_the_tables_hold(client, django_user_model, queued):
    client = admin_as(client, role_user(django_user_model, "administrator"))
    client.get("/admin/")  # the session, the user, the caches warmed

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get("/admin/").status_code == 200
        return len(captured)

    small = queries()
    MerchantFactory.create_batch(6, status=MerchantStatus.PENDING)
    OutboxEntry.objects.bulk_create(
        OutboxEntry(task="t", last_error="boom", next_attempt_at=queued["now"]) for _ in range(20)
    )
    assert queries() == small
    auditor = role_user(django_user_model, "auditor")
    auditor.has_perm("auth.view_user")  # its permissions read (and cached) first
    with CaptureQueriesContext(connection) as captured:
        stats = queue_stats(auditor)
    assert len(captured) == len(all_queues()) == len(stats)  # one aggregate query per queue
    assert {s.queue.key: s.count for s in stats}["registrations"] == 7
