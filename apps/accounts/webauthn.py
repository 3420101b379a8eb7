"""WebAuthn (passkeys), the relying party's half, on py_webauthn (the `webauthn` package): this module only adapts
it to the services. The library makes the options handed to the browser's navigator.credentials.create/get and
verifies the answers (client data type, challenge and origin, the rp id's hash, user presence and verification, the
attestation, the signature with the stored key, the signature counter).

Attestation is not asked for ("none"): an authenticator's statement of its make is not needed to trust a key the
signed-in merchant registers. Every malformed or wrong answer raises PasskeyError (its text is for the logs, never
shown: the services answer one translated message).
"""

import secrets
from dataclasses import dataclass
from typing import Any

from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import (
    base64url_to_bytes,
    bytes_to_base64url,
    decode_credential_public_key,
    decoded_public_key_to_cryptography,
    options_to_json_dict,
    parse_authentication_credential_json,
    parse_client_data_json,
    parse_registration_credential_json,
)
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AttestationConveyancePreference,
    AuthenticationCredential,
    AuthenticatorSelectionCriteria,
    AuthenticatorTransport,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

TIMEOUT_MS = 300_000

# What the library raises on a bad answer: its own errors, and ValueError/TypeError (base64url, a key that is not
# on its curve) from the parts it hands over unwrapped.
_BAD_ANSWER = (WebAuthnException, ValueError, TypeError, KeyError)


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


def b64url(data: bytes) -> str:
    return bytes_to_base64url(data)


def new_challenge() -> str:
    """32 random bytes, base64url (models.PasskeyChallenge.challenge)."""
    return b64url(secrets.token_bytes(32))


def _descriptors(credentials: list[tuple[str, list[str]]]) -> list[PublicKeyCredentialDescriptor]:
    known = {transport.value for transport in AuthenticatorTransport}
    return [
        PublicKeyCredentialDescriptor(
            id=base64url_to_bytes(cid), transports=[AuthenticatorTransport(t) for t in transports if t in known]
        )
        for cid, transports in credentials
    ]


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
    options = generate_registration_options(
        rp_id=rp.id,
        rp_name=rp.name,
        user_name=user_name,
        user_id=base64url_to_bytes(user_handle),
        user_display_name=display_name,
        challenge=base64url_to_bytes(challenge),
        timeout=TIMEOUT_MS,
        attestation=AttestationConveyancePreference.NONE,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED, user_verification=UserVerificationRequirement.PREFERRED
        ),
        exclude_credentials=_descriptors(exclude),
    )
    return options_to_json_dict(options)


def request_options(
    *, rp: RelyingParty, challenge: str, allow: list[tuple[str, list[str]]], user_verification: str
) -> dict[str, Any]:
    """`allow` empty: any discoverable passkey of this site (sign-in without password)."""
    options = generate_authentication_options(
        rp_id=rp.id,
        challenge=base64url_to_bytes(challenge),
        timeout=TIMEOUT_MS,
        allow_credentials=_descriptors(allow),
        user_verification=UserVerificationRequirement(user_verification),
    )
    return options_to_json_dict(options)


# ---------- the answers ----------
def client_data_challenge(credential: Any) -> str:
    """The challenge the browser signed (clientDataJSON.challenge, base64url), to find the challenge handed out.
    An answer made in another site's frame (crossOrigin) is refused here."""
    try:
        client_data = parse_client_data_json(base64url_to_bytes(credential["response"]["clientDataJSON"]))
    except _BAD_ANSWER:
        raise PasskeyError("bad clientDataJSON") from None
    if client_data.cross_origin:
        raise PasskeyError("cross-origin")
    return b64url(client_data.challenge)


def verify_registration(
    *, credential: Any, challenge: str, rp: RelyingParty, require_uv: bool = False
) -> NewCredential:
    """Checks an answer of navigator.credentials.create (verify_registration_response) and that its key is one the
    library can later verify signatures with."""
    try:
        parsed = parse_registration_credential_json(credential)
        verified = verify_registration_response(
            credential=parsed,
            expected_challenge=base64url_to_bytes(challenge),
            expected_rp_id=rp.id,
            expected_origin=rp.origin,
            require_user_verification=require_uv,
        )
        decoded_public_key_to_cryptography(decode_credential_public_key(verified.credential_public_key))
    except _BAD_ANSWER as error:
        raise PasskeyError(f"registration refused: {error}") from None
    transports = [transport.value for transport in parsed.response.transports or []]
    return NewCredential(
        credential_id=b64url(verified.credential_id),
        public_key=verified.credential_public_key,
        sign_count=verified.sign_count,
        transports=transports[:8],
    )


def read_assertion(credential: Any) -> AuthenticationCredential:
    """An answer of navigator.credentials.get, parsed, not yet verified (verify_assertion)."""
    try:
        return parse_authentication_credential_json(credential)
    except _BAD_ANSWER as error:
        raise PasskeyError(f"bad assertion: {error}") from None


def credential_id_of(assertion: AuthenticationCredential) -> str:
    return b64url(assertion.raw_id)


def user_handle_of(assertion: AuthenticationCredential) -> str:
    """base64url, "" when the authenticator sent none."""
    return b64url(assertion.response.user_handle) if assertion.response.user_handle else ""


def verify_assertion(
    *,
    assertion: AuthenticationCredential,
    challenge: str,
    rp: RelyingParty,
    public_key: bytes,
    sign_count: int,
    require_uv: bool,
) -> int:
    """Checks an answer of navigator.credentials.get against the stored key and counter
    (verify_authentication_response: a counter that does not increase, unless both are 0, is refused). Returns the
    new counter."""
    try:
        verified = verify_authentication_response(
            credential=assertion,
            expected_challenge=base64url_to_bytes(challenge),
            expected_rp_id=rp.id,
            expected_origin=rp.origin,
            credential_public_key=public_key,
            credential_current_sign_count=sign_count,
            require_user_verification=require_uv,
        )
    except _BAD_ANSWER as error:
        raise PasskeyError(f"assertion refused: {error}") from None
    return verified.new_sign_count
