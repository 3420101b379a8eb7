"""WebAuthn (passkeys), the relying party's half: the options handed to the browser's navigator.credentials.create/get
and the checks of what the authenticator answered (W3C Web Authentication level 2, sections 7.1 and 7.2).

Written on cbor2 (CBOR) and pycryptodome (the signatures). Attestation is not asked for ("none") and not relied on:
an authenticator's statement of its make is not needed to trust a key the signed-in merchant registers. Keys: ES256
(P-256), EdDSA (Ed25519) and RS256, the algorithms browsers' authenticators use.

Every malformed or wrong answer raises PasskeyError (its text is for the logs, never shown: the services answer one
translated message).
"""

import base64
import binascii
import hashlib
import io
import json
import secrets
from dataclasses import dataclass
from typing import Any

import cbor2
from Crypto.Hash import SHA256
from Crypto.PublicKey import ECC, RSA
from Crypto.Signature import DSS, eddsa, pkcs1_15

# COSE algorithms (RFC 9053) offered, in the order of preference.
ES256, EDDSA, RS256 = -7, -8, -257
ALGORITHMS = (ES256, EDDSA, RS256)
TIMEOUT_MS = 300_000

# authenticatorData flags
_UP, _UV, _AT, _ED = 0x01, 0x04, 0x40, 0x80


class PasskeyError(Exception):
    """An answer that is malformed or does not verify."""


@dataclass(frozen=True)
class RelyingParty:
    """Who asks: `id` the host name the credentials are scoped to, `origin` the scheme://host[:port] the browser
    reports, `name` what the authenticator shows."""

    id: str
    origin: str
    name: str


@dataclass(frozen=True)
class NewCredential:
    credential_id: str  # base64url
    public_key: bytes  # COSE_Key
    sign_count: int
    transports: list[str]
    user_verified: bool


@dataclass(frozen=True)
class Assertion:
    credential_id: str
    user_handle: str  # base64url, "" when the authenticator sent none
    client_data: bytes
    authenticator_data: bytes
    signature: bytes


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def b64url_decode(text: Any) -> bytes:
    if not isinstance(text, str) or len(text) > 65536:
        raise PasskeyError("not base64url text")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise PasskeyError("not base64url") from None


def new_challenge() -> str:
    return b64url(secrets.token_bytes(32))


# ---------- options (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON) ----------
def creation_options(
    *,
    rp: RelyingParty,
    challenge: str,
    user_handle: str,
    user_name: str,
    display_name: str,
    exclude: list[tuple[str, list[str]]],
) -> dict[str, Any]:
    """A resident (discoverable) key, user verification preferred, no attestation; `exclude`: (id, transports) of
    the merchant's passkeys, so the same authenticator is not registered twice."""
    return {
        "rp": {"id": rp.id, "name": rp.name},
        "user": {"id": user_handle, "name": user_name, "displayName": display_name},
        "challenge": challenge,
        "pubKeyCredParams": [{"type": "public-key", "alg": alg} for alg in ALGORITHMS],
        "timeout": TIMEOUT_MS,
        "excludeCredentials": [
            {"type": "public-key", "id": cid, **({"transports": transports} if transports else {})}
            for cid, transports in exclude
        ],
        "authenticatorSelection": {
            "residentKey": "required",
            "requireResidentKey": True,
            "userVerification": "preferred",
        },
        "attestation": "none",
    }


def request_options(
    *, rp: RelyingParty, challenge: str, allow: list[tuple[str, list[str]]], user_verification: str
) -> dict[str, Any]:
    """`allow` empty: any discoverable passkey of this site (sign-in without password)."""
    return {
        "challenge": challenge,
        "timeout": TIMEOUT_MS,
        "rpId": rp.id,
        "allowCredentials": [
            {"type": "public-key", "id": cid, **({"transports": transports} if transports else {})}
            for cid, transports in allow
        ],
        "userVerification": user_verification,
    }


# ---------- reading the answers ----------
def _response(credential: Any) -> tuple[str, dict[str, Any]]:
    if not isinstance(credential, dict) or credential.get("type") != "public-key":
        raise PasskeyError("not a public-key credential")
    response = credential.get("response")
    if not isinstance(response, dict):
        raise PasskeyError("no response")
    raw_id = b64url_decode(credential.get("rawId", credential.get("id")))
    if not 1 <= len(raw_id) <= 1023 or b64url_decode(credential.get("id")) != raw_id:
        raise PasskeyError("bad id")
    return b64url(raw_id), response


def client_data_challenge(credential: Any) -> str:
    """The challenge the browser signed (clientDataJSON.challenge), to find the challenge handed out."""
    _cid, response = _response(credential)
    challenge = _client_data(response).get("challenge")
    if not isinstance(challenge, str) or not 1 <= len(challenge) <= 64:
        raise PasskeyError("no challenge")
    return challenge


def _client_data(response: dict[str, Any]) -> dict[str, Any]:
    try:
        data = json.loads(b64url_decode(response.get("clientDataJSON")))
    except ValueError:
        raise PasskeyError("clientDataJSON is not JSON") from None
    if not isinstance(data, dict):
        raise PasskeyError("clientDataJSON is not an object")
    return data


def _check_client_data(response: dict[str, Any], *, kind: str, challenge: str, rp: RelyingParty) -> bytes:
    raw = b64url_decode(response.get("clientDataJSON"))
    data = _client_data(response)
    if data.get("type") != kind:
        raise PasskeyError("wrong type")
    if not isinstance(data.get("challenge"), str) or not secrets.compare_digest(data["challenge"], challenge):
        raise PasskeyError("wrong challenge")
    if data.get("origin") != rp.origin:
        raise PasskeyError("wrong origin")
    if data.get("crossOrigin") is True:
        raise PasskeyError("cross-origin")
    return raw


def _check_authenticator_data(data: bytes, *, rp: RelyingParty, require_uv: bool) -> tuple[int, int]:
    """(flags, signCount) of authenticatorData after its rpIdHash and flags are checked."""
    if len(data) < 37:
        raise PasskeyError("authenticatorData too short")
    if not secrets.compare_digest(data[:32], hashlib.sha256(rp.id.encode()).digest()):
        raise PasskeyError("wrong rp id")
    flags = data[32]
    if not flags & _UP:
        raise PasskeyError("user not present")
    if require_uv and not flags & _UV:
        raise PasskeyError("user not verified")
    return flags, int.from_bytes(data[33:37], "big")


def _cbor(data: bytes) -> Any:
    try:
        return cbor2.loads(data)
    except Exception:  # cbor2 raises its own errors and ValueError/TypeError/...: any of them is a bad answer
        raise PasskeyError("bad CBOR") from None


def verify_registration(
    *, credential: Any, challenge: str, rp: RelyingParty, require_uv: bool = False
) -> NewCredential:
    """Checks an answer of navigator.credentials.create (section 7.1, attestation not verified): client data, rp id
    hash, user present, a new credential with an accepted key."""
    cid, response = _response(credential)
    _check_client_data(response, kind="webauthn.create", challenge=challenge, rp=rp)
    attestation = _cbor(b64url_decode(response.get("attestationObject")))
    if not isinstance(attestation, dict) or not isinstance(attestation.get("authData"), bytes):
        raise PasskeyError("bad attestationObject")
    auth_data: bytes = attestation["authData"]
    flags, sign_count = _check_authenticator_data(auth_data, rp=rp, require_uv=require_uv)
    if not flags & _AT or len(auth_data) < 55:
        raise PasskeyError("no attested credential")
    length = int.from_bytes(auth_data[53:55], "big")
    credential_id = auth_data[55 : 55 + length]
    if len(credential_id) != length or b64url(credential_id) != cid:
        raise PasskeyError("credential id differs")
    stream = io.BytesIO(auth_data[55 + length :])
    try:
        cose = cbor2.CBORDecoder(stream).decode()
    except Exception:
        raise PasskeyError("bad credential public key") from None
    public_key = auth_data[55 + length : 55 + length + stream.tell()]
    _public_key(cose)  # an accepted algorithm and a valid key, or PasskeyError
    transports = response.get("transports")
    if not isinstance(transports, list) or not all(isinstance(t, str) and len(t) <= 32 for t in transports):
        transports = []
    return NewCredential(
        credential_id=cid,
        public_key=public_key,
        sign_count=sign_count,
        transports=transports[:8],
        user_verified=bool(flags & _UV),
    )


def read_assertion(credential: Any) -> Assertion:
    """The parts of an answer of navigator.credentials.get, not yet verified (verify_assertion)."""
    cid, response = _response(credential)
    handle = response.get("userHandle")
    user_handle = b64url(b64url_decode(handle)) if handle else ""
    return Assertion(
        credential_id=cid,
        user_handle=user_handle,
        client_data=b64url_decode(response.get("clientDataJSON")),
        authenticator_data=b64url_decode(response.get("authenticatorData")),
        signature=b64url_decode(response.get("signature")),
    )


def verify_assertion(
    *, credential: Any, challenge: str, rp: RelyingParty, public_key: bytes, require_uv: bool
) -> tuple[int, bool]:
    """Checks an answer of navigator.credentials.get (section 7.2) against the stored key: client data, rp id hash,
    flags, signature over authenticatorData + SHA-256(clientDataJSON). Returns (signCount, user verified); the
    caller compares the counter with the stored one."""
    assertion = read_assertion(credential)
    _cid, response = _response(credential)
    _check_client_data(response, kind="webauthn.get", challenge=challenge, rp=rp)
    flags, sign_count = _check_authenticator_data(assertion.authenticator_data, rp=rp, require_uv=require_uv)
    signed = assertion.authenticator_data + hashlib.sha256(assertion.client_data).digest()
    _verify_signature(_cbor(public_key), signed, assertion.signature)
    return sign_count, bool(flags & _UV)


# ---------- keys ----------
def _public_key(cose: Any) -> tuple[int, Any]:
    if not isinstance(cose, dict):
        raise PasskeyError("COSE key is not a map")
    kty, alg = cose.get(1), cose.get(3)
    try:
        if kty == 2 and alg == ES256 and cose.get(-1) == 1:
            x, y = cose.get(-2), cose.get(-3)
            if not (isinstance(x, bytes) and isinstance(y, bytes) and len(x) == len(y) == 32):
                raise PasskeyError("bad EC2 key")
            return alg, ECC.construct(curve="P-256", point_x=int.from_bytes(x, "big"), point_y=int.from_bytes(y, "big"))
        if kty == 1 and alg == EDDSA and cose.get(-1) == 6:
            x = cose.get(-2)
            if not isinstance(x, bytes) or len(x) != 32:
                raise PasskeyError("bad OKP key")
            return alg, eddsa.import_public_key(x)
        if kty == 3 and alg == RS256:
            n, e = cose.get(-1), cose.get(-2)
            if not (isinstance(n, bytes) and isinstance(e, bytes) and 256 <= len(n) <= 1024 and 1 <= len(e) <= 8):
                raise PasskeyError("bad RSA key")
            return alg, RSA.construct((int.from_bytes(n, "big"), int.from_bytes(e, "big")))
    except (ValueError, TypeError):  # not a point on the curve, a bad length
        raise PasskeyError("invalid key") from None
    raise PasskeyError("algorithm not accepted")


def _verify_signature(cose: Any, message: bytes, signature: bytes) -> None:
    alg, key = _public_key(cose)
    try:
        if alg == ES256:
            DSS.new(key, "fips-186-3", encoding="der").verify(SHA256.new(message), signature)
        elif alg == EDDSA:
            eddsa.new(key, "rfc8032").verify(message, signature)
        else:
            pkcs1_15.new(key).verify(SHA256.new(message), signature)
    except (ValueError, TypeError):
        raise PasskeyError("bad signature") from None
