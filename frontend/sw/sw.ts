/**
 * The app's service worker, served at /sw.js (apps/core/views.py, service_worker) so that its scope is the whole app.
 * webpack's InjectManifest (workbox-webpack-plugin) compiles it and writes the list of the build's files into
 * self.__WB_MANIFEST.
 */
import { precacheAndRoute } from "workbox-precaching";
import type { PrecacheEntry } from "workbox-precaching";
import "./push";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

precacheAndRoute(self.__WB_MANIFEST);
