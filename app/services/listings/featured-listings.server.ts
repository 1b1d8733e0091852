// Featured Equipment on the home page: active listings marked featured, newest first.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { selectListingCards, toListingCard, type ListingCardData } from "./listing-cards.server.ts";

/** Spec 01 §9: the home page shows 6 featured listings. */
export const FEATURED_LISTINGS_LIMIT = 6;

export async function featuredListings(db: Kysely<Database>, limit: number = FEATURED_LISTINGS_LIMIT): Promise<ListingCardData[]> {
  const rows = await selectListingCards(db)
    .where("l.status", "=", "active")
    .where("l.is_featured", "=", 1)
    .orderBy("l.created_at", "desc")
    .orderBy("l.id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toListingCard);
}
