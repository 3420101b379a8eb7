/**
 * Passkeys in the browser: the server's WebAuthn options (JSON, binary members in base64url) go to
 * navigator.credentials.create / get, and the credential comes back as JSON the same way (PublicKeyCredential's
 * toJSON shape), for merchant/passkey_add, merchant/login_passkey and the second factor.
 */

/** Creation or request options as the server sends them: binary members (challenge, ids) are base64url. */
export type PasskeyOptionsJSON = Record<string, unknown>;

/** The credential as the server reads it. */
export type PasskeyCredentialJSON = {
  id: string;
  rawId: string;
  type: string;
  response: Record<string, unknown>;
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment?: string | null;
};

/** Why the browser gave no credential: the merchant closed its prompt (or it timed out), or this authenticator
 * already holds a passkey of the account (creation). */
export class PasskeyCancelled extends Error {
  constructor(readonly reason: "cancelled" | "exists") {
    super(reason);
    this.name = "PasskeyCancelled";
  }
}

export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function" && !!navigator.credentials;
}

export function toBase64url(buffer: ArrayBuffer): string {
  let text = "";
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64url(text: string): ArrayBuffer {
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

type Descriptor = { id: string; type: string; transports?: string[] };

function descriptors(list: unknown): PublicKeyCredentialDescriptor[] {
  return ((list as Descriptor[] | undefined) ?? []).map((item) => ({
    ...item,
    type: "public-key",
    id: fromBase64url(item.id),
    transports: item.transports as AuthenticatorTransport[] | undefined,
  }));
}

export function creationOptions(json: PasskeyOptionsJSON): PublicKeyCredentialCreationOptions {
  const user = json.user as { id: string; name: string; displayName: string };
  return {
    ...(json as unknown as PublicKeyCredentialCreationOptions),
    challenge: fromBase64url(json.challenge as string),
    user: { ...user, id: fromBase64url(user.id) },
    excludeCredentials: descriptors(json.excludeCredentials),
  };
}

export function requestOptions(json: PasskeyOptionsJSON): PublicKeyCredentialRequestOptions {
  return {
    ...(json as unknown as PublicKeyCredentialRequestOptions),
    challenge: fromBase64url(json.challenge as string),
    allowCredentials: descriptors(json.allowCredentials),
  };
}

export function credentialJSON(credential: PublicKeyCredential): PasskeyCredentialJSON {
  const response = credential.response;
  const binary = (value: ArrayBuffer | null) => (value ? toBase64url(value) : null);
  const fields: Record<string, unknown> = { clientDataJSON: toBase64url(response.clientDataJSON) };
  if ("attestationObject" in response) {
    const attestation = response as AuthenticatorAttestationResponse;
    fields.attestationObject = toBase64url(attestation.attestationObject);
    fields.transports = attestation.getTransports?.() ?? [];
  } else {
    const assertion = response as AuthenticatorAssertionResponse;
    fields.authenticatorData = toBase64url(assertion.authenticatorData);
    fields.signature = toBase64url(assertion.signature);
    fields.userHandle = binary(assertion.userHandle);
  }
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    response: fields,
    clientExtensionResults: { ...credential.getClientExtensionResults() },
    authenticatorAttachment: credential.authenticatorAttachment,
  };
}

async function ask<T extends CredentialCreationOptions | CredentialRequestOptions>(
  call: (options: T) => Promise<Credential | null>,
  options: T,
): Promise<PasskeyCredentialJSON> {
  let credential: Credential | null;
  try {
    credential = await call(options);
  } catch (error) {
    const name = error instanceof DOMException ? error.name : "";
    if (name === "InvalidStateError") throw new PasskeyCancelled("exists");
    if (name === "NotAllowedError" || name === "AbortError") throw new PasskeyCancelled("cancelled");
    throw error;
  }
  if (!credential) throw new PasskeyCancelled("cancelled");
  return credentialJSON(credential as PublicKeyCredential);
}

/** The browser's prompt to make a passkey with the server's creation options. */
export function createPasskey(options: PasskeyOptionsJSON): Promise<PasskeyCredentialJSON> {
  return ask((o: CredentialCreationOptions) => navigator.credentials.create(o), { publicKey: creationOptions(options) });
}

/** The browser's prompt to use a passkey with the server's request options. */
export function getPasskey(options: PasskeyOptionsJSON): Promise<PasskeyCredentialJSON> {
  return ask((o: CredentialRequestOptions) => navigator.credentials.get(o), { publicKey: requestOptions(options) });
}
