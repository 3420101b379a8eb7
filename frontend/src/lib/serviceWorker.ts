/**
 * The app's service worker (frontend/sw, served at /sw.js): registered once the page has loaded, so that it never
 * competes with the first load for the network.
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

/**
 * What the page does with the registration's events (exported for tests): a new worker installed while another
 * controls the page waits, and is offered; only the tap lets it take over, and only that page reloads.
 */
export function watch(registration: ServiceWorkerRegistration, container: ServiceWorkerContainer): void {
  let tapped = false;
  const offer = (worker: ServiceWorker) =>
    setWaiting({
      skipWaiting: () => {
        tapped = true;
        worker.postMessage({ type: "SKIP_WAITING" });
      },
    });
  if (registration.waiting && container.controller) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed" && container.controller) offer(worker); // a first version has nothing to replace
    });
  });
  container.addEventListener("controllerchange", () => {
    if (tapped) window.location.reload();
    // The first version controls this page at once (clients.claim): it keeps what the page already loaded.
    else container.controller?.postMessage({ type: "CACHE_URLS", urls: usedFiles() });
  });
}

export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    navigator.serviceWorker
      .register("/sw.js")
      .then((registration) => watch(registration, navigator.serviceWorker))
      .catch(() => undefined);
  });
}
