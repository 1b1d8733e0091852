// Reading sale events: the listing of upcoming, live and closed events, one event's catalogue (its lots in order with
// their close times and prices, and the signed-in member's own standing on each), a lot's place in its event and the
// lots closing next. Reads the auctions, listings and watchlist tables with its own queries; writes nothing.
import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { isDepositKind, lotCloseAt, SALE_EVENT_MESSAGES, type DepositKind, type SaleEventPhase, type SaleEventStatus } from "~/lib/sale-events.ts";
import { DomainError } from "../domain-error.ts";
import { mayOverseeEvent } from "./sale-event-access.server.ts";
import { loadSaleEvent, saleEventStatusOf, type SaleEventRow } from "./sale-event-editing.server.ts";

/** An event as the pages show it. */
export interface SaleEventView {
  id: number;
  sellerId: string;
  title: string;
  /** Markdown. */
  description: string;
  location: string;
  inspection: string;
  pickup: string;
  terms: string;
  coverImageKey: string | null;
  status: SaleEventStatus;
  currency: string;
  startsAt: string;
  firstCloseAt: string;
  /** Lot N's scheduled close (T + (N − 1)·Δ); null without lots. */
  lastCloseAt: string | null;
  closeIntervalSeconds: number;
  softCloseSeconds: number;
  extensionCapMinutes: number;
  approvalRequired: boolean;
  deposit: { kind: DepositKind; fixedCents: number | null; percentBps: number | null; refundDays: number | null };
  premium: { percentBps: number; minCents: number | null; maxCents: number | null } | null;
  lotCount: number;
  publishedAt: string | null;
}

function toSaleEventView(row: SaleEventRow, status: SaleEventStatus): SaleEventView {
  return {
    id: row.id,
    sellerId: row.seller_id,
    title: row.title,
    description: row.description,
    location: row.location,
    inspection: row.inspection,
    pickup: row.pickup,
    terms: row.terms,
    coverImageKey: row.cover_image_key,
    status,
    currency: row.currency,
    startsAt: row.starts_at,
    firstCloseAt: row.first_close_at,
    lastCloseAt: row.lot_count > 0 ? lotCloseAt(new Date(row.first_close_at), row.close_interval_seconds, row.lot_count).toISOString() : null,
    closeIntervalSeconds: row.close_interval_seconds,
    softCloseSeconds: row.soft_close_seconds,
    extensionCapMinutes: row.extension_cap_minutes,
    approvalRequired: row.approval_required === 1,
    deposit: {
      kind: isDepositKind(row.deposit_kind) ? row.deposit_kind : "none",
      fixedCents: row.deposit_fixed_cents,
      percentBps: row.deposit_percent_bps,
      refundDays: row.deposit_refund_days,
    },
    premium:
      row.premium_percent_bps === null ? null : { percentBps: row.premium_percent_bps, minCents: row.premium_min_cents, maxCents: row.premium_max_cents },
    lotCount: row.lot_count,
    publishedAt: row.published_at,
  };
}

export interface SaleEventFilters {
  phase: SaleEventPhase;
  /** Events with at least one lot in this category. */
  categoryId?: string;
  /** Part of the event's location, any case. */
  location?: string;
  /** The house (its seller id). */
  sellerId?: string;
  /** 1-based. */
  page?: number;
  now?: Date;
}

const SALE_EVENTS_PAGE_SIZE = 20;

const LIVE_LOT_STATUSES = ["upcoming", "active"];

/** Published events of one phase, with the filters, a page at a time: upcoming by opening, live by first close, closed newest first. */
export async function listSaleEvents(db: Kysely<Database>, filters: SaleEventFilters): Promise<{ events: SaleEventView[]; page: number; hasMore: boolean }> {
  const now = (filters.now ?? new Date()).toISOString();
  const page = Math.max(1, Math.floor(filters.page ?? 1));
  let query = db.selectFrom("sale_events as e").selectAll("e").where("e.status", "=", "scheduled");
  /** Whether any lot of the event is still open. */
  const lotStillOpen = sql<boolean>`exists (select 1 from sale_event_lots sl inner join auctions a on a.id = sl.auction_id where sl.event_id = e.id and a.status in ('upcoming', 'active') and a.end_date > ${now})`;
  if (filters.phase === "upcoming") query = query.where("e.starts_at", ">", now).orderBy("e.starts_at").orderBy("e.id");
  else if (filters.phase === "live") query = query.where("e.starts_at", "<=", now).where(lotStillOpen).orderBy("e.first_close_at").orderBy("e.id");
  else
    query = query
      .where("e.starts_at", "<=", now)
      .where(sql<boolean>`not ${lotStillOpen}`)
      .orderBy("e.first_close_at", "desc")
      .orderBy("e.id", "desc");
  if (filters.sellerId) query = query.where("e.seller_id", "=", filters.sellerId);
  if (filters.location?.trim()) {
    const needle = `%${filters.location
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`lower(e.location) like ${needle} escape '\\'`);
  }
  if (filters.categoryId) {
    const categoryId = filters.categoryId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("sale_event_lots as cl")
          .innerJoin("auctions as ca", "ca.id", "cl.auction_id")
          .innerJoin("equipment_listings as cli", "cli.id", "ca.listing_id")
          .select("cl.id")
          .whereRef("cl.event_id", "=", "e.id")
          .where("cli.category_id", "=", categoryId),
      ),
    );
  }
  const rows = await query
    .limit(SALE_EVENTS_PAGE_SIZE + 1)
    .offset((page - 1) * SALE_EVENTS_PAGE_SIZE)
    .execute();
  const phaseStatus = (row: SaleEventRow): Promise<SaleEventStatus> => saleEventStatusOf(db, row, new Date(now));
  const shown = rows.slice(0, SALE_EVENTS_PAGE_SIZE);
  const events = await Promise.all(shown.map(async (row) => toSaleEventView(row, await phaseStatus(row))));
  return { events, page, hasMore: rows.length > SALE_EVENTS_PAGE_SIZE };
}

export type LotStatus = "upcoming" | "open" | "closed" | "cancelled";
export type ViewerLotStatus = "leading" | "outbid" | "watching" | null;

export interface CatalogueLot {
  lotNumber: number;
  auctionId: number;
  listingId: number;
  title: string;
  categoryId: string;
  /** The lot's close now (later than scheduled when soft close moved it). */
  closesAt: string;
  /** T + (lotNumber − 1)·Δ. */
  scheduledCloseAt: string;
  currentPriceCents: number;
  bidCount: number;
  status: LotStatus;
  /** The signed-in member's own standing: leading, outbid (bid, not leading), watching; null otherwise. */
  viewerStatus: ViewerLotStatus;
}

function lotStatusOf(row: { status: string; start_date: string; end_date: string }, now: string): LotStatus {
  if (row.status === "cancelled") return "cancelled";
  if (row.status === "ended" || row.end_date <= now) return "closed";
  if (row.status === "upcoming" || row.start_date > now) return "upcoming";
  return "open";
}

/**
 * The event with its lots in catalogue order. A draft is shown only to its house and to staff who moderate listings.
 * `offset`/`limit` page through the lots (all of them unless given).
 */
export async function saleEventCatalogue(
  db: Kysely<Database>,
  eventId: number,
  options: { viewerId?: string | null; now?: Date; offset?: number; limit?: number } = {},
): Promise<{ event: SaleEventView; lots: CatalogueLot[] }> {
  const now = options.now ?? new Date();
  const stamp = now.toISOString();
  const viewerId = options.viewerId ?? null;
  const row = await loadSaleEvent(db, eventId);
  if (row.status === "draft" && !(await mayOverseeEvent(db, row, viewerId))) throw new DomainError("not_found", SALE_EVENT_MESSAGES.notFound);
  const event = toSaleEventView(row, await saleEventStatusOf(db, row, now));
  let query = db
    .selectFrom("sale_event_lots as sl")
    .innerJoin("auctions as a", "a.id", "sl.auction_id")
    .innerJoin("equipment_listings as l", "l.id", "a.listing_id")
    .leftJoin("bids as lead", "lead.id", "a.leading_bid_id")
    .select([
      "sl.lot_number",
      "a.id as auction_id",
      "a.listing_id",
      "l.title",
      "l.category_id",
      "a.start_date",
      "a.end_date",
      "a.status",
      "a.current_price_cents",
      "a.bid_count",
      "lead.user_id as leader_id",
    ])
    .where("sl.event_id", "=", eventId)
    .orderBy("sl.lot_number");
  if (options.limit !== undefined) query = query.limit(Math.max(0, Math.floor(options.limit)));
  if (options.offset !== undefined) query = query.offset(Math.max(0, Math.floor(options.offset)));
  const lots = await query.execute();

  const bidOn = new Set<number>();
  const watched = new Set<number>();
  if (viewerId !== null && lots.length > 0) {
    const own = await db
      .selectFrom("bids as b")
      .innerJoin("sale_event_lots as sl", "sl.auction_id", "b.auction_id")
      .select("b.auction_id")
      .distinct()
      .where("sl.event_id", "=", eventId)
      .where("b.user_id", "=", viewerId)
      .execute();
    for (const bid of own) bidOn.add(bid.auction_id);
    const watching = await db
      .selectFrom("watchlist as w")
      .innerJoin("auctions as a", "a.listing_id", "w.listing_id")
      .innerJoin("sale_event_lots as sl", "sl.auction_id", "a.id")
      .select("a.id")
      .where("sl.event_id", "=", eventId)
      .where("w.user_id", "=", viewerId)
      .execute();
    for (const watch of watching) watched.add(watch.id);
  }
  const firstClose = new Date(row.first_close_at);
  return {
    event,
    lots: lots.map((lot) => ({
      lotNumber: lot.lot_number,
      auctionId: lot.auction_id,
      listingId: lot.listing_id,
      title: lot.title,
      categoryId: lot.category_id,
      closesAt: lot.end_date,
      scheduledCloseAt: lotCloseAt(firstClose, row.close_interval_seconds, lot.lot_number).toISOString(),
      currentPriceCents: lot.current_price_cents,
      bidCount: lot.bid_count,
      status: lotStatusOf(lot, stamp),
      viewerStatus:
        viewerId === null
          ? null
          : lot.leader_id === viewerId
            ? "leading"
            : bidOn.has(lot.auction_id)
              ? "outbid"
              : watched.has(lot.auction_id)
                ? "watching"
                : null,
    })),
  };
}

export interface LotPosition {
  eventId: number;
  eventTitle: string;
  lotNumber: number;
  lotCount: number;
  previousAuctionId: number | null;
  nextAuctionId: number | null;
}

/** Where an auction sits in its event's catalogue (for the lot page's "Lot 17 of 240", previous and next); null: in no published event. */
export async function lotPositionOf(db: Kysely<Database>, auctionId: number): Promise<LotPosition | null> {
  const lot = await db
    .selectFrom("sale_event_lots as sl")
    .innerJoin("sale_events as e", "e.id", "sl.event_id")
    .select(["sl.event_id", "sl.lot_number", "e.title", "e.lot_count", "e.status"])
    .where("sl.auction_id", "=", auctionId)
    .executeTakeFirst();
  if (!lot || lot.status === "draft") return null;
  const neighbours = await db
    .selectFrom("sale_event_lots")
    .select(["auction_id", "lot_number"])
    .where("event_id", "=", lot.event_id)
    .where("lot_number", "in", [lot.lot_number - 1, lot.lot_number + 1])
    .execute();
  const at = (number: number) => neighbours.find((row) => row.lot_number === number)?.auction_id ?? null;
  return {
    eventId: lot.event_id,
    eventTitle: lot.title,
    lotNumber: lot.lot_number,
    lotCount: lot.lot_count,
    previousAuctionId: at(lot.lot_number - 1),
    nextAuctionId: at(lot.lot_number + 1),
  };
}

/** The most lots closingNext returns. */
const CLOSING_NEXT_MAX = 50;

/** The next `n` lots of the event to close (still open, soonest end first). */
export async function closingNext(
  db: Kysely<Database>,
  eventId: number,
  n: number,
  now: Date = new Date(),
): Promise<Array<{ auctionId: number; lotNumber: number; title: string; closesAt: string; currentPriceCents: number; bidCount: number }>> {
  const limit = Math.min(CLOSING_NEXT_MAX, Math.max(0, Math.floor(n)));
  if (limit === 0) return [];
  const rows = await db
    .selectFrom("sale_event_lots as sl")
    .innerJoin("auctions as a", "a.id", "sl.auction_id")
    .innerJoin("equipment_listings as l", "l.id", "a.listing_id")
    .select(["a.id", "sl.lot_number", "l.title", "a.end_date", "a.current_price_cents", "a.bid_count"])
    .where("sl.event_id", "=", eventId)
    .where("a.status", "in", LIVE_LOT_STATUSES)
    .where("a.end_date", ">", now.toISOString())
    .orderBy("a.end_date")
    .orderBy("sl.lot_number")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    auctionId: row.id,
    lotNumber: row.lot_number,
    title: row.title,
    closesAt: row.end_date,
    currentPriceCents: row.current_price_cents,
    bidCount: row.bid_count,
  }));
}
