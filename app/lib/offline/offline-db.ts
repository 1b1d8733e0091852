// The browser's offline copies (issue 6): the watchlist, saved searches with their last results, the last 100
// browsed listings and an outbox of actions taken offline, in IndexedDB (idb, typed schema). Used by the app
// (sync, pending list, offline forms) and by the offline page, which renders from it. Client-only: every function
// takes the database from openOfflineDb(); nothing here talks to the server except replayOutbox.
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from "idb";
import { wipeDevice } from "./device-wipe.ts";
import { savedSearchListingsUrl, savedSearchSummary } from "./saved-search-copy.ts";
import {
  BROWSED_LISTINGS_KEPT,
  OFFLINE_DB_NAME,
  type OfflineListing,
  type OfflineSnapshot,
  type OutboxAction,
  type OutboxReplayResult,
  type SavedSearchCopy,
  type WatchedCopy,
} from "./contracts.ts";

// ── Schema ──

export interface BrowsedCopy {
  listing: OfflineListing;
  viewedAt: string;
}

/** An outbox entry: the action, when it was queued, and how its replays went. */
export interface OutboxRecord {
  id: string;
  action: OutboxAction;
  createdAt: string;
  /** Replays the server answered with an error (a lost connection does not count). */
  attempts: number;
  /** Not sent again before this time (backoff after an error); null when it may go now. */
  nextAttemptAt: string | null;
  lastError: string | null;
  /** The listing's title when a copy of it was known at the time (for the pending list). */
  title: string | null;
}

/** Something the user should read once: an action the server could not apply. */
export interface OfflineNotice {
  id: string;
  text: string;
  at: string;
}

export type MetaRecord =
  | { key: "owner"; value: string }
  | { key: "lastSyncAt"; value: string }
  | { key: "notices"; value: OfflineNotice[] }
  /** Set when a change was sent online: the copies lag behind until the next snapshot (when it was set). */
  | { key: "staleSince"; value: string };

export interface OfflineSchema extends DBSchema {
  /** Keyed by listing id (keyPath listing.id). */
  watchlist: { key: number; value: WatchedCopy };
  /** Keyed by SavedSearchCopy.key. */
  savedSearches: { key: string; value: SavedSearchCopy };
  /** Keyed by listing id (keyPath listing.id). */
  browsed: { key: number; value: BrowsedCopy; indexes: { "by-viewedAt": string } };
  outbox: { key: string; value: OutboxRecord; indexes: { "by-createdAt": string } };
  meta: { key: MetaRecord["key"]; value: MetaRecord };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;
type StoreName = "watchlist" | "savedSearches" | "browsed" | "outbox" | "meta";
const ALL_STORES: StoreName[] = ["watchlist", "savedSearches", "browsed", "outbox", "meta"];

let opening: Promise<OfflineDb> | null = null;
let openedDb: OfflineDb | null = null;

/** Forgets the shared connection `db` (closed, or asked to close), so the next caller opens a new one. */
function forget(db: OfflineDb): void {
  if (openedDb === db) {
    openedDb = null;
    opening = null;
  }
}

/** Opens the database at `version` (its current one when undefined; created with every store when new). */
function openAtVersion(version: number | undefined): Promise<OfflineDb> {
  const pending: Promise<OfflineDb> = openDB<OfflineSchema>(OFFLINE_DB_NAME, version, {
    upgrade(db) {
      if (!db.objectStoreNames.contains("watchlist")) db.createObjectStore("watchlist", { keyPath: "listing.id" });
      if (!db.objectStoreNames.contains("savedSearches")) db.createObjectStore("savedSearches", { keyPath: "key" });
      if (!db.objectStoreNames.contains("browsed")) {
        db.createObjectStore("browsed", { keyPath: "listing.id" }).createIndex("by-viewedAt", "viewedAt");
      }
      if (!db.objectStoreNames.contains("outbox")) {
        db.createObjectStore("outbox", { keyPath: "id" }).createIndex("by-createdAt", "createdAt");
      }
      if (!db.objectStoreNames.contains("meta")) db.createObjectStore("meta", { keyPath: "key" });
    },
    blocking() {
      void pending.then((db) => {
        db.close();
        forget(db);
      });
    },
    terminated() {
      void pending.then(forget);
    },
  });
  return pending;
}

/**
 * Opens the database at whatever version it has; one that lacks a store (made under this name without the schema)
 * is upgraded once so every store exists.
 */
async function openWithStores(): Promise<OfflineDb> {
  const db = await openAtVersion(undefined);
  if (ALL_STORES.every((name) => db.objectStoreNames.contains(name))) return db;
  const version = db.version + 1;
  db.close();
  return openAtVersion(version);
}

/**
 * The offline database, opened once per page and shared (do not close it). The connection closes itself when
 * another tab deletes the database (sign-out) or upgrades it, so neither waits on this one.
 */
export function openOfflineDb(): Promise<OfflineDb> {
  if (!opening) {
    const pending = openWithStores().then((db) => {
      if (opening === pending) openedDb = db;
      return db;
    });
    opening = pending;
    pending.catch(() => {
      if (opening === pending) opening = null;
    });
  }
  return opening;
}

// ── Change announcements: the pending list and other tabs refresh when the copies change ──

/** Fired on window (this page) and on a BroadcastChannel of this name (other tabs) after every change. */
export const OFFLINE_CHANGED_EVENT = "tradebench:offline-changed";

/** "wiped": the database is gone (sign-out); a listener should not open it again just to read nothing. */
export type OfflineChange = "changed" | "wiped";

function announceChange(kind: OfflineChange = "changed"): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent<OfflineChange>(OFFLINE_CHANGED_EVENT, { detail: kind }));
  if (typeof BroadcastChannel !== "undefined") {
    const channel = new BroadcastChannel(OFFLINE_CHANGED_EVENT);
    channel.postMessage(kind);
    channel.close();
  }
}

/** Calls `listener` when the offline copies change, here or in another tab; returns the unsubscribe. */
export function onOfflineChange(listener: (kind: OfflineChange) => void): () => void {
  if (typeof window === "undefined") return () => {};
  const here = (event: Event) => listener((event as CustomEvent<OfflineChange>).detail === "wiped" ? "wiped" : "changed");
  const elsewhere = (event: MessageEvent) => listener(event.data === "wiped" ? "wiped" : "changed");
  window.addEventListener(OFFLINE_CHANGED_EVENT, here);
  const channel = typeof BroadcastChannel !== "undefined" ? new BroadcastChannel(OFFLINE_CHANGED_EVENT) : null;
  channel?.addEventListener("message", elsewhere);
  return () => {
    window.removeEventListener(OFFLINE_CHANGED_EVENT, here);
    channel?.close();
  };
}

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
    watched.find((copy) => copy.listing.auctionId === auctionId)?.listing.id ??
    browsed.find((copy) => copy.listing.auctionId === auctionId)?.listing.id;
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

type WriteTx = IDBPTransaction<OfflineSchema, StoreName[], "readwrite">;

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
async function applyLocally(tx: WriteTx, action: OutboxAction, at: string, previous?: Map<number, WatchedCopy>): Promise<void> {
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

// ── The outbox ──

export interface PendingAction {
  action: OutboxAction;
  createdAt: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  /** The listing's title when known. */
  title: string | null;
  /** "Unwatch: Keysight DSOX1204G" (describeAction with the title). */
  description: string;
}

/** A new client id for an action (crypto.randomUUID). */
export function newActionId(): string {
  return crypto.randomUUID();
}

/** The pending list's line for an action: "Unwatch: Keysight DSOX1204G", "Save search: Scopes under $5,000". */
export function describeAction(action: OutboxAction, title?: string | null): string {
  if (action.kind === "saved_search") return `Save search: ${action.name}`;
  const what = title?.trim() || `listing #${action.listingId}`;
  switch (action.kind) {
    case "watch":
      return `Watch: ${what}`;
    case "unwatch":
      return `Unwatch: ${what}`;
    case "notes":
      return `Notes: ${what}`;
  }
}

function toPending(record: OutboxRecord): PendingAction {
  return {
    action: record.action,
    createdAt: record.createdAt,
    attempts: record.attempts,
    lastError: record.lastError,
    nextAttemptAt: record.nextAttemptAt,
    title: record.title,
    description: describeAction(record.action, record.title),
  };
}

/**
 * Queues an action taken offline and applies it to the copies at once (optimistic). Actions keep the order they
 * were taken in, even within one millisecond.
 */
export async function queueAction(db: OfflineDb, action: OutboxAction, now: Date = new Date()): Promise<PendingAction> {
  const tx = db.transaction(ALL_STORES, "readwrite");
  const outbox = tx.objectStore("outbox");
  const last = await outbox.index("by-createdAt").openCursor(null, "prev");
  let at = now.getTime();
  if (last && Date.parse(last.value.createdAt) >= at) at = Date.parse(last.value.createdAt) + 1;
  const createdAt = new Date(at).toISOString();
  let title: string | null = null;
  if (action.kind !== "saved_search") {
    const copy = (await tx.objectStore("watchlist").get(action.listingId)) ?? (await tx.objectStore("browsed").get(action.listingId));
    title = copy?.listing.title ?? null;
  }
  const record: OutboxRecord = { id: action.id, action, createdAt, attempts: 0, nextAttemptAt: null, lastError: null, title };
  await outbox.put(record);
  await applyLocally(tx, action, createdAt);
  await tx.done;
  announceChange();
  return toPending(record);
}

/** What is waiting to sync, oldest first. */
export async function pendingActions(db: OfflineDb): Promise<PendingAction[]> {
  return (await db.getAllFromIndex("outbox", "by-createdAt")).map(toPending);
}

/** Backoff after the server answered an action with an error: 2^attempts seconds, at most 5 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2 ** attempts, 300) * 1000;
}

export const REPLAY_URL = "/resources/offline-actions";
/** The server takes at most this many actions per request. */
export const REPLAY_BATCH = 50;

export const REPLAY_MESSAGES = {
  noConnection: "Waiting for a connection.",
  signedOut: "Sign in again to send your changes.",
  serverError: "The server could not take your changes. They will be sent again shortly.",
  unanswered: "The server did not answer for this change. It will be sent again shortly.",
  gone: "This listing is no longer available.",
  refused: "The server refused this change.",
  couldNotApply: (description: string, message: string) => `${description} — could not be applied: ${message}`,
} as const;

export interface ReplayOptions {
  now?: () => Date;
}

export interface ReplaySummary {
  /** Actions the server now reflects (applied now or before). */
  applied: number;
  /** Actions still waiting. */
  remaining: number;
}

async function readFailure(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === "string" && body.message) return body.message;
  } catch {
    // Not JSON: the generic message below.
  }
  return REPLAY_MESSAGES.serverError;
}

/** Records a failed replay of `ids`; counted failures back off, a lost connection does not. */
async function markFailed(db: OfflineDb, ids: string[], message: string, counted: boolean, now: Date): Promise<void> {
  const tx = db.transaction("outbox", "readwrite");
  for (const id of ids) {
    const record = await tx.store.get(id);
    if (!record) continue;
    const attempts = counted ? record.attempts + 1 : record.attempts;
    await tx.store.put({
      ...record,
      attempts,
      lastError: message,
      nextAttemptAt: counted ? new Date(now.getTime() + retryDelayMs(attempts)).toISOString() : record.nextAttemptAt,
    });
  }
  await tx.done;
}

function isResult(value: unknown): value is OutboxReplayResult {
  if (!value || typeof value !== "object") return false;
  const result = value as Partial<OutboxReplayResult>;
  return typeof result.id === "string" && ["applied", "duplicate", "gone", "refused"].includes(result.outcome as string);
}

/**
 * Sends the outbox to the server, oldest first, 50 at a time, and drops each action the server answered
 * (applied, duplicate, gone, refused; the last two leave a notice for the user). An action still backing off
 * holds back the ones after it, so actions are never applied out of order. Stops at a lost connection
 * (nothing counted) or at an error answer (each sent action backs off).
 */
export async function replayOutbox(db: OfflineDb, send: typeof fetch = fetch, options: ReplayOptions = {}): Promise<ReplaySummary> {
  const now = options.now ?? (() => new Date());
  let applied = 0;
  for (;;) {
    const started = now();
    const records = await db.getAllFromIndex("outbox", "by-createdAt");
    const batch: OutboxRecord[] = [];
    for (const record of records) {
      if (record.nextAttemptAt && Date.parse(record.nextAttemptAt) > started.getTime()) break;
      batch.push(record);
      if (batch.length === REPLAY_BATCH) break;
    }
    if (batch.length === 0) break;
    const ids = batch.map((record) => record.id);
    let response: Response;
    try {
      response = await send(REPLAY_URL, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ actions: batch.map((record) => record.action) }),
        credentials: "same-origin",
      });
    } catch {
      await markFailed(db, ids, REPLAY_MESSAGES.noConnection, false, started);
      break;
    }
    // 503: the service worker's answer to a POST with no connection (or the server is down for a moment).
    if (response.status === 503) {
      await markFailed(db, ids, REPLAY_MESSAGES.noConnection, false, started);
      break;
    }
    if (response.status === 401) {
      await markFailed(db, ids, REPLAY_MESSAGES.signedOut, false, started);
      break;
    }
    if (!response.ok) {
      await markFailed(db, ids, await readFailure(response), true, started);
      break;
    }
    let results: OutboxReplayResult[];
    try {
      const body = (await response.json()) as { results?: unknown };
      if (!Array.isArray(body.results)) throw new Error("No results");
      results = body.results.filter(isResult);
    } catch {
      await markFailed(db, ids, REPLAY_MESSAGES.serverError, true, started);
      break;
    }
    const answered = new Set<string>();
    const tx = db.transaction(["outbox", "meta"], "readwrite");
    const notices: OfflineNotice[] = [];
    for (const result of results) {
      const record = batch.find((one) => one.id === result.id);
      if (!record || answered.has(result.id)) continue;
      answered.add(result.id);
      await tx.objectStore("outbox").delete(result.id);
      if (result.outcome === "applied" || result.outcome === "duplicate") applied += 1;
      else {
        const message = result.message || (result.outcome === "gone" ? REPLAY_MESSAGES.gone : REPLAY_MESSAGES.refused);
        notices.push({ id: result.id, text: REPLAY_MESSAGES.couldNotApply(describeAction(record.action, record.title), message), at: started.toISOString() });
      }
    }
    if (notices.length > 0) {
      const stored = await tx.objectStore("meta").get("notices");
      const kept = stored?.key === "notices" ? stored.value : [];
      await tx.objectStore("meta").put({ key: "notices", value: [...kept, ...notices] });
    }
    await tx.done;
    const unanswered = ids.filter((id) => !answered.has(id));
    if (unanswered.length > 0) await markFailed(db, unanswered, REPLAY_MESSAGES.unanswered, true, started);
    if (answered.size > 0) announceChange();
    if (answered.size === 0 || unanswered.length > 0) break;
  }
  return { applied, remaining: await db.count("outbox") };
}

// ── Notices ──

/** Actions the server could not apply, to be read once (until dismissed). */
export async function readNotices(db: OfflineDb): Promise<OfflineNotice[]> {
  const stored = await db.get("meta", "notices");
  return stored?.key === "notices" ? stored.value : [];
}

export async function dismissNotice(db: OfflineDb, id: string): Promise<void> {
  const tx = db.transaction("meta", "readwrite");
  const stored = await tx.store.get("notices");
  const kept = stored?.key === "notices" ? stored.value.filter((notice) => notice.id !== id) : [];
  await tx.store.put({ key: "notices", value: kept });
  await tx.done;
  announceChange();
}

// ── Sign-out ──

/**
 * Deletes every copy: this module's handle is closed first, then every database and cache of the origin is emptied
 * and deleted (device-wipe.ts), the photo cache and the service worker's photo index included.
 */
export async function wipeOfflineData(): Promise<void> {
  if (openedDb) {
    openedDb.close();
    forget(openedDb);
  }
  opening = null;
  openedDb = null;
  await wipeDevice();
  announceChange("wiped");
}
