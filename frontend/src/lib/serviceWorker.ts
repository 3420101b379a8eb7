/**
 * The app's service worker (frontend/sw, served at /sw.js): registered once the page has loaded, so that it never
 * competes with the first load for the network (workbox-window, in its own chunk).
 *
 * A new version waits: `useUpdateReady()` turns true and the app offers "Reload" (app/UpdatePrompt); only the
 * merchant's tap (`applyUpdate`) lets it take over, then this page reloads. Nothing is swapped under a task.
 */
import { useSyncExternalStore } from "react";

type Updater = { skipWaiting: () => void };

let waiting: Updater | null = null;
const listeners = new Set<() => void>();

function setWaiting(next: Updater | null): void {
  waiting = next;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const isReady = () => waiting !== null;

/** Whether a new version is installed and waits for the merchant's tap. */
export function useUpdateReady(): boolean {
  return useSyncExternalStore(subscribe, isReady, isReady);
}

/** The merchant tapped "Reload": the waiting version takes over, and the page reloads when it controls it. */
export function applyUpdate(): void {
  waiting?.skipWaiting();
}

/** The static files this page loaded before the worker controlled it (its first visit), for the worker to keep. */
function usedFiles(): string[] {
  const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
  return entries.map((entry) => entry.name).filter((name) => new URL(name).pathname.startsWith("/static/"));
}

/** Exported for tests: what the page does with the worker's events (workbox-window's Workbox, or a stand-in). */
export function watch(wb: {
  addEventListener: (type: "waiting" | "controlling", listener: (event: { isUpdate?: boolean }) => void) => void;
  messageSkipWaiting: () => void;
}): void {
  let tapped = false;
  wb.addEventListener("waiting", () =>
    setWaiting({
      skipWaiting: () => {
        tapped = true;
        wb.messageSkipWaiting();
      },
    }),
  );
  wb.addEventListener("controlling", () => {
    if (tapped) window.location.reload(); // only the page whose merchant tapped
  });
}

export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    void import(/* webpackChunkName: "sw-window" */ "workbox-window")
      .then(({ Workbox }) => {
        const wb = new Workbox("/sw.js");
        watch(wb);
        // The first version controls this page at once (clients.claim): it keeps what the page already loaded.
        navigator.serviceWorker.addEventListener("controllerchange", () =>
          navigator.serviceWorker.controller?.postMessage({ type: "CACHE_URLS", urls: usedFiles() }),
        );
        return wb.register();
      })
      .catch(() => undefined);
  });
}
