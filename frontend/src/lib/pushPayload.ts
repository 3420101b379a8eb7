/**
 * The parts of Web Push shared by the service worker (frontend/sw/push.ts) and the app, kept pure so that both can
 * use them and vitest can test them (jsdom has no PushManager).
 */

/** What the service worker posts to a window of the app when a notification is tapped: `{type, path}`. */
export const PUSH_OPEN_MESSAGE = "push-open";

/** A notice as the server sends it (apps/support: `{title, body, path, tag}`, in the merchant's language). */
export type PushNotice = { title: string; body: string; path: string; tag?: string };

const text = (value: unknown, limit: number): string => (typeof value === "string" ? value.slice(0, limit) : "");

/** The payload of a push as the notification to show: strings only, bounded; a payload without a title is shown as
 * the app's name (a push must show a notification), one without a path opens /home. */
export function pushNotice(payload: unknown): PushNotice {
  const data = payload && typeof payload === "object" ? (payload as Record<string, unknown>) : {};
  const tag = text(data.tag, 64);
  return {
    title: text(data.title, 200) || "Merchant",
    body: text(data.body, 1000),
    path: text(data.path, 1000) || "/home",
    ...(tag ? { tag } : {}),
  };
}

/** `path` when it is a path of the site at `origin` ("/orderDetail?id=1"), else "/home": a notification never opens
 * another site (a path starting "//" or "/\" names another host, a scheme is an address of its own). */
export function sitePath(path: unknown, origin: string): string {
  if (typeof path !== "string" || !path.startsWith("/") || path.startsWith("//") || path.includes("\\")) return "/home";
  try {
    const url = new URL(path, origin);
    return url.origin === origin ? url.pathname + url.search + url.hash : "/home";
  } catch {
    return "/home";
  }
}

/** The body of merchant/push_subscribe from a browser's subscription (`PushSubscription.toJSON()`), or null when the
 * browser gave no endpoint or keys. */
export function subscriptionBody(json: PushSubscriptionJSON): { endpoint: string; p256dh: string; auth: string } | null {
  const { endpoint, keys } = json;
  if (!endpoint || !keys?.p256dh || !keys.auth) return null;
  return { endpoint, p256dh: keys.p256dh, auth: keys.auth };
}

/** The VAPID public key (base64url, as merchant/push gives it) as the bytes `pushManager.subscribe` takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
