// Bringing back an auction that staff cancelled when they suspended its seller, once the suspension is lifted.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { announceAuctionChange, findAuctionRow, lockAuction, toLiveState } from "./auction-state.server.ts";

/** Why a cancelled auction cannot come back (restoreCancelledAuction). */
export type RestoreRefusal = "not_cancelled" | "had_bids" | "ended" | "listing_changed";

/**
 * Brings back an auction that staff cancelled (a suspension), inside the caller's transaction: only while it is still
 * cancelled, had no bids, its listing is still unsold (not relisted, switched or ended by its seller) and its end
 * (or `endDate`, when staff set a new one) is after `now`. It reopens as it was (upcoming until its start, else active)
 * and its listing is active again; a new end moves the soft-close cap with it. Returns the refusal, or null when it came
 * back; the caller runs announceRestoredAuction after the commit.
 */
export async function restoreCancelledAuction(
  trx: Kysely<Database>,
  request: { auctionId: number; endDate?: Date | null; now: Date },
): Promise<{ refusal: RestoreRefusal } | { refusal: null; status: "active" | "upcoming"; endDate: string }> {
  const stamp = request.now.toISOString();
  await lockAuction(trx, request.auctionId);
  const row = await trx
    .selectFrom("auctions")
    .innerJoin("equipment_listings", "equipment_listings.id", "auctions.listing_id")
    .select([
      "auctions.id",
      "auctions.status",
      "auctions.bid_count",
      "auctions.start_date",
      "auctions.end_date",
      "auctions.extensions_end_at",
      "auctions.version",
      "auctions.listing_id",
      "equipment_listings.status as listing_status",
    ])
    .where("auctions.id", "=", request.auctionId)
    .executeTakeFirst();
  if (!row || row.status !== "cancelled") return { refusal: "not_cancelled" };
  if (row.bid_count > 0) return { refusal: "had_bids" };
  if (row.listing_status !== "unsold") return { refusal: "listing_changed" };
  const live = await trx
    .selectFrom("auctions")
    .select("id")
    .where("listing_id", "=", row.listing_id)
    .where("status", "in", ["active", "upcoming"])
    .executeTakeFirst();
  if (live) return { refusal: "listing_changed" };
  const endDate = request.endDate ? request.endDate.toISOString() : row.end_date;
  if (endDate <= stamp || endDate <= row.start_date) return { refusal: "ended" };
  const shift = new Date(endDate).getTime() - new Date(row.end_date).getTime();
  const extensionsEndAt = row.extensions_end_at === null ? null : new Date(new Date(row.extensions_end_at).getTime() + shift).toISOString();
  const status = row.start_date > stamp ? "upcoming" : "active";
  const claimed = await trx
    .updateTable("auctions")
    .set((eb) => ({ status, cancelled_at: null, end_date: endDate, extensions_end_at: extensionsEndAt, version: eb("version", "+", 1), updated_at: stamp }))
    .where("id", "=", row.id)
    .where("status", "=", "cancelled")
    .where("version", "=", row.version)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return { refusal: "not_cancelled" };
  await trx
    .updateTable("equipment_listings")
    .set({ status: "active", updated_at: stamp })
    .where("id", "=", row.listing_id)
    .where("status", "=", "unsold")
    .execute();
  return { refusal: null, status, endDate };
}

/** Tells open auction pages and lists that a restored auction is live again (after the commit). */
export async function announceRestoredAuction(db: Kysely<Database>, auctionId: number): Promise<void> {
  const row = await findAuctionRow(db, auctionId);
  if (row) announceAuctionChange({ reason: "started", state: toLiveState(row), newBids: [] });
}
