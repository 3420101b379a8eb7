"""The load driver: N client threads, each with its own HTTP connection (http.client; kept alive where the server
keeps it, opened again after each answer from gunicorn's sync workers, which close it), sending
requests back to back for a fixed time. Only requests started after the warm-up are recorded.

Threads are enough here: a client spends its time waiting for the server, and its own work per request (build,
send, parse JSON) is a few dozen microseconds, so the driver takes little of the two cores from the server.
"""

import http.client
import json
import random
import statistics
import threading
import time
from dataclasses import dataclass, field

from .endpoints import Context, Endpoint
from .texts import APP_LANGS


@dataclass
class Result:
    endpoint: Endpoint
    seconds: float
    latencies: list[float] = field(default_factory=list)  # ms, every recorded request (errors too)
    errors: int = 0
    first_error: str = ""
    completed: int = 0  # warm-up included: the denominator of the CPU figures
    cpu_ms: dict[str, float] = field(default_factory=dict)  # CPU ms per request: "app", "db"

    @property
    def rps(self) -> float:
        return len(self.latencies) / self.seconds

    def percentile(self, p: int) -> float:
        if len(self.latencies) < 2:
            return self.latencies[0] if self.latencies else float("nan")
        return statistics.quantiles(self.latencies, n=100, method="inclusive")[p - 1]


def _answer_ok(endpoint: Endpoint, status: int, body: bytes) -> bool:
    if endpoint.page:
        return status == 200 and body.rstrip().endswith(b"</html>")
    try:
        data = json.loads(body)
    except ValueError:
        return False
    if endpoint.baseline:
        return status == 200 and data == {"status": "ok"}
    return status == 200 and isinstance(data, dict) and data.get("code") == 1


def drive(
    endpoint: Endpoint, ctx: Context, *, host: str, port: int, clients: int, seconds: float, warmup: float
) -> Result:
    result = Result(endpoint, seconds)
    lock = threading.Lock()
    start = time.perf_counter() + 0.2  # every thread starts together
    record_from, stop_at = start + warmup, start + warmup + seconds

    def client(seed: int) -> None:
        rng = random.Random(seed)
        conn = http.client.HTTPConnection(host, port, timeout=120)
        latencies, errors, first_error, completed = [], 0, "", 0
        time.sleep(max(0.0, start - time.perf_counter()))
        while (began := time.perf_counter()) < stop_at:
            lang = rng.randrange(len(APP_LANGS))
            who = rng.randrange(len(ctx.tokens))
            method, path, body = endpoint.build(ctx, rng, lang, who)
            headers = {} if endpoint.page else {"token": ctx.tokens[who], "lang": APP_LANGS[lang]}
            payload = None
            if body is not None:
                payload = json.dumps(body).encode()
                headers["Content-Type"] = "application/json"
            try:
                conn.request(method, path, body=payload, headers=headers)
                response = conn.getresponse()
                status, data = response.status, response.read()
            except (OSError, http.client.HTTPException) as exc:
                conn.close()  # reconnects on the next request
                status, data = 0, repr(exc).encode()
            elapsed = (time.perf_counter() - began) * 1000
            completed += 1
            if began < record_from:
                continue
            latencies.append(elapsed)
            if not _answer_ok(endpoint, status, data):
                errors += 1
                first_error = first_error or f"{method} {path} -> {status} {data[:300]!r}"
        conn.close()
        with lock:
            result.latencies += latencies
            result.errors += errors
            result.completed += completed
            result.first_error = result.first_error or first_error

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return result
