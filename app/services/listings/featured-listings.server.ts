// Featured Equipment on the home page: active listings marked featured, newest first.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { selectListingCards, toListingCard, type ListingCardData } from "./listing-cards.server.ts";

/** Spec 01 §9: the home page shows 6 featured listings. */
export const FEATURED_LISTINGS_LIMIT = 6;

function featuredQuery(db: Kysely<Database>, limit: number) {
  return selectListingCards(db)
    .where("l.status", "=", "active")
    .where("l.is_featured", "=", 1)
    .orderBy("l.created_at", "desc")
    .orderBy("l.id", "desc")
    .limit(limit);
}

type FeaturedQuery = ReturnType<ReturnType<typeof featuredQuery>["compile"]>;

/**
 * The query compiled once per database and limit: it never changes, and building and compiling it with Kysely cost
 * more of the home page's CPU than running it (issue 17 §3).
 */
const compiledQueries = new WeakMap<Kysely<Database>, Map<number, FeaturedQuery>>();

export async function featuredListings(db: Kysely<Database>, limit: number = FEATURED_LISTINGS_LIMIT): Promise<ListingCardData[]> {
  let byLimit = compiledQueries.get(db);
  if (!byLimit) {
    byLimit = new Map();
    compiledQueries.set(db, byLimit);
  }
  let query = byLimit.get(limit);
  if (!query) {
    query = featuredQuery(db, limit).compile();
    if (byLimit.size < 8) byLimit.set(limit, query);
  }
  const { rows } = await db.executeQuery(query);
  return rows.map(toListingCard);
}
