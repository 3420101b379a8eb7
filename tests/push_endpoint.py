"""A local Web Push endpoint (a push service as the browser's vendor runs it, reduced to what the protocol says): the
server's pushes reach it over HTTP, it checks their VAPID authorization (RFC 8292) and decrypts their aes128gcm body
(RFC 8291, RFC 8188) with the subscription's private key, which only it holds, as the browser would.

    with PushEndpoint() as endpoint:
        subscription = endpoint.subscription()  # {"endpoint", "p256dh", "auth"}: what the browser gives the app
        ...  # the app subscribes it (POST merchant/push_subscribe), then something is pushed
        [push] = endpoint.wait(1, timeout=10)
        push["payload"]  # {"title", "body", "path", "tag"}

`received`: every push accepted (201), in order of arrival: {"id" (the subscription's), "payload" (the decrypted
JSON), "headers" (the request's, names in lower case: "ttl", "urgency"...), "vapid_key" (the application server key
that signed it)}. `rejected`: the POSTs
refused (a bad or missing authorization, a body that does not decrypt, an unknown subscription), with the reason.
`gone(sub_id)`: the subscription is dead, every later push to it answers 410 (the server should drop it).
`status(sub_id, code)`: answer `code` to the next push to it once (e.g. 503 or 429: the server should try again).
"""

import base64
import json
import secrets
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

VAPID_EXP_MAX = 24 * 3600  # RFC 8292: a token expires within 24 hours of its request


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64url_encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class RefusedError(Exception):
    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


def verify_vapid(authorization: str, origin: str) -> str:
    """The application server key (base64url) of a valid `vapid t=<jwt>, k=<key>` authorization for `origin`; raises
    RefusedError(401) otherwise: another scheme, a bad signature, another audience, an expired or too distant `exp`."""
    scheme, _space, rest = authorization.partition(" ")
    if scheme.lower() != "vapid":
        raise RefusedError(401, f"not a vapid authorization: {authorization[:40]!r}")
    parts = dict(part.strip().split("=", 1) for part in rest.split(",") if "=" in part)
    token, key = parts.get("t", ""), parts.get("k", "")
    try:
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64url_decode(key))
        header_b64, claims_b64, signature_b64 = token.split(".")
        header, claims = json.loads(b64url_decode(header_b64)), json.loads(b64url_decode(claims_b64))
        signature = b64url_decode(signature_b64)
    except ValueError as exc:
        raise RefusedError(401, f"malformed vapid token or key: {exc}") from exc
    if header.get("alg") != "ES256" or len(signature) != 64:
        raise RefusedError(401, "not an ES256 token")
    r, s = int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")
    try:
        public.verify(encode_dss_signature(r, s), f"{header_b64}.{claims_b64}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature as exc:
        raise RefusedError(401, "bad vapid signature") from exc
    if claims.get("aud") != origin:
        raise RefusedError(401, f"vapid audience {claims.get('aud')!r} is not {origin!r}")
    now = time.time()
    if not isinstance(claims.get("exp"), int) or not now < claims["exp"] <= now + VAPID_EXP_MAX:
        raise RefusedError(401, f"vapid exp {claims.get('exp')!r} is not within 24 hours")
    if not str(claims.get("sub", "")).startswith(("mailto:", "https:")):
        raise RefusedError(401, f"vapid sub {claims.get('sub')!r} is not a mailto: or https: contact")
    return key


class PushEndpoint:
    """The push service on 127.0.0.1 (a random port), served by a thread while the `with` block runs."""

    def __init__(self) -> None:
        self.received: list[dict[str, Any]] = []
        self.rejected: list[dict[str, Any]] = []
        self._keys: dict[str, tuple[ec.EllipticCurvePrivateKey, bytes]] = {}
        self._gone: set[str] = set()
        self._next_status: dict[str, list[int]] = {}
        self._changed = threading.Condition()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # The test's side
    def __enter__(self) -> "PushEndpoint":
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                status = endpoint._receive(self.path, dict(self.headers.items()), body)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:  # quiet
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, name="push-endpoint", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    @property
    def origin(self) -> str:
        assert self._server is not None, "use PushEndpoint as a context manager"
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def subscription(self) -> dict[str, str]:
        """A new subscription (what the browser's PushManager.subscribe gives): its endpoint URL, its public key
        (p256dh: an uncompressed P-256 point) and its auth secret, base64url without padding."""
        sub_id = secrets.token_urlsafe(12)
        private = ec.generate_private_key(ec.SECP256R1())
        auth = secrets.token_bytes(16)
        with self._changed:
            self._keys[sub_id] = (private, auth)
        point = private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"endpoint": f"{self.origin}/push/{sub_id}", "p256dh": b64url_encode(point), "auth": b64url_encode(auth)}

    @staticmethod
    def sub_id(subscription: dict[str, str] | str) -> str:
        """The id of a subscription (its dict or its endpoint URL)."""
        url = subscription["endpoint"] if isinstance(subscription, dict) else subscription
        return url.rsplit("/", 1)[1]

    def gone(self, sub_id: str) -> None:
        """The subscription expired or was unsubscribed: every later push to it answers 410 Gone."""
        with self._changed:
            self._gone.add(sub_id)

    def status(self, sub_id: str, code: int, times: int = 1) -> None:
        """The next `times` pushes to the subscription answer `code` (503, 429, 500...) and are not recorded."""
        with self._changed:
            self._next_status.setdefault(sub_id, []).extend([code] * times)

    def pushes(self, sub_id: str) -> list[dict[str, Any]]:
        """The pushes received for one subscription."""
        with self._changed:
            return [push for push in self.received if push["id"] == sub_id]

    def wait(self, count: int, timeout: float = 10.0) -> list[dict[str, Any]]:
        """Waits until at least `count` pushes arrived; returns them all. AssertionError when they do not in time."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while len(self.received) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(
                        f"{len(self.received)} push(es) arrived of {count} in {timeout}s; "
                        f"received {self.received!r}; rejected {self.rejected!r}"
                    )
                self._changed.wait(left)
            return list(self.received)

    # The push service's side
    def _receive(self, path: str, headers: dict[str, str], body: bytes) -> int:
        sub_id = path.rsplit("/", 1)[-1] if path.startswith("/push/") else ""
        try:
            status = self._accept(sub_id, headers, body)
        except RefusedError as refused:
            with self._changed:
                self.rejected.append({"id": sub_id, "status": refused.status, "reason": refused.reason})
                self._changed.notify_all()
            return refused.status
        return status

    def _accept(self, sub_id: str, headers: dict[str, str], body: bytes) -> int:
        with self._changed:
            keys = self._keys.get(sub_id)
            if keys is None:
                raise RefusedError(404, f"no subscription {sub_id!r}")
            if sub_id in self._gone:
                raise RefusedError(410, "gone")
            queued = self._next_status.get(sub_id)
            if queued:
                raise RefusedError(queued.pop(0), "answered as the test asked")
        lower = {name.lower(): value for name, value in headers.items()}
        vapid_key = verify_vapid(lower.get("authorization", ""), self.origin)
        if lower.get("content-encoding") != "aes128gcm":
            raise RefusedError(415, f"content-encoding {lower.get('content-encoding')!r} is not aes128gcm")
        if "ttl" not in lower:
            raise RefusedError(400, "no TTL header")
        private, auth = keys
        try:
            plain = http_ece.decrypt(body, private_key=private, auth_secret=auth, version="aes128gcm")
            payload = json.loads(plain)
        except Exception as exc:  # http_ece's and json's errors: a body the browser could not read either
            raise RefusedError(400, f"does not decrypt: {type(exc).__name__}: {exc}") from exc
        with self._changed:
            self.received.append({"id": sub_id, "payload": payload, "headers": lower, "vapid_key": vapid_key})
            self._changed.notify_all()
        return 201
