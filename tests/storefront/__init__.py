"""A storefront's client for tests: JSON bodies to the order intake (/intake/v1/), signed with the shared secret."""

import hashlib
import hmac
import json
import time

from django.conf import settings
from django.test import Client

from tests.openapi import check_answer


def signature_of(timestamp: str, raw: bytes, secret: str | None = None) -> str:
    """What a storefront computes, written here from the contract (not with the app's own helper)."""
    key = (settings.STOREFRONT_SECRET if secret is None else secret).encode()
    return hmac.new(key, f"{timestamp}.".encode() + raw, hashlib.sha256).hexdigest()


class Storefront:
    """A storefront's client: JSON bodies signed with the shared secret at the current time (or as told)."""

    def __init__(self) -> None:
        self.client = Client()
        self.last: dict = {}

    def post(self, call: str, body: dict, *, timestamp=None, signature=None, secret=None, headers=True, lang="en"):
        raw = json.dumps(body).encode()
        stamp = str(int(time.time()) if timestamp is None else timestamp)
        extra = {"HTTP_LANG": lang}
        if headers:
            extra["HTTP_X_STOREFRONT_TIMESTAMP"] = stamp
            extra["HTTP_X_STOREFRONT_SIGNATURE"] = signature or signature_of(stamp, raw, secret)
        self.last = {"raw": raw, **extra}
        path = f"/intake/v1/{call}"
        response = self.client.generic("POST", path, raw, content_type="application/json", **extra)
        check_answer("POST", path, response)  # the answer is one the OpenAPI schema documents
        return response

    def replay(self, call: str):
        raw, extra = self.last["raw"], {k: v for k, v in self.last.items() if k != "raw"}
        return self.client.generic("POST", f"/intake/v1/{call}", raw, content_type="application/json", **extra)
