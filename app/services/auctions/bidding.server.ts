// The bidding engine: one bid is one write transaction that reads the auction, applies the rules
// (bid-resolution.ts), writes the bids and the new price, and notifies the outbid bidder. Nothing can change the
// auction between the read and the write, in this process or another one on the same database: on SQLite the write
// transaction holds the database (and concurrent bids share commits, BidQueue); on PostgreSQL each bid is its own
// transaction that first locks the auction's row, so bids on one lot queue there and bids on other lots run alongside.
import { sql, type Kysely } from "kysely";
import { engineOf, inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { BID_MESSAGES, formatBidMoney } from "~/lib/bidding.ts";
import { bidderLabel, type BidHistoryEntry } from "~/lib/auctions.ts";
import { announceAuctionChange, findAuctionRow, fixedIncrementOf, lockAuction, toLiveState, type AuctionLiveState } from "./auction-state.server.ts";
import { resolveBid, type AuctionBidState, type BidRefusalCode } from "./bid-resolution.ts";
import { DomainError, type DomainErrorKind } from "../domain-error.ts";
import { nextTurn } from "../event-loop.server.ts";
import { announceNotifications, insertNotifications, type NotificationDraft } from "../messaging/index.server.ts";
import { eventBidGate } from "../sale-events/index.server.ts";

/** The refusal code of a bid on an auction that does not exist. */
export const AUCTION_NOT_FOUND = "auction_not_found";

const KIND_OF_REFUSAL: Record<BidRefusalCode, DomainErrorKind> = {
  not_active: "conflict",
  own_auction: "forbidden",
  invalid_amount: "invalid",
  maximum_below_bid: "invalid",
  // Already leading, or below the price another bid has just reached: the auction's state decides.
  already_leading: "conflict",
  too_low: "conflict",
};

/** A bid the rules refuse: its kind, the spec's message, the code callers branch on and the field it belongs to. */
function bidRefusal(code: BidRefusalCode, message: string): DomainError {
  return new DomainError(KIND_OF_REFUSAL[code], message, { code, ...(code === "maximum_below_bid" ? { field: "maxAmount" } : {}) });
}

export interface BidRequest {
  auctionId: number;
  bidderId: string;
  amountCents: number;
  maxCents?: number | null;
  /** Server time; tests pass their own clock. */
  now?: Date;
}

export interface BidOutcome {
  /** leading: the bidder leads; outbid: an earlier maximum answered at once; maximum_raised: the leader's new maximum. */
  result: "leading" | "outbid" | "maximum_raised";
  /** The amount of the bidder's own bid row (what "Your bid of … has been placed!" names). */
  bidCents: number;
  state: AuctionLiveState;
  extended: boolean;
}

/** What one applied bid leaves to do once its transaction has committed. */
interface AppliedBid {
  outcome: BidOutcome;
  newBids: BidHistoryEntry[];
  notifications: NotificationDraft[];
}

interface QueuedBid {
  request: BidRequest;
  now: Date;
  resolve: (outcome: BidOutcome) => void;
  reject: (error: unknown) => void;
}

/** At most this many bids share one transaction, so one batch never holds the event loop for long. */
const MAX_BIDS_PER_COMMIT = 64;

/**
 * Group commit: bids are applied in the order they arrive, each in its own savepoint, and the bids that arrived
 * while one write transaction was being committed go together into the next one, so one commit (one fsync at
 * synchronous FULL) serves the whole batch. A refused or failing bid rolls back to its savepoint alone; its caller
 * gets its own refusal or error while the others still commit. Everything is announced after the batch commits.
 * One queue per database handle.
 */
class BidQueue {
  private readonly waiting: QueuedBid[] = [];
  private draining = false;

  constructor(private readonly db: Kysely<Database>) {}

  add(bid: QueuedBid): void {
    this.waiting.push(bid);
    if (this.draining) return;
    this.draining = true;
    // Let the requests that have already arrived reach this queue before the first transaction starts.
    setImmediate(() => void this.drain());
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        await this.commitBatch(this.waiting.splice(0, MAX_BIDS_PER_COMMIT));
        // Requests that arrived during the commit (better-sqlite3 blocks the event loop meanwhile) join the next batch.
        await nextTurn();
      }
    } finally {
      this.draining = false;
    }
  }

  private async commitBatch(batch: QueuedBid[]): Promise<void> {
    let results: Array<{ applied: AppliedBid } | { error: unknown }>;
    try {
      results = await inWriteTransaction(this.db, async (trx) => {
        const [only] = batch;
        // A lone bid needs no savepoint: its failure rolls back the whole transaction.
        if (batch.length === 1 && only) return [{ applied: await applyBid(trx, only.request, only.now, async () => undefined) }];
        const settled: Array<{ applied: AppliedBid } | { error: unknown }> = [];
        for (const bid of batch) {
          // The savepoint is taken just before the bid's first write: a bid refused before it has nothing to undo.
          let saved = false;
          const beforeWrite = async () => {
            await sql`savepoint bid`.execute(trx);
            saved = true;
          };
          try {
            settled.push({ applied: await applyBid(trx, bid.request, bid.now, beforeWrite) });
          } catch (error) {
            // If the savepoint cannot be rolled back, the whole batch fails (and rolls back) below.
            if (saved) await sql`rollback to savepoint bid`.execute(trx);
            settled.push({ error });
          }
          if (saved) await sql`release savepoint bid`.execute(trx);
        }
        return settled;
      });
    } catch (error) {
      // Nothing of the batch was committed: every caller learns that.
      for (const bid of batch) bid.reject(error);
      return;
    }
    batch.forEach((bid, index) => {
      const result = results[index]!;
      if ("error" in result) return bid.reject(result.error);
      bid.resolve(announceBid(result.applied));
    });
  }
}

/** Tells the lot's pages and the outbid bidder about a committed bid; returns the bidder's outcome. */
function announceBid({ outcome, newBids, notifications }: AppliedBid): BidOutcome {
  try {
    if (newBids.length > 0) announceAuctionChange({ reason: "bid", state: outcome.state, newBids });
    announceNotifications(notifications);
  } catch (error) {
    // The bid is committed; a failed announcement must not turn it into an error for the bidder.
    console.error(`Failed to announce a bid on auction ${outcome.state.auctionId}`, error);
  }
  return outcome;
}

/**
 * PostgreSQL: one bid, one transaction. The auction's row is locked before it is read, so bids on one lot (from any
 * process or server) queue at the lock and each reads the lot as the one before it left it; no retry, no batching.
 * The transaction may still be run again after a deadlock, so everything outside the database happens after commit.
 */
async function placeBidAlone(db: Kysely<Database>, request: BidRequest, now: Date): Promise<BidOutcome> {
  // A bid the lot as last committed refuses (most bids on a hot lot: too low by the time they arrive) is refused
  // without queueing for the lock. That answer is the lot's state at a moment during the request (one statement reads
  // the auction and its leader together), as a refusal after the lock would be at a later one; a bid it accepts is
  // decided again under the lock.
  await decideBid(db, request, now);
  const applied = await inWriteTransaction(
    db,
    async (trx) => {
      await lockAuction(trx, request.auctionId);
      return applyBid(trx, request, now, async () => undefined);
    },
    { decidesOnLockedRows: true },
  );
  return announceBid(applied);
}

const queues = new WeakMap<Kysely<Database>, BidQueue>();

/**
 * Places one bid atomically. Resolves once the bid is committed, with its own outcome; a bid the rules refuse is
 * refused with a DomainError (kind, the spec text, `code` the BidRefusalCode). On SQLite concurrent bids share
 * commits (BidQueue: better-sqlite3 blocks the event loop during a commit, so bids pile up meanwhile); on PostgreSQL
 * each bid is its own transaction (placeBidAlone).
 */
export function placeBid(db: Kysely<Database>, request: BidRequest): Promise<BidOutcome> {
  const now = request.now ?? new Date();
  if (engineOf(db) === "postgres") return placeBidAlone(db, request, now);
  let queue = queues.get(db);
  if (!queue) {
    queue = new BidQueue(db);
    queues.set(db, queue);
  }
  const bidQueue = queue;
  return new Promise<BidOutcome>((resolve, reject) => bidQueue.add({ request, now, resolve, reject }));
}

/** Reads the auction and applies the rules: the bid's resolution, or its refusal (thrown). Writes nothing. */
async function decideBid(db: Kysely<Database>, request: BidRequest, now: Date) {
  const row = await findAuctionRow(db, request.auctionId);
  if (!row) throw new DomainError("not_found", BID_MESSAGES.auctionNotFound, { code: AUCTION_NOT_FOUND });
  // A lot of a sale event: the event may refuse the bidder (registration, deposit, limit), and takes pre-bids.
  const gate = await eventBidGate(db, {
    auctionId: row.id,
    bidderId: request.bidderId,
    amountCents: request.amountCents,
    maxCents: request.maxCents ?? null,
  });
  if (gate?.refusal) throw gate.refusal;
  const state: AuctionBidState = {
    status: row.status,
    startsAt: new Date(row.start_date),
    endsAt: new Date(row.end_date),
    sellerId: row.seller_id,
    currency: row.currency,
    startingPriceCents: row.starting_price_cents,
    reserveCents: row.reserve_price_cents,
    fixedIncrementCents: fixedIncrementOf(row),
    currentPriceCents: row.current_price_cents,
    bidCount: row.bid_count,
    autoExtend: row.auto_extend === 1,
    extensionsEndAt: row.extensions_end_at === null ? null : new Date(row.extensions_end_at),
    leader:
      row.leading_bid_id !== null && row.leader_id
        ? { bidId: row.leading_bid_id, userId: row.leader_id, maxCents: row.leader_max_cents ?? row.leader_amount_cents ?? 0 }
        : null,
    preBidsOpen: gate?.preBidsOpen ?? false,
    softCloseMs: row.soft_close_seconds === null ? undefined : row.soft_close_seconds * 1000,
  };
  const resolution = resolveBid(state, {
    bidderId: request.bidderId,
    amountCents: request.amountCents,
    maxCents: request.maxCents ?? null,
    now,
  });
  if (resolution.kind === "rejected") throw bidRefusal(resolution.code, resolution.message);
  return { row, state, resolution };
}

/**
 * Reads the auction, applies the rules, writes the bid rows, the new price and the outbid notice. `beforeWrite` runs
 * once the bid is accepted, before its first write.
 */
async function applyBid(trx: Kysely<Database>, request: BidRequest, now: Date, beforeWrite: () => Promise<void>): Promise<AppliedBid> {
  const { row, state, resolution } = await decideBid(trx, request, now);
  const stamp = now.toISOString();
  await beforeWrite();

  if (resolution.kind === "maximum_raised") {
    await trx.updateTable("bids").set({ max_amount_cents: resolution.maxCents }).where("id", "=", state.leader!.bidId).execute();
    return {
      outcome: { result: "maximum_raised" as const, bidCents: resolution.maxCents, state: toLiveState(row), extended: false },
      newBids: [],
      notifications: [],
    };
  }

  let leadingBidId = 0;
  const inserted: Array<{ id: number; userId: string; amountCents: number; isAuto: boolean }> = [];
  for (const bid of resolution.rows) {
    const { id } = await trx
      .insertInto("bids")
      .values({
        auction_id: row.id,
        user_id: bid.userId,
        amount_cents: bid.amountCents,
        max_amount_cents: bid.maxCents,
        is_auto: bid.isAuto ? 1 : 0,
        created_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    leadingBidId = id;
    inserted.push({ id, userId: bid.userId, amountCents: bid.amountCents, isAuto: bid.isAuto });
  }
  const updated = await trx
    .updateTable("auctions")
    .set((eb) => ({
      current_price_cents: resolution.priceCents,
      bid_count: eb("bid_count", "+", resolution.rows.length),
      leading_bid_id: leadingBidId,
      end_date: resolution.endsAt.toISOString(),
      extension_count: resolution.extended ? eb("extension_count", "+", 1) : eb.ref("extension_count"),
      version: eb("version", "+", 1),
      updated_at: stamp,
    }))
    .where("id", "=", row.id)
    .where("version", "=", row.version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new Error(`Auction ${row.id} changed during a bid`);

  const labels = await bidderLabels(trx, [...new Set(inserted.map((bid) => bid.userId))]);
  const newBids: BidHistoryEntry[] = inserted.map((bid) => ({
    id: bid.id,
    bidderLabel: labels.get(bid.userId) ?? "Bidder",
    amountCents: bid.amountCents,
    isAuto: bid.isAuto,
    createdAt: stamp,
  }));

  const notifications: NotificationDraft[] = [];
  const previousLeader = state.leader?.userId;
  if (previousLeader && previousLeader !== resolution.leaderId) {
    notifications.push({
      userId: previousLeader,
      type: "bid",
      title: "You have been outbid",
      message: `Another bidder bid ${formatBidMoney(resolution.priceCents, row.currency)} on "${row.title}". Bid again before the auction ends.`,
      actionUrl: `/auctions/${row.id}`,
    });
  }
  await insertNotifications(trx, notifications, now);

  const after = {
    ...row,
    current_price_cents: resolution.priceCents,
    bid_count: row.bid_count + resolution.rows.length,
    leading_bid_id: leadingBidId,
    end_date: resolution.endsAt.toISOString(),
    extension_count: row.extension_count + (resolution.extended ? 1 : 0),
    version: row.version + 1,
    leader_id: resolution.leaderId,
  };
  const ownRow = resolution.rows[0]!;
  return {
    outcome: {
      result: resolution.bidderLeads ? ("leading" as const) : ("outbid" as const),
      bidCents: ownRow.amountCents,
      state: toLiveState(after),
      extended: resolution.extended,
    },
    newBids,
    notifications,
  };
}

async function bidderLabels(db: Kysely<Database>, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom("profiles").select(["id", "first_name", "last_name"]).where("id", "in", userIds).execute();
  return new Map(rows.map((row) => [row.id, bidderLabel(row.first_name, row.last_name)]));
}
