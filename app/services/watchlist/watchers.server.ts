// Who watches a listing. The count is the seller's (and listing managers') to see; buyers never learn how many others watch
// or who they are: every answer here goes through the owner check, or stays on the server (the watcher alerts).
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { canManageListing, type ListingViewer } from "../listings/index.server.ts";

/** How many members watch the listing (the owner's own entry, if any, not counted). */
export async function countWatchers(db: Kysely<Database>, listing: { id: number; ownerId: string }): Promise<number> {
  const row = await db
    .selectFrom("watchlist")
    .select((eb) => eb.fn.countAll<number>().as("watchers"))
    .where("listing_id", "=", listing.id)
    .where("user_id", "!=", listing.ownerId)
    .executeTakeFirst();
  return Number(row?.watchers ?? 0);
}

/** The watcher count for the listing's owner or a holder of can_manage_listings; null for everyone else (the page shows nothing). */
export async function watcherCountFor(db: Kysely<Database>, listing: { id: number; ownerId: string }, viewer: ListingViewer | null): Promise<number | null> {
  return (await canManageListing(db, listing, viewer)) ? countWatchers(db, listing) : null;
}

/** The members who watch the listing, leaving out `except` (the actor, the buyer, the seller). Server-side only. */
export async function watcherIds(db: Kysely<Database>, listingId: number, except: readonly string[] = []): Promise<string[]> {
  let query = db.selectFrom("watchlist").select("user_id").where("listing_id", "=", listingId);
  if (except.length > 0) query = query.where("user_id", "not in", [...except]);
  const rows = await query.orderBy("id").execute();
  return rows.map((row) => row.user_id);
}
