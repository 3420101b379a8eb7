"""The app as in production: gunicorn with production settings, started for the run and stopped after it.

The context manager yields the master's pid (its children are the workers)."""

import http.client
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit


def create_database(url: str) -> None:
    """Creates the PostgreSQL database of `url` when it does not exist yet."""
    import psycopg

    name = urlsplit(url).path.lstrip("/")
    server = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(server, autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone() is None:
            conn.execute(f'CREATE DATABASE "{name}"')


@contextmanager
def gunicorn(*, host: str, port: int, workers: int, threads: int, worker_class: str, log: Path) -> Iterator[int]:
    """Production's gunicorn settings (config/gunicorn.py) with the bench's address and worker mix; workers are not
    renewed during the run (a renewed worker's CPU would be lost to the figures)."""
    command = [
        sys.executable, "-m", "gunicorn", "config.wsgi:application",
        "-c", "config/gunicorn.py",
        "--bind", f"{host}:{port}",
        "--workers", str(workers),
        "--worker-class", worker_class,
        "--threads", str(threads),
        "--max-requests", "0",
        "--log-level", "warning",
    ]  # fmt: skip
    with log.open("ab") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=os.environ.copy())  # noqa: S603
    try:
        _wait_until_up(host, port, process)
        yield process.pid
    finally:
        process.send_signal(signal.SIGTERM)  # gunicorn's graceful stop of its own workers
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _wait_until_up(host: str, port: int, process: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {process.returncode}; see its log")
        try:
            conn = http.client.HTTPConnection(host, port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                conn.close()
                return
        except OSError:
            pass
        time.sleep(0.3)
    raise RuntimeError(f"gunicorn did not answer on {host}:{port} within {timeout:.0f} s")
