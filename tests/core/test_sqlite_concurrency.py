"""The embedded SQLite default takes concurrent writes without "database is locked" (finding 5).

The test database is in memory, so the writers run in their own process against a file database with the local
settings (what `make run` serves), through the real request path.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

from config.settings.base import database_for_a_server

ROOT = Path(__file__).resolve().parents[2]


def run_writers(tmp_path: Path, writers: int, saves: int) -> dict:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "CELERY_BROKER_URL": "memory://",
        "DJANGO_DEBUG": "false",
        "MEDIA_ROOT": str(tmp_path / "media"),
    }
    done = subprocess.run(
        [sys.executable, "-m", "tests.core.sqlite_writers", str(writers), str(saves)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_concurrent_shop_settings_saves_all_succeed_on_file_sqlite(tmp_path):
    outcome = run_writers(tmp_path, writers=12, saves=6)
    assert outcome["journal_mode"] == "wal"
    assert outcome["results"] == {"200/1": 72}


def test_database_options_for_a_server(monkeypatch):
    database = database_for_a_server({"ENGINE": "django.db.backends.sqlite3", "NAME": "db.sqlite3"})
    options = database["OPTIONS"]
    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] >= 5
    assert "journal_mode=WAL" in options["init_command"]
    postgres = {"ENGINE": "django.db.backends.postgresql", "NAME": "merchant"}
    assert database_for_a_server(postgres)["OPTIONS"] == {"server_side_binding": True, "prepare_threshold": 1}
    given = {**postgres, "OPTIONS": {"prepare_threshold": 5}}
    assert database_for_a_server(given)["OPTIONS"] == {"server_side_binding": True, "prepare_threshold": 5}
    monkeypatch.setenv("DB_PREPARED_STATEMENTS", "false")
    assert database_for_a_server(postgres) == postgres
