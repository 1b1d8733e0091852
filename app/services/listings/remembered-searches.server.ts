// Search results, remembered until the listings change: the version the listing triggers keep, and the values
// (pages' ids, totals, brand keys, search windows) computed once per version of the listings.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";

/**
 * A token that changes with every write that can change which listings a search finds or their order: the version
 * the listing triggers keep in listing_search_state (migration 2026-11-27T0900). Views, bids, images and profile
 * edits leave it alone, so they never empty the caches below (cards are read fresh for every page instead).
 */
export async function listingsVersion(db: Kysely<Database>): Promise<string> {
  const row = await db.selectFrom("listing_search_state").select("version").where("id", "=", 1).executeTakeFirst();
  return String(row?.version ?? 0);
}

/** Values kept per state of the listings: results (ids of a page, totals, brand keys) and, bigger, search windows. */
const REMEMBERED_PER_VERSION = { results: 500, windows: 16 } as const;
type Store = keyof typeof REMEMBERED_PER_VERSION;
const remembered: Record<Store, WeakMap<Kysely<Database>, { version: string; values: Map<string, unknown> }>> = {
  results: new WeakMap(),
  windows: new WeakMap(),
};

/**
 * Computes a value once per state of the listings: it is reused until a listing changes (in any process), so it is
 * never stale. Which listings a search finds, in which order, and how many, are pure functions of the listings.
 */
export async function untilListingsChange<T>(db: Kysely<Database>, key: string, compute: () => Promise<T>, store: Store = "results"): Promise<T> {
  if (!getEnv().SEARCH_RESULT_CACHE) return compute();
  const version = await listingsVersion(db);
  let cache = remembered[store].get(db);
  if (!cache || cache.version !== version) {
    cache = { version, values: new Map() };
    remembered[store].set(db, cache);
  }
  if (cache.values.has(key)) return cache.values.get(key) as T;
  const value = await compute();
  // A listing may have changed meanwhile; only a value computed under an unchanged version is kept.
  if ((await listingsVersion(db)) === version) {
    if (cache.values.size >= REMEMBERED_PER_VERSION[store]) cache.values.delete(cache.values.keys().next().value as string);
    cache.values.set(key, value);
  }
  return value;
}
