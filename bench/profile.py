"""`make profile`: where the CPU of each hot endpoint goes under the bench load, sampled by py-spy.

The same data set, gunicorn and load as `make bench`; while the 16 clients drive one endpoint, py-spy samples the
gunicorn workers (their running threads only: a thread waiting for PostgreSQL, Redis or the socket is not counted).
For each endpoint it prints the frames that hold the largest share of the samples, counting a frame once per sample
whatever its depth ("inclusive"), and writes the whole sampled stacks to bench/results/profile-<n>.txt (py-spy's
collapsed format, for a flame graph). First it counts the Python function calls of one request of each endpoint
in-process (cProfile, the mean of 50 requests of different merchants): unlike CPU time on a shared machine, that
number does not move from one run to the next, so it tells whether a change made a request cheaper.

Settings: those of `make bench`, and BENCH_PROFILE_RATE (samples per second, default 200) and BENCH_PROFILE_TOP
(frames shown per endpoint, default 14).
"""

import cProfile
import json
import os
import pstats
import random
import re
import shutil
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from .run import CLIENTS, HOST, PORT, RESULTS, SECONDS, WARMUP, prepare, server
from .texts import APP_LANGS

if TYPE_CHECKING:
    from .endpoints import Context, Endpoint

RATE = int(os.environ.get("BENCH_PROFILE_RATE", "200"))
TOP = int(os.environ.get("BENCH_PROFILE_TOP", "14"))
_FRAME = re.compile(r"^(?P<function>.+?) \((?P<file>[^:]+):\d+\)$")
# A frame in more than this share of the samples wraps the request (the WSGI handler, the middleware, DRF's dispatch).
WRAPPER = 0.7
# Frames every request passes through (the server loop, the WSGI and middleware chain): they hold nearly every
# sample and say nothing about where it goes.
_SKIP_FILES = ("gunicorn/", "django/core/handlers/", "django/utils/deprecation.py", "threading.py", "concurrent/")


def _frame(text: str) -> str | None:
    """`function (path/file.py)` without the line number and site-packages prefix; None for a process or thread."""
    match = _FRAME.match(text.strip())
    if match is None:
        return None
    path = match["file"]
    for marker in ("site-packages/", str(Path.cwd()) + "/"):
        path = path.split(marker, 1)[-1]
    if path.startswith(_SKIP_FILES):
        return None
    return f"{match['function']} ({path})"


def summarise(raw: str) -> tuple[int, list[tuple[str, int]]]:
    """(samples, [(frame, samples that contain it)]) from py-spy's collapsed stacks, largest first."""
    total, inclusive = 0, Counter[str]()
    for line in raw.splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        samples = int(count)
        total += samples
        frames = {frame for text in stack.split(";") if (frame := _frame(text)) is not None}
        for frame in frames:
            inclusive[frame] += samples
    return total, inclusive.most_common()


def calls_per_request(endpoint: "Endpoint", ctx: "Context", requests: int = 50) -> float:
    """Python function calls of one request, in-process (Django's test client), the mean over `requests` merchants."""
    from django.test import Client  # after django.setup() (bench.run.prepare)

    client, rng = Client(), random.Random(1)
    lang = APP_LANGS.index("en")

    def send(who: int) -> None:
        method, path, body = endpoint.build(ctx, rng, lang, who)
        data = json.dumps(body) if body is not None else ""
        headers = {"token": ctx.tokens[who], "lang": APP_LANGS[lang]}
        client.generic(method, path, data, content_type="application/json", headers=headers)

    merchants = [n % len(ctx.tokens) for n in range(requests)]
    for who in merchants[:3]:
        send(who)  # caches and sessions as a running server has them
    profiler = cProfile.Profile()
    profiler.enable()
    for who in merchants:
        send(who)
    profiler.disable()
    return pstats.Stats(profiler).total_calls / requests  # type: ignore[attr-defined]  # not in typeshed's Stats


def main() -> int:
    py_spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    ctx, endpoints, log = prepare()
    from .load import drive

    RESULTS.mkdir(parents=True, exist_ok=True)
    report: list[str] = []
    calls = {e.name: calls_per_request(e, ctx) for e in endpoints}
    log("Python calls per request (in-process): " + "; ".join(f"{name} {n:.0f}" for name, n in calls.items()))
    with server() as pid:
        for number, endpoint in enumerate(endpoints):
            if endpoint.baseline:
                continue
            output = RESULTS / f"profile-{number}.txt"
            recorder = threading.Timer(
                WARMUP,
                lambda out=output: subprocess.run(  # noqa: S603
                    [py_spy, "record", "--pid", str(pid), "--subprocesses", "--format", "raw", "--rate", str(RATE),
                     "--duration", str(int(SECONDS)), "--output", str(out), "--nonblocking", "--gil"],
                    check=True, capture_output=True,
                ),
            )  # fmt: skip
            recorder.start()
            drive(endpoint, ctx, host=HOST, port=PORT, clients=CLIENTS, seconds=SECONDS + 1, warmup=WARMUP)
            recorder.join()
            total, frames = summarise(output.read_text())
            lines = [f"{endpoint.name}: {calls[endpoint.name]:.0f} Python calls per request; {total} samples"]
            shown = [(frame, n) for frame, n in frames if n < WRAPPER * total][:TOP]
            lines += [f"  {100 * n / total:5.1f}%  {frame}" for frame, n in shown]
            log("\n".join(lines))
            report.append("\n".join(lines))
            time.sleep(0.5)
    (RESULTS / "profile.md").write_text("\n\n".join(report) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
