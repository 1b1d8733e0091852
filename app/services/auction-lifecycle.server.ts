// The auction lifecycle: starting upcoming auctions, ending due ones, ending early and cancelling by the owner.
// (Being written by helper "lifecycle"; the signature of settleAuctionIfDue is stable.)
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";

/** Starts or ends one auction whose time has come (called when an auction is read). */
export async function settleAuctionIfDue(db: Kysely<Database>, auctionId: number, now: Date = new Date()): Promise<void> {
  void db;
  void auctionId;
  void now;
}
