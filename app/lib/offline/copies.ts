// What the offline database holds, read and written: the watched copies, saved searches, browsed listings, the
// owner of the copies and when they were last synced (offline-db.ts owns the database; outbox.ts the queued actions).
// Client-only: every function takes the database from openOfflineDb().
import { savedSearchListingsUrl, savedSearchSummary } from "./saved-search-copy.ts";
import { BROWSED_LISTINGS_KEPT, type OfflineListing, type OfflineSnapshot, type OutboxAction, type SavedSearchCopy, type WatchedCopy } from "./contracts.ts";
import { ALL_STORES, announceChange, type BrowsedCopy, type OfflineDb, type WriteTx } from "./offline-db.ts";

// ── Reading ──

const newestFirst = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

/** The watched copies, newest watched first. */
export async function readWatchlist(db: OfflineDb): Promise<WatchedCopy[]> {
  const copies = await db.getAll("watchlist");
  return copies.sort((a, b) => newestFirst(a.watchedAt, b.watchedAt) || b.listing.id - a.listing.id);
}

/** The saved searches: those made offline first (newest first), then the server's, newest first. */
export async function readSavedSearches(db: OfflineDb): Promise<SavedSearchCopy[]> {
  const copies = await db.getAll("savedSearches");
  return copies.sort((a, b) => {
    if (a.serverId === null || b.serverId === null) {
      if (a.serverId !== null) return 1;
      if (b.serverId !== null) return -1;
      return newestFirst(a.savedAt, b.savedAt);
    }
    return b.serverId - a.serverId;
  });
}

/** The browsed listings, most recently viewed first. */
export async function readBrowsed(db: OfflineDb): Promise<BrowsedCopy[]> {
  const copies = await db.getAllFromIndex("browsed", "by-viewedAt");
  return copies.reverse().map(({ listing, viewedAt }) => ({ listing, viewedAt }));
}

export interface ListingCopy {
  listing: OfflineListing;
  /** When this copy was taken. */
  savedAt: string;
  watched: WatchedCopy | null;
}

/** The freshest copy of a listing (watched or browsed), or null when none is kept. */
export async function readListingCopy(db: OfflineDb, id: number): Promise<ListingCopy | null> {
  const tx = db.transaction(["watchlist", "browsed"]);
  const [watched, browsed] = await Promise.all([tx.objectStore("watchlist").get(id), tx.objectStore("browsed").get(id)]);
  await tx.done;
  if (!watched && !browsed) return null;
  if (watched && (!browsed || watched.savedAt >= browsed.viewedAt)) return { listing: watched.listing, savedAt: watched.savedAt, watched };
  return { listing: browsed!.listing, savedAt: browsed!.viewedAt, watched: watched ?? null };
}

/** The copy of the listing sold in auction `auctionId` (for /auctions/{id} offline), or null. */
export async function readListingCopyByAuction(db: OfflineDb, auctionId: number): Promise<ListingCopy | null> {
  const [watched, browsed] = await Promise.all([db.getAll("watchlist"), db.getAll("browsed")]);
  const listingId =
    watched.find((copy) => copy.listing.auctionId === auctionId)?.listing.id ?? browsed.find((copy) => copy.listing.auctionId === auctionId)?.listing.id;
  return listingId === undefined ? null : readListingCopy(db, listingId);
}

export interface SyncState {
  /** The user whose copies these are (null before the first sync). */
  ownerId: string | null;
  /** When the last snapshot was taken. */
  lastSyncAt: string | null;
  /** When a change made online left the copies behind (null when they are up to date with the last snapshot). */
  staleSince: string | null;
}

export async function readSyncState(db: OfflineDb): Promise<SyncState> {
  const [owner, lastSync, stale] = await Promise.all([db.get("meta", "owner"), db.get("meta", "lastSyncAt"), db.get("meta", "staleSince")]);
  return {
    ownerId: owner?.key === "owner" ? owner.value : null,
    lastSyncAt: lastSync?.key === "lastSyncAt" ? lastSync.value : null,
    staleSince: stale?.key === "staleSince" ? stale.value : null,
  };
}

/** Notes that a change was sent online, so the next sync takes a snapshot even if the last one is recent. */
export async function markStale(db: OfflineDb, now: Date = new Date()): Promise<void> {
  const tx = db.transaction("meta", "readwrite");
  if (!(await tx.store.get("staleSince"))) await tx.store.put({ key: "staleSince", value: now.toISOString() });
  await tx.done;
}

/** Clears the stale mark set at `since` (one set later, by a change the snapshot may have missed, is kept). */
export async function clearStale(db: OfflineDb, since: string): Promise<void> {
  const tx = db.transaction("meta", "readwrite");
  const stale = await tx.store.get("staleSince");
  if (stale?.key === "staleSince" && stale.value === since) await tx.store.delete("staleSince");
  await tx.done;
}

// ── Writing ──

/** Keeps the browsed store at BROWSED_LISTINGS_KEPT, dropping the least recently viewed. */
async function trimBrowsed(tx: WriteTx): Promise<void> {
  const store = tx.objectStore("browsed");
  let excess = (await store.count()) - BROWSED_LISTINGS_KEPT;
  if (excess <= 0) return;
  let cursor = await store.index("by-viewedAt").openCursor();
  while (cursor && excess > 0) {
    await cursor.delete();
    excess -= 1;
    cursor = await cursor.continue();
  }
}

/**
 * Remembers a listing the user opened (most recent first; the 100 most recent are kept). A watched listing's copy
 * is refreshed too.
 */
export async function rememberBrowsed(db: OfflineDb, listing: OfflineListing, now: Date = new Date()): Promise<void> {
  const viewedAt = now.toISOString();
  const tx = db.transaction(["browsed", "watchlist"], "readwrite") as unknown as WriteTx;
  await tx.objectStore("browsed").put({ listing, viewedAt });
  await trimBrowsed(tx);
  const watched = await tx.objectStore("watchlist").get(listing.id);
  if (watched) await tx.objectStore("watchlist").put({ ...watched, listing, savedAt: viewedAt });
  await tx.done;
  announceChange();
}

/** Empties every store (a different user's copies, or sign-out when the database cannot be deleted at once). */
async function clearAll(tx: WriteTx): Promise<void> {
  await Promise.all(ALL_STORES.map((name) => tx.objectStore(name).clear()));
}

async function ownerIn(tx: WriteTx): Promise<string | null> {
  const owner = await tx.objectStore("meta").get("owner");
  return owner?.key === "owner" ? owner.value : null;
}

/**
 * Makes `userId` the owner of the copies. Copies (and queued actions) of another user are wiped first: a shared
 * tablet never shows, or replays, someone else's. Returns whether anything was wiped.
 */
export async function claimOwner(db: OfflineDb, userId: string): Promise<boolean> {
  const tx = db.transaction(ALL_STORES, "readwrite");
  const owner = await ownerIn(tx);
  const wipe = owner !== null && owner !== userId;
  if (wipe) await clearAll(tx);
  if (owner !== userId) await tx.objectStore("meta").put({ key: "owner", value: userId });
  await tx.done;
  if (wipe) announceChange();
  return wipe;
}

/**
 * What an action does to the copies at once: unwatch removes the watched copy (the listing stays readable as a
 * browsed copy, so it can be watched again offline), notes update it, watch adds a copy when the listing is known,
 * a saved search is added under the action's id. `previous` holds copies a snapshot just replaced.
 */
export async function applyLocally(tx: WriteTx, action: OutboxAction, at: string, previous?: Map<number, WatchedCopy>): Promise<void> {
  const watchlist = tx.objectStore("watchlist");
  const browsed = tx.objectStore("browsed");
  switch (action.kind) {
    case "watch": {
      const current = await watchlist.get(action.listingId);
      if (current) {
        if (action.notes !== undefined) await watchlist.put({ ...current, notes: action.notes });
        return;
      }
      const before = previous?.get(action.listingId);
      if (before) {
        await watchlist.put({ ...before, notes: action.notes ?? before.notes });
        return;
      }
      const seen = await browsed.get(action.listingId);
      if (seen) await watchlist.put({ listing: seen.listing, notes: action.notes ?? "", watchedAt: at, savedAt: seen.viewedAt });
      return;
    }
    case "unwatch": {
      const current = await watchlist.get(action.listingId);
      if (!current) return;
      await watchlist.delete(action.listingId);
      if (!(await browsed.get(action.listingId))) {
        await browsed.put({ listing: current.listing, viewedAt: current.savedAt });
        await trimBrowsed(tx);
      }
      return;
    }
    case "notes": {
      const current = await watchlist.get(action.listingId);
      if (current) await watchlist.put({ ...current, notes: action.notes });
      return;
    }
    case "saved_search": {
      await tx.objectStore("savedSearches").put({
        serverId: null,
        key: action.id,
        name: action.name,
        summary: savedSearchSummary(action.params),
        params: action.params,
        listingsUrl: savedSearchListingsUrl(action.params),
        notifyOnNew: action.notifyOnNew,
        lastExecuted: null,
        results: [],
        savedAt: at,
      });
      return;
    }
  }
}

/**
 * Stores a snapshot from the server: the watchlist and saved searches are replaced wholesale, then the actions
 * still in the outbox are applied again on top (a snapshot taken before an offline unwatch replayed must not bring
 * the item back). A snapshot of another user wipes everything first.
 */
export async function saveSnapshot(db: OfflineDb, snapshot: OfflineSnapshot): Promise<void> {
  const tx = db.transaction(ALL_STORES, "readwrite");
  const owner = await ownerIn(tx);
  if (owner !== null && owner !== snapshot.userId) await clearAll(tx);
  const watchlist = tx.objectStore("watchlist");
  const previous = new Map((await watchlist.getAll()).map((copy) => [copy.listing.id, copy]));
  await watchlist.clear();
  for (const copy of snapshot.watchlist) await watchlist.put(copy);
  const searches = tx.objectStore("savedSearches");
  await searches.clear();
  for (const copy of snapshot.savedSearches) await searches.put(copy);
  const pending = await tx.objectStore("outbox").index("by-createdAt").getAll();
  for (const record of pending) await applyLocally(tx, record.action, record.createdAt, previous);
  const meta = tx.objectStore("meta");
  await meta.put({ key: "owner", value: snapshot.userId });
  await meta.put({ key: "lastSyncAt", value: snapshot.takenAt });
  await tx.done;
  announceChange();
}
