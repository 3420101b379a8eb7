"""`make fuzz`: schemathesis against the running app's own OpenAPI schema, as the demo merchant.

A throwaway SQLite database in a temporary folder is migrated and seeded with the demo data (seed_demo), gunicorn
serves the app on a free port of 127.0.0.1 (the embedded settings with DEBUG off, tasks queued in memory and never
run), the demo merchant signs in, and schemathesis sends generated requests (examples, coverage of the schema's
boundaries, then random fuzzing) to every operation with the demo merchant's `token`. It fails on any server error
(5xx) and on any answer the schema does not document: an HTTP status it does not list, a content type, or a body
that matches neither the success nor the rejection. Throttled answers (429 or code 0) are documented answers.

Knobs (environment): FUZZ_EXAMPLES (cases per operation and phase, default 20), FUZZ_MAX_TIME (seconds for the
whole run, default 90), FUZZ_SEED (reproduce a run), FUZZ_WORKERS (gunicorn workers, default 2).
POST merchant/logout is left out: it would end the demo merchant's session and leave the rest to answer 401.

    python -m tests.fuzz.run     # or: make fuzz FUZZ_EXAMPLES=200 FUZZ_MAX_TIME=900
"""

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

from tests.helpers import RunFailedError, wait_for

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
DEMO_ACCOUNT, DEMO_PASSWORD = "demo@example.com", "Demo-pass-2026"
EXCLUDED = ["/merchant/merchant/logout"]
SERVER_LOG = ROOT / "var" / "fuzz-server.log"
CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _environment(folder: Path) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "DJANGO_DEBUG": "false",
        "DATABASE_URL": f"sqlite:///{folder / 'fuzz.sqlite3'}",
        "MEDIA_ROOT": str(folder / "media"),
        "CELERY_BROKER_URL": "memory://",
        "LOG_LEVEL": "ERROR",
    }


def _wait_until_up(base: str, server: subprocess.Popen, seconds: float = 60) -> None:
    def up() -> bool:
        if server.poll() is not None:
            raise SystemExit(f"gunicorn exited with {server.returncode}")
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=2) as answer:
                return answer.status == 200
        except OSError:
            return False

    try:
        wait_for(f"{base}/healthz", up, seconds)
    except RunFailedError as failure:
        raise SystemExit(f"the app did not answer {base}/healthz within {seconds} s") from failure


def _token(base: str) -> str:
    body = json.dumps({"account": DEMO_ACCOUNT, "password": DEMO_PASSWORD}).encode()
    request = urllib.request.Request(
        f"{base}/merchant/merchant/login", body, {"Content-Type": "application/json", "lang": "en"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        data = json.load(answer)
    if data.get("code") != 1:
        raise SystemExit(f"the demo merchant could not sign in: {data}")
    return str(data["data"]["merinfo"]["token"])


def main() -> int:
    examples = os.environ.get("FUZZ_EXAMPLES", "20")
    max_time = os.environ.get("FUZZ_MAX_TIME", "90")
    folder = Path(tempfile.mkdtemp(prefix="fuzz-"))
    env = _environment(folder)
    server = None
    SERVER_LOG.parent.mkdir(exist_ok=True)
    server_log = SERVER_LOG.open("w")
    try:
        for command in (["migrate", "--noinput", "-v", "0"], ["seed_demo"]):
            subprocess.run([str(BIN / "python"), "manage.py", *command], cwd=ROOT, env=env, check=True)
        port = _free_port()
        base = f"http://127.0.0.1:{port}"
        workers = os.environ.get("FUZZ_WORKERS", "2")
        server = subprocess.Popen(
            # No request-line limit of gunicorn's own: an over-long query reaches the app (as behind a proxy that
            # allows it), which answers it with the envelope.
            [
                str(BIN / "gunicorn"),
                "config.wsgi",
                "-b",
                f"127.0.0.1:{port}",
                "-w",
                workers,
                "--threads",
                "4",
                "--limit-request-line",
                "0",
            ],
            cwd=ROOT,
            env=env,
            stdout=server_log,
            stderr=subprocess.STDOUT,
        )
        _wait_until_up(base, server)
        command = [
            str(BIN / "schemathesis"),
            "run",
            f"{base}/api/schema/",
            "--header",
            f"token: {_token(base)}",
            "--checks",
            CHECKS,
            "--max-examples",
            examples,
            "--max-time",
            max_time,
            "--phases",
            "examples,coverage,fuzzing",
            "--generation-with-security-parameters",
            "false",
            "--request-timeout",
            "30",
            "--no-color",
            "--generation-database",
            ":memory:",
            "--report",
            "junit",
            "--report-junit-path",
            str(ROOT / "var" / "fuzz-junit.xml"),
        ]
        for path in EXCLUDED:
            command += ["--exclude-path", path]
        if os.environ.get("FUZZ_SEED"):
            command += ["--seed", os.environ["FUZZ_SEED"]]
        print(f"fuzzing {base} ({examples} examples per operation and phase, at most {max_time} s)", flush=True)
        returncode = subprocess.run(command, cwd=folder, env=env).returncode  # its caches go with the folder
        if returncode:
            print(f"The server's log: {SERVER_LOG}")
        return returncode
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
        server_log.close()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
