// The catalogue's lots: the house attaches its own auction listings in catalogue order, reorders and renumbers them
// (lot numbers 1..N follow the positions), up to MAX_EVENT_LOTS, until the event opens. The lots' auction rows are
// rescheduled by the flow (app/flows/sale-event-catalogue.server.ts) from lotSchedule.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { hasOpened, MAX_EVENT_LOTS, SALE_EVENT_MESSAGES } from "~/lib/sale-events.ts";
import { DomainError } from "../domain-error.ts";
import { requireHouse } from "./sale-event-access.server.ts";
import { loadSaleEvent, saleEventStatusOf } from "./sale-event-editing.server.ts";

export interface LotPlacement {
  auctionId: number;
  /** The lot's place in the catalogue: any positive integers, unique; lot numbers follow their order. */
  position: number;
}

/** Reads how many auctions one query looks up at a time (SQLite's bound on parameters). */
const LOOKUP_CHUNK = 500;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Replaces the event's lots with `placements`: each must be the house's own auction listing, open (upcoming or
 * running without bids, unless already a lot of this event), in the event's currency and in no other event.
 * Returns the auctions in lot order and those that left the catalogue.
 */
export async function setEventLots(
  db: Kysely<Database>,
  actorId: string,
  eventId: number,
  placements: LotPlacement[],
  now: Date = new Date(),
): Promise<{ lots: Array<{ auctionId: number; lotNumber: number }>; removed: number[] }> {
  if (placements.length > MAX_EVENT_LOTS) throw new DomainError("too_large", SALE_EVENT_MESSAGES.tooManyLots, { field: "lots" });
  const event = await loadSaleEvent(db, eventId, { lock: true });
  requireHouse(event, actorId);
  if (event.status === "cancelled") throw new DomainError("conflict", SALE_EVENT_MESSAGES.notEditable);
  if (hasOpened(await saleEventStatusOf(db, event, now))) throw new DomainError("conflict", SALE_EVENT_MESSAGES.lotsFrozen);

  const auctionIds = new Set<number>();
  const positions = new Set<number>();
  for (const placement of placements) {
    if (!Number.isSafeInteger(placement.position) || placement.position < 1) {
      throw new DomainError("invalid", SALE_EVENT_MESSAGES.duplicatePosition, { field: "lots" });
    }
    if (positions.has(placement.position)) throw new DomainError("invalid", SALE_EVENT_MESSAGES.duplicatePosition, { field: "lots" });
    if (auctionIds.has(placement.auctionId)) throw new DomainError("invalid", SALE_EVENT_MESSAGES.duplicateLot, { field: "lots" });
    positions.add(placement.position);
    auctionIds.add(placement.auctionId);
  }

  const ids = [...auctionIds];
  const found = new Map<
    number,
    { id: number; status: string; bid_count: number; currency: string; seller_id: string; listing_type: string; event_id: number | null }
  >();
  for (const part of chunks(ids, LOOKUP_CHUNK)) {
    const rows = await db
      .selectFrom("auctions as a")
      .innerJoin("equipment_listings as l", "l.id", "a.listing_id")
      .leftJoin("sale_event_lots as sl", "sl.auction_id", "a.id")
      .select(["a.id", "a.status", "a.bid_count", "a.currency", "l.user_id as seller_id", "l.listing_type", "sl.event_id"])
      .where("a.id", "in", part)
      .execute();
    for (const row of rows) found.set(row.id, row);
  }
  for (const auctionId of ids) {
    const row = found.get(auctionId);
    if (!row || row.seller_id !== event.seller_id) throw new DomainError("forbidden", SALE_EVENT_MESSAGES.notYourListing(auctionId), { field: "lots" });
    if (row.listing_type !== "auction") throw new DomainError("invalid", SALE_EVENT_MESSAGES.notAnAuction(auctionId), { field: "lots" });
    if (row.event_id !== null && row.event_id !== eventId) {
      throw new DomainError("conflict", SALE_EVENT_MESSAGES.inAnotherEvent(auctionId), { field: "lots" });
    }
    const open = row.status === "upcoming" || (row.status === "active" && (row.bid_count === 0 || row.event_id === eventId));
    if (!open) throw new DomainError("conflict", SALE_EVENT_MESSAGES.lotNotOpen(auctionId), { field: "lots" });
    if (row.currency !== event.currency) throw new DomainError("invalid", SALE_EVENT_MESSAGES.wrongCurrency(auctionId, event.currency), { field: "lots" });
  }

  const before = await db.selectFrom("sale_event_lots").select("auction_id").where("event_id", "=", eventId).execute();
  const ordered = [...placements].sort((a, b) => a.position - b.position);
  await db.deleteFrom("sale_event_lots").where("event_id", "=", eventId).execute();
  for (const part of chunks(
    ordered.map((placement, index) => ({ placement, index })),
    LOOKUP_CHUNK / 5,
  )) {
    await db
      .insertInto("sale_event_lots")
      .values(part.map(({ placement, index }) => ({ event_id: eventId, auction_id: placement.auctionId, lot_number: index + 1, position: index + 1 })))
      .execute();
  }
  await db.updateTable("sale_events").set({ lot_count: ordered.length, updated_at: now.toISOString() }).where("id", "=", eventId).execute();
  return {
    lots: ordered.map((placement, index) => ({ auctionId: placement.auctionId, lotNumber: index + 1 })),
    removed: before.map((row) => row.auction_id).filter((id) => !auctionIds.has(id)),
  };
}
