// Watching listings: one row per user and listing; watching again only updates the notes.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";

export class ListingNotWatchableError extends Error {}

/** Starts watching an active listing (or one's own, or any for admins is not needed here). */
export async function watchListing(db: Kysely<Database>, userId: string, listingId: number, notes?: string): Promise<void> {
  const listing = await db
    .selectFrom("equipment_listings")
    .select(["id", "status", "user_id"])
    .where("id", "=", listingId)
    .executeTakeFirst();
  if (!listing || (listing.status !== "active" && listing.user_id !== userId)) throw new ListingNotWatchableError();
  const now = new Date().toISOString();
  await db
    .insertInto("watchlist")
    .values({ user_id: userId, listing_id: listingId, notes: notes ?? "", created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.columns(["user_id", "listing_id"]).doUpdateSet(notes === undefined ? { updated_at: now } : { notes, updated_at: now }),
    )
    .execute();
}

export async function unwatchListing(db: Kysely<Database>, userId: string, listingId: number): Promise<void> {
  await db.deleteFrom("watchlist").where("user_id", "=", userId).where("listing_id", "=", listingId).execute();
}

/** Which of `listingIds` the user watches (for the toggles on a grid). */
export async function watchedAmong(db: Kysely<Database>, userId: string | undefined, listingIds: number[]): Promise<Set<number>> {
  if (!userId || listingIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("watchlist")
    .select("listing_id")
    .where("user_id", "=", userId)
    .where("listing_id", "in", listingIds)
    .execute();
  return new Set(rows.map((row) => row.listing_id));
}
