// Deleting a listing (docs/product/listings.md#states): the owner only, and never while its live auction has bids or it has an order.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { LIVE_AUCTION_STATUSES } from "~/lib/auctions.ts";
import { LISTING_MESSAGES } from "~/schemas/listing.ts";
import { DomainError } from "../domain-error.ts";
import type { UploadStore } from "../storage/index.server.ts";
import { removeListingImageFiles } from "./listing-images.server.ts";
import { findDeletableListing, type Actor } from "./listing-policy.server.ts";

/** Why the listing cannot be deleted now, or null when it can: its live auction has bids, or it has an order. */
export async function listingDeletionBlocker(db: Kysely<Database>, listingId: number): Promise<string | null> {
  const order = await db.selectFrom("orders").select("id").where("listing_id", "=", listingId).limit(1).executeTakeFirst();
  if (order) return LISTING_MESSAGES.deleteHasOrder;
  const bidOn = await db
    .selectFrom("auctions")
    .select("id")
    .where("listing_id", "=", listingId)
    .where("status", "in", LIVE_AUCTION_STATUSES)
    .where("bid_count", ">", 0)
    .limit(1)
    .executeTakeFirst();
  return bidOn ? LISTING_MESSAGES.deleteHasBids : null;
}

/**
 * Deletes a listing (images, views, watchlist rows and auctions without bids go with it) and its picture folder.
 * Owner only. Refused (conflict) while its live auction has bids (cancel it first) or an order exists (the database
 * would refuse too: orders keep their listing).
 */
export async function deleteListing(db: Kysely<Database>, uploads: UploadStore, actor: Actor, listingId: number): Promise<void> {
  await findDeletableListing(db, actor, listingId);
  await inWriteTransaction(db, async (trx) => {
    const blocker = await listingDeletionBlocker(trx, listingId);
    if (blocker) throw new DomainError("conflict", blocker);
    await trx.deleteFrom("equipment_listings").where("id", "=", listingId).execute();
  });
  await removeListingImageFiles(uploads, listingId);
}
