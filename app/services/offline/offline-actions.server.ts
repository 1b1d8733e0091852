// Actions a device queued offline, applied when it reconnects: each one once per (user, client id),
// in one transaction with its offline_actions row, with the rules of the online forms. A replay of an id already
// seen changes nothing ("duplicate"), so a device may send its outbox as often as it likes.
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { isCondition } from "~/lib/conditions.ts";
import { listingsSearchParams, parseListingFilters, savedSearchFilters, toSavedSearchParams, type SavedSearchParams } from "~/lib/listing-filters.ts";
import type { OutboxReplayResult } from "~/lib/offline/contracts.ts";
import { isTestLevel } from "~/lib/test-levels.ts";
import type { OfflineActionInput } from "~/schemas/offline-actions.ts";
import { SaveSearchSchema } from "~/schemas/saved-search.ts";
import { WATCH_NOTES_MAX, WATCHLIST_MESSAGES } from "~/schemas/watchlist.ts";
import { getCategoryIndex } from "../listings/index.server.ts";
import { createSavedSearch } from "../alerts/index.server.ts";
import { isDomainError } from "../domain-error.ts";
import { unwatchListing, updateWatchNotes, watchListing } from "../watchlist/index.server.ts";

export const OFFLINE_ACTION_MESSAGES = {
  gone: "This listing is no longer available.",
  notWatched: WATCHLIST_MESSAGES.notWatched,
  notesTooLong: WATCHLIST_MESSAGES.notesTooLong,
} as const;

type Outcome = Omit<OutboxReplayResult, "id">;
const applied: Outcome = { outcome: "applied" };

/** Notes as the notes form reads them: CRLF line endings count once, at most 1,000 characters. */
function readNotes(notes: string): { ok: true; notes: string } | { ok: false } {
  const normalised = notes.replace(/\r\n/g, "\n");
  return normalised.length > WATCH_NOTES_MAX ? { ok: false } : { ok: true, notes: normalised };
}

async function listingExists(db: Kysely<Database>, listingId: number): Promise<boolean> {
  return (await db.selectFrom("equipment_listings").select("id").where("id", "=", listingId).executeTakeFirst()) !== undefined;
}

/**
 * The saved search's filters read exactly as the /listings Save Search form's are: through the /listings query
 * (prices, conditions, test level and sort rules), with the category named as the taxonomy names it.
 */
async function normaliseSearch(db: Kysely<Database>, params: Extract<OfflineActionInput, { kind: "saved_search" }>["params"]): Promise<SavedSearchParams> {
  const given: SavedSearchParams = {
    keyword: params.keyword,
    category: params.category,
    categoryName: params.categoryName ?? null,
    minPrice: params.minPrice,
    maxPrice: params.maxPrice,
    condition: params.condition.filter(isCondition),
    testLevel: isTestLevel(params.testLevel) ? params.testLevel : null,
    calibrated: params.calibrated,
    brand: params.brand ?? null,
  };
  const { filters } = parseListingFilters(listingsSearchParams(savedSearchFilters(given)));
  const category = filters.category ? (await getCategoryIndex(db)).find(filters.category) : undefined;
  return toSavedSearchParams(category ? { ...filters, category: category.node.id } : filters, category?.node.name ?? null);
}

/** Does one action inside its transaction; the outcome is recorded with it. */
async function perform(trx: Transaction<Database>, userId: string, action: OfflineActionInput, params: SavedSearchParams | null): Promise<Outcome> {
  switch (action.kind) {
    case "watch": {
      let notes: string | undefined;
      if (action.notes !== undefined) {
        const read = readNotes(action.notes);
        if (!read.ok) return { outcome: "refused", message: OFFLINE_ACTION_MESSAGES.notesTooLong };
        notes = read.notes;
      }
      try {
        await watchListing(trx, userId, action.listingId, notes);
      } catch (error) {
        if (isDomainError(error) && error.kind === "not_found") return { outcome: "gone", message: OFFLINE_ACTION_MESSAGES.gone };
        throw error;
      }
      return applied;
    }
    case "unwatch":
      await unwatchListing(trx, userId, action.listingId);
      return applied;
    case "notes": {
      const read = readNotes(action.notes);
      if (!read.ok) return { outcome: "refused", message: OFFLINE_ACTION_MESSAGES.notesTooLong };
      if (await updateWatchNotes(trx, userId, action.listingId, read.notes)) return applied;
      if (!(await listingExists(trx, action.listingId))) return { outcome: "gone", message: OFFLINE_ACTION_MESSAGES.gone };
      return { outcome: "refused", message: OFFLINE_ACTION_MESSAGES.notWatched };
    }
    case "saved_search": {
      const name = SaveSearchSchema.safeParse({ name: action.name });
      if (!name.success) return { outcome: "refused", message: name.error.issues[0]?.message };
      try {
        await createSavedSearch(trx, { userId, name: name.data.name, params, notifyOnNew: action.notifyOnNew });
      } catch (error) {
        if (isDomainError(error)) return { outcome: "refused", message: error.message };
        throw error;
      }
      return applied;
    }
  }
}

/**
 * Applies one action of `userId` once: the offline_actions row is claimed first, in the same transaction, so two
 * replays of one id (two tabs, a retried request) apply it once; the second reads "duplicate". Ids are the user's
 * own: another user's action with the same id is a different action.
 */
async function applyOfflineAction(db: Kysely<Database>, userId: string, action: OfflineActionInput): Promise<OutboxReplayResult> {
  // Read before the transaction: the taxonomy is cached per database handle.
  const params = action.kind === "saved_search" ? await normaliseSearch(db, action.params) : null;
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto("offline_actions")
      .values({ user_id: userId, action_id: action.id, kind: action.kind, outcome: "pending" })
      .onConflict((oc) => oc.columns(["user_id", "action_id"]).doNothing())
      .returning("action_id")
      .executeTakeFirst();
    if (!claimed) return { id: action.id, outcome: "duplicate" };
    const result = await perform(trx, userId, action, params);
    await trx.updateTable("offline_actions").set({ outcome: result.outcome }).where("user_id", "=", userId).where("action_id", "=", action.id).execute();
    return result.message === undefined ? { id: action.id, outcome: result.outcome } : { id: action.id, outcome: result.outcome, message: result.message };
  });
}

/** Applies a device's outbox in the order it was queued; one answer per action. */
export async function applyOfflineActions(db: Kysely<Database>, userId: string, actions: OfflineActionInput[]): Promise<OutboxReplayResult[]> {
  const results: OutboxReplayResult[] = [];
  for (const action of actions) results.push(await applyOfflineAction(db, userId, action));
  return results;
}
