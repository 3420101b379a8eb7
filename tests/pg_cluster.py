"""Throwaway PostgreSQL clusters from this machine's Debian packages: a primary on a port of its own and a streaming
replica of it made by pg_basebackup (tests/core/test_replica.py, `make prod-smoke`). They need nothing of the
machine's own server (whose pg_hba.conf allows no replication): initdb gives the primary trust authentication for
127.0.0.1, replication included. The server programs run as the `postgres` user when the caller is root (initdb and
postgres refuse root); fsync is off, as nothing outlives the run."""

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg


def bin_folder() -> Path:
    """The newest PostgreSQL's programs (Debian keeps each major version in /usr/lib/postgresql/<major>/bin)."""
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda path: int(path.parent.parent.name))
    if not versions:
        raise RuntimeError("PostgreSQL's server programs are not installed (apt-get install postgresql)")
    return versions[-1].parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_postgres() -> list[str]:
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


def _run(*argv: str) -> None:
    done = subprocess.run([*_as_postgres(), *argv], capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"{' '.join(argv)} failed:\n{done.stdout}\n{done.stderr}")


@dataclass
class Cluster:
    folder: Path  # the data directory is folder/data, the server's log folder/server.log
    port: int

    def url(self, database: str = "postgres") -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}"

    def start(self) -> None:
        _run(str(bin_folder() / "pg_ctl"), "-D", str(self.folder / "data"), "-l", str(self.folder / "server.log"), "-w",
             "start")  # fmt: skip

    def stop(self, mode: str = "fast") -> None:
        _run(str(bin_folder() / "pg_ctl"), "-D", str(self.folder / "data"), "-m", mode, "-w", "stop")

    def sql(self, statement: str, params: Any = None, database: str = "postgres") -> list[tuple]:
        with psycopg.connect(self.url(database), autocommit=True, connect_timeout=5) as connection:
            cursor = connection.execute(statement, params)
            return cursor.fetchall() if cursor.description else []

    def configure(self, **values: str) -> None:
        """Appended to postgresql.conf: the last value of a setting wins."""
        with (self.folder / "data" / "postgresql.conf").open("a") as conf:
            conf.writelines(f"{name} = '{value}'\n" for name, value in values.items())

    def _server_settings(self) -> dict[str, str]:
        return {"port": str(self.port), "listen_addresses": "127.0.0.1", "unix_socket_directories": str(self.folder)}


def _folder(parent: Path, name: str) -> Path:
    folder = parent / name
    folder.mkdir()
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    return folder


def primary(parent: Path) -> Cluster:
    """A new cluster (initdb), started, that replicas may stream from."""
    cluster = Cluster(_folder(parent, "primary"), _free_port())
    _run(str(bin_folder() / "initdb"), "-D", str(cluster.folder / "data"), "-U", "postgres", "--auth=trust",
         "--no-sync", "-E", "UTF8", "--locale=C.UTF-8")  # fmt: skip
    cluster.configure(**cluster._server_settings(), wal_level="replica", max_wal_senders="4", fsync="off")
    cluster.start()
    return cluster


def replica_of(source: Cluster, parent: Path) -> Cluster:
    """A streaming replica of `source` (pg_basebackup -R: standby.signal and primary_conninfo), started, once it
    streams."""
    cluster = Cluster(_folder(parent, "replica"), _free_port())
    _run(str(bin_folder() / "pg_basebackup"), "-h", "127.0.0.1", "-p", str(source.port), "-U", "postgres",
         "-D", str(cluster.folder / "data"), "-R", "-X", "stream", "--checkpoint=fast")  # fmt: skip
    cluster.configure(**cluster._server_settings(), hot_standby="on")
    cluster.start()
    wait_until("the replica to stream", lambda: streaming(source))
    return cluster


def streaming(source: Cluster) -> bool:
    return bool(source.sql("SELECT 1 FROM pg_stat_replication WHERE state = 'streaming'"))


def caught_up(source: Cluster, replica: Cluster) -> bool:
    """Whether the replica has replayed all the WAL `source` had written when asked."""
    (lsn,) = source.sql("SELECT pg_current_wal_lsn()::text")[0]
    return bool(replica.sql("SELECT pg_last_wal_replay_lsn() >= %s::pg_lsn", [lsn])[0][0])


def wait_until(what: str, condition: Any, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {seconds} s for {what}")
        time.sleep(0.05)


@contextlib.contextmanager
def primary_and_replica(parent: Path | None = None) -> Iterator[tuple[Cluster, Cluster]]:
    """A primary and its streaming replica in a temporary folder; both stopped and removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="pg-pair-", dir=parent))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    started: list[Cluster] = []
    try:
        started.append(primary(folder))
        started.append(replica_of(started[0], folder))
        yield started[0], started[1]
    finally:
        for cluster in reversed(started):
            with contextlib.suppress(RuntimeError):
                cluster.stop("immediate")
        shutil.rmtree(folder, ignore_errors=True)
