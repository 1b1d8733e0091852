// Featured Equipment on the home page: active listings featured now — by staff
// (no end) or by a paid featuring whose end has not come — take turns, FEATURED_ROTATION.shown at a time, in id order;
// the turn moves every FEATURED_ROTATION.minutes minutes and wraps round, so every featured listing is shown in turn
// (app/lib/featuring.ts), not only the newest six.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { FEATURED_ROTATION, featuredWindowStart } from "~/lib/featuring.ts";
import { selectListingCards, toListingCard, type ListingCardData } from "./listing-cards.server.ts";

/** docs/product/orders.md#fees: the home page shows 6 featured listings. */
export const FEATURED_LISTINGS_LIMIT = FEATURED_ROTATION.shown;

/** Active listings featured at `now` (a paid featuring ends at featured_until, staff's never). */
function featuredNow<T extends ReturnType<typeof selectListingCards>>(query: T, now: Date): T {
  return query
    .where("l.status", "=", "active")
    .where("l.is_featured", "=", 1)
    .where((eb) => eb.or([eb("l.featured_until", "is", null), eb("l.featured_until", ">", now.toISOString())])) as T;
}

/** How many listings are featured now. */
async function countFeaturedListings(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const row = await db
    .selectFrom("equipment_listings as l")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("l.status", "=", "active")
    .where("l.is_featured", "=", 1)
    .where((eb) => eb.or([eb("l.featured_until", "is", null), eb("l.featured_until", ">", now.toISOString())]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The featured listings whose turn it is at `now`: at most `limit`, all of them when there are no more. */
export async function featuredListings(db: Kysely<Database>, limit: number = FEATURED_LISTINGS_LIMIT, now: Date = new Date()): Promise<ListingCardData[]> {
  const count = await countFeaturedListings(db, now);
  if (count === 0) return [];
  const start = featuredWindowStart(count, now, { shown: limit, minutes: FEATURED_ROTATION.minutes });
  const page = (offset: number, take: number) => featuredNow(selectListingCards(db), now).orderBy("l.id", "asc").limit(take).offset(offset).execute();
  const rows = await page(start, limit);
  // The window wraps round to the first featured listings.
  if (rows.length < limit && count > limit) rows.push(...(await page(0, Math.min(limit - rows.length, start))));
  return rows.map(toListingCard);
}
