/**
 * Web Push: the notifications the server sends (push) and what a tap on one opens (notificationclick).
 *
 * The server (apps/support, Celery) sends each notice as the JSON `{title, body, path, tag}` in the merchant's
 * language; `path` is the app's screen that opens the thing (`/orderDetail?id=123`), `tag` lets a re-sent notice
 * replace the one shown. A tap focuses a window of the app and asks it to open `path` with its router (the message
 * `PUSH_OPEN_MESSAGE`, handled by `app/PushOpen.tsx`), or opens a new window at `path`. Only a path of this site is
 * opened: anything else opens /home.
 */
import { PUSH_OPEN_MESSAGE, pushNotice, sitePath } from "../src/lib/pushPayload";

declare const self: ServiceWorkerGlobalScope;

/** The app's icon as the web manifest names it (its content-hashed static address in production). */
const FALLBACK_ICON = "/static/icon-192.png";
let icon: Promise<string> | undefined;

function appIcon(): Promise<string> {
  icon ??= fetch("/manifest.webmanifest")
    .then((response) => response.json() as Promise<{ icons?: { src: string; sizes: string }[] }>)
    .then((manifest) => manifest.icons?.find((entry) => entry.sizes === "192x192")?.src ?? FALLBACK_ICON)
    .catch(() => FALLBACK_ICON);
  return icon;
}

self.addEventListener("push", (event) => {
  let payload: unknown = null;
  try {
    payload = event.data?.json();
  } catch {
    payload = null; // not JSON: shown as the app's name alone (a push must show something)
  }
  const notice = pushNotice(payload);
  event.waitUntil(
    appIcon().then((src) =>
      self.registration.showNotification(notice.title, {
        body: notice.body,
        tag: notice.tag,
        icon: src,
        data: { path: notice.path },
      }),
    ),
  );
});

async function openPath(path: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const app = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!app) {
    await self.clients.openWindow(path);
    return;
  }
  app.postMessage({ type: PUSH_OPEN_MESSAGE, path });
  try {
    await app.focus();
  } catch {
    // Focusing is allowed only while the tap's user activation lasts; the window is told what to open either way.
  }
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data as { path?: unknown } | null;
  event.waitUntil(openPath(sitePath(data?.path, self.location.origin)));
});
