// The auction lifecycle (docs/product/auctions.md#states): upcoming auctions start at their start date, active ones end at their end date
// (with a winner and an order when the highest bid meets the reserve), and the listing's owner may end an auction
// early or cancel it. Every change is one write transaction that claims the change by a conditional update of the
// auction row; only the transaction whose update hit the row does the follow-up work (listing, order, notifications),
// so each auction starts and ends exactly once however many scheduler passes, page reads and server processes race.
// Each of those transactions locks the auction's row first (lockAuction), so on PostgreSQL they queue behind each
// other and behind the lot's bids, and read the auction as the previous one committed it.
// This file holds what the lifecycle's steps share: start-due-auctions, end-auction, owner-controls and restore-auction
// are the auctions domain's steps; an auction's end with its order and sold alerts is the settlement flow's
// (app/flows/auction-settlement.server.ts), which opens the transaction and calls claimAuctionEnd.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { announceNotifications, type NotificationDraft } from "../notifications/index.server.ts";
import { announceAuctionChange, findAuctionRow, toLiveState, type AuctionChangeReason } from "./auction-state.server.ts";

/** What a committed change leaves to do: tell the pages and the people. */
export interface CommittedAuctionChange<T> {
  result: T;
  reason: AuctionChangeReason;
  auctionId: number;
  notifications: NotificationDraft[];
}

/** The lifecycle's transactions decide on the auction's row, locked first (see the top of this file). */
export const DECIDES_ON_LOCKED_AUCTION = { decidesOnLockedRows: true } as const;

/** Runs after commit: announces the auction's new state and the notifications. */
export async function announceCommitted<T>(db: Kysely<Database>, committed: CommittedAuctionChange<T> | null): Promise<T | null> {
  if (!committed) return null;
  announceNotifications(committed.notifications);
  const row = await findAuctionRow(db, committed.auctionId);
  if (row) announceAuctionChange({ reason: committed.reason, state: toLiveState(row), newBids: [] });
  // An auction ended or cancelled without a sale leaves its listing unsold (not for sale until its seller chooses), so
  // saved searches hear of it only when it is relisted or switched to Buy It Now.
  return committed.result;
}

/** How many auctions a pass changed, and how many failed (logged; tried again on the next pass). */
export interface AuctionPassTally {
  done: number;
  failed: number;
}

/** Runs `work` for each auction in turn; one auction's failure is logged and does not stop the others. */
export async function forEachAuction(rows: Array<{ id: number }>, work: (id: number) => Promise<boolean>, verb: string): Promise<AuctionPassTally> {
  let done = 0;
  let failed = 0;
  for (const { id } of rows) {
    try {
      if (await work(id)) done += 1;
    } catch (error) {
      failed += 1;
      console.error(`Could not ${verb} auction ${id}:`, error);
    }
  }
  return { done, failed };
}

/** Everyone who bid on the auction. */
export async function bidderIdsOf(trx: Kysely<Database>, auctionId: number): Promise<string[]> {
  const rows = await trx.selectFrom("bids").select("user_id").distinct().where("auction_id", "=", auctionId).orderBy("user_id").execute();
  return rows.map((row) => row.user_id);
}

/**
 * Leaves a listing "unsold" after an auction without a sale (decision 0073): nothing can be bid on or bought
 * until its seller relists it, switches it to Buy It Now or ends it. Only an active listing changes: a sold one stays
 * sold; one its reports hid from search, or a moderator removed, stays so (moderation states are terminal); a draft or
 * archived one stays with its seller.
 */
export async function markListingUnsold(trx: Kysely<Database>, listingId: number, stamp: string): Promise<void> {
  await trx.updateTable("equipment_listings").set({ status: "unsold", updated_at: stamp }).where("id", "=", listingId).where("status", "=", "active").execute();
}
