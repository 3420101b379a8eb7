"""What production's operations rely on (issue 15): health checks for load balancers, one JSON log line per request
with its id, every task on its queue with limits and bounded retries, acknowledged late; the pause point the
production smoke kills workers at. The processes themselves are proved by `make prod-smoke` (tests/prod/smoke.py)."""

import io
import json
import logging
import threading

import pytest
from celery import current_app
from django.conf import settings
from django.test import Client

from apps.core import faults
from apps.core.logs import JsonFormatter

pytestmark = pytest.mark.django_db


def test_liveness_and_readiness_answer_ok():
    assert Client().get("/healthz").json() == {"status": "ok"}
    ready = Client().get("/readyz")
    assert ready.status_code == 200
    answer = ready.json()
    assert (answer["status"], answer["checks"]) == ("ok", {"database": "ok", "broker": "ok", "cache": "ok"})
    assert list(answer["heartbeats"]) == ["beat", "money", "default", "bulk"]  # shown, not checked (test_heartbeat)


def test_readiness_names_the_broker_that_does_not_answer(caplog):
    working = current_app.conf.broker_url
    current_app.conf.broker_url = "redis://127.0.0.1:9/0"  # nothing listens on port 9
    try:
        ready = Client().get("/readyz")
    finally:
        current_app.conf.broker_url = working
    assert ready.status_code == 503
    answer = ready.json()
    assert answer["status"] == "unavailable"
    assert answer["checks"] == {"database": "ok", "broker": "failed", "cache": "ok"}
    assert "readiness: the broker did not answer" in caplog.text  # the reason is logged, not answered


@pytest.fixture
def json_log():
    """What production writes: the JSON lines of every record, formatted as it is logged."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.addHandler(handler)
    requests_log = logging.getLogger("apps.requests")
    level = requests_log.level
    requests_log.setLevel(logging.INFO)
    yield lambda: [json.loads(line) for line in stream.getvalue().splitlines()]
    requests_log.setLevel(level)
    root.removeHandler(handler)


def test_each_request_is_one_json_line_with_the_id_it_answers(json_log):
    response = Client().get("/merchant/no/such/path", HTTP_X_REQUEST_ID="client-chosen-id-1")
    [line] = [line for line in json_log() if line["logger"] == "apps.requests"]
    assert line["request_id"] == response["X-Request-ID"]
    assert line["request_id"] != "client-chosen-id-1"  # without a proxy of ours, a client's id is not believed
    assert (line["method"], line["path"], line["status"]) == ("GET", "/merchant/no/such/path", 404)
    assert line["duration_ms"] >= 0 and line["client"] == "127.0.0.1"


def test_behind_a_proxy_its_request_id_is_kept(settings):
    settings.NUM_PROXIES = 1
    kept = Client().get("/healthz", HTTP_X_REQUEST_ID="lb-3f2a9c10")
    odd = Client().get("/healthz", HTTP_X_REQUEST_ID="not an id; drop table")
    assert kept["X-Request-ID"] == "lb-3f2a9c10"
    assert odd["X-Request-ID"] != "not an id; drop table" and len(odd["X-Request-ID"]) == 32


def test_a_line_logged_during_a_request_carries_its_id(json_log):
    working = current_app.conf.broker_url
    current_app.conf.broker_url = "redis://127.0.0.1:9/0"
    try:
        response = Client().get("/readyz")
    finally:
        current_app.conf.broker_url = working
    ours = {line["logger"]: line for line in json_log() if line["logger"].startswith("apps.")}
    failure, request = ours["apps.core.views"], ours["apps.requests"]
    assert failure["request_id"] == request["request_id"] == response["X-Request-ID"]
    assert failure["level"] == "ERROR" and "Traceback" in failure["exception"]


MONEY_TASKS = {
    "apps.orders.tasks.orders_move_due",
    "apps.wallet.tasks.verify_chain_deposits",
    "apps.storefront.tasks.payment_refund",
    "apps.core.tasks.outbox_sweep",  # sends refunds again, among the other side effects
}


def test_every_task_has_its_queue_limits_and_bounded_retries():
    current_app.loader.import_default_modules()
    ours = {name: task for name, task in current_app.tasks.items() if name.startswith("apps.")}
    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert scheduled <= set(ours)
    assert {name for name, task in ours.items() if task.queue == "money"} == MONEY_TASKS
    for name, task in ours.items():
        assert task.queue in {"money", "bulk", "default"}, name
        assert 0 < task.soft_time_limit < task.time_limit, name
        assert 0 < task.max_retries <= 3 and task.retry_backoff, name
    assert {ours[name].queue for name in ours} == {"money", "bulk", "default"}


def test_tasks_are_acknowledged_when_they_end_and_given_back_when_the_worker_dies():
    current_app.loader.import_default_modules()
    conf = current_app.conf
    assert conf.task_acks_late and conf.task_reject_on_worker_lost
    assert conf.worker_prefetch_multiplier == 1
    # Redis hands a dead worker's task to another after this; it must outlast the longest task.
    longest = max(task.time_limit for name, task in current_app.tasks.items() if name.startswith("apps."))
    assert conf.broker_transport_options["visibility_timeout"] > longest


def test_a_pause_point_is_taken_once_and_only_when_armed(tmp_path, settings, monkeypatch):
    monkeypatch.setattr(faults, "PAUSE_SECONDS", 0.5)
    faults.pause_point("order_settle")  # off: no folder set
    settings.FAULT_PAUSE_DIR = str(tmp_path)
    faults.pause_point("order_settle")  # not armed: goes on
    assert not list(tmp_path.iterdir())
    (tmp_path / "order_settle.armed").touch()
    holders = [threading.Thread(target=faults.pause_point, args=("order_settle",)) for _ in range(3)]
    for holder in holders:
        holder.start()
    for holder in holders:
        holder.join()
    assert [path.name for path in tmp_path.iterdir()] == ["order_settle.held"]
    assert json.loads((tmp_path / "order_settle.held").read_text())["task_id"] is None
