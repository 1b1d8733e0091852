// Saved searches: a buyer's named /listings filters, stored as JSON so they can be re-run and notified on.
import type { Kysely, Transaction, Updateable } from "kysely";
import type { Database } from "#db/schema.ts";
import { readSavedSearchParams, savedSearchHasCriteria, savedSearchListingFilters, type SavedSearchParams } from "~/lib/listing-filters.ts";
import type { ListingCardData } from "../listings/index.server.ts";
import { searchListings } from "../listings/index.server.ts";
import { SAVED_SEARCH_NAME_MAX } from "~/schemas/saved-search.ts";
import { DomainError } from "../domain-error.ts";
import { SAVED_SEARCHES_PAGE_SIZE } from "~/lib/member-limits.ts";
import { addingInWriteTransaction, assertRoomFor } from "../member-limits.server.ts";

/** The service messages of docs/product/alerts.md#messages. */
export const SAVED_SEARCH_ERRORS = {
  userRequired: "User ID is required",
  paramsRequired: "Search parameters are required",
  nameRequired: "Search name is required",
} as const;

/** The refusals of this service: who is asking, what was given, whether the search exists. */
const refuse = {
  unauthenticated: () => new DomainError("unauthenticated", SAVED_SEARCH_ERRORS.userRequired),
  invalid: (message: string, field?: string) => new DomainError("invalid", message, field === undefined ? {} : { field }),
  notFound: () => new DomainError("not_found", SAVED_SEARCH_UPDATE_ERRORS.notFound),
};

export interface NewSavedSearch {
  userId: string | null | undefined;
  name: string | null | undefined;
  params: SavedSearchParams | null | undefined;
  notifyOnNew?: boolean;
}

export interface CreatedSavedSearch {
  id: number;
  name: string;
}

/**
 * Stores a search under a trimmed name; new listings matching it are to be notified by default. A member keeps at most
 * MEMBER_LIMITS.savedSearches (~/lib/member-limits.ts), counted in the write transaction that adds.
 */
export async function createSavedSearch(db: Kysely<Database>, input: NewSavedSearch): Promise<CreatedSavedSearch> {
  if (!input.userId) throw refuse.unauthenticated();
  if (!input.params || !savedSearchHasCriteria(input.params)) throw refuse.invalid(SAVED_SEARCH_ERRORS.paramsRequired);
  const name = input.name?.trim().slice(0, SAVED_SEARCH_NAME_MAX) ?? "";
  if (!name) throw refuse.invalid(SAVED_SEARCH_ERRORS.nameRequired, "name");
  const now = new Date().toISOString();
  const userId = input.userId;
  const params = input.params;
  const row = await addingInWriteTransaction(db, async (trx) => {
    assertRoomFor("savedSearches", await countSavedSearches(trx, userId));
    return trx
      .insertInto("saved_searches")
      .values({
        user_id: userId,
        name,
        search_params: JSON.stringify(params),
        notify_on_new: input.notifyOnNew === false ? 0 : 1,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  });
  return { id: row.id, name };
}

/** How many searches a user has saved (for the Saved Searches card). */
export async function countSavedSearches(db: Kysely<Database> | Transaction<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("saved_searches")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

// ── The Saved Searches tab (/watchlist?tab=saved-searches): list, execute, rename, alerts on or off, delete ──

/** Execute returns at most this many listings (docs/product/alerts.md#saved-searches). */
export const SAVED_SEARCH_EXECUTE_LIMIT = 50;

/** The rest of the service messages of docs/product/alerts.md#messages. */
export const SAVED_SEARCH_UPDATE_ERRORS = {
  searchIdRequired: "Search ID is required",
  updatesRequired: "Updates are required",
  notFound: "Saved search not found",
} as const;

export interface SavedSearchSummary {
  id: number;
  name: string;
  params: SavedSearchParams;
  notifyOnNew: boolean;
  lastExecuted: string | null;
  createdAt: string;
}

type SavedSearchRow = {
  id: number;
  name: string;
  search_params: string;
  notify_on_new: number;
  last_executed: string | null;
  created_at: string;
};

function toSummary(row: SavedSearchRow): SavedSearchSummary {
  return {
    id: row.id,
    name: row.name,
    params: readSavedSearchParams(row.search_params),
    notifyOnNew: row.notify_on_new === 1,
    lastExecuted: row.last_executed,
    createdAt: row.created_at,
  };
}

const SUMMARY_COLUMNS = ["id", "name", "search_params", "notify_on_new", "last_executed", "created_at"] as const;

/** A user's saved searches, newest first (bounded by MEMBER_LIMITS.savedSearches; pages list them by listSavedSearchPage). */
export async function listSavedSearches(db: Kysely<Database>, userId: string): Promise<SavedSearchSummary[]> {
  if (!userId) throw refuse.unauthenticated();
  const rows = await db
    .selectFrom("saved_searches")
    .select(SUMMARY_COLUMNS)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toSummary);
}

export interface SavedSearchPage {
  searches: SavedSearchSummary[];
  page: number;
  total: number;
  totalPages: number;
}

/**
 * One page (1-based) of a user's saved searches, newest first, and how many there are. Given `containing`, the page is
 * the one that holds that search (the Delete confirmation of a search on a later page, without JavaScript).
 */
export async function listSavedSearchPage(
  db: Kysely<Database>,
  userId: string,
  page: number,
  { pageSize = SAVED_SEARCHES_PAGE_SIZE, containing }: { pageSize?: number; containing?: number } = {},
): Promise<SavedSearchPage> {
  if (!userId) throw refuse.unauthenticated();
  const total = await countSavedSearches(db, userId);
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  let wanted = Math.min(Math.max(1, Math.floor(page)), totalPages);
  if (containing !== undefined && Number.isSafeInteger(containing) && containing > 0) {
    const target = await db
      .selectFrom("saved_searches")
      .select(["id", "created_at"])
      .where("id", "=", containing)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (target) {
      const newer = await db
        .selectFrom("saved_searches")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", userId)
        .where((eb) => eb.or([eb("created_at", ">", target.created_at), eb.and([eb("created_at", "=", target.created_at), eb("id", ">", target.id)])]))
        .executeTakeFirstOrThrow();
      wanted = Math.floor(Number(newer.n) / pageSize) + 1;
    }
  }
  const rows = await db
    .selectFrom("saved_searches")
    .select(SUMMARY_COLUMNS)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((wanted - 1) * pageSize)
    .execute();
  return { searches: rows.map(toSummary), page: wanted, total, totalPages };
}

/** The owner and search ids every call needs, with the spec's messages when one is missing. */
function requireIds(userId: string | null | undefined, searchId: number | null | undefined): { userId: string; searchId: number } {
  if (!userId) throw refuse.unauthenticated();
  if (!searchId) throw refuse.invalid(SAVED_SEARCH_UPDATE_ERRORS.searchIdRequired);
  return { userId, searchId };
}

/** One of the user's saved searches; another user's id finds nothing ("Saved search not found"). */
export async function getSavedSearch(db: Kysely<Database>, owner: string | null | undefined, id: number | null | undefined): Promise<SavedSearchSummary> {
  const { userId, searchId } = requireIds(owner, id);
  const row = await db.selectFrom("saved_searches").select(SUMMARY_COLUMNS).where("id", "=", searchId).where("user_id", "=", userId).executeTakeFirst();
  if (!row) throw refuse.notFound();
  return toSummary(row);
}

export interface SavedSearchUpdates {
  name?: string;
  params?: SavedSearchParams;
  notifyOnNew?: boolean;
}

/**
 * Changes a saved search of the user's (by id and user id together). At least one field is needed. A change to the
 * params or to notify_on_new marks the alert keys stale (alert_key_version = 0), so the matcher re-keys the row.
 */
export async function updateSavedSearch(
  db: Kysely<Database>,
  owner: string | null | undefined,
  id: number | null | undefined,
  updates: SavedSearchUpdates | null | undefined,
): Promise<SavedSearchSummary> {
  const { userId, searchId } = requireIds(owner, id);
  if (!updates || (updates.name === undefined && updates.params === undefined && updates.notifyOnNew === undefined)) {
    throw refuse.invalid(SAVED_SEARCH_UPDATE_ERRORS.updatesRequired);
  }
  const set: Updateable<Database["saved_searches"]> = { updated_at: new Date().toISOString() };
  if (updates.name !== undefined) {
    const name = updates.name.trim().slice(0, SAVED_SEARCH_NAME_MAX);
    if (!name) throw refuse.invalid(SAVED_SEARCH_ERRORS.nameRequired, "name");
    set.name = name;
  }
  if (updates.params !== undefined) {
    if (!savedSearchHasCriteria(updates.params)) throw refuse.invalid(SAVED_SEARCH_ERRORS.paramsRequired);
    set.search_params = JSON.stringify(updates.params);
  }
  if (updates.notifyOnNew !== undefined) set.notify_on_new = updates.notifyOnNew ? 1 : 0;
  if (updates.params !== undefined || updates.notifyOnNew !== undefined) set.alert_key_version = 0;
  const row = await db
    .updateTable("saved_searches")
    .set(set)
    .where("id", "=", searchId)
    .where("user_id", "=", userId)
    .returning(SUMMARY_COLUMNS)
    .executeTakeFirst();
  if (!row) throw refuse.notFound();
  return toSummary(row);
}

/** Deletes a saved search of the user's (by id and user id together); returns what it was. */
export async function deleteSavedSearch(db: Kysely<Database>, owner: string | null | undefined, id: number | null | undefined): Promise<SavedSearchSummary> {
  const { userId, searchId } = requireIds(owner, id);
  const row = await db.deleteFrom("saved_searches").where("id", "=", searchId).where("user_id", "=", userId).returning(SUMMARY_COLUMNS).executeTakeFirst();
  if (!row) throw refuse.notFound();
  return toSummary(row);
}

export interface ExecutedListing extends ListingCardData {
  createdAt: string;
}

export interface SavedSearchExecution {
  search: SavedSearchSummary;
  listings: ExecutedListing[];
}

/**
 * Runs a saved search with the engine of /listings: active listings only, newest first, at most 50; then stamps
 * last_executed.
 */
export async function executeSavedSearch(
  db: Kysely<Database>,
  owner: string | null | undefined,
  id: number | null | undefined,
  now = new Date(),
): Promise<SavedSearchExecution> {
  const { userId, searchId } = requireIds(owner, id);
  const search = await getSavedSearch(db, userId, searchId);
  const result = await searchListings(db, savedSearchListingFilters(search.params), { pageSize: SAVED_SEARCH_EXECUTE_LIMIT, now });
  const ids = result.listings.map((listing) => listing.id);
  const created = new Map<number, string>();
  if (ids.length > 0) {
    const rows = await db.selectFrom("equipment_listings").select(["id", "created_at"]).where("id", "in", ids).execute();
    for (const row of rows) created.set(row.id, row.created_at);
  }
  const stamp = now.toISOString();
  await db.updateTable("saved_searches").set({ last_executed: stamp }).where("id", "=", search.id).where("user_id", "=", userId).execute();
  return {
    search: { ...search, lastExecuted: stamp },
    listings: result.listings.map((listing) => ({ ...listing, createdAt: created.get(listing.id) ?? "" })),
  };
}
