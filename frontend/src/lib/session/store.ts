/**
 * The persisted session (spec section 3): token, MerInfo, lang, total, msg_total, kf_urls in localStorage.
 * The password is never stored. A tiny external store so React (useSyncExternalStore) and the API client share it.
 */
import type { Schemas } from "@/lib/api/types";
import { DEFAULT_LANG, languageOf, type LangCode } from "@/lib/intl/languages";

export type MerInfo = { token?: string; [field: string]: unknown };
/** A customer-service link as GET newapi/get_kf_urls answers it (id, label, kind, kind_label, url). */
export type KfUrl = Schemas["SupportLink"];

export type Session = {
  token: string;
  merInfo: MerInfo | null;
  lang: LangCode;
  total: number;
  msgTotal: number;
  kfUrls: KfUrl[];
};

const KEYS = {
  token: "token",
  merInfo: "MerInfo",
  lang: "lang",
  total: "total",
  msgTotal: "msg_total",
  kfUrls: "kf_urls",
} as const satisfies Record<keyof Session, string>;

function readJson<T>(key: string, fallback: T): T {
  const raw = localStorage.getItem(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

function load(): Session {
  return {
    token: localStorage.getItem(KEYS.token) ?? "",
    merInfo: readJson<MerInfo | null>(KEYS.merInfo, null),
    lang: languageOf(localStorage.getItem(KEYS.lang) ?? DEFAULT_LANG).code,
    total: readJson<number>(KEYS.total, 0),
    msgTotal: readJson<number>(KEYS.msgTotal, 0),
    kfUrls: readJson<KfUrl[]>(KEYS.kfUrls, []),
  };
}

let current: Session = load();
const listeners = new Set<() => void>();

export function getSession(): Session {
  return current;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Merge a change into the session, persist it, and notify subscribers. */
export function updateSession(change: Partial<Session>): void {
  current = { ...current, ...change };
  for (const [field, key] of Object.entries(KEYS) as [keyof Session, string][]) {
    if (!(field in change)) continue;
    const value = current[field];
    if (value === "" || value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  listeners.forEach((listener) => listener());
}

/** Signed in: keep the token and the merchant summary of the login answer. */
export function signIn(merInfo: MerInfo & { token: string }): void {
  updateSession({ token: merInfo.token, merInfo });
}

/** Logout or a 401: token and merchant info are cleared (the language stays). */
export function clearSession(): void {
  updateSession({ token: "", merInfo: null });
}

/** For tests: re-read localStorage. */
export function reloadSession(): void {
  current = load();
  listeners.forEach((listener) => listener());
}
