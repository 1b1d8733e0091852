// Keeping the photos of the copied listings for offline use, in LISTING_IMAGE_CACHE. With the service worker in
// control a plain fetch is enough (its cache-first route stores the photo and keeps the cache's expiry and size cap
// in step); without it the photo is put into the cache here. Client-only.
import { LISTING_IMAGE_CACHE, type OfflineListing, type SavedSearchCopy, type WatchedCopy } from "./contracts.ts";
import type { BrowsedCopy } from "./offline-db.ts";

/** At most this many photos per sync: the service worker keeps 400, so watched items are not pushed out. */
const IMAGES_PER_SYNC = 300;
const PARALLEL = 4;

/** Only our listing photos are cached (never another site's URL, never a page). */
function isListingImage(url: string): boolean {
  return url.startsWith("/uploads/listings/");
}

/**
 * The photos worth keeping, most wanted first: each watched listing's main photo, each browsed listing's, the
 * saved searches' result pictures, then the other photos of watched and browsed listings. No duplicates.
 */
export function imagesToKeep(watchlist: WatchedCopy[], browsed: BrowsedCopy[], searches: SavedSearchCopy[], limit: number = IMAGES_PER_SYNC): string[] {
  const listings: OfflineListing[] = [...watchlist.map((copy) => copy.listing), ...browsed.map((copy) => copy.listing)];
  const ordered = [
    ...listings.map((listing) => listing.imageUrls[0]),
    ...searches.flatMap((search) => search.results.map((card) => card.imageUrl)),
    ...listings.flatMap((listing) => listing.imageUrls.slice(1)),
  ];
  const kept = new Set<string>();
  for (const url of ordered) {
    if (kept.size >= limit) break;
    if (url && isListingImage(url)) kept.add(url);
  }
  return [...kept];
}

async function keepOne(cache: Cache, url: string, viaServiceWorker: boolean): Promise<void> {
  if (await cache.match(url)) return;
  if (viaServiceWorker) {
    await fetch(url, { credentials: "same-origin" });
    return;
  }
  const response = await fetch(url, { credentials: "same-origin" });
  if (response.ok) await cache.put(url, response);
}

/** Caches the photos at `urls` that are not cached yet; failures (offline, quota) are skipped quietly. */
export async function cacheListingImages(urls: string[]): Promise<void> {
  if (typeof caches === "undefined" || urls.length === 0) return;
  const wanted = urls.filter(isListingImage);
  let cache: Cache;
  try {
    cache = await caches.open(LISTING_IMAGE_CACHE);
  } catch {
    return;
  }
  const viaServiceWorker = typeof navigator !== "undefined" && Boolean(navigator.serviceWorker?.controller);
  let next = 0;
  const worker = async () => {
    while (next < wanted.length) {
      const url = wanted[next++]!;
      try {
        await keepOne(cache, url, viaServiceWorker);
      } catch {
        // Offline or out of space: the next sync tries again.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, wanted.length) }, worker));
}
