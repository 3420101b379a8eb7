"""`manage.py run_worker`: the Celery worker with its embedded beat, as `make run` and `make worker` run it, started
again whenever it dies.

The worker runs in a session (process group) of its own. When it exits, whatever is left in that group is killed
before a new one starts: the embedded beat is a child process that outlives a worker killed with kill -9, and two beats
would share one schedule file. A new worker starts after 1 s, then 2, 4, ... up to 30 s while it keeps dying within
a minute of its start. SIGINT or SIGTERM (Ctrl-C of `make run`) is passed on to the worker, which finishes its task
(Celery's warm shutdown), or is killed after STOP_SECONDS; then this command ends.

On the embedded broker (config.settings.local), the messages the worker took are deleted before each start and every
hour (`prune_delivered`).
"""

import logging
import os
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing, suppress
from pathlib import Path
from types import FrameType
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

log = logging.getLogger(__name__)

FIRST_DELAY, MOST_DELAY = 1.0, 30.0  # seconds before a new worker, doubled while it keeps dying
STEADY_SECONDS = 60.0  # a worker that ran this long starts the delays again from the first
STOP_SECONDS = 10.0  # how long a stopped worker may take to finish its task
PRUNE_SECONDS = 3600.0
SQLITE_BROKER = "sqla+sqlite:///"


def worker_command(loglevel: str, include: list[str]) -> list[str]:
    return [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "config",
        "worker",
        "-B",
        "-Q",
        ",".join(settings.TASK_QUEUES),
        "--concurrency",
        "1",
        "--pool",
        "solo",
        "-l",
        loglevel,
        *(f"--include={module}" for module in include),
    ]


def sqlite_broker(broker_url: str) -> Path | None:
    """The file of the embedded broker (kombu's SQLAlchemy transport on SQLite), or None for another broker."""
    return Path(broker_url.removeprefix(SQLITE_BROKER)) if broker_url.startswith(SQLITE_BROKER) else None


def prune_delivered(broker_url: str) -> int:
    """Deletes the messages a worker took from kombu's SQLAlchemy transport on SQLite; returns how many.

    The transport marks a message it hands to a worker invisible and never deletes it (an acknowledgement happens in
    the worker's memory; a message given back is written again as a new row), so its table grows by every task ever
    sent, and a worker's poll of an empty queue reads past all of them. No invisible row is ever read again, so all
    can go. kombu's table and columns are named here only; tests/core/test_run_worker.py fails if they change.
    """
    path = sqlite_broker(broker_url)
    if path is None or not path.exists():
        return 0
    with closing(sqlite3.connect(path, timeout=settings.SQLITE_BUSY_TIMEOUT)) as broker, broker:
        try:
            return broker.execute("DELETE FROM kombu_message WHERE visible = 0").rowcount
        except sqlite3.OperationalError as error:
            if "no such table" in str(error):  # no worker has opened the broker yet
                return 0
            raise


class Command(BaseCommand):
    help = "Run the Celery worker with its embedded beat (make run), and start it again whenever it dies."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("-l", "--loglevel", default="warning", help="the worker's log level")
        parser.add_argument("--include", action="append", default=[], help="one more module of tasks to load")

    def handle(self, *args: Any, loglevel: str, include: list[str], **options: Any) -> None:
        self.worker: subprocess.Popen | None = None
        self.stop_at: float | None = None
        signal.signal(signal.SIGINT, self._stop)
        signal.signal(signal.SIGTERM, self._stop)
        command = worker_command(loglevel, include)
        delay = FIRST_DELAY
        while self.stop_at is None:
            started = time.monotonic()
            pid, exit_code = self._run(command)
            if self.stop_at is not None:
                break
            ran = time.monotonic() - started
            if ran >= STEADY_SECONDS:
                delay = FIRST_DELAY
            log.error(
                "The Celery worker (pid %s) exited with %s after %.0f s; a new one starts in %.0f s",
                pid,
                exit_code,
                ran,
                delay,
            )
            self._sleep(delay)
            delay = min(delay * 2, MOST_DELAY)
        log.info("The Celery worker stopped")

    def _run(self, command: list[str]) -> tuple[int, int]:
        """Starts the worker and waits for it to end; returns its pid and exit code."""
        pruned = prune_delivered(settings.CELERY_BROKER_URL)
        self.worker = subprocess.Popen(command, stdin=subprocess.DEVNULL, start_new_session=True)  # noqa: S603 (ours)
        log.info("Started the Celery worker with beat (pid %s; %s delivered messages pruned)", self.worker.pid, pruned)
        pruned_at = time.monotonic()
        while (exit_code := self.worker.poll()) is None:
            if self.stop_at is not None and time.monotonic() > self.stop_at:
                log.warning("The Celery worker did not stop within %.0f s: killed", STOP_SECONDS)
                self._kill_group(signal.SIGKILL)
            elif time.monotonic() - pruned_at > PRUNE_SECONDS:
                prune_delivered(settings.CELERY_BROKER_URL)
                pruned_at = time.monotonic()
            time.sleep(0.2)
        self._kill_group(signal.SIGKILL)  # what it left behind: its embedded beat, when it was killed
        return self.worker.pid, exit_code

    def _kill_group(self, signum: int) -> None:
        if self.worker is not None:
            with suppress(ProcessLookupError):
                os.killpg(self.worker.pid, signum)

    def _stop(self, signum: int, frame: FrameType | None) -> None:
        if self.stop_at is None:
            self.stop_at = time.monotonic() + STOP_SECONDS
            if self.worker is not None and self.worker.poll() is None:
                self._kill_group(signal.SIGTERM)

    def _sleep(self, seconds: float) -> None:
        until = time.monotonic() + seconds
        while self.stop_at is None and time.monotonic() < until:
            time.sleep(0.1)
