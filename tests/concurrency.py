"""Running a function in many threads at the same instant (the race tests on PostgreSQL)."""

import threading

from django.db import connections


def concurrently(n, fn):
    """Runs fn(i) in n threads released at the same instant; returns results (or the exceptions raised)."""
    barrier = threading.Barrier(n)
    results: list = [None] * n

    def run(i):
        try:
            barrier.wait()
            results[i] = fn(i)
        except Exception as exc:  # collected for the assertions
            results[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results
