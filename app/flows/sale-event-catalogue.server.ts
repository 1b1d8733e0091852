// The sale event's catalogue as it reaches the auctions: setting the lots, changing the schedule and publishing write
// the event's tables (the sale-events domain) and each lot's auction row (the auctions domain: opening, close
// T + (i − 1)·Δ, the event's soft-close window, the extension cap) in one write transaction.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { cancelRunningAuction, findAuctionRow, releaseLotClose, scheduleLotClose } from "~/services/auctions/index.server.ts";
import {
  cancelSaleEvent,
  lotSchedule,
  type LotPlacement,
  publishSaleEvent,
  type SaleEventPatch,
  setEventLots,
  updateSaleEvent,
} from "~/services/sale-events/index.server.ts";

/** Writes every lot's schedule to its auction. */
async function writeSchedule(trx: Kysely<Database>, eventId: number, now: Date): Promise<void> {
  for (const lot of await lotSchedule(trx, eventId)) {
    await scheduleLotClose(
      trx,
      lot.auctionId,
      { startsAt: lot.startsAt, endsAt: lot.endsAt, softCloseSeconds: lot.softCloseSeconds, extensionsEndAt: lot.extensionsEndAt },
      now,
    );
  }
}

/**
 * The house sets its catalogue's lots (attach, reorder, renumber); each lot's auction follows the event's schedule, and a
 * lot that left the catalogue takes the platform's soft-close window again (its times stay as last written).
 */
export function setSaleEventLots(
  db: Kysely<Database>,
  actorId: string,
  eventId: number,
  placements: LotPlacement[],
  now: Date = new Date(),
): Promise<Array<{ auctionId: number; lotNumber: number }>> {
  return inWriteTransaction(db, async (trx) => {
    const { lots, removed } = await setEventLots(trx, actorId, eventId, placements, now);
    for (const auctionId of removed) await releaseLotClose(trx, auctionId, now);
    await writeSchedule(trx, eventId, now);
    return lots;
  });
}

/** The house changes its event; a change of the schedule moves every lot's auction with it. */
export function saveSaleEvent(db: Kysely<Database>, actorId: string, eventId: number, patch: SaleEventPatch, now: Date = new Date()): Promise<void> {
  return inWriteTransaction(db, async (trx) => {
    const { scheduleChanged } = await updateSaleEvent(trx, actorId, eventId, patch, now);
    if (scheduleChanged) await writeSchedule(trx, eventId, now);
  });
}

/** The house publishes the catalogue: the event is scheduled, its lots' auctions follow the schedule and take pre-bids. */
export function publishSaleEventCatalogue(db: Kysely<Database>, actorId: string, eventId: number, now: Date = new Date()): Promise<void> {
  return inWriteTransaction(db, async (trx) => {
    await publishSaleEvent(trx, actorId, eventId, now);
    await writeSchedule(trx, eventId, now);
  });
}

/**
 * The house cancels its event before it opens: the event is cancelled and so is each of its lots' auctions still
 * upcoming or running (their bidders are told, the listings are unsold), in one write transaction.
 */
export function cancelSaleEventWithLots(db: Kysely<Database>, actorId: string, eventId: number, reason = "", now: Date = new Date()): Promise<void> {
  return inWriteTransaction(db, async (trx) => {
    await cancelSaleEvent(trx, actorId, eventId, reason, now);
    for (const lot of await lotSchedule(trx, eventId)) {
      const row = await findAuctionRow(trx, lot.auctionId);
      if (row?.status !== "upcoming" && row?.status !== "active") continue;
      await cancelRunningAuction(trx, { auctionId: lot.auctionId, userId: actorId, now });
    }
  });
}
