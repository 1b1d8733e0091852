// The browser's offline copies live in one IndexedDB database (idb, typed schema): the watchlist, saved
// searches with their last results, the last 100 browsed listings, an outbox of actions taken offline and a few
// facts about the copies. This module owns the database itself: its schema, the one shared connection, the
// announcement that the copies changed, and the wipe at sign-out. What is stored is read and written by
// copies.ts; the outbox and its replay are outbox.ts. Client-only.
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from "idb";
import { wipeDevice } from "./device-wipe.ts";
import { OFFLINE_DB_NAME, type OfflineListing, type OutboxAction, type SavedSearchCopy, type WatchedCopy } from "./contracts.ts";

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
export type StoreName = "watchlist" | "savedSearches" | "browsed" | "outbox" | "meta";
export const ALL_STORES: StoreName[] = ["watchlist", "savedSearches", "browsed", "outbox", "meta"];

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

/** A read-write transaction over every store (what the copies and the outbox write in). */
export type WriteTx = IDBPTransaction<OfflineSchema, StoreName[], "readwrite">;

// ── Change announcements: the pending list and other tabs refresh when the copies change ──

/** Fired on window (this page) and on a BroadcastChannel of this name (other tabs) after every change. */
const OFFLINE_CHANGED_EVENT = "tradebench:offline-changed";

/** "wiped": the database is gone (sign-out); a listener should not open it again just to read nothing. */
export type OfflineChange = "changed" | "wiped";

export function announceChange(kind: OfflineChange = "changed"): void {
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
