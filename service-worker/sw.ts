// Tradebench's service worker (what it keeps and why: docs/decisions/0018-service-worker.md).
// scripts/build-pwa.mjs bundles this file into one classic script and workbox-build's injectManifest writes the
// precache list (hashed client assets, the offline page, manifest and icons) in place of self.__WB_MANIFEST.
//   - Navigations: network only, 4 s timeout, then the precached offline page. No HTML document is ever stored.
//   - Remix data and route-discovery requests that fail offline: answers that make Remix load the document instead.
//   - Listing photos: cache first in LISTING_IMAGE_CACHE, 30 days, 400 entries.
//   - Any other non-GET that fails offline: 503 "You are offline. This needs a connection."
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkOnly } from "workbox-strategies";
import { LISTING_IMAGE_CACHE } from "~/lib/offline/contracts.ts";
import {
  isNeverCached,
  isRemixDataRequest,
  isRouteManifestRequest,
  offlineDataAnswer,
  offlineMutationAnswer,
  offlineRouteManifestAnswer,
} from "./remix-offline.ts";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const OFFLINE_PAGE_URL = "/offline.html";
const NAVIGATION_TIMEOUT_SECONDS = 4;
const LISTING_IMAGE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const LISTING_IMAGE_MAX_ENTRIES = 400;

// A new version waits until the page asks it to take over (the "A new version is available — Reload" prompt).
self.addEventListener("message", (event) => {
  if (event.data && typeof event.data === "object" && event.data.type === "SKIP_WAITING") void self.skipWaiting();
});
// The first version controls the open pages at once, so they work offline without a reload.
clientsClaim();
cleanupOutdatedCaches();

// cleanURLs off: /offline must not be answered with /offline.html.
precacheAndRoute(self.__WB_MANIFEST, { cleanURLs: false });

const navigationNetwork = new NetworkOnly({ networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS });
registerRoute(
  new NavigationRoute(async (options) => {
    try {
      return await navigationNetwork.handle(options);
    } catch {
      // The offline page reads the address and renders the stored copy of /watchlist or /listings/{id}, or the
      // list of what is available offline.
      return (await matchPrecache(OFFLINE_PAGE_URL)) ?? Response.error();
    }
  }),
);

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.mode !== "navigate" && isRemixDataRequest(url) && !isNeverCached(url),
  async ({ request, url }) => {
    try {
      return await fetch(request);
    } catch {
      return offlineDataAnswer(url);
    }
  },
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isRouteManifestRequest(url),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return offlineRouteManifestAnswer();
    }
  },
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/uploads/listings/") && !isNeverCached(url),
  new CacheFirst({
    cacheName: LISTING_IMAGE_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxAgeSeconds: LISTING_IMAGE_MAX_AGE_SECONDS,
        maxEntries: LISTING_IMAGE_MAX_ENTRIES,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
  registerRoute(
    ({ sameOrigin }) => sameOrigin,
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return offlineMutationAnswer();
      }
    },
    method,
  );
}
