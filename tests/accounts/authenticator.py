"""A software WebAuthn authenticator for the tests: an ES256 (P-256) key (cryptography) per credential, answers built
as a browser sends them (PublicKeyCredential.toJSON), 'none' attestation."""

import hashlib
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from webauthn.helpers import base64url_to_bytes, encode_cbor
from webauthn.helpers import bytes_to_base64url as b64url


@dataclass
class SoftAuthenticator:
    origin: str = "http://testserver"
    rp_id: str = "testserver"
    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    credential_id: bytes = field(default_factory=lambda: secrets.token_bytes(16))
    sign_count: int = 0
    user_handle: str = ""
    counter_step: int = 1

    @property
    def id(self) -> str:
        return b64url(self.credential_id)

    def _client_data(self, kind: str, challenge: str, origin: str | None) -> bytes:
        data = {"type": kind, "challenge": challenge, "origin": origin or self.origin, "crossOrigin": False}
        return json.dumps(data).encode()

    def _auth_data(self, flags: int, extra: bytes = b"", rp_id: str | None = None) -> bytes:
        rp_hash = hashlib.sha256((rp_id or self.rp_id).encode()).digest()
        return rp_hash + bytes([flags]) + self.sign_count.to_bytes(4, "big") + extra

    def create(self, options: dict[str, Any], *, origin: str | None = None, rp_id: str | None = None) -> dict:
        """An answer to navigator.credentials.create(options)."""
        self.user_handle = options["user"]["id"]
        point = self.key.public_key().public_numbers()
        x, y = point.x.to_bytes(32, "big"), point.y.to_bytes(32, "big")
        cose = encode_cbor({1: 2, 3: -7, -1: 1, -2: x, -3: y})
        attested = bytes(16) + len(self.credential_id).to_bytes(2, "big") + self.credential_id + cose
        auth_data = self._auth_data(0x01 | 0x04 | 0x40, attested, rp_id)
        attestation = encode_cbor({"fmt": "none", "attStmt": {}, "authData": auth_data})
        return {
            "id": self.id,
            "rawId": self.id,
            "type": "public-key",
            "response": {
                "clientDataJSON": b64url(self._client_data("webauthn.create", options["challenge"], origin)),
                "attestationObject": b64url(attestation),
                "transports": ["internal"],
            },
            "clientExtensionResults": {},
        }

    def get(
        self,
        options: dict[str, Any],
        *,
        origin: str | None = None,
        user_verified: bool = True,
        challenge: str | None = None,
    ) -> dict:
        """An answer to navigator.credentials.get(options), the counter moved on by counter_step."""
        allowed = [item["id"] for item in options.get("allowCredentials", [])]
        assert not allowed or self.id in allowed, "the options do not allow this credential"
        self.sign_count += self.counter_step
        client_data = self._client_data("webauthn.get", challenge or options["challenge"], origin)
        auth_data = self._auth_data(0x01 | (0x04 if user_verified else 0))
        signature = self.key.sign(auth_data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256()))
        return {
            "id": self.id,
            "rawId": self.id,
            "type": "public-key",
            "response": {
                "clientDataJSON": b64url(client_data),
                "authenticatorData": b64url(auth_data),
                "signature": b64url(signature),
                "userHandle": self.user_handle,
            },
            "clientExtensionResults": {},
        }


def challenge_of(credential: dict) -> str:
    return json.loads(base64url_to_bytes(credential["response"]["clientDataJSON"]))["challenge"]
