/**
 * The partner (third-party) sign-in that answered status 0: the root screen keeps `data` in localStorage `data`
 * (spec), with its signature `code` and partner `mer` beside it, so that registration goes through tkregister
 * and links the partner identity.
 */
const KEYS = { data: "data", code: "data_code", mer: "data_mer" } as const;

export type PartnerLink = { data: string; code: string; mer: string };

export function savePartnerLink(link: PartnerLink): void {
  localStorage.setItem(KEYS.data, link.data);
  localStorage.setItem(KEYS.code, link.code);
  localStorage.setItem(KEYS.mer, link.mer);
}

/** The kept partner payload, or null when registration is a plain one. */
export function readPartnerLink(): PartnerLink | null {
  const data = localStorage.getItem(KEYS.data);
  if (!data) return null;
  return { data, code: localStorage.getItem(KEYS.code) ?? "", mer: localStorage.getItem(KEYS.mer) ?? "" };
}

export function clearPartnerLink(): void {
  Object.values(KEYS).forEach((key) => localStorage.removeItem(key));
}
