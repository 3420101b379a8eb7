"""HMAC-SHA256 signatures of the platform's partners: the third-party sign-in (THIRD_PARTY_SECRET) and the external
storefronts' order intake (each with its own key, apps.orders.intake)."""

import hashlib
import hmac


def hmac_sha256_hex(secret: str, message: bytes) -> str:
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def signature_matches(secret: str, message: bytes, signature: str) -> bool:
    """Whether `signature` (hex, either case, spaces around ignored) is the HMAC-SHA256 of `message` with `secret`,
    compared in constant time. Never true without a secret; any text a client sends is compared, never an error."""
    if not secret:
        return False
    given = signature.strip().lower().encode(errors="surrogatepass")
    return hmac.compare_digest(hmac_sha256_hex(secret, message).encode(), given)
