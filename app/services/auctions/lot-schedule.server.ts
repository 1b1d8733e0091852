// A lot's schedule set from outside the auction (a sale event's catalogue): when it opens, when it closes, how long
// its soft-close window is and when soft close stops moving it. Runs inside the caller's write transaction.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { lockAuction } from "./auction-state.server.ts";

export interface LotClose {
  startsAt: Date;
  endsAt: Date;
  /** The lot's own soft-close window; null: the platform default. */
  softCloseSeconds: number | null;
  extensionsEndAt: Date;
}

/**
 * Writes the lot's schedule to an upcoming or running auction (upcoming until `startsAt`, running from then) and
 * turns soft close on. False when the auction has ended or been cancelled (nothing written).
 */
export async function scheduleLotClose(trx: Kysely<Database>, auctionId: number, close: LotClose, now: Date = new Date()): Promise<boolean> {
  await lockAuction(trx, auctionId);
  const stamp = now.toISOString();
  const updated = await trx
    .updateTable("auctions")
    .set((eb) => ({
      start_date: close.startsAt.toISOString(),
      end_date: close.endsAt.toISOString(),
      extensions_end_at: close.extensionsEndAt.toISOString(),
      soft_close_seconds: close.softCloseSeconds,
      auto_extend: 1,
      status: close.startsAt.getTime() > now.getTime() ? "upcoming" : "active",
      version: eb("version", "+", 1),
      updated_at: stamp,
    }))
    .where("id", "=", auctionId)
    .where("status", "in", ["upcoming", "active"])
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** A lot that left its sale's catalogue: it keeps its times but takes the platform's soft-close window again. */
export async function releaseLotClose(trx: Kysely<Database>, auctionId: number, now: Date = new Date()): Promise<void> {
  await lockAuction(trx, auctionId);
  await trx
    .updateTable("auctions")
    .set((eb) => ({ soft_close_seconds: null, version: eb("version", "+", 1), updated_at: now.toISOString() }))
    .where("id", "=", auctionId)
    .where("status", "in", ["upcoming", "active"])
    .execute();
}
