// What the house's and billing staff's pages read: the house's own events in every state, the auction listings it
// may add as lots, the lot rows of a CSV checked one by one, and the deposits awaiting billing's confirmation.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { isBidderStatus, MAX_EVENT_LOTS, type BidderStatus } from "~/lib/sale-events.ts";
import { SALE_EVENT_HOUSE_MESSAGES } from "~/lib/sale-event-house.ts";
import { requireBillingStaff, requireHouse } from "./sale-event-access.server.ts";
import { depositDueOf, depositReferenceOf } from "./sale-event-bidders.server.ts";
import { saleEventCatalogue, type SaleEventView } from "./sale-event-catalogue.server.ts";
import { loadSaleEvent } from "./sale-event-editing.server.ts";
import type { LotPlacement } from "./sale-event-lots.server.ts";

/** The most events, candidates and deposits one page lists. */
const HOUSE_LIST_MAX = 200;

/** The house's events, newest first close first, drafts and cancelled ones included. */
export async function houseSaleEvents(db: Kysely<Database>, sellerId: string, now: Date = new Date()): Promise<SaleEventView[]> {
  const rows = await db
    .selectFrom("sale_events")
    .select("id")
    .where("seller_id", "=", sellerId)
    .orderBy("first_close_at", "desc")
    .orderBy("id", "desc")
    .limit(HOUSE_LIST_MAX)
    .execute();
  const events: SaleEventView[] = [];
  for (const row of rows) events.push((await saleEventCatalogue(db, row.id, { viewerId: sellerId, now, limit: 0 })).event);
  return events;
}

/** The event for its house (forbidden to anyone else). */
export async function houseSaleEvent(db: Kysely<Database>, actorId: string, eventId: number, now: Date = new Date()): Promise<SaleEventView> {
  const row = await loadSaleEvent(db, eventId);
  requireHouse(row, actorId);
  return (await saleEventCatalogue(db, eventId, { viewerId: actorId, now, limit: 0 })).event;
}

export interface LotCandidate {
  auctionId: number;
  listingId: number;
  title: string;
  endsAt: string;
}

const OPEN_AUCTION = ["upcoming", "active"];

/** The house's auction listings that may join the event: open, without bids, in its currency, in no event. */
export async function houseLotCandidates(db: Kysely<Database>, actorId: string, eventId: number): Promise<LotCandidate[]> {
  const event = await loadSaleEvent(db, eventId);
  requireHouse(event, actorId);
  const rows = await db
    .selectFrom("auctions as a")
    .innerJoin("equipment_listings as l", "l.id", "a.listing_id")
    .leftJoin("sale_event_lots as sl", "sl.auction_id", "a.id")
    .select(["a.id", "a.listing_id", "l.title", "a.end_date"])
    .where("l.user_id", "=", actorId)
    .where("l.listing_type", "=", "auction")
    .where("a.status", "in", OPEN_AUCTION)
    .where("a.bid_count", "=", 0)
    .where("a.currency", "=", event.currency)
    .where("sl.id", "is", null)
    .orderBy("a.id")
    .limit(HOUSE_LIST_MAX)
    .execute();
  return rows.map((row) => ({ auctionId: row.id, listingId: row.listing_id, title: row.title, endsAt: row.end_date }));
}

/** One data row of a lots CSV, as read: its line in the file and its two cells. */
export interface LotCsvRow {
  line: number;
  lotNumber: string;
  listingId: string;
}

const WHOLE = /^[1-9][0-9]{0,8}$/;

/**
 * Checks a lots CSV row by row: a whole lot number used once, a listing id used once that is one of the house's
 * auction listings with an open auction. Returns the placements (lot number as position) and each row's problem.
 */
export async function checkLotCsvRows(
  db: Kysely<Database>,
  actorId: string,
  eventId: number,
  rows: LotCsvRow[],
): Promise<{ placements: LotPlacement[]; problems: Array<{ line: number; message: string }> }> {
  const event = await loadSaleEvent(db, eventId);
  requireHouse(event, actorId);
  const problems: Array<{ line: number; message: string }> = [];
  if (rows.length > MAX_EVENT_LOTS) return { placements: [], problems: [{ line: 1, message: SALE_EVENT_HOUSE_MESSAGES.tooManyCsvRows }] };
  const listingIds = [...new Set(rows.map((row) => row.listingId.trim()).filter((id) => WHOLE.test(id)))].map(Number);
  const auctions = new Map<number, { auctionId: number; sellerId: string; type: string }>();
  for (let i = 0; i < listingIds.length; i += 500) {
    const found = await db
      .selectFrom("equipment_listings as l")
      .leftJoin("auctions as a", (join) => join.onRef("a.listing_id", "=", "l.id").on("a.status", "in", OPEN_AUCTION))
      .select(["l.id", "l.user_id", "l.listing_type", "a.id as auction_id"])
      .where("l.id", "in", listingIds.slice(i, i + 500))
      .execute();
    for (const row of found) {
      if (row.auction_id !== null || !auctions.has(row.id))
        auctions.set(row.id, { auctionId: row.auction_id ?? 0, sellerId: row.user_id, type: row.listing_type });
    }
  }
  const seenLots = new Set<number>();
  const seenListings = new Set<number>();
  const placements: LotPlacement[] = [];
  for (const row of rows) {
    const problem = (message: string) => problems.push({ line: row.line, message });
    const lot = row.lotNumber.trim();
    const listing = row.listingId.trim();
    if (!WHOLE.test(lot)) problem(SALE_EVENT_HOUSE_MESSAGES.csvLotNumber(lot));
    else if (!WHOLE.test(listing)) problem(SALE_EVENT_HOUSE_MESSAGES.csvListingId(listing));
    else if (seenLots.has(Number(lot))) problem(SALE_EVENT_HOUSE_MESSAGES.csvDuplicateLot(Number(lot)));
    else if (seenListings.has(Number(listing))) problem(SALE_EVENT_HOUSE_MESSAGES.csvDuplicateListing(Number(listing)));
    else {
      const found = auctions.get(Number(listing));
      seenLots.add(Number(lot));
      seenListings.add(Number(listing));
      if (!found || found.sellerId !== event.seller_id) problem(SALE_EVENT_HOUSE_MESSAGES.csvNotYours(Number(listing)));
      else if (found.type !== "auction" || found.auctionId === 0) problem(SALE_EVENT_HOUSE_MESSAGES.csvNoOpenAuction(Number(listing)));
      else placements.push({ auctionId: found.auctionId, position: Number(lot) });
    }
  }
  return { placements, problems };
}

export interface DepositAwaiting {
  eventId: number;
  eventTitle: string;
  currency: string;
  userId: string;
  name: string;
  email: string;
  status: BidderStatus;
  dueCents: number;
  paidCents: number | null;
  reference: string;
  recorded: boolean;
}

/** Deposits not yet confirmed, across the events not cancelled, oldest registration first: for billing staff. */
export async function depositsAwaitingConfirmation(db: Kysely<Database>, actorId: string): Promise<DepositAwaiting[]> {
  await requireBillingStaff(db, actorId);
  const rows = await db
    .selectFrom("sale_event_bidders as b")
    .innerJoin("sale_events as e", "e.id", "b.event_id")
    .innerJoin("users as u", "u.id", "b.user_id")
    .leftJoin("profiles as p", "p.id", "b.user_id")
    .selectAll("b")
    .select(["e.title", "u.email", "p.first_name", "p.last_name"])
    .where("b.deposit_confirmed_at", "is", null)
    .where("e.deposit_kind", "!=", "none")
    .where("e.status", "!=", "cancelled")
    .orderBy("b.id")
    .limit(HOUSE_LIST_MAX)
    .execute();
  const events = new Map<number, Awaited<ReturnType<typeof loadSaleEvent>>>();
  const out: DepositAwaiting[] = [];
  for (const row of rows) {
    const event = events.get(row.event_id) ?? (await loadSaleEvent(db, row.event_id));
    events.set(row.event_id, event);
    const due = depositDueOf(event, row);
    if (due === 0) continue;
    out.push({
      eventId: row.event_id,
      eventTitle: row.title,
      currency: event.currency,
      userId: row.user_id,
      name: [row.first_name, row.last_name].filter(Boolean).join(" "),
      email: row.email,
      status: isBidderStatus(row.status) ? row.status : "pending",
      dueCents: due,
      paidCents: row.deposit_cents,
      reference: depositReferenceOf(row),
      recorded: row.deposit_cents !== null && row.deposit_reference !== null,
    });
  }
  return out;
}
