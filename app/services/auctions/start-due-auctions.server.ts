// Starting auctions (docs/product/auctions.md#states): an upcoming auction becomes active when its start date comes, claimed
// by one conditional update of its locked row, so it starts exactly once (auction-lifecycle.server.ts).
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import {
  announceCommitted,
  DECIDES_ON_LOCKED_AUCTION,
  forEachAuction,
  type AuctionPassTally,
  type CommittedAuctionChange,
} from "./auction-lifecycle.server.ts";
import { lockAuction } from "./auction-state.server.ts";

/** Claims and starts one upcoming auction whose start date has come; false when another writer got there first. */
export async function startAuction(db: Kysely<Database>, auctionId: number, now: Date): Promise<boolean> {
  const stamp = now.toISOString();
  const committed = await inWriteTransaction(
    db,
    async (trx): Promise<CommittedAuctionChange<true> | null> => {
      await lockAuction(trx, auctionId);
      const claimed = await trx
        .updateTable("auctions")
        .set((eb) => ({ status: "active", version: eb("version", "+", 1), updated_at: stamp }))
        .where("id", "=", auctionId)
        .where("status", "=", "upcoming")
        .where("start_date", "<=", stamp)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return null;
      return { result: true, reason: "started", auctionId, notifications: [] };
    },
    DECIDES_ON_LOCKED_AUCTION,
  );
  return (await announceCommitted(db, committed)) ?? false;
}

/** Upcoming auctions whose start date has come become active. Returns how many this call started. */
export async function startDueAuctions(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  return (await startDueAuctionsTallied(db, now)).done;
}

/** Starts the due auctions, with how many failed (the scheduler's pass counts them). */
export async function startDueAuctionsTallied(db: Kysely<Database>, now: Date): Promise<AuctionPassTally> {
  const due = await db
    .selectFrom("auctions")
    .select("id")
    .where("status", "=", "upcoming")
    .where("start_date", "<=", now.toISOString())
    .orderBy("start_date")
    .execute();
  return forEachAuction(due, (id) => startAuction(db, id, now), "start");
}

/** Starts the one auction if it is upcoming and its start date has come (cheap when it is not: one indexed read). */
export async function startAuctionIfDue(db: Kysely<Database>, auctionId: number, now: Date): Promise<void> {
  const row = await db.selectFrom("auctions").select(["status", "start_date"]).where("id", "=", auctionId).executeTakeFirst();
  if (row?.status === "upcoming" && row.start_date <= now.toISOString()) await startAuction(db, auctionId, now);
}
