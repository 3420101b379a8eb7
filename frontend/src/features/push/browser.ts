import { applicationServerKey, subscriptionBody } from "@/lib/pushPayload";

/**
 * This browser's side of Web Push: whether it can receive notifications, the permission, and its subscription
 * (the service worker's registration's pushManager). Nothing here talks to the server.
 */
export type PushDevice =
  /** No Notification, service worker or PushManager (an iPhone's Safari outside an app on the home screen). */
  | { support: "unsupported" }
  /** The merchant (or the browser's settings) blocked notifications for this site. */
  | { support: "denied" }
  /** `endpoint`: this browser's subscription, or null when notifications are off on it. */
  | { support: "ready"; endpoint: string | null };

export function pushSupported(): boolean {
  return "Notification" in window && "serviceWorker" in navigator && "PushManager" in window;
}

/** How long the screen waits for the service worker of a first visit to register (lib/serviceWorker registers it
 * once the page has loaded) before it says that this browser cannot receive notifications. */
const REGISTRATION_WAIT_MS = 5_000;

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  const found = await navigator.serviceWorker.getRegistration("/");
  if (found) return found;
  const late = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), REGISTRATION_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, late]);
}

/** What the screen shows about this browser. A browser whose service worker is not registered (blocked, or a
 * development server without one) cannot receive notifications either. */
export async function readPushDevice(): Promise<PushDevice> {
  if (!pushSupported()) return { support: "unsupported" };
  if (Notification.permission === "denied") return { support: "denied" };
  const found = await registration().catch(() => undefined);
  if (!found) return { support: "unsupported" };
  const subscription = await found.pushManager.getSubscription();
  return { support: "ready", endpoint: Notification.permission === "granted" ? (subscription?.endpoint ?? null) : null };
}

/** Thrown when the merchant did not allow notifications at the browser's prompt. */
export class PermissionRefused extends Error {}

/** Asks for the permission (the browser's prompt) and subscribes with the server's key: the body of
 * merchant/push_subscribe. */
export async function subscribeBrowser(publicKey: string): Promise<{ endpoint: string; p256dh: string; auth: string }> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new PermissionRefused(permission);
  const found = await navigator.serviceWorker.ready;
  const subscription = await found.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: applicationServerKey(publicKey),
  });
  const body = subscriptionBody(subscription.toJSON());
  if (!body) {
    await subscription.unsubscribe().catch(() => false);
    throw new Error("The browser's subscription has no keys.");
  }
  return body;
}

function sameKey(a: ArrayBuffer, b: Uint8Array): boolean {
  const bytes = new Uint8Array(a);
  return bytes.length === b.length && bytes.every((byte, i) => byte === b[i]);
}

/** This browser's subscription as merchant/push_subscribe takes it, or null when it has none. One made with another
 * key than the server's `publicKey` (the key was changed) is made again with it: the permission is granted already,
 * so the browser asks nothing. */
export async function currentSubscription(publicKey: string): Promise<{ endpoint: string; p256dh: string; auth: string } | null> {
  const found = await registration();
  let subscription = await found?.pushManager.getSubscription();
  if (!found || !subscription) return null;
  const key = applicationServerKey(publicKey);
  const made = subscription.options?.applicationServerKey;
  if (made && !sameKey(made, key)) {
    await subscription.unsubscribe();
    subscription = await found.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  }
  return subscriptionBody(subscription.toJSON());
}

/** Ends this browser's subscription: its endpoint (for merchant/push_unsubscribe), or null when it had none. */
export async function unsubscribeBrowser(): Promise<string | null> {
  const found = await registration();
  const subscription = await found?.pushManager.getSubscription();
  if (!subscription) return null;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  return endpoint;
}
