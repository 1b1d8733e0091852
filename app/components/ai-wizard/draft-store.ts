// The wizard's draft on this device (IndexedDB through idb): fields, the server's draft and the photos as Blobs, so
// a reload, or signing in half-way, loses nothing. One draft per browser, tagged with the member who owns it: a
// draft of another member (after a sign-out) is thrown away rather than shown; a visitor's draft is adopted by the
// member who signs in to save it. Cleared once the listing is created. Without IndexedDB (some private windows)
// every call quietly does nothing and the wizard keeps its state in memory.
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { AI_WIZARD_DB_NAME } from "~/lib/offline/contracts.ts";
import type { WizardState } from "./wizard-state.ts";

export const WIZARD_DB_NAME = AI_WIZARD_DB_NAME;
const DB_VERSION = 1;
const STORE = "drafts";
const CURRENT = "current";
/** Bumped when WizardState changes shape: an older draft is then dropped instead of misread. */
const DRAFT_FORMAT = 1;

export interface StoredDraft {
  format: number;
  /** The member the draft belongs to; null for a visitor's. */
  ownerId: string | null;
  savedAt: string;
  state: WizardState;
}

interface WizardDb extends DBSchema {
  [STORE]: { key: string; value: StoredDraft };
}

let opening: Promise<IDBPDatabase<WizardDb>> | null = null;

function database(): Promise<IDBPDatabase<WizardDb>> | null {
  if (typeof indexedDB === "undefined") return null;
  opening ??= openDB<WizardDb>(WIZARD_DB_NAME, DB_VERSION, {
    upgrade(db) {
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE);
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/** The draft to show `viewerId` (null: a visitor), or null. Another member's draft is deleted, never returned. */
export async function loadDraft(viewerId: string | null): Promise<WizardState | null> {
  try {
    const db = await database();
    if (!db) return null;
    const stored = await db.get(STORE, CURRENT);
    if (!stored) return null;
    if (stored.format !== DRAFT_FORMAT || (stored.ownerId !== null && stored.ownerId !== viewerId)) {
      await db.delete(STORE, CURRENT);
      return null;
    }
    return stored.state;
  } catch {
    return null;
  }
}

/** Keeps the draft for `ownerId` (a visitor's draft becomes the member's once they are signed in). */
export async function saveDraft(ownerId: string | null, state: WizardState, now: Date = new Date()): Promise<boolean> {
  try {
    const db = await database();
    if (!db) return false;
    await db.put(STORE, { format: DRAFT_FORMAT, ownerId, savedAt: now.toISOString(), state }, CURRENT);
    return true;
  } catch {
    return false;
  }
}

export async function clearDraft(): Promise<void> {
  try {
    const db = await database();
    if (db) await db.delete(STORE, CURRENT);
  } catch {
    // Nothing kept, nothing to clear.
  }
}

/** Forgets the open connection (tests that delete the database in between). */
export function closeDraftStore(): void {
  void opening?.then((db) => db.close()).catch(() => undefined);
  opening = null;
}
