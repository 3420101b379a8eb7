"""`make soak`: the `make run` worker (with beat, on the embedded broker) under a steady stream of tasks.

`manage.py run_worker` runs as `make run` runs it (the real Celery worker with its embedded beat, started again if it
dies), with the local settings on a temporary SQLite database and var folder, the soak's counting task loaded
(tests/soak/tasks.py) and the beat sending its sweeps every second and the heartbeats every two. For `--seconds`
(default 60) threads of this process send tasks to the three queues, as the web process does (BACKLOG below);
halfway, the broker's database is locked past SQLite's busy timeout. Then:

- no worker may have died (run_worker logs each exit), and every task sent must have run; a send may fail only while
  the broker was locked (its sender is told, as a web request would be);
- /readyz answers 200 with the beat's and each queue's heartbeat recent;
- the worker is killed (kill -9 of its main process): a new one must run tasks within seconds, and the old one's
  embedded beat must be gone;
- SIGINT to run_worker (Ctrl-C of `make run`) stops it and its worker.

It prints a report and exits 1 on a failure; the logs then stay in the temporary folder it names.
"""

import argparse
import contextlib
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

from tests.helpers import RunFailedError, check, wait_for

BASE_DIR = Path(__file__).resolve().parent.parent.parent
PY = sys.executable
QUEUES = ("money", "default", "bulk")
RESTART_SECONDS = 30  # a killed worker's successor must run a task within this
# The stream. kombu's filesystem transport (the old embedded broker) lets the worker read a message file between its
# creation and the end of its write (the message's JSON encoding included), and the worker dies of the JSONDecodeError
# (it did 19 minutes into a `make run`). The worker takes the oldest file of the queue it polls, so it reads a file
# being written when that queue was empty: here one thread keeps the worker busy with small tasks on "bulk" (at most
# BACKLOG waiting), so that it polls "money" and "default" all the time, while a thread for each sends them a task
# of 64 KB (a longer write) every PAUSE seconds. Measured on this machine, the filesystem transport's worker died
# within about a second of each start under this stream, 6 times in a minute (as fast as run_worker restarted it).
BACKLOG, PAUSE, PADDING = 50, 0.05, "x" * 64_000
# Halfway, the broker is locked past SQLite's busy timeout (shortened here from 20 s): "database is locked".
BUSY_TIMEOUT, LOCKED_SECONDS = 2, 5
SEND_RETRIES_SECONDS = 4 * BUSY_TIMEOUT + 2  # Celery tries a send 4 times (task_publish_retry_policy)
STARTED = re.compile(r"Started the Celery worker with beat \(pid (\d+)")


class Soak:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.done_file = folder / "done"
        self.log_file = folder / "run_worker.log"
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.local",
            "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
            "VAR_DIR": str(folder / "var"),
            "MEDIA_ROOT": str(folder / "media"),
            "DJANGO_DEBUG": "false",
            "SQLITE_BUSY_TIMEOUT": str(BUSY_TIMEOUT),
            "BEAT_HEARTBEAT_SECONDS": "2",
            "BEAT_ORDERS_MOVE_DUE_SECONDS": "1",
            "BEAT_CHAIN_DEPOSITS_SECONDS": "1",
            "SOAK_DONE_FILE": str(self.done_file),
        }
        self.run_worker: subprocess.Popen | None = None
        self.numbers = iter(range(10**9))
        self.lock = threading.Lock()
        self.lines: list[str] = []
        self.locked = (0.0, 0.0)  # when the broker was locked, and until when

    def say(self, line: str) -> None:
        self.lines.append(line)
        print(f"  {line}", flush=True)

    # ---------- the processes ----------
    def start(self) -> None:
        subprocess.run([PY, "manage.py", "migrate", "-v", "0"], cwd=BASE_DIR, env=self.env, check=True)
        os.environ.update(self.env)  # this process publishes and asks /readyz with the same settings
        import django

        django.setup()
        self.run_worker = subprocess.Popen(
            [PY, "manage.py", "run_worker", "--include", "tests.soak.tasks"],
            cwd=BASE_DIR,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=self.log_file.open("ab"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def workers(self) -> list[int]:
        """The pids of the workers run_worker started, in order."""
        return [int(pid) for pid in STARTED.findall(self.log_file.read_text(errors="replace"))]

    def deaths(self) -> int:
        return self.log_file.read_text(errors="replace").count("The Celery worker (pid")

    def stop(self) -> None:
        if self.run_worker is not None and self.run_worker.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.run_worker.pid, signal.SIGKILL)
            self.run_worker.wait()
        for pid in self.workers():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pid, signal.SIGKILL)

    # ---------- the tasks ----------
    def ran(self) -> Counter[int]:
        text = self.done_file.read_text() if self.done_file.exists() else ""
        return Counter(int(line) for line in text.split())

    def send(self, queue: str, padding: str = "", producer: Any = None) -> int:
        from config.celery import app

        with self.lock:
            number = next(self.numbers)
        app.send_task("soak.mark", args=[number, padding], queue=queue, producer=producer)
        return number

    def probe(self, what: str, seconds: float) -> float:
        """Sends one task to each queue and waits until they ran; returns how long that took."""
        started = time.monotonic()
        numbers = [self.send(queue) for queue in QUEUES]
        wait_for(what, lambda: all(self.ran()[n] for n in numbers), seconds)
        return time.monotonic() - started

    def stream(self, seconds: float, meanwhile: Callable[[], None]) -> tuple[list[int], list[float]]:
        """For `seconds`, one thread keeps the worker busy with small tasks on "bulk" (at most BACKLOG waiting), and
        one thread per other queue sends it a large task every PAUSE seconds; `meanwhile` runs halfway. Returns the
        numbers sent, and when a send failed (the sender was told, as a web request would be)."""
        from config.celery import app

        sent: list[int] = []
        failed: list[float] = []  # when
        stop = threading.Event()

        def publish(queue: str) -> None:
            with app.producer_or_acquire() as producer:
                while not stop.is_set():
                    try:
                        number = self.send(queue, PADDING, producer)
                    except Exception:
                        failed.append(time.monotonic())
                    else:
                        with self.lock:
                            sent.append(number)
                    time.sleep(PAUSE)

        def keep_busy() -> None:
            with app.producer_or_acquire() as producer:
                while not stop.is_set():
                    if len(sent) - len(self.ran()) >= BACKLOG:
                        time.sleep(0.01)
                        continue
                    for _ in range(10):
                        try:
                            number = self.send("bulk", "", producer)
                        except Exception:
                            failed.append(time.monotonic())
                            break
                        with self.lock:
                            sent.append(number)

        publishers = [threading.Thread(target=keep_busy, daemon=True)] + [
            threading.Thread(target=publish, args=(queue,), daemon=True) for queue in ("money", "default")
        ]
        for publisher in publishers:
            publisher.start()
        started = time.monotonic()
        try:
            time.sleep(seconds / 2)
            meanwhile()
            time.sleep(max(0.0, seconds - (time.monotonic() - started)))
        finally:
            stop.set()
            for publisher in publishers:
                publisher.join()
        return sent, failed

    def lock_broker(self) -> None:
        """Holds the broker's write lock for LOCKED_SECONDS, past the busy timeout: the worker's reads and the sends
        fail with "database is locked" (the worker reconnects; a send is tried again, as Celery does)."""
        from django.conf import settings

        from apps.core.management.commands.run_worker import sqlite_broker

        path = sqlite_broker(settings.CELERY_BROKER_URL)
        if path is None:
            self.say(f"the broker ({settings.CELERY_BROKER_URL}) is not a SQLite database: not locked")
            return
        with closing(sqlite3.connect(path, isolation_level=None)) as broker:
            broker.execute("BEGIN EXCLUSIVE")
            self.locked = (time.monotonic(), time.monotonic() + LOCKED_SECONDS)
            time.sleep(LOCKED_SECONDS)
            broker.execute("COMMIT")

    def locked_out(self) -> int:
        """How many times the worker lost the broker to "database is locked" (and reconnected)."""
        log = self.log_file.read_text(errors="replace")
        return sum("Connection to broker lost" in line and "database is locked" in line for line in log.splitlines())

    # ---------- the soak ----------
    def run(self, seconds: float) -> None:
        self.start()
        startup = self.probe("the worker to start", 60)
        self.say(f"run_worker started the worker (pid {self.workers()[0]}); its first tasks ran {startup:.1f} s later")

        sent, failed = self.stream(seconds, meanwhile=self.lock_broker)
        rate = len(sent) / seconds
        wait_for("every task sent to run", lambda: set(sent) <= set(self.ran()) or self.deaths(), 60)
        ran = self.ran()
        lost = [n for n in sent if not ran[n]]
        twice = sum(1 for n in sent if ran[n] > 1)
        self.say(
            f"{seconds:.0f} s of tasks: {len(sent)} sent ({rate:.0f}/s), {len(sent) - len(lost)} ran, "
            f"{len(lost)} lost, {twice} ran twice; the worker died {self.deaths()} times"
        )
        self.say(
            f"the broker locked for {LOCKED_SECONDS} s halfway (busy timeout {BUSY_TIMEOUT} s): the worker reconnected "
            f"{self.locked_out()} times; {len(failed)} sends failed"
        )
        begun, ended = self.locked
        unlocked = [when for when in failed if not begun <= when <= ended + SEND_RETRIES_SECONDS]
        check(not unlocked, f"{len(unlocked)} sends failed while the broker was not locked")
        check(not self.deaths(), f"the worker died {self.deaths()} times under the stream (see {self.log_file})")
        check(not lost, f"{len(lost)} tasks were lost, e.g. {lost[:5]}")

        from django.test import Client

        def readiness() -> tuple[int, dict]:
            ready = Client().get("/readyz")
            return ready.status_code, ready.json()

        def recent() -> bool:
            status, answer = readiness()
            return status == 200 and all(pulse["state"] == "ok" for pulse in answer["heartbeats"].values())

        with contextlib.suppress(RunFailedError):
            wait_for("the heartbeats", recent, 20)
        status, answer = readiness()
        self.say(f"/readyz: {status} {json.dumps(answer)}")
        check(status == 200, "/readyz did not answer 200")
        states = {name: pulse["state"] for name, pulse in answer["heartbeats"].items()}
        check(states == dict.fromkeys(("beat", *QUEUES), "ok"), f"a heartbeat is not recent: {states}")

        [victim] = self.workers()
        os.kill(victim, signal.SIGKILL)  # the worker's main process only: its embedded beat is left behind
        killed = time.monotonic()
        wait_for("run_worker to start a new worker", lambda: len(self.workers()) == 2, RESTART_SECONDS)
        self.probe("the new worker to run tasks", RESTART_SECONDS - (time.monotonic() - killed))
        back = time.monotonic() - killed
        successor = self.workers()[1]
        wait_for(f"the killed worker's embedded beat (group {victim}) to end", lambda: gone(victim), 10)
        self.say(f"kill -9 of the worker (pid {victim}): a new worker (pid {successor}) ran tasks {back:.1f} s later")

        worker = self.run_worker
        assert worker is not None
        os.kill(worker.pid, signal.SIGINT)
        stopping = time.monotonic()
        wait_for("run_worker to stop on SIGINT", lambda: worker.poll() is not None, 30)
        wait_for(f"its worker (group {successor}) to end", lambda: gone(successor), 10)
        self.say(f"SIGINT to run_worker: it and its worker stopped in {time.monotonic() - stopping:.1f} s")


def gone(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return True
    return False


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the stream of tasks lasts")
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="soak-"))
    soak = Soak(folder)
    started = time.monotonic()
    print("make soak: the make run worker with beat on the embedded broker")
    try:
        soak.run(options.seconds)
    except (RunFailedError, subprocess.CalledProcessError) as error:
        print(f"FAILED: {error}\n  the logs are in {folder}", file=sys.stderr)
        return 1
    finally:
        soak.stop()
    shutil.rmtree(folder, ignore_errors=True)
    print(f"passed in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
