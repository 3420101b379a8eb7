/**
 * The app's service worker, served at /sw.js (apps/core/views.py, service_worker) so that its scope is the whole app.
 * webpack's InjectManifest (workbox-webpack-plugin) compiles it and writes the entry's files with their revisions into
 * self.__WB_MANIFEST (webpack.config.js keeps only main.js and main.css): a new build is a new /sw.js, so a new version.
 *
 * What is cached (docs/frontend.md, "Offline and updates"):
 * - the shell, per build: at install, the HTML of /home and the static files it names (the entry, content-hashed in
 *   production); an app route's navigation is network first and falls back to it offline;
 * - the static files, as they are used (the screens' chunks, the language's catalogue): content-hashed ones cache
 *   first (they never change), the others network first; at most STATIC_ENTRIES of them;
 * - nothing else: the API's answers (each merchant's data) are never in the service worker's caches.
 * A new version waits until the merchant taps "Reload" (lib/serviceWorker.ts posts SKIP_WAITING): never swapped by itself.
 */
import { registerRoute, NavigationRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import type { PrecacheEntry } from "workbox-precaching";
import type { StrategyOptions } from "workbox-strategies";
import "./push";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };
type WorkboxPlugin = NonNullable<StrategyOptions["plugins"]>[number];

const BUILD = self.__WB_MANIFEST.map((entry) => (typeof entry === "string" ? entry : `${entry.url}@${entry.revision}`));
const VERSION = hash(BUILD.join("|"));
const SHELL_CACHE = `shell-${VERSION}`;
const STATIC_CACHE = "static";
/** The shell's address: any app route's HTML is the same document (Django renders index.html at each). */
const SHELL_URL = "/home";
/** How many static files the runtime cache keeps (oldest dropped first): a few visits' screens and catalogues. */
const STATIC_ENTRIES = 150;
/** An app route: one segment of letters ("/orderDetail"); the storefront's pages (/s/..., /pay/...) are not. */
const APP_ROUTE = /^\/[A-Za-z]*$/;
/** A file whose name holds its content's hash (webpack's 10 hex digits, Django's manifest 12): it never changes. */
const CONTENT_HASHED = /\.[0-9a-f]{10,12}\.[A-Za-z0-9]+$/;

function hash(text: string): string {
  let value = 5381;
  for (let i = 0; i < text.length; i++) value = ((value << 5) + value + text.charCodeAt(i)) | 0;
  return (value >>> 0).toString(36);
}

/** The static files an HTML document names (its stylesheet, script and icons). */
function staticRefs(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="(\/static\/[^"]+)"/g)].map((match) => match[1]!);
}

async function cacheShell(): Promise<void> {
  const response = await fetch(SHELL_URL, { credentials: "same-origin", cache: "no-cache" });
  if (!response.ok) throw new Error(`shell: HTTP ${response.status}`);
  const cache = await caches.open(SHELL_CACHE);
  const refs = staticRefs(await response.clone().text());
  await cache.addAll(refs.map((url) => new Request(url, { cache: "no-cache" })));
  await cache.put(SHELL_URL, response);
}

self.addEventListener("install", (event) => event.waitUntil(cacheShell()));

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith("shell-") && name !== SHELL_CACHE).map((n) => caches.delete(n)));
      await self.clients.claim(); // the first version controls the page that installed it (an update waits: see below)
    })(),
  );
});

self.addEventListener("message", (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type === "SKIP_WAITING") void self.skipWaiting(); // the merchant tapped "Reload"
  // The page's files loaded before this worker controlled it (its first visit): the language's catalogue, its screen.
  if (data?.type === "CACHE_URLS" && Array.isArray(data.urls)) event.waitUntil(cacheUsed(data.urls));
});

async function cacheUsed(urls: unknown[]): Promise<void> {
  const cache = await caches.open(STATIC_CACHE);
  for (const url of urls) {
    if (typeof url !== "string") continue;
    const { origin, pathname } = new URL(url, self.location.href);
    if (origin !== self.location.origin || !pathname.startsWith("/static/") || (await caches.match(pathname))) continue;
    const response = await fetch(pathname).catch(() => null);
    if (response?.ok) await cache.put(pathname, response);
  }
  await trim(cache);
}

async function trim(cache: Cache): Promise<void> {
  const keys = await cache.keys(); // in the order they were put
  await Promise.all(keys.slice(0, Math.max(0, keys.length - STATIC_ENTRIES)).map((key) => cache.delete(key)));
}

/** A static file: from the shell's cache when it is there (any version's), else the runtime cache, kept bounded. */
const staticPlugin: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse, request }) => cachedResponse ?? (await caches.match(request)),
  cacheWillUpdate: async ({ response }) => (response.ok ? response : null),
  cacheDidUpdate: async ({ cacheName }) => trim(await caches.open(cacheName)),
};

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/static/") && CONTENT_HASHED.test(url.pathname),
  new CacheFirst({ cacheName: STATIC_CACHE, plugins: [staticPlugin] }),
);
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/static/"),
  new NetworkFirst({ cacheName: STATIC_CACHE, plugins: [staticPlugin] }),
);

/** An app route's page: the server's HTML when it answers; offline, this version's shell (the app draws the route). */
const fromNetwork = new NetworkFirst({
  cacheName: SHELL_CACHE,
  networkTimeoutSeconds: 10,
  plugins: [
    { cacheKeyWillBeUsed: async () => SHELL_URL }, // every route's document is the one shell
    { cacheWillUpdate: async () => null }, // the shell is this build's (install), not whichever page was opened
  ],
});
registerRoute(new NavigationRoute(fromNetwork, { allowlist: [APP_ROUTE] }));
