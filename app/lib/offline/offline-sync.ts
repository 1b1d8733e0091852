// One sync of the offline copies while signed in and online: claim the copies for this user, send the outbox,
// take a fresh snapshot, keep the photos. Client-only; the schedule lives in components/pwa/OfflineSync.tsx.
import { OFFLINE_DB_NAME, type OfflineSnapshot } from "./contracts.ts";
import { cacheListingImages, imagesToKeep } from "./images.ts";
import { claimOwner, clearStale, markStale, readBrowsed, readSavedSearches, readSyncState, readWatchlist, saveSnapshot } from "./copies.ts";
import { openOfflineDb, wipeOfflineData, type OfflineDb } from "./offline-db.ts";
import { replayOutbox } from "./outbox.ts";

export const SNAPSHOT_URL = "/resources/offline-snapshot";

/** Asks the mounted OfflineSync to sync now (after a change made online, for instance). */
export const OFFLINE_SYNC_REQUEST_EVENT = "tradebench:offline-sync";

/** Marks the copies as behind the server (a change was just sent online); a sync soon after takes a snapshot. */
export async function markCopiesStale(): Promise<void> {
  try {
    await markStale(await openOfflineDb());
  } catch {
    // No IndexedDB: nothing to keep in step.
  }
}

export function requestOfflineSync(): void {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(OFFLINE_SYNC_REQUEST_EVENT));
}

export type SyncOutcome = "synced" | "fresh" | "offline" | "failed";

export interface SyncOptions {
  /**
   * Skip the snapshot when the last one is younger than this and the replay sent nothing (a page load right after
   * another: the snapshot costs the server a read of every watched listing and saved search).
   */
  freshForMs?: number;
}

function looksLikeSnapshot(value: unknown, userId: string): value is OfflineSnapshot {
  if (!value || typeof value !== "object") return false;
  const snapshot = value as Partial<OfflineSnapshot>;
  return snapshot.userId === userId && typeof snapshot.takenAt === "string" && Array.isArray(snapshot.watchlist) && Array.isArray(snapshot.savedSearches);
}

/** Sends the outbox, then replaces the copies with a fresh snapshot and caches their photos. */
export async function syncOfflineData(userId: string, send: typeof fetch = fetch, options: SyncOptions = {}): Promise<SyncOutcome> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return "offline";
  const db = await openOfflineDb();
  await claimOwner(db, userId);
  const replayed = await replayOutbox(db, send);
  const { lastSyncAt, staleSince } = await readSyncState(db);
  if (options.freshForMs !== undefined && replayed.applied === 0 && staleSince === null) {
    if (lastSyncAt && Date.now() - Date.parse(lastSyncAt) < options.freshForMs) {
      await keepCopiedPhotos(db);
      return "fresh";
    }
  }
  let response: Response;
  try {
    response = await send(SNAPSHOT_URL, { headers: { Accept: "application/json" }, cache: "no-store", credentials: "same-origin" });
  } catch {
    return "offline";
  }
  if (!response.ok) return response.status === 503 ? "offline" : "failed";
  const snapshot: unknown = await response.json().catch(() => null);
  if (!looksLikeSnapshot(snapshot, userId)) return "failed";
  await saveSnapshot(db, snapshot);
  // A change marked after the snapshot was asked for keeps its mark (the snapshot may predate it).
  if (staleSince !== null) await clearStale(db, staleSince);
  await keepCopiedPhotos(db);
  return "synced";
}

/**
 * Caches the stored copies' photos that are not cached yet. Also done when the snapshot is fresh: a listing page
 * left quickly (its photos still loading) gets them on the next page load.
 */
async function keepCopiedPhotos(db: OfflineDb): Promise<void> {
  const [watchlist, browsed, searches] = await Promise.all([readWatchlist(db), readBrowsed(db), readSavedSearches(db)]);
  await cacheListingImages(imagesToKeep(watchlist, browsed, searches));
}

/**
 * For visitors: copies left by a signed-in user (whose session ended without signing out) are wiped, so a shared
 * tablet never shows them. Looks first without creating the database; copies nobody owns (the photo cache the
 * service worker fills for everyone) are left alone.
 */
export async function wipeLeftoverData(): Promise<boolean> {
  if (typeof indexedDB === "undefined" || typeof indexedDB.databases !== "function") return false;
  const databases = await indexedDB.databases();
  if (!databases.some((database) => database.name === OFFLINE_DB_NAME)) return false;
  const { ownerId } = await readSyncState(await openOfflineDb());
  if (ownerId === null) return false;
  await wipeOfflineData();
  return true;
}

function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** How long signing out waits to send what is still in the outbox. */
const SIGN_OUT_REPLAY_MS = 3000;

/**
 * Before signing out: changes still in the outbox are sent if there is a connection (briefly), then every copy
 * and the photo cache are deleted (shared tablets). Never throws.
 */
export async function clearForSignOut(send: typeof fetch = fetch): Promise<void> {
  try {
    if (typeof navigator === "undefined" || navigator.onLine !== false) {
      const db = await openOfflineDb();
      await within(replayOutbox(db, send), SIGN_OUT_REPLAY_MS);
    }
  } catch {
    // Nothing could be sent: it is wiped with the rest.
  }
  await wipeOfflineData().catch(() => {});
}

/**
 * The sign-out form's submit handler: the copies are wiped first, then the sign-out is posted as a plain form (a
 * full page load, so the next page starts clean). The post goes through a form of its own: the menu holding the
 * original closes, and a form no longer in the document cannot be submitted. Without JavaScript the form simply
 * posts (and nothing was stored).
 */
export function signOutAfterWipe(event: { preventDefault(): void; defaultPrevented: boolean; currentTarget: HTMLFormElement }): void {
  if (event.defaultPrevented) return;
  event.preventDefault();
  const action = event.currentTarget.action;
  void clearForSignOut().finally(() => {
    const form = document.createElement("form");
    form.method = "post";
    form.action = action;
    form.hidden = true;
    document.body.append(form);
    form.submit();
  });
}
