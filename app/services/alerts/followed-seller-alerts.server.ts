// New listings of followed sellers, batched like saved-search alerts: when a listing becomes active and
// its seller has followers, one row records it (once per listing, whatever happens to it later); the scheduler's
// flush then tells each follower once per seller per batch window ("Acme listed 3 new items"), with the e-mail copy
// the follower chose on /profile ("A seller I follow lists something new"). Listings no longer active by then are
// dropped untold. The batch window is the saved-search alerts' (SAVED_SEARCH_ALERT_WINDOW_MS).
import type { Kysely } from "kysely";
import { inWriteTransaction, toDbTime } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import { FOLLOWED_SELLER_ALERT_TITLE, followedSellerAlertMessage } from "~/lib/follows.ts";
import { memberName } from "../platform/index.server.ts";
import { announceNotifications, insertNotifications, type NotificationDraft } from "../notifications/index.server.ts";

/** Sellers whose untold listings one transaction claims; notifications one insert writes. */
const SELLERS_PER_BATCH = 100;
const NOTIFICATIONS_PER_INSERT = 500;

/**
 * Records that a listing became active, for the seller's followers (nothing when the seller has none, or when the
 * listing was recorded before). Call after the activating transaction committed.
 */
export async function recordFollowedSellerListing(db: Kysely<Database>, listingId: number, now: Date = new Date()): Promise<boolean> {
  const listing = await db.selectFrom("equipment_listings").select(["id", "user_id", "status"]).where("id", "=", listingId).executeTakeFirst();
  if (!listing || listing.status !== "active") return false;
  const follower = await db.selectFrom("follows").select("follower_id").where("seller_id", "=", listing.user_id).limit(1).executeTakeFirst();
  if (!follower) return false;
  const result = await db
    .insertInto("followed_listing_alerts")
    .values({ listing_id: listing.id, seller_id: listing.user_id, listed_at: toDbTime(now), notified_at: null })
    .onConflict((oc) => oc.column("listing_id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Tells the followers of every seller whose oldest untold new listing is at least `windowMs` old: one notification
 * per follower and seller for all that seller's untold listings still active. Each batch is claimed in a write
 * transaction, so concurrent flushes tell each listing once. Returns how many notifications were written.
 */
export async function flushFollowedSellerAlerts(
  db: Kysely<Database>,
  now: Date = new Date(),
  windowMs: number = getEnv().SAVED_SEARCH_ALERT_WINDOW_MS,
): Promise<number> {
  const cutoff = toDbTime(new Date(now.getTime() - windowMs));
  const due = (
    await db.selectFrom("followed_listing_alerts").select("seller_id").distinct().where("notified_at", "is", null).where("listed_at", "<=", cutoff).execute()
  ).map((row) => row.seller_id);
  let written = 0;
  for (let start = 0; start < due.length; start += SELLERS_PER_BATCH) {
    const sellerIds = due.slice(start, start + SELLERS_PER_BATCH);
    const drafts = await inWriteTransaction(db, async (trx) => {
      const stamp = toDbTime(now);
      // Listings withdrawn, sold or deleted before the flush are not news any more.
      await trx
        .deleteFrom("followed_listing_alerts")
        .where("notified_at", "is", null)
        .where("seller_id", "in", sellerIds)
        .where((eb) =>
          eb("listing_id", "not in", eb.selectFrom("equipment_listings").select("id").where("status", "=", "active").where("user_id", "in", sellerIds)),
        )
        .execute();
      const claimed = await trx
        .updateTable("followed_listing_alerts")
        .set({ notified_at: stamp })
        .where("notified_at", "is", null)
        .where("seller_id", "in", sellerIds)
        .returning(["seller_id", "listing_id"])
        .execute();
      if (claimed.length === 0) return [];
      const listingsOf = new Map<string, number[]>();
      for (const row of claimed) listingsOf.set(row.seller_id, [...(listingsOf.get(row.seller_id) ?? []), row.listing_id]);
      const sellers = await trx
        .selectFrom("profiles")
        .select(["id", "first_name", "last_name", "company_name"])
        .where("id", "in", [...listingsOf.keys()])
        .execute();
      const nameOf = new Map(sellers.map((seller) => [seller.id, memberName(seller.first_name, seller.last_name, seller.company_name)]));
      const followers = await trx
        .selectFrom("follows")
        .select(["follower_id", "seller_id"])
        .where("seller_id", "in", [...listingsOf.keys()])
        .orderBy("seller_id")
        .orderBy("follower_id")
        .execute();
      const batch: NotificationDraft[] = followers.map((follow) => {
        const listings = listingsOf.get(follow.seller_id) ?? [];
        return {
          userId: follow.follower_id,
          type: "followed_seller",
          title: FOLLOWED_SELLER_ALERT_TITLE,
          message: followedSellerAlertMessage(listings.length, nameOf.get(follow.seller_id) ?? "A seller you follow"),
          actionUrl: listings.length === 1 ? `/listings/${listings[0]}` : `/user/${follow.seller_id}?tab=listings`,
        };
      });
      for (let from = 0; from < batch.length; from += NOTIFICATIONS_PER_INSERT) {
        await insertNotifications(trx, batch.slice(from, from + NOTIFICATIONS_PER_INSERT), now);
      }
      return batch;
    });
    announceNotifications(drafts);
    written += drafts.length;
  }
  return written;
}
