import type { ContactKind } from "./api";

const HIDDEN = "•••";

/**
 * An address shown in part, where a sheet says where a code goes: an email keeps the first and last letter before the
 * "@" and the domain (a•••z@example.com), a phone number its first and last four characters (+668•••5678).
 */
export function maskAddress(kind: ContactKind, address: string): string {
  if (kind === "email") {
    const at = address.lastIndexOf("@");
    if (at < 1) return address;
    const local = address.slice(0, at);
    return `${local[0]}${HIDDEN}${local.length > 2 ? local.slice(-1) : ""}${address.slice(at)}`;
  }
  if (address.length <= 8) return address;
  return `${address.slice(0, 4)}${HIDDEN}${address.slice(-4)}`;
}
