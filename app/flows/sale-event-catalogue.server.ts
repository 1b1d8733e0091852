// The sale event's catalogue as it reaches the auctions: setting the lots, changing the schedule and publishing write
// the event's tables (the sale-events domain) and each lot's auction row (the auctions domain: opening, close
// T + (i − 1)·Δ, the event's soft-close window, the extension cap) in one write transaction.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import {
  announceAuctionChange,
  cancelRunningAuction,
  findAuctionRow,
  releaseLotClose,
  scheduleLotClose,
  toLiveState,
} from "~/services/auctions/index.server.ts";
import {
  cancelSaleEvent,
  lotSchedule,
  type LotPlacement,
  publishSaleEvent,
  type SaleEventPatch,
  setEventLots,
  updateSaleEvent,
} from "~/services/sale-events/index.server.ts";

/** Writes every lot's schedule to its auction; the auctions whose opening or close moved. */
async function writeSchedule(trx: Kysely<Database>, eventId: number, now: Date): Promise<number[]> {
  const moved: number[] = [];
  for (const lot of await lotSchedule(trx, eventId)) {
    const before = await findAuctionRow(trx, lot.auctionId);
    const written = await scheduleLotClose(
      trx,
      lot.auctionId,
      { startsAt: lot.startsAt, endsAt: lot.endsAt, softCloseSeconds: lot.softCloseSeconds, extensionsEndAt: lot.extensionsEndAt },
      now,
    );
    const timesMoved =
      !before || new Date(before.start_date).getTime() !== lot.startsAt.getTime() || new Date(before.end_date).getTime() !== lot.endsAt.getTime();
    if (written && timesMoved) moved.push(lot.auctionId);
  }
  return moved;
}

/** After the commit: tells open lot pages and the catalogue each moved lot's new times (a failure here changes nothing stored). */
async function announceMovedLots(db: Kysely<Database>, auctionIds: number[]): Promise<void> {
  for (const auctionId of auctionIds) {
    try {
      const row = await findAuctionRow(db, auctionId);
      if (row) announceAuctionChange({ reason: "rescheduled", state: toLiveState(row), newBids: [] });
    } catch (error) {
      console.error("Announcing a lot's new schedule failed", error);
    }
  }
}

/**
 * The house sets its catalogue's lots (attach, reorder, renumber); each lot's auction follows the event's schedule, and a
 * lot that left the catalogue takes the platform's soft-close window again (its times stay as last written).
 */
export async function setSaleEventLots(
  db: Kysely<Database>,
  actorId: string,
  eventId: number,
  placements: LotPlacement[],
  now: Date = new Date(),
): Promise<Array<{ auctionId: number; lotNumber: number }>> {
  const { lots, moved } = await inWriteTransaction(db, async (trx) => {
    const { lots, removed } = await setEventLots(trx, actorId, eventId, placements, now);
    for (const auctionId of removed) await releaseLotClose(trx, auctionId, now);
    return { lots, moved: await writeSchedule(trx, eventId, now) };
  });
  await announceMovedLots(db, moved);
  return lots;
}

/** The house changes its event; a change of the schedule moves every lot's auction with it. */
export async function saveSaleEvent(db: Kysely<Database>, actorId: string, eventId: number, patch: SaleEventPatch, now: Date = new Date()): Promise<void> {
  const moved = await inWriteTransaction(db, async (trx) => {
    const { scheduleChanged } = await updateSaleEvent(trx, actorId, eventId, patch, now);
    return scheduleChanged ? writeSchedule(trx, eventId, now) : [];
  });
  await announceMovedLots(db, moved);
}

/** The house publishes the catalogue: the event is scheduled, its lots' auctions follow the schedule and take pre-bids. */
export async function publishSaleEventCatalogue(db: Kysely<Database>, actorId: string, eventId: number, now: Date = new Date()): Promise<void> {
  const moved = await inWriteTransaction(db, async (trx) => {
    await publishSaleEvent(trx, actorId, eventId, now);
    return writeSchedule(trx, eventId, now);
  });
  await announceMovedLots(db, moved);
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
