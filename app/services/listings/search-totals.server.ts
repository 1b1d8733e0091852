// The totals behind "Showing X of Y": active listings per category from the counts the listing triggers keep, and
// counts of the other filters stopped at LISTINGS_COUNT_CAP ("10,000+" beyond).
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import { LISTINGS_COUNT_CAP } from "~/lib/listing-filters.ts";
import { untilListingsChange } from "./remembered-searches.server.ts";
import type { Matching } from "./search-filters.server.ts";

/** Active listings per category, from the counts the listing triggers keep (migration 2026-12-03T1000). */
export async function activeListingsByCategory(db: Kysely<Database>): Promise<{ byCategory: Map<string, number>; all: number }> {
  return untilListingsChange(db, "category sizes", async () => {
    const rows = await db.selectFrom("listing_counts_by_category").select(["category_id", "listings"]).where("status", "=", "active").execute();
    const byCategory = new Map(rows.map((row) => [row.category_id, Number(row.listings)]));
    let all = 0;
    for (const count of byCategory.values()) all += count;
    return { byCategory, all };
  });
}

interface CountQuery {
  compile(): { sql: string; parameters: readonly unknown[] };
  executeTakeFirstOrThrow(): Promise<{ total: number | string | bigint }>;
}

/** Runs a count once per state of the listings (when `remember`): paging through one search counts it once. */
async function countUpTo(db: Kysely<Database>, query: CountQuery, remember: boolean): Promise<number> {
  const run = async () => Number((await query.executeTakeFirstOrThrow()).total);
  // Without the result cache the key is not needed: compiling it only to have untilListingsChange run the query anyway
  // compiled the query twice.
  if (!remember || !getEnv().SEARCH_RESULT_CACHE) return run();
  const compiled = query.compile();
  return untilListingsChange(db, `count\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`, run);
}

/** The total of the active listings in `categories` (all when none), from the counts the triggers keep: no listing is read. */
export async function activeListingsIn(db: Kysely<Database>, categories: readonly string[] | undefined): Promise<{ total: number; totalIsExact: boolean }> {
  const { byCategory, all } = await activeListingsByCategory(db);
  const listings = categories ? categories.reduce((sum, id) => sum + (byCategory.get(id) ?? 0), 0) : all;
  return shownTotal(listings);
}

/** A total as /listings shows it: exact up to LISTINGS_COUNT_CAP, "10,000+" beyond. */
function shownTotal(listings: number): { total: number; totalIsExact: boolean } {
  return { total: Math.min(listings, LISTINGS_COUNT_CAP), totalIsExact: listings <= LISTINGS_COUNT_CAP };
}

/** The total, counted up to LISTINGS_COUNT_CAP and no further. */
export async function boundedCount(db: Kysely<Database>, matching: Matching, remember: boolean): Promise<{ total: number; totalIsExact: boolean }> {
  const counted = await countUpTo(
    db,
    db
      .selectFrom(
        db
          .selectFrom("equipment_listings as l")
          .select("l.id")
          .where(matching)
          .limit(LISTINGS_COUNT_CAP + 1)
          .as("m"),
      )
      .select((eb) => eb.fn.countAll<number>().as("total")),
    remember,
  );
  return shownTotal(counted);
}
