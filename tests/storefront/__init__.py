"""A storefront's client for tests: JSON bodies to the order intake (/intake/v1/), signed with a storefront key."""

import hashlib
import hmac
import itertools
import json
import time

from django.contrib.auth import get_user_model
from django.test import Client

from apps.orders.intake import storefront_key_create
from tests.openapi import check_answer

_names = itertools.count(1)


def signature_of(timestamp: str, raw: bytes, secret: str) -> str:
    """What a storefront computes, written here from the contract (not with the app's own helper)."""
    return hmac.new(secret.encode(), f"{timestamp}.".encode() + raw, hashlib.sha256).hexdigest()


def key_operator():
    """The operator who creates the tests' storefront keys (the permission orders.add_storefrontkey, as a superuser)."""
    users = get_user_model().objects
    return users.filter(username="key-maker").first() or users.create_superuser("key-maker", "keys@example.com", "x")


def storefront_key(*merchants, name: str = ""):
    """(key, secret): a key of an external storefront serving the shops of `merchants`, made as an operator makes one
    (apps.orders.intake.storefront_key_create)."""
    return storefront_key_create(
        name=name or f"Storefront {next(_names)}",
        shop_ids=[merchant.shop.pk for merchant in merchants],
        operator=key_operator(),
        reason="Tests",
    )


class Storefront:
    """An external storefront's client: JSON bodies signed with its key at the current time (or as told). Its key
    serves the shops of `merchants` (a new key each), or is the given (key, secret)."""

    def __init__(self, *merchants, key=None) -> None:
        self.key, self.secret = key or storefront_key(*merchants)
        self.client = Client()
        self.last: dict = {}

    def post(
        self,
        call: str,
        body: dict,
        *,
        timestamp=None,
        signature=None,
        secret=None,
        key_id=None,
        headers=True,
        lang="en",
    ):
        raw = json.dumps(body).encode()
        stamp = str(int(time.time()) if timestamp is None else timestamp)
        extra = {"HTTP_LANG": lang}
        if headers:
            extra["HTTP_X_STOREFRONT_KEY"] = self.key.key_id if key_id is None else key_id
            extra["HTTP_X_STOREFRONT_TIMESTAMP"] = stamp
            extra["HTTP_X_STOREFRONT_SIGNATURE"] = signature or signature_of(stamp, raw, secret or self.secret)
        self.last = {"raw": raw, **extra}
        path = f"/intake/v1/{call}"
        response = self.client.generic("POST", path, raw, content_type="application/json", **extra)
        check_answer("POST", path, response)  # the answer is one the OpenAPI schema documents
        return response

    def replay(self, call: str):
        raw, extra = self.last["raw"], {k: v for k, v in self.last.items() if k != "raw"}
        return self.client.generic("POST", f"/intake/v1/{call}", raw, content_type="application/json", **extra)
