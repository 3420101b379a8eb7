"""Many concurrent shop-settings saves against a file SQLite database, as `make run` serves it (finding 5).

Run by tests/core/test_sqlite_concurrency.py in its own process, because the test database is in memory:
`python -m tests.core.sqlite_writers <writers> <saves each>` with DATABASE_URL naming a file and the local
settings. Prints a JSON object: the HTTP status and envelope code of every save, counted.
"""

import json
import sys
import threading
from collections import Counter

import django


def main(writers: int, saves: int) -> None:
    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    from apps.accounts.services import session_create
    from tests.factories import ShopFactory

    call_command("migrate", verbosity=0)
    merchants = [ShopFactory().merchant for _ in range(writers)]
    tokens = [session_create(merchant=merchant) for merchant in merchants]
    journal = connection.cursor().execute("PRAGMA journal_mode").fetchone()[0]
    connection.close()

    results: Counter[str] = Counter()
    lock = threading.Lock()
    start = threading.Barrier(writers)

    def writer(index: int) -> None:
        from django.db import connection

        client = Client(raise_request_exception=False, HTTP_TOKEN=tokens[index], HTTP_LANG="en")
        start.wait()
        for n in range(saves):
            response = client.post(
                "/merchant/merchant/store",
                {"name": f"Shop {index}-{n}", "introduction": "x" * n},
                content_type="application/json",
            )
            code = response.json().get("code") if response["Content-Type"].startswith("application/json") else None
            with lock:
                results[f"{response.status_code}/{code}"] += 1
        connection.close()

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(json.dumps({"journal_mode": journal, "results": dict(results)}))


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
