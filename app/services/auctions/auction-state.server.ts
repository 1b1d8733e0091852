// Reading an auction's state and announcing its changes: shared by the bidding engine, the lifecycle, buy-now
// checkout and the pages.
import type { Kysely } from "kysely";
import { forUpdate } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { bidderLabel, isAuctionStatus, LIVE_AUCTION_STATUSES, reserveState, type AuctionSnapshot, type BidHistoryEntry } from "~/lib/auctions.ts";
import { ALL_AUCTIONS_TOPIC, auctionTopic, getLiveEventBus, type LiveEventBus } from "../platform/index.server.ts";

/** The snapshot before it is made personal: who leads and who won stay on the server. */
export type AuctionLiveState = Omit<AuctionSnapshot, "viewerLeads" | "viewerWon"> & {
  leaderId: string | null;
  winnerId: string | null;
};

export type AuctionChangeReason = "bid" | "started" | "ended" | "cancelled" | "bought" | "rescheduled";

export interface AuctionChange {
  reason: AuctionChangeReason;
  state: AuctionLiveState;
  /** Bids this change added, oldest first. */
  newBids: BidHistoryEntry[];
}

/** Every column the state needs, with the listing's seller. */
export function selectAuctionRow(db: Kysely<Database>) {
  return db
    .selectFrom("auctions as a")
    .innerJoin("equipment_listings as l", "l.id", "a.listing_id")
    .leftJoin("bids as lead", "lead.id", "a.leading_bid_id")
    .select([
      "a.id",
      "a.listing_id",
      "a.start_date",
      "a.end_date",
      "a.starting_price_cents",
      "a.reserve_price_cents",
      "a.current_price_cents",
      "a.bid_increment_cents",
      "a.bid_increment_fixed",
      "a.extensions_end_at",
      "a.soft_close_seconds",
      "a.buy_now_price_cents",
      "a.currency",
      "a.status",
      "a.auto_extend",
      "a.extension_count",
      "a.bid_count",
      "a.leading_bid_id",
      "a.winner_id",
      "a.version",
      "l.user_id as seller_id",
      "l.title",
      "l.listing_type",
      "lead.user_id as leader_id",
      "lead.max_amount_cents as leader_max_cents",
      "lead.amount_cents as leader_amount_cents",
    ]);
}

/** The listing's upcoming or running auction, if any. */
export function findLiveAuctionRow(db: Kysely<Database>, listingId: number): Promise<AuctionRow | undefined> {
  return selectAuctionRow(db).where("a.listing_id", "=", listingId).where("a.status", "in", LIVE_AUCTION_STATUSES).executeTakeFirst();
}

export type AuctionRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectAuctionRow>["executeTakeFirst"]>>>;

export function findAuctionRow(db: Kysely<Database>, auctionId: number): Promise<AuctionRow | undefined> {
  return selectAuctionRow(db).where("a.id", "=", auctionId).executeTakeFirst();
}

/** The currency an auction's amounts are in (an auction's currency never changes); null: no such auction. */
export async function auctionCurrency(db: Kysely<Database>, auctionId: number): Promise<string | null> {
  const row = await db.selectFrom("auctions").select("currency").where("id", "=", auctionId).executeTakeFirst();
  return row?.currency ?? null;
}

/**
 * Locks the auction's row until the write transaction ends, before the transaction reads the auction: every change
 * of a lot (a bid, its start or end, a Buy Now, the owner's controls) takes this lock first, so they queue at it on
 * PostgreSQL (in `inWriteTransaction(…, { decidesOnLockedRows: true })`) while changes of other lots go ahead.
 * SQLite's write transaction already holds the whole database.
 */
export async function lockAuction(trx: Kysely<Database>, auctionId: number): Promise<void> {
  await forUpdate(trx, trx.selectFrom("auctions").select("id").where("id", "=", auctionId)).execute();
}

/** `lockAuction` for the listing's upcoming or running auction, if it has one. */
export async function lockLiveAuctionOf(trx: Kysely<Database>, listingId: number): Promise<void> {
  await forUpdate(trx, trx.selectFrom("auctions").select("id").where("listing_id", "=", listingId).where("status", "in", LIVE_AUCTION_STATUSES)).execute();
}

/** Buy Now on a hybrid stays open while the auction runs and its price is below the buy-now price. */
export function buyNowOpen(row: Pick<AuctionRow, "status" | "buy_now_price_cents" | "current_price_cents">): boolean {
  return row.buy_now_price_cents !== null && (row.status === "active" || row.status === "upcoming") && row.current_price_cents < row.buy_now_price_cents;
}

/** The seller's fixed increment of the auction, or null when it follows the tiered table. */
export function fixedIncrementOf(row: Pick<AuctionRow, "bid_increment_cents" | "bid_increment_fixed">): number | null {
  return row.bid_increment_fixed === 1 ? row.bid_increment_cents : null;
}

export function toLiveState(row: AuctionRow): AuctionLiveState {
  return {
    auctionId: row.id,
    listingId: row.listing_id,
    status: isAuctionStatus(row.status) ? row.status : "ended",
    currency: row.currency,
    startingPriceCents: row.starting_price_cents,
    currentPriceCents: row.current_price_cents,
    fixedIncrementCents: fixedIncrementOf(row),
    bidCount: row.bid_count,
    startsAt: row.start_date,
    endsAt: row.end_date,
    extensionCount: row.extension_count,
    autoExtend: row.auto_extend === 1,
    extensionsEndAt: row.auto_extend === 1 ? row.extensions_end_at : null,
    reserve: reserveState(row.reserve_price_cents, row.current_price_cents, row.bid_count),
    buyNowPriceCents: buyNowOpen(row) ? row.buy_now_price_cents : null,
    sold: row.status === "ended" && row.winner_id !== null,
    version: row.version,
    leaderId: row.leader_id ?? null,
    winnerId: row.winner_id,
  };
}

/** The snapshot one viewer may see. */
export function forViewer(state: AuctionLiveState, viewerId: string | null | undefined): AuctionSnapshot {
  const { leaderId, winnerId, ...rest } = state;
  return {
    ...rest,
    viewerLeads: Boolean(viewerId) && leaderId === viewerId && state.status !== "cancelled",
    viewerWon: Boolean(viewerId) && winnerId === viewerId,
  };
}

/** The newest bids with bidder labels, newest first. */
export async function bidHistory(db: Kysely<Database>, auctionId: number, limit: number): Promise<BidHistoryEntry[]> {
  const rows = await db
    .selectFrom("bids as b")
    .innerJoin("profiles as p", "p.id", "b.user_id")
    .select(["b.id", "b.amount_cents", "b.is_auto", "b.created_at", "p.first_name", "p.last_name"])
    .where("b.auction_id", "=", auctionId)
    .orderBy("b.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    bidderLabel: bidderLabel(row.first_name, row.last_name),
    amountCents: row.amount_cents,
    isAuto: row.is_auto === 1,
    createdAt: row.created_at,
  }));
}

/** Tells the pages showing this auction (and auction lists) what changed. Call after the change committed. */
export function announceAuctionChange(change: AuctionChange, bus: LiveEventBus = getLiveEventBus()): void {
  bus.publish({ topic: auctionTopic(change.state.auctionId), name: "auction", data: change });
  bus.publish({ topic: ALL_AUCTIONS_TOPIC, name: "auction", data: change });
}

/** Tells open auction pages and lists that an auction went live (after the commit; a failure here changes nothing stored). */
export async function announceAuctionStarted(db: Kysely<Database>, auctionId: number): Promise<void> {
  try {
    const row = await findAuctionRow(db, auctionId);
    if (row) announceAuctionChange({ reason: "started", state: toLiveState(row), newBids: [] });
  } catch (error) {
    console.error("Announcing a new auction failed", error);
  }
}
