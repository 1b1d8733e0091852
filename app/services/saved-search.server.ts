// Saved searches: a buyer's named /listings filters, stored as JSON so they can be re-run and notified on.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { savedSearchHasCriteria, type SavedSearchParams } from "~/lib/listing-filters.ts";
import { SAVED_SEARCH_NAME_MAX } from "~/schemas/saved-search.ts";

/** The service messages of spec 01 §8. */
export const SAVED_SEARCH_ERRORS = {
  userRequired: "User ID is required",
  paramsRequired: "Search parameters are required",
  nameRequired: "Search name is required",
} as const;

export class SavedSearchError extends Error {}

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

/** Stores a search under a trimmed name; new listings matching it are to be notified by default. */
export async function createSavedSearch(db: Kysely<Database>, input: NewSavedSearch): Promise<CreatedSavedSearch> {
  if (!input.userId) throw new SavedSearchError(SAVED_SEARCH_ERRORS.userRequired);
  if (!input.params || !savedSearchHasCriteria(input.params)) throw new SavedSearchError(SAVED_SEARCH_ERRORS.paramsRequired);
  const name = input.name?.trim().slice(0, SAVED_SEARCH_NAME_MAX) ?? "";
  if (!name) throw new SavedSearchError(SAVED_SEARCH_ERRORS.nameRequired);
  const now = new Date().toISOString();
  const row = await db
    .insertInto("saved_searches")
    .values({
      user_id: input.userId,
      name,
      search_params: JSON.stringify(input.params),
      notify_on_new: input.notifyOnNew === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, name };
}

/** How many searches a user has saved (for the Saved Searches card). */
export async function countSavedSearches(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("saved_searches")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
