"""`make run`'s broker and `manage.py run_worker` (issue 31, finding 11). The worker with beat under a stream of tasks,
a locked broker, kill -9 and Ctrl-C is `make soak` (tests/soak/run.py), which needs real processes and a minute."""

import runpy
import sqlite3
from contextlib import closing

from kombu import Connection

from apps.core.management.commands.run_worker import prune_delivered, worker_command


def test_make_run_uses_kombus_sqlalchemy_transport_on_a_sqlite_file_in_wal(tmp_path, monkeypatch):
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    monkeypatch.delenv("CELERY_BROKER_URL", raising=False)
    monkeypatch.delenv("SQLITE_BUSY_TIMEOUT", raising=False)
    local = runpy.run_module("config.settings.local")
    broker = tmp_path / "broker.sqlite3"
    assert local["CELERY_BROKER_URL"] == f"sqla+sqlite:///{broker}"
    assert local["CELERY_BROKER_TRANSPORT_OPTIONS"] == {"connect_args": {"timeout": 20}}  # sqlite3's busy timeout
    with closing(sqlite3.connect(broker)) as database:
        assert database.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert local["CELERY_BEAT_SCHEDULE_FILENAME"] == str(tmp_path / "celerybeat-schedule")


def test_pruning_deletes_what_workers_took_and_keeps_what_waits(tmp_path):
    """What prune_delivered relies on in kombu's SQLAlchemy transport (fails if an upgrade changes it): a message
    handed to a worker stays as an invisible row, acknowledged or not, and one given back is written as a new row."""
    url = f"sqla+sqlite:///{tmp_path / 'broker.sqlite3'}"
    assert prune_delivered(url) == 0  # no broker yet
    with Connection(url) as connection:
        queue = connection.SimpleQueue("money")
        for number in range(3):
            queue.put({"number": number})
        queue.get(timeout=1).ack()
        assert queue.get(timeout=1).payload == {"number": 1}  # taken, never acknowledged: given back at close
        queue.close()
    assert prune_delivered(url) == 2
    with Connection(url) as connection:
        queue = connection.SimpleQueue("money")
        messages = [queue.get(timeout=1) for _ in range(2)]
        assert [message.payload for message in messages] == [{"number": 2}, {"number": 1}]
        for message in messages:
            message.ack()
        queue.close()
    with closing(sqlite3.connect(tmp_path / "broker.sqlite3")) as broker:
        assert broker.execute("SELECT visible, count(*) FROM kombu_message GROUP BY visible").fetchall() == [(0, 2)]
    assert prune_delivered("redis://127.0.0.1:6379/0") == 0  # another broker is left alone


def test_the_worker_is_the_make_run_worker_with_beat_on_every_queue(settings):
    command = worker_command("warning", ["tests.soak.tasks"])
    assert command[1:] == [
        "-m",
        "celery",
        "-A",
        "config",
        "worker",
        "-B",
        "-Q",
        "money,default,bulk",
        "--concurrency",
        "1",
        "--pool",
        "solo",
        "-l",
        "warning",
        "--include=tests.soak.tasks",
    ]
