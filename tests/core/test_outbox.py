"""Side effects recorded with their cause and run until done (apps.core.outbox, issue 31 finding 12): nothing before
the commit and nothing after a rollback; a broker that is down at the commit loses nothing (the sweep sends it once
the broker is back); a worker that dies mid-run is run again when its lease ends; a done entry, or a second message
for the same attempt, does nothing; operators see what is not done, read-only. The storefront's refunds and mails
through it: tests/storefront/test_side_effects.py."""

from datetime import timedelta
from pathlib import Path

import pytest
import time_machine
from celery import shared_task
from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from apps.core import outbox
from apps.core.models import OutboxEntry
from apps.core.tasks import outbox_run, outbox_sweep
from tests.broker import broker_down
from tests.concurrency import concurrently
from tests.factories import staff_operator
from tests.helpers import admin_as, wait_for

pytestmark = pytest.mark.django_db

RAN: list[int] = []
RETURNED: list[int] = []  # the callers of a race that have returned
RACERS = 8


@pytest.fixture(autouse=True)
def _nothing_ran():
    RAN.clear()
    RETURNED.clear()
    yield
    RAN.clear()
    RETURNED.clear()


@shared_task(name="tests.outbox.remember")
def remember(*, n: int) -> None:
    RAN.append(n)


@shared_task(name="tests.outbox.killed_once")
def killed_once(*, n: int) -> None:
    if n not in RAN:
        RAN.append(n)
        raise SystemExit  # the worker's process ends here, as under kill -9: nothing after it runs
    RAN.append(n)


@shared_task(name="tests.outbox.slow")
def slow(*, n: int) -> None:
    """Still running while every other caller of the race tries it and returns (RETURNED)."""
    wait_for("the other runs and sweeps to return", lambda: len(RETURNED) >= RACERS - 1, seconds=30, every=0.01)
    RAN.append(n)


class CauseRolledBackError(Exception):
    pass


def test_a_side_effect_runs_once_after_its_cause_commits(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        entry = outbox.enqueue(remember, n=1)
        assert RAN == []  # not before the commit
    assert RAN == [1]
    entry.refresh_from_db()
    assert entry.done_at is not None and entry.attempts == 1 and entry.last_error == ""
    assert outbox_run.delay(entry.pk, 0).get() is False  # a second message for the same attempt
    assert outbox_run.delay(entry.pk, 1).get() is False  # a done entry
    assert outbox_sweep.delay().get() == 0
    assert RAN == [1]


def test_a_rolled_back_cause_leaves_no_side_effect(django_capture_on_commit_callbacks):
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(CauseRolledBackError),
        transaction.atomic(),
    ):
        outbox.enqueue(remember, n=1)
        raise CauseRolledBackError
    assert callbacks == [] and RAN == []
    assert not OutboxEntry.objects.exists()


def test_the_broker_down_at_commit_loses_nothing_and_the_sweep_sends_it_once_it_is_back(
    django_capture_on_commit_callbacks,
):
    with broker_down(), django_capture_on_commit_callbacks(execute=True):
        entry = outbox.enqueue(remember, n=2)  # the send after the commit fails: logged, not raised
    entry.refresh_from_db()
    assert RAN == [] and entry.done_at is None and entry.attempts == 0
    assert "Connection refused" in entry.last_error
    with broker_down():
        assert outbox.sweep() == 0  # still down: kept for the next sweep
    entry.refresh_from_db()
    assert entry.next_attempt_at <= timezone.now() and entry.done_at is None
    assert outbox_sweep.delay().get() == 1  # back
    assert RAN == [2]
    assert outbox_sweep.delay().get() == 0
    assert RAN == [2]
    assert OutboxEntry.objects.get().done_at is not None


def test_a_worker_that_dies_mid_run_is_run_again_once_its_lease_ends(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks():  # committed; its message not taken yet
        entry = outbox.enqueue(killed_once, n=3)
    with time_machine.travel(timezone.now(), tick=False) as clock:
        with pytest.raises(SystemExit):
            outbox.run(entry.pk, 0)  # the worker that took the message dies in the task
        entry.refresh_from_db()
        assert entry.attempts == 1 and entry.done_at is None
        lease = timedelta(seconds=settings.CELERY_TASK_TIME_LIMIT) + outbox.LEASE_MARGIN  # no limit of its own
        clock.shift(lease - timedelta(seconds=1))
        assert outbox.sweep() == 0  # it may still be running
        assert outbox_run.delay(entry.pk, 0).get() is False  # the dead worker's message, given back by the broker
        clock.shift(timedelta(seconds=1))
        assert outbox.sweep() == 1
    assert RAN == [3, 3]
    entry.refresh_from_db()
    assert entry.attempts == 2 and entry.done_at is not None


def test_done_entries_are_deleted_after_a_week(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        entry = outbox.enqueue(remember, n=4)
    with time_machine.travel(timezone.now() + outbox.KEEP_DONE - timedelta(minutes=1)):
        outbox.sweep()
        assert OutboxEntry.objects.filter(pk=entry.pk).exists()
    with time_machine.travel(timezone.now() + outbox.KEEP_DONE + timedelta(minutes=1)):
        outbox.sweep()
        assert not OutboxEntry.objects.exists()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_simultaneous_runs_and_sweeps_run_a_side_effect_once():
    """Messages for the same attempt (the one sent at the commit, a sweep's, a second beat's) all arrive at once."""
    entry = OutboxEntry.objects.create(task=slow.name, kwargs={"n": 7}, next_attempt_at=timezone.now())

    def race(i: int) -> object:
        result = outbox.run(entry.pk, 0) if i % 2 else outbox.sweep()
        RETURNED.append(i)
        return result

    results = concurrently(RACERS, race)
    assert not [result for result in results if isinstance(result, Exception)]
    assert RAN == [7]
    entry.refresh_from_db()
    assert entry.attempts == 1 and entry.done_at is not None


@pytest.fixture
def viewer(client):
    """An operator who may only look at side effects."""
    return admin_as(client, staff_operator("viewer", "core.view_outboxentry"))


def test_operators_see_the_side_effects_not_done_with_their_last_error_and_change_nothing(
    viewer, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        outbox.enqueue(remember, n=5)  # done
    with broker_down(), django_capture_on_commit_callbacks(execute=True):
        stuck = outbox.enqueue(remember, n=6, url="/o/secret-token/")
    listing = viewer.get(reverse("admin:core_outboxentry_changelist"))
    html = listing.content.decode()
    assert listing.status_code == 200
    assert "n=6" in html and "Connection refused" in html
    assert "n=5" not in html  # done
    assert "secret-token" not in html  # a link carries its owner's token
    page = viewer.get(reverse("admin:core_outboxentry_change", args=[stuck.pk]))
    assert page.status_code == 200 and "Connection refused" in page.content.decode()
    assert viewer.get(reverse("admin:core_outboxentry_add")).status_code == 403
    assert viewer.post(reverse("admin:core_outboxentry_change", args=[stuck.pk]), {"attempts": 9}).status_code == 403
    assert viewer.post(reverse("admin:core_outboxentry_delete", args=[stuck.pk]), {"post": "yes"}).status_code == 403
    stuck.refresh_from_db()
    assert stuck.attempts == 0 and stuck.done_at is None


def test_no_task_is_sent_after_a_commit_but_through_the_outbox():
    """`transaction.on_commit(lambda: task.delay(...))` loses the task when the broker is down at that moment."""
    apps = Path(outbox.__file__).parents[1]
    sent_on_commit = [
        f"{path.relative_to(apps)}:{number}"
        for path in apps.rglob("*.py")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if "on_commit(" in line and (".delay(" in line or "apply_async(" in line)
    ]
    assert sent_on_commit == []
