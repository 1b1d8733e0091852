// Counting listing views: once per viewer per listing per 30 minutes, never the owner's own views.
// A viewer is the signed-in user, else the visitor's IP address — kept only as a keyed hash, never as is.
// A signed-in member's view also updates their recently viewed listings (recent-views.server.ts).
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import { recordRecentView } from "./recent-views.server.ts";

/** A viewer's repeat visits inside this window count once. */
export const VIEW_WINDOW_MS = 30 * 60 * 1000;

let cachedKey: { secret: string; key: Buffer } | undefined;

/** The hashing key, derived from the session secret so it is secret too but never the same bytes. */
function viewKey(): Buffer {
  const secret = getEnv().SESSION_SECRET;
  if (cachedKey?.secret !== secret) {
    const key = crypto.createHmac("sha256", secret).update("tradebench:listing-views:v1").digest();
    cachedKey = { secret, key };
  }
  return cachedKey.key;
}

function keyedHash(value: string): string {
  return crypto.createHmac("sha256", viewKey()).update(value).digest("hex");
}

/** The salted hash stored in place of an IP address. */
export function hashClientIp(ip: string): string {
  return keyedHash(`ip:${ip}`);
}

export interface ListingViewInput {
  listingId: number;
  /** The listing's seller: their own views are not counted. */
  ownerId: string;
  /** The signed-in viewer, if any. */
  userId?: string | null;
  /** The client's address as the server saw it. */
  ip: string;
  now?: Date;
}

export interface ListingViewResult {
  counted: boolean;
  /** The listing's view count after this view, or null when the view was not counted. */
  views: number | null;
}

/**
 * Records a view and bumps the listing's counter, both in one transaction. The "seen in the last
 * 30 minutes?" check and the insert are a single INSERT … SELECT … WHERE NOT EXISTS statement, so two
 * simultaneous first views by the same viewer can never both count.
 */
export async function recordListingView(db: Kysely<Database>, input: ListingViewInput): Promise<ListingViewResult> {
  const userId = input.userId ?? null;
  if (userId !== null && userId === input.ownerId) return { counted: false, views: null };
  const now = input.now ?? new Date();
  // Every look by a member moves the listing to the front of their "Recently viewed", counted or not.
  await recordRecentView(db, { userId, listingId: input.listingId, ownerId: input.ownerId, now });
  const viewedAt = now.toISOString();
  const windowStart = new Date(now.getTime() - VIEW_WINDOW_MS).toISOString();
  const ipHash = hashClientIp(input.ip);
  const viewerHash = userId !== null ? keyedHash(`user:${userId}`) : ipHash;

  // Repeat views are the common case (reloads, a client hammering the page): a plain read answers them
  // without taking the write lock. The insert below re-checks, so this shortcut cannot double-count.
  const seenRecently = await db
    .selectFrom("listing_views")
    .select("id")
    .where("listing_id", "=", input.listingId)
    .where("viewer_hash", "=", viewerHash)
    .where("viewed_at", ">", windowStart)
    .limit(1)
    .executeTakeFirst();
  if (seenRecently) return { counted: false, views: null };

  // A write transaction: on PostgreSQL two first views at once would otherwise both find no earlier view and both
  // insert (SERIALIZABLE rolls one back and runs it again, when it sees the other's row); SQLite holds its write lock.
  return inWriteTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto("listing_views")
      .columns(["listing_id", "user_id", "viewer_hash", "ip_hash", "viewed_at", "created_at"])
      .expression(
        trx
          .selectNoFrom((eb) => [
            eb.val(input.listingId).as("listing_id"),
            eb.val(userId).as("user_id"),
            eb.val(viewerHash).as("viewer_hash"),
            eb.val(ipHash).as("ip_hash"),
            eb.val(viewedAt).as("viewed_at"),
            eb.val(viewedAt).as("created_at"),
          ])
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom("listing_views as seen")
                  .select("seen.id")
                  .where("seen.listing_id", "=", input.listingId)
                  .where("seen.viewer_hash", "=", viewerHash)
                  .where("seen.viewed_at", ">", windowStart),
              ),
            ),
          ),
      )
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return { counted: false, views: null };
    // The per-day counts the dashboards read (migration 2026-12-03T1300): one more view today for the listing and its seller.
    const day = viewedAt.slice(0, 10);
    await trx
      .insertInto("listing_view_days")
      .values({ listing_id: input.listingId, day, views: 1 })
      .onConflict((oc) => oc.columns(["listing_id", "day"]).doUpdateSet((eb) => ({ views: eb("listing_view_days.views", "+", 1) })))
      .execute();
    await trx
      .insertInto("seller_view_days")
      .values({ seller_id: input.ownerId, day, views: 1 })
      .onConflict((oc) => oc.columns(["seller_id", "day"]).doUpdateSet((eb) => ({ views: eb("seller_view_days.views", "+", 1) })))
      .execute();
    const updated = await trx
      .updateTable("equipment_listings")
      .set((eb) => ({ views: eb("views", "+", 1) }))
      .where("id", "=", input.listingId)
      .returning("views")
      .executeTakeFirst();
    return { counted: true, views: updated?.views ?? null };
  });
}
