/**
 * The last data the merchant saw, kept on the device for offline use (docs/frontend.md, "Offline and updates"): the
 * query cache's successful reads (TanStack Query's `dehydrate`), in localStorage under the merchant's id, at most
 * MAX_CHARS (the most recent reads first). Restored (`hydrate`) only when the app is offline (opened offline, or the
 * device goes offline: what the cache holds newer stays), and only the signed-in merchant's; every merchant's copy is removed when a session ends (sign-out or 401). Loaded lazily (app/OfflineData).
 * Never a change (a mutation), never a failed read, never a private file (a Blob).
 */
import {
  dehydrate,
  hydrate,
  onlineManager,
  type DehydratedState,
  type Query,
  type QueryClient,
} from "@tanstack/react-query";
import { getSession, subscribeSession } from "@/lib/session";

const PREFIX = "offline-data:";
/** At most this many characters of JSON per merchant (about 1 MB of localStorage's 5). */
export const MAX_CHARS = 1_000_000;
/** Writes wait this long after the last read arrives, so a screen's several reads are written once. */
const SAVE_DELAY_MS = 1000;

type Stored = { merchant: number; state: DehydratedState };

const keyOf = (merchant: number) => `${PREFIX}${merchant}`;

/** The signed-in merchant's id (the session's MerInfo), or null when signed out. */
function merchantId(): number | null {
  const { token, merInfo } = getSession();
  const id = merInfo?.id;
  return token && typeof id === "number" ? id : null;
}

const keep = (query: Query) => query.state.status === "success" && !(query.state.data instanceof Blob);

/** The merchant's successful reads as JSON, the most recent first, within MAX_CHARS. */
export function serialize(client: QueryClient, merchant: number): string {
  const { queries } = dehydrate(client, { shouldDehydrateQuery: keep, shouldDehydrateMutation: () => false });
  queries.sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const kept: typeof queries = [];
  let size = 0;
  for (const query of queries) {
    const length = JSON.stringify(query).length + 1;
    if (size + length > MAX_CHARS) continue; // a big list is left out; smaller, older reads may still fit
    kept.push(query);
    size += length;
  }
  const stored: Stored = { merchant, state: { mutations: [], queries: kept } };
  return JSON.stringify(stored);
}

export function save(client: QueryClient): void {
  const merchant = merchantId();
  if (merchant === null) return;
  try {
    localStorage.setItem(keyOf(merchant), serialize(client, merchant));
  } catch {
    // Full storage: the copy stays as it was; the app works online as ever.
  }
}

/** The signed-in merchant's last data into the cache (what the cache already holds newer stays). */
export function restore(client: QueryClient): boolean {
  const merchant = merchantId();
  if (merchant === null) return false;
  try {
    const stored = JSON.parse(localStorage.getItem(keyOf(merchant)) ?? "null") as Stored | null;
    if (stored?.merchant !== merchant) return false;
    hydrate(client, stored.state);
    return stored.state.queries.length > 0;
  } catch {
    return false;
  }
}

/** Every merchant's copy goes (a session ended: the next one on this browser may be someone else's). */
export function clearAll(): void {
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const key = localStorage.key(i);
    if (key?.startsWith(PREFIX)) localStorage.removeItem(key);
  }
}

/**
 * Restore when offline (now, and whenever the device goes offline), keep the copy up to date as reads succeed, and
 * remove it when the session ends. Returns the stop function.
 */
export function persistQueries(client: QueryClient, offline: boolean): () => void {
  if (offline) restore(client);
  const unsubscribeOnline = onlineManager.subscribe((online) => {
    if (!online) restore(client);
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribeCache = client.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success") return;
    clearTimeout(timer);
    timer = setTimeout(() => save(client), SAVE_DELAY_MS);
  });
  const unsubscribeSession = subscribeSession(() => {
    if (getSession().token) return;
    clearTimeout(timer);
    clearAll();
  });
  return () => {
    clearTimeout(timer);
    unsubscribeCache();
    unsubscribeSession();
    unsubscribeOnline();
  };
}
