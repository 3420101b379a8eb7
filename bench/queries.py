"""SQL queries per request, counted in-process with Django's test client against the bench database."""

import json
import random

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from .endpoints import Context, Endpoint
from .texts import APP_LANGS


def count(endpoint: Endpoint, ctx: Context, who: int = 0) -> int:
    """Queries of one request of merchant `who` (the second: the first may touch the session's sliding expiry).

    Raises when the answer is not a success, so a broken endpoint stops the run before the load starts.
    """
    client = Client()
    lang = APP_LANGS.index("en")
    method, path, body = endpoint.build(ctx, random.Random(1), lang, who)
    headers = {"token": ctx.tokens[who], "lang": APP_LANGS[lang]}
    data = json.dumps(body) if body is not None else None
    client.generic(method, path, data or "", content_type="application/json", headers=headers)
    with CaptureQueriesContext(connection) as queries:
        response = client.generic(method, path, data or "", content_type="application/json", headers=headers)
    answer = response.json()
    if response.status_code != 200 or (not endpoint.baseline and answer.get("code") != 1):
        raise RuntimeError(f"{endpoint.name}: {method} {path} answered {response.status_code} {answer}")
    return len(queries)
