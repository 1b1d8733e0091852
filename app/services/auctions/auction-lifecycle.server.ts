// The auction lifecycle (docs/product/auctions.md#states): upcoming auctions start at their start date, active ones end at their end date
// (with a winner and an order when the highest bid meets the reserve), and the listing's owner may end an auction
// early or cancel it. Every change is one write transaction that claims the change by a conditional update of the
// auction row; only the transaction whose update hit the row does the follow-up work (listing, order, notifications),
// so each auction starts and ends exactly once however many scheduler passes, page reads and server processes race.
// Each of those transactions locks the auction's row first (lockAuction), so on PostgreSQL they queue behind each
// other and behind the lot's bids, and read the auction as the previous one committed it.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { reserveState } from "~/lib/auctions.ts";
import { formatBidMoney } from "~/lib/bidding.ts";
import type { SaleType } from "~/lib/fees.ts";
import { isListingType } from "~/lib/listing-types.ts";
import { unsoldChoicesUrl } from "~/lib/listing-status.ts";
import { DomainError, type DomainErrorKind } from "../domain-error.ts";
import { isOwner, moderationHold } from "../listings/index.server.ts";
import { announceAuctionChange, findAuctionRow, lockAuction, toLiveState, type AuctionChangeReason, type AuctionRow } from "./auction-state.server.ts";
import { announceNotifications, insertNotifications, type NotificationDraft } from "../notifications/index.server.ts";
import { createOrder, completeInspectedOrders } from "../orders/index.server.ts";
import { itemSoldAlerts } from "../alerts/index.server.ts";

/** The refusals of the owner's controls (docs/product/auctions.md#messages). */
export const LIFECYCLE_MESSAGES = {
  notFound: "Auction not found",
  endPermission: "You do not have permission to end this auction",
  cancelPermission: "You do not have permission to cancel this auction",
  cannotEnd: "This auction cannot be ended",
  cannotCancel: "This auction cannot be cancelled",
} as const;

/** Why the owner's end or cancel is refused, shown on the confirmation page: not theirs, or no longer running. */
export type LifecycleRefusalKind = Extract<DomainErrorKind, "forbidden" | "conflict">;

function permissionMessage(action: OwnerAction): string {
  return action === "end" ? LIFECYCLE_MESSAGES.endPermission : LIFECYCLE_MESSAGES.cancelPermission;
}

function stateMessage(action: OwnerAction): string {
  return action === "end" ? LIFECYCLE_MESSAGES.cannotEnd : LIFECYCLE_MESSAGES.cannotCancel;
}

/** How an ended auction turned out. */
export type EndOutcome = "sold" | "reserve_not_met" | "no_bids";

export interface EndedAuction {
  auctionId: number;
  outcome: EndOutcome;
  winnerId: string | null;
  orderId: number | null;
}

export interface LifecycleCounts {
  started: number;
  ended: number;
  /** Auctions whose change failed this pass (logged; tried again on the next pass). */
  failed: number;
}

/** What a committed change leaves to do: tell the pages and the people. */
interface Committed<T> {
  result: T;
  reason: AuctionChangeReason;
  auctionId: number;
  notifications: NotificationDraft[];
}

/** The lifecycle's transactions decide on the auction's row, locked first (see the top of this file). */
const LOCKED = { decidesOnLockedRows: true } as const;

/** Runs after commit: announces the auction's new state and the notifications. */
async function announce<T>(db: Kysely<Database>, committed: Committed<T> | null): Promise<T | null> {
  if (!committed) return null;
  announceNotifications(committed.notifications);
  const row = await findAuctionRow(db, committed.auctionId);
  if (row) announceAuctionChange({ reason: committed.reason, state: toLiveState(row), newBids: [] });
  // An auction ended or cancelled without a sale leaves its listing unsold (not for sale until its seller chooses), so
  // saved searches hear of it only when it is relisted or switched to Buy It Now.
  return committed.result;
}

// ── Starting ──

/** Claims and starts one upcoming auction whose start date has come; false when another writer got there first. */
async function startOne(db: Kysely<Database>, auctionId: number, now: Date): Promise<boolean> {
  const stamp = now.toISOString();
  const committed = await inWriteTransaction(
    db,
    async (trx): Promise<Committed<true> | null> => {
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
    LOCKED,
  );
  return (await announce(db, committed)) ?? false;
}

/** Upcoming auctions whose start date has come become active. Returns how many this call started. */
export async function startDueAuctions(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  return (await startDue(db, now)).done;
}

async function startDue(db: Kysely<Database>, now: Date): Promise<{ done: number; failed: number }> {
  const due = await db
    .selectFrom("auctions")
    .select("id")
    .where("status", "=", "upcoming")
    .where("start_date", "<=", now.toISOString())
    .orderBy("start_date")
    .execute();
  return eachAuction(due, (id) => startOne(db, id, now), "start");
}

// ── Ending ──

/** Who is told what when an auction ends; the seller's message links to the order when there is one. */
function endNotifications(row: AuctionRow, outcome: EndOutcome, bidderIds: string[], orderId: number | null): NotificationDraft[] {
  const price = formatBidMoney(row.current_price_cents, row.currency);
  const lot = `/auctions/${row.id}`;
  const drafts: NotificationDraft[] = [];
  if (outcome === "sold" && row.leader_id) {
    drafts.push({
      userId: row.leader_id,
      type: "auction_won",
      title: "You won the auction",
      message: `You won "${row.title}" with a bid of ${price}. Complete your purchase and pay by bank transfer.`,
      actionUrl: `/checkout/auction/${row.id}`,
    });
    drafts.push({
      userId: row.seller_id,
      type: "listing_sold",
      title: "Your auction sold",
      message: `"${row.title}" sold for ${price}. We will tell you when the buyer has paid; ship only after that.`,
      actionUrl: orderId === null ? lot : `/orders/${orderId}`,
    });
    for (const bidderId of bidderIds) {
      if (bidderId === row.leader_id || bidderId === row.seller_id) continue;
      drafts.push({
        userId: bidderId,
        type: "auction_ended",
        title: "Auction ended",
        message: `The auction for "${row.title}" has ended. Another bidder won it at ${price}.`,
        actionUrl: lot,
      });
    }
    return drafts;
  }
  if (outcome === "reserve_not_met") {
    drafts.push({
      userId: row.seller_id,
      type: "auction_ended",
      title: "Your auction ended: reserve not met",
      message: `The highest bid on "${row.title}", ${price}, did not reach your reserve price, so it was not sold. Choose whether to relist it as an auction, sell it at a fixed price or end it.`,
      actionUrl: unsoldChoicesUrl(row.listing_id),
    });
    if (row.leader_id && row.leader_id !== row.seller_id) {
      drafts.push({
        userId: row.leader_id,
        type: "auction_ended",
        title: "Auction ended: reserve not met",
        message: `The auction for "${row.title}" ended without a sale: your bid of ${price} did not reach the seller's reserve price.`,
        actionUrl: lot,
      });
    }
    return drafts;
  }
  drafts.push({
    userId: row.seller_id,
    type: "auction_ended",
    title: "Your auction ended without bids",
    message: `The auction for "${row.title}" ended without bids. Choose whether to relist it as an auction, sell it at a fixed price or end it.`,
    actionUrl: unsoldChoicesUrl(row.listing_id),
  });
  return drafts;
}

async function bidderIdsOf(trx: Kysely<Database>, auctionId: number): Promise<string[]> {
  const rows = await trx.selectFrom("bids").select("user_id").distinct().where("auction_id", "=", auctionId).orderBy("user_id").execute();
  return rows.map((row) => row.user_id);
}

function saleTypeOf(listingType: string): SaleType {
  return isListingType(listingType) && listingType !== "buy_now" ? listingType : "auction";
}

/**
 * Leaves a listing "unsold" after an auction without a sale (decision 0073): nothing can be bid on or bought
 * until its seller relists it, switches it to Buy It Now or ends it. Only an active listing changes: a sold one stays
 * sold; one its reports hid from search, or a moderator removed, stays so (moderation states are terminal); a draft or
 * archived one stays with its seller.
 */
async function markListingUnsold(trx: Kysely<Database>, listingId: number, stamp: string): Promise<void> {
  await trx.updateTable("equipment_listings").set({ status: "unsold", updated_at: stamp }).where("id", "=", listingId).where("status", "=", "active").execute();
}

/**
 * Ends the auction `row` (read inside `trx`): claims it by a conditional update, then settles the sale. `due` limits the
 * claim to an active auction whose end date has come (scheduler); otherwise an active or upcoming one (owner ends early).
 */
async function endClaimed(trx: Kysely<Database>, row: AuctionRow, now: Date, due: boolean): Promise<Committed<EndedAuction> | null> {
  const stamp = now.toISOString();
  const bidders = row.bid_count > 0 ? await bidderIdsOf(trx, row.id) : [];
  const reserve = reserveState(row.reserve_price_cents, row.current_price_cents, row.bid_count);
  const leader = row.bid_count > 0 && row.leading_bid_id !== null ? (row.leader_id ?? null) : null;
  // A listing already sold another way (which should not happen while its auction runs) gets no second order.
  const otherSale = leader
    ? await trx
        .selectFrom("orders")
        .select("id")
        .where("listing_id", "=", row.listing_id)
        .where("status", "not in", ["cancelled", "refunded"])
        .executeTakeFirst()
    : undefined;
  if (otherSale) console.warn(`Auction ${row.id} ended without a sale: listing ${row.listing_id} already has order ${otherSale.id}.`);
  const winnerId = leader && reserve !== "not_met" && !otherSale ? leader : null;
  const outcome: EndOutcome = winnerId ? "sold" : leader ? "reserve_not_met" : "no_bids";

  let claim = trx
    .updateTable("auctions")
    .set((eb) => ({ status: "ended", winner_id: winnerId, ended_at: stamp, version: eb("version", "+", 1), updated_at: stamp }))
    .where("id", "=", row.id)
    .where("version", "=", row.version);
  claim = due ? claim.where("status", "=", "active").where("end_date", "<=", stamp) : claim.where("status", "in", ["active", "upcoming"]);
  const claimed = await claim.executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return null;

  let orderId: number | null = null;
  if (winnerId) {
    await trx.updateTable("equipment_listings").set({ status: "sold", updated_at: stamp }).where("id", "=", row.listing_id).execute();
    const order = await createOrder(
      trx,
      {
        listingId: row.listing_id,
        auctionId: row.id,
        buyerId: winnerId,
        sellerId: row.seller_id,
        saleType: saleTypeOf(row.listing_type),
        amountCents: row.current_price_cents,
        currency: row.currency,
        createdBy: null,
      },
      now,
    );
    orderId = order.id;
  } else if (!otherSale) {
    await markListingUnsold(trx, row.listing_id, stamp);
  }
  const notifications = endNotifications(row, outcome, bidders, orderId);
  if (winnerId) {
    const sold = {
      listingId: row.listing_id,
      title: row.title,
      sellerId: row.seller_id,
      buyerId: winnerId,
      alreadyTold: bidders,
      actionUrl: `/auctions/${row.id}`,
    };
    notifications.push(...(await itemSoldAlerts(trx, sold)));
  }
  await insertNotifications(trx, notifications, now);
  return { result: { auctionId: row.id, outcome, winnerId, orderId }, reason: "ended", auctionId: row.id, notifications };
}

/** Ends one active auction whose end date has come; null when it is not due or another writer ended it first. */
async function endOneDue(db: Kysely<Database>, auctionId: number, now: Date): Promise<EndedAuction | null> {
  const committed = await inWriteTransaction(
    db,
    async (trx) => {
      await lockAuction(trx, auctionId);
      const row = await findAuctionRow(trx, auctionId);
      if (!row || row.status !== "active" || row.end_date > now.toISOString()) return null;
      return endClaimed(trx, row, now, true);
    },
    LOCKED,
  );
  return announce(db, committed);
}

/** Active auctions whose end date has come end (docs/product/auctions.md#states). Returns how many this call ended. */
export async function endDueAuctions(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  return (await endDue(db, now)).done;
}

async function endDue(db: Kysely<Database>, now: Date): Promise<{ done: number; failed: number }> {
  const due = await db
    .selectFrom("auctions")
    .select("id")
    .where("status", "=", "active")
    .where("end_date", "<=", now.toISOString())
    .orderBy("end_date")
    .execute();
  return eachAuction(due, async (id) => (await endOneDue(db, id, now)) !== null, "end");
}

/** Runs `work` for each auction in turn; one auction's failure is logged and does not stop the others. */
async function eachAuction(rows: Array<{ id: number }>, work: (id: number) => Promise<boolean>, verb: string): Promise<{ done: number; failed: number }> {
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

/**
 * Starts and ends the one auction if its time has come: called when an auction is read, so a page never shows a
 * running auction past its end even between scheduler passes. Cheap when nothing is due (one indexed read).
 */
export async function settleAuctionIfDue(db: Kysely<Database>, auctionId: number, now: Date = new Date()): Promise<void> {
  const stamp = now.toISOString();
  const row = await db.selectFrom("auctions").select(["status", "start_date", "end_date"]).where("id", "=", auctionId).executeTakeFirst();
  if (!row) return;
  if (row.status === "upcoming" && row.start_date <= stamp) await startOne(db, auctionId, now);
  if ((row.status === "upcoming" || row.status === "active") && row.start_date <= stamp && row.end_date <= stamp) {
    await endOneDue(db, auctionId, now);
  }
}

/** One pass of the scheduler: start due auctions, then end due ones. */
export async function runAuctionLifecycle(db: Kysely<Database>, now: Date = new Date()): Promise<LifecycleCounts> {
  const started = await startDue(db, now);
  const ended = await endDue(db, now);
  return { started: started.done, ended: ended.done, failed: started.failed + ended.failed };
}

// ── The owner's controls ──

export interface OwnerRequest {
  auctionId: number;
  userId: string;
  now?: Date;
  /** Staff cancel on the owner's behalf (the owner's account was suspended): bidders are told Tradebench cancelled it. */
  byStaff?: boolean;
}

/**
 * The auction, read in the transaction, if `request.userId` owns its listing and it is still upcoming or running.
 * An auction past its end date has ended (its settlement ran just before) and can be neither ended nor cancelled.
 */
async function ownedRow(trx: Kysely<Database>, request: OwnerRequest, now: Date, action: OwnerAction): Promise<AuctionRow> {
  await lockAuction(trx, request.auctionId);
  const row = await findAuctionRow(trx, request.auctionId);
  if (!row) throw new DomainError("not_found", LIFECYCLE_MESSAGES.notFound);
  if (!isOwner({ ownerId: row.seller_id }, request.userId)) throw new DomainError("forbidden", permissionMessage(action));
  if (!request.byStaff) {
    const held = await sellerModerationHold(trx, row);
    if (held) throw held;
  }
  if ((row.status !== "active" && row.status !== "upcoming") || row.end_date <= now.toISOString()) {
    throw new DomainError("conflict", stateMessage(action));
  }
  return row;
}

/**
 * The seller may neither end nor cancel the auction of a listing its reports hid: ending would sell it
 * before review, cancelling would free it to be relisted. Only a moderator's decision (which cancels it) changes it.
 */
async function sellerModerationHold(db: Kysely<Database>, row: Pick<AuctionRow, "listing_id" | "seller_id">): Promise<DomainError | null> {
  const listing = await db.selectFrom("equipment_listings").select("status").where("id", "=", row.listing_id).executeTakeFirst();
  return listing ? moderationHold({ status: listing.status, ownerId: row.seller_id }, row.seller_id) : null;
}

export type OwnerAction = "end" | "cancel";

/** What the owner's confirmation page shows: the auction, and why the action is refused if it is. */
export interface OwnerControlView {
  auctionId: number;
  title: string;
  status: string;
  bidCount: number;
  refusal: { kind: LifecycleRefusalKind; message: string } | null;
}

/** The auction as its owner's end or cancel page shows it; null when there is no such auction. */
export async function ownerControlView(
  db: Kysely<Database>,
  request: { auctionId: number; userId: string },
  action: OwnerAction,
  now: Date = new Date(),
): Promise<OwnerControlView | null> {
  await settleAuctionIfDue(db, request.auctionId, now);
  const row = await findAuctionRow(db, request.auctionId);
  if (!row) return null;
  const view = { auctionId: row.id, title: row.title, status: row.status, bidCount: row.bid_count };
  if (!isOwner({ ownerId: row.seller_id }, request.userId)) return { ...view, refusal: { kind: "forbidden", message: permissionMessage(action) } };
  if (row.status !== "active" && row.status !== "upcoming") return { ...view, refusal: { kind: "conflict", message: stateMessage(action) } };
  const held = await sellerModerationHold(db, row);
  if (held) return { ...view, refusal: { kind: "forbidden", message: held.message } };
  return { ...view, refusal: null };
}

/**
 * The owner ends the auction now (docs/product/auctions.md#states): the same settlement as at the end date — the highest bid wins if it
 * meets the reserve. Only the listing's owner, only from active or upcoming.
 */
export async function endAuctionEarly(db: Kysely<Database>, request: OwnerRequest): Promise<EndedAuction> {
  const now = request.now ?? new Date();
  await settleAuctionIfDue(db, request.auctionId, now);
  const committed = await inWriteTransaction(
    db,
    async (trx) => {
      const row = await ownedRow(trx, request, now, "end");
      const ended = await endClaimed(trx, row, now, false);
      if (!ended) throw new DomainError("conflict", LIFECYCLE_MESSAGES.cannotEnd);
      return ended;
    },
    LOCKED,
  );
  const result = await announce(db, committed);
  return result!;
}

/** The owner cancels the auction: no sale, the listing is unsold (its seller chooses what next), every bidder is told. Active or upcoming only. */
export async function cancelAuction(db: Kysely<Database>, request: OwnerRequest): Promise<{ auctionId: number; notified: number }> {
  const now = request.now ?? new Date();
  const stamp = now.toISOString();
  await settleAuctionIfDue(db, request.auctionId, now);
  const committed = await inWriteTransaction(
    db,
    async (trx): Promise<Committed<{ auctionId: number; notified: number }>> => {
      const row = await ownedRow(trx, request, now, "cancel");
      const claimed = await trx
        .updateTable("auctions")
        .set((eb) => ({ status: "cancelled", cancelled_at: stamp, version: eb("version", "+", 1), updated_at: stamp }))
        .where("id", "=", row.id)
        .where("status", "in", ["active", "upcoming"])
        .where("version", "=", row.version)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new DomainError("conflict", LIFECYCLE_MESSAGES.cannotCancel);
      await markListingUnsold(trx, row.listing_id, stamp);
      const bidders = row.bid_count > 0 ? await bidderIdsOf(trx, row.id) : [];
      const notifications: NotificationDraft[] = bidders
        .filter((bidderId) => bidderId !== row.seller_id)
        .map((bidderId) => ({
          userId: bidderId,
          type: "auction_ended",
          title: "Auction cancelled",
          message: request.byStaff
            ? `Tradebench cancelled the auction for "${row.title}": the seller's account is suspended. Your bids no longer count and nothing is owed.`
            : `The seller cancelled the auction for "${row.title}". Your bids no longer count and nothing is owed.`,
          actionUrl: `/auctions/${row.id}`,
        }));
      await insertNotifications(trx, notifications, now);
      return { result: { auctionId: row.id, notified: notifications.length }, reason: "cancelled", auctionId: row.id, notifications };
    },
    LOCKED,
  );
  const result = await announce(db, committed);
  return result!;
}

/** Why a cancelled auction cannot come back (restoreCancelledAuction). */
export type RestoreRefusal = "not_cancelled" | "had_bids" | "ended" | "listing_changed";

/**
 * Brings back an auction that staff cancelled (a suspension), inside the caller's transaction: only while it is still
 * cancelled, had no bids, its listing is still unsold (not relisted, switched or ended by its seller) and its end
 * (or `endDate`, when staff set a new one) is after `now`. It reopens as it was (upcoming until its start, else active)
 * and its listing is active again; a new end moves the soft-close cap with it. Returns the refusal, or null when it came
 * back; the caller runs announceRestoredAuction after the commit.
 */
export async function restoreCancelledAuction(
  trx: Kysely<Database>,
  request: { auctionId: number; endDate?: Date | null; now: Date },
): Promise<{ refusal: RestoreRefusal } | { refusal: null; status: "active" | "upcoming"; endDate: string }> {
  const stamp = request.now.toISOString();
  await lockAuction(trx, request.auctionId);
  const row = await trx
    .selectFrom("auctions")
    .innerJoin("equipment_listings", "equipment_listings.id", "auctions.listing_id")
    .select([
      "auctions.id",
      "auctions.status",
      "auctions.bid_count",
      "auctions.start_date",
      "auctions.end_date",
      "auctions.extensions_end_at",
      "auctions.version",
      "auctions.listing_id",
      "equipment_listings.status as listing_status",
    ])
    .where("auctions.id", "=", request.auctionId)
    .executeTakeFirst();
  if (!row || row.status !== "cancelled") return { refusal: "not_cancelled" };
  if (row.bid_count > 0) return { refusal: "had_bids" };
  if (row.listing_status !== "unsold") return { refusal: "listing_changed" };
  const live = await trx
    .selectFrom("auctions")
    .select("id")
    .where("listing_id", "=", row.listing_id)
    .where("status", "in", ["active", "upcoming"])
    .executeTakeFirst();
  if (live) return { refusal: "listing_changed" };
  const endDate = request.endDate ? request.endDate.toISOString() : row.end_date;
  if (endDate <= stamp || endDate <= row.start_date) return { refusal: "ended" };
  const shift = new Date(endDate).getTime() - new Date(row.end_date).getTime();
  const extensionsEndAt = row.extensions_end_at === null ? null : new Date(new Date(row.extensions_end_at).getTime() + shift).toISOString();
  const status = row.start_date > stamp ? "upcoming" : "active";
  const claimed = await trx
    .updateTable("auctions")
    .set((eb) => ({ status, cancelled_at: null, end_date: endDate, extensions_end_at: extensionsEndAt, version: eb("version", "+", 1), updated_at: stamp }))
    .where("id", "=", row.id)
    .where("status", "=", "cancelled")
    .where("version", "=", row.version)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return { refusal: "not_cancelled" };
  await trx
    .updateTable("equipment_listings")
    .set({ status: "active", updated_at: stamp })
    .where("id", "=", row.listing_id)
    .where("status", "=", "unsold")
    .execute();
  return { refusal: null, status, endDate };
}

/** Tells open auction pages and lists that a restored auction is live again (after the commit). */
export async function announceRestoredAuction(db: Kysely<Database>, auctionId: number): Promise<void> {
  const row = await findAuctionRow(db, auctionId);
  if (row) announceAuctionChange({ reason: "started", state: toLiveState(row), newBids: [] });
}

// ── The scheduler ──

export interface AuctionSchedulerOptions {
  intervalMs: number;
  /** The clock (tests). */
  now?: () => Date;
  /**
   * Work to run after each lifecycle pass; by default completing the orders whose 7-day inspection period ended
   * (docs/product/orders.md#states), so one timer keeps every deadline of the marketplace.
   */
  afterPass?: (db: Kysely<Database>, now: Date) => Promise<unknown>;
  log?: (message: string, error?: unknown) => void;
}

/**
 * Runs the lifecycle every `intervalMs` inside the server process. A pass never overlaps the previous one; a failed
 * pass is logged and the next one tries again. The timer does not keep the process alive. Returns a stop function,
 * whose promise settles once a pass under way has finished.
 */
export function startAuctionScheduler(db: Kysely<Database>, options: AuctionSchedulerOptions): () => Promise<void> {
  const clock = options.now ?? (() => new Date());
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error));
  const afterPass = options.afterPass ?? ((passDb: Kysely<Database>, now: Date) => completeInspectedOrders(passDb, now));
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = async () => {
    try {
      const now = clock();
      await runAuctionLifecycle(db, now);
      await afterPass(db, now);
    } catch (error) {
      log("The auction scheduler's pass failed; it runs again shortly.", error);
    }
  };
  const tick = () => {
    if (running || stopped) return;
    running = pass().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, Math.max(1, options.intervalMs));
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
