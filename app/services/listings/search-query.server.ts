// What buyers search for: one row per normalised query, counted, for the popular-search chips on /listings.
import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";

export const POPULAR_SEARCHES_LIMIT = 10;
const MAX_QUERY_LENGTH = 200;

export interface PopularSearch {
  query: string;
  count: number;
}

/** Trimmed, lower-case, single spaces: "  Tektronix   MSO " and "tektronix mso" are one query. */
export function normaliseSearchQuery(text: string): string {
  return text.trim().replace(/\s+/g, " ").toLowerCase().slice(0, MAX_QUERY_LENGTH).trim();
}

const rowsWritten = new WeakMap<Kysely<Database>, number>();

/** Rows this process wrote to search_queries: writes that change no listing, so listing caches may ignore them. */
export function searchQueryRowsWritten(db: Kysely<Database>): number {
  return rowsWritten.get(db) ?? 0;
}

/** Counts one search (a single upsert). Blank text is not recorded. */
export async function recordSearch(
  db: Kysely<Database>,
  text: string,
  resultCount: number,
  userId: string | null = null,
): Promise<void> {
  const query = normaliseSearchQuery(text);
  if (!query) return;
  const now = new Date().toISOString();
  const result = await db
    .insertInto("search_queries")
    .values({ query, result_count: resultCount, count: 1, user_id: userId, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column("query").doUpdateSet({
        count: sql<number>`search_queries.count + 1`,
        result_count: resultCount,
        // The latest signed-in searcher; an anonymous search keeps the previous one.
        user_id: sql<string | null>`coalesce(excluded.user_id, search_queries.user_id)`,
        updated_at: now,
      }),
    )
    .executeTakeFirst();
  rowsWritten.set(db, searchQueryRowsWritten(db) + Number(result.numInsertedOrUpdatedRows ?? 0));
}

/**
 * The most searched queries, most often first (ties: most recently searched first). Queries whose
 * latest run found nothing are left out: a chip should lead somewhere.
 */
export async function popularSearches(db: Kysely<Database>, limit = POPULAR_SEARCHES_LIMIT): Promise<PopularSearch[]> {
  return db
    .selectFrom("search_queries")
    .select(["query", "count"])
    // Always true, but it lets SQLite walk the count index from the top instead of sorting every query.
    .where("count", ">=", 1)
    .where("result_count", ">", 0)
    .orderBy("count", "desc")
    .orderBy("updated_at", "desc")
    .orderBy("query")
    .limit(limit)
    .execute();
}
