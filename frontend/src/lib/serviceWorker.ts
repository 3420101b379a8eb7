/** The app's service worker (frontend/sw, served at /sw.js): registered once the page has loaded, so that it never
 * competes with the first load for the network. */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    void navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  });
}
