"""CPU time spent by the app (gunicorn workers) and by PostgreSQL (the bench database's backends), read from
/proc. Per request it is a figure other load on the machine hardly changes, unlike latency."""

import os
from pathlib import Path

from django.db import connection

TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()  # the fields after the command name


def _children(parent: int) -> list[int]:
    pids = [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()]
    return [pid for pid in pids if (fields := _stat(pid)) is not None and int(fields[1]) == parent]


def _backends() -> list[int]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return [row[0] for row in cursor.fetchall()]


def snapshot(gunicorn_pid: int) -> dict[str, dict[int, float]]:
    """CPU seconds so far of each gunicorn worker ("app") and each backend of the bench database ("db")."""
    groups = {"app": _children(gunicorn_pid), "db": _backends()}
    result: dict[str, dict[int, float]] = {}
    for name, pids in groups.items():
        result[name] = {}
        for pid in pids:
            if (fields := _stat(pid)) is not None:
                result[name][pid] = (int(fields[11]) + int(fields[12])) / TICK  # utime + stime
    return result


def spent(before: dict[str, dict[int, float]], after: dict[str, dict[int, float]]) -> dict[str, float]:
    """CPU seconds per group between two snapshots (a backend opened in between counts from zero)."""
    return {name: sum(seconds - before[name].get(pid, 0.0) for pid, seconds in after[name].items()) for name in after}
