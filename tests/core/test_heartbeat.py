"""The background work's heartbeats (issue 31, finding 11): the beat records when it sent one, a worker of each queue
when it ran one; /readyz shows them without failing on a stale one; the operators' index warns when one is stale.
That a real worker and beat record them under `make run` is proved by `make soak` (tests/soak/run.py)."""

from datetime import timedelta

import pytest
import time_machine
from celery import current_app
from django.conf import settings
from django.test import Client
from django.utils import timezone

from apps.core.heartbeat import heartbeat, pulses, record
from apps.core.models import Heartbeat

pytestmark = pytest.mark.django_db

NAMES = ["beat", "money", "default", "bulk"]


def test_the_beat_sends_a_heartbeat_to_each_queue_that_expires_when_it_would_be_stale():
    entries = [entry for entry in settings.CELERY_BEAT_SCHEDULE.values() if entry["task"] == heartbeat.name]
    assert sorted(entry["options"]["queue"] for entry in entries) == sorted(settings.TASK_QUEUES)
    for entry in entries:
        assert entry["args"] == [entry["options"]["queue"]]
        assert entry["schedule"] == settings.HEARTBEAT_SECONDS
        assert entry["options"]["expires"] == 4 * settings.HEARTBEAT_SECONDS


@pytest.mark.django_db(transaction=True)  # the beat's receiver closes a connection left in a transaction
def test_a_worker_records_its_queue_and_the_beat_records_when_the_broker_took_it():
    heartbeat.delay("money")  # eager (the test settings): as a worker of the money queue runs it
    assert list(Heartbeat.objects.values_list("name", flat=True)) == ["money"]

    current_app.conf.task_always_eager = False  # published for real, as the beat does, to the in-memory broker
    try:
        with current_app.producer_or_acquire() as producer:
            heartbeat.apply_async(["bulk"], queue="bulk", producer=producer)
    finally:
        current_app.conf.task_always_eager = True
    assert sorted(Heartbeat.objects.values_list("name", flat=True)) == ["beat", "money"]


def test_each_heartbeat_is_ok_then_stale_after_four_beats_and_never_until_recorded(settings):
    settings.HEARTBEAT_SECONDS = 30
    assert [(pulse.name, pulse.at, pulse.state) for pulse in pulses()] == [(name, None, "never") for name in NAMES]
    with time_machine.travel(timezone.now() - timedelta(seconds=121), tick=False):
        record("bulk")
    for name in ("beat", "money", "default"):
        record(name)
    states = {pulse.name: pulse.state for pulse in pulses()}
    assert states == {"beat": "ok", "money": "ok", "default": "ok", "bulk": "stale"}
    record("bulk")
    assert {pulse.state for pulse in pulses()} == {"ok"}


def test_readiness_shows_the_heartbeats_and_stays_ready_when_one_is_stale():
    for name in ("beat", "money", "default"):
        record(name)
    Heartbeat.objects.update_or_create(name="bulk", defaults={"at": timezone.now() - timedelta(hours=1)})
    ready = Client().get("/readyz")
    assert ready.status_code == 200  # a worker down does not take the web process out of the load balancer
    answer = ready.json()
    assert answer["status"] == "ok"
    assert {name: pulse["state"] for name, pulse in answer["heartbeats"].items()} == {
        "beat": "ok",
        "money": "ok",
        "default": "ok",
        "bulk": "stale",
    }
    at = Heartbeat.objects.get(name="money").at
    assert answer["heartbeats"]["money"]["at"].startswith(at.strftime("%Y-%m-%dT%H:%M:%S"))


WARNING = {
    "en": "Background work is not answering",
    "zh-hans": "后台任务无响应",
    "ru": "Фоновые задачи не отвечают",
    "th": "งานเบื้องหลังไม่ตอบสนอง",
}


@pytest.mark.parametrize("language", list(WARNING))
def test_the_operators_index_warns_when_a_heartbeat_is_stale(operator, language):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(operator)
    for name in NAMES:
        record(name)
    page = client.get("/admin/").content.decode()
    assert 'id="heartbeats-module"' in page and page.count('class="heartbeat-ok"') == 4
    assert WARNING[language] not in page

    Heartbeat.objects.filter(name="money").update(at=timezone.now() - timedelta(minutes=10))
    page = client.get("/admin/").content.decode()
    assert WARNING[language] in page
    assert page.count('class="heartbeat-stale"') == 1 and page.count('class="heartbeat-ok"') == 3
    assert " style=" not in page  # the Content-Security-Policy blocks inline styles
