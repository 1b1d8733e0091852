// An independent reference model of the bidding rules, written from docs/product/auctions.md (bidding, increments, soft close, proxy bids) without
// looking at how the engine (app/services/auctions/bid-resolution.ts) computes anything. The property test and the
// concurrency test check the engine against it.
//
// The rules as modelled:
// - Bids are taken only while the auction is active: status "active" and start ≤ now < end ("This auction is not
//   active"), never from the seller ("You cannot bid on your own auction").
// - An amount is a positive whole number of cents ("Please enter a valid bid amount"); an optional maximum is at
//   least the amount ("Your maximum bid must be at least your bid").
// - The leader cannot outbid themself ("You are currently the highest bidder!") but may raise their maximum; that
//   moves nothing, unless the new maximum reaches the reserve while the price is below it: then the price jumps to
//   the reserve, which is a new bid.
// - The first bid is at least the starting price; a later one higher than the current price and at least the current
//   price plus one increment ("Bid must be higher than current price of {x}", "Bid must be at least {x}").
// - Proxy: the price is the lower of the leader's maximum and the runner-up's maximum plus one increment; a winning
//   challenger pays at least their own amount; equal maximums go to the earlier bid. A challenger who does not beat
//   the leader's maximum has bid their whole maximum (their row shows it) and the leader's maximum answers
//   automatically (an "auto" row). Whenever the leader's maximum reaches the reserve the price is at least the reserve.
// - Soft close: with auto-extend on, a bid accepted less than 5 minutes before the end moves the end to 5 minutes
//   after the bid.
// - The bid count counts every bid row, automatic answers included.

import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";

export const MODEL_SOFT_CLOSE_MS = 5 * 60 * 1000;

const SYMBOLS: Record<string, string> = { USD: "$", EUR: "€", GBP: "£" };

/** "$1,010" or "$1,010.50": whole units with thousands separators, cents only when there are some. */
export function money(cents: number, currency = "USD"): string {
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const rest = cents % 100;
  return `${SYMBOLS[currency] ?? `${currency} `}${whole}${rest === 0 ? "" : `.${String(rest).padStart(2, "0")}`}`;
}

export const MODEL_MESSAGES = {
  notActive: "This auction is not active",
  ownAuction: "You cannot bid on your own auction",
  invalidAmount: "Please enter a valid bid amount",
  maximumBelowBid: "Your maximum bid must be at least your bid",
  alreadyLeading: "You are currently the highest bidder!",
  higherThan: (cents: number, currency: string) => `Bid must be higher than current price of ${money(cents, currency)}`,
  atLeast: (cents: number, currency: string) => `Bid must be at least ${money(cents, currency)}`,
};

export interface ModelRow {
  userId: string;
  amountCents: number;
  /** The maximum stored with the row (a leader's raise updates the leading row's maximum). */
  maxCents: number | null;
  isAuto: boolean;
}

export interface ModelAuctionSetup {
  status: string;
  startsAt: number;
  endsAt: number;
  sellerId: string;
  currency: string;
  startingPriceCents: number;
  reserveCents: number | null;
  incrementCents: number;
  autoExtend: boolean;
}

export interface ModelBid {
  bidderId: string;
  amountCents: number;
  maxCents: number | null;
  now: number;
}

export type ModelOutcome =
  | { accepted: false; message: string }
  | {
      accepted: true;
      result: "leading" | "outbid" | "maximum_raised";
      /** The bidder's own row amount, or the new maximum for a raise. */
      bidCents: number;
      /** Rows this bid added, in order. */
      rows: ModelRow[];
      /** Whether the end moved. */
      extended: boolean;
    };

export type ModelReserveState = "none" | "met" | "not_met";

/** One auction's state under the rules; `bid` applies a bid and returns what the bidder is told. */
export class AuctionModel {
  readonly setup: ModelAuctionSetup;
  priceCents: number;
  endsAt: number;
  extensionCount = 0;
  readonly rows: ModelRow[] = [];
  /** Who leads, with their maximum and the index of their leading row. */
  leader: { userId: string; maxCents: number; row: number } | null = null;
  /** How many times each bidder lost the lead to someone else (each is told once). */
  readonly outbidNotices = new Map<string, number>();

  constructor(setup: ModelAuctionSetup) {
    this.setup = setup;
    this.priceCents = setup.startingPriceCents;
    this.endsAt = setup.endsAt;
  }

  get bidCount(): number {
    return this.rows.length;
  }

  get leaderId(): string | null {
    return this.leader?.userId ?? null;
  }

  get reserveState(): ModelReserveState {
    const { reserveCents } = this.setup;
    if (reserveCents === null) return "none";
    return this.leader !== null && this.priceCents >= reserveCents ? "met" : "not_met";
  }

  /** The lowest amount the rules accept from someone who is not leading. */
  get minimumNextCents(): number {
    return this.leader === null ? this.setup.startingPriceCents : this.priceCents + this.setup.incrementCents;
  }

  bid(request: ModelBid): ModelOutcome {
    const s = this.setup;
    const reject = (message: string): ModelOutcome => ({ accepted: false, message });
    if (s.status !== "active" || request.now < s.startsAt || request.now >= this.endsAt) return reject(MODEL_MESSAGES.notActive);
    if (request.bidderId === s.sellerId) return reject(MODEL_MESSAGES.ownAuction);
    const amount = request.amountCents;
    if (!Number.isSafeInteger(amount) || amount <= 0) return reject(MODEL_MESSAGES.invalidAmount);
    const max = request.maxCents;
    if (max !== null && (!Number.isSafeInteger(max) || max < amount)) return reject(MODEL_MESSAGES.maximumBelowBid);
    const bidderMax = max ?? amount;
    const atLeastReserve = (price: number, leaderMax: number) =>
      s.reserveCents !== null && leaderMax >= s.reserveCents ? Math.max(price, s.reserveCents) : price;

    const leader = this.leader;
    if (leader && leader.userId === request.bidderId) {
      if (max === null || max <= leader.maxCents) return reject(MODEL_MESSAGES.alreadyLeading);
      const price = atLeastReserve(this.priceCents, max);
      if (price === this.priceCents) {
        leader.maxCents = max;
        this.rows[leader.row]!.maxCents = max;
        return { accepted: true, result: "maximum_raised", bidCents: max, rows: [], extended: false };
      }
      return this.take(request, [{ userId: request.bidderId, amountCents: price, maxCents: max, isAuto: false }], "leading");
    }

    if (!leader) {
      if (amount < s.startingPriceCents) return reject(MODEL_MESSAGES.atLeast(s.startingPriceCents, s.currency));
      const price = atLeastReserve(amount, bidderMax);
      return this.take(request, [{ userId: request.bidderId, amountCents: price, maxCents: max, isAuto: false }], "leading");
    }

    if (amount <= this.priceCents) return reject(MODEL_MESSAGES.higherThan(this.priceCents, s.currency));
    if (amount < this.priceCents + s.incrementCents) return reject(MODEL_MESSAGES.atLeast(this.priceCents + s.incrementCents, s.currency));

    if (bidderMax > leader.maxCents) {
      // The old leader is now the runner-up: their maximum plus one increment, capped by the new leader's maximum.
      const price = atLeastReserve(Math.max(amount, Math.min(bidderMax, leader.maxCents + s.incrementCents)), bidderMax);
      return this.take(request, [{ userId: request.bidderId, amountCents: price, maxCents: max, isAuto: false }], "leading");
    }
    // The leader's maximum is at least the challenger's (equal: the earlier bid wins): the challenger is the runner-up.
    const price = atLeastReserve(Math.min(leader.maxCents, bidderMax + s.incrementCents), leader.maxCents);
    return this.take(
      request,
      [
        { userId: request.bidderId, amountCents: bidderMax, maxCents: max, isAuto: false },
        { userId: leader.userId, amountCents: price, maxCents: leader.maxCents, isAuto: true },
      ],
      "outbid",
    );
  }

  private take(request: ModelBid, rows: ModelRow[], result: "leading" | "outbid"): ModelOutcome {
    const previousLeader = this.leader?.userId ?? null;
    this.rows.push(...rows);
    const last = rows[rows.length - 1]!;
    this.priceCents = last.amountCents;
    this.leader = { userId: last.userId, maxCents: last.maxCents ?? last.amountCents, row: this.rows.length - 1 };
    if (previousLeader !== null && previousLeader !== last.userId) {
      this.outbidNotices.set(previousLeader, (this.outbidNotices.get(previousLeader) ?? 0) + 1);
    }
    let extended = false;
    if (this.setup.autoExtend && this.endsAt - request.now < MODEL_SOFT_CLOSE_MS) {
      this.endsAt = request.now + MODEL_SOFT_CLOSE_MS;
      this.extensionCount += 1;
      extended = true;
    }
    return { accepted: true, result, bidCents: rows[0]!.amountCents, rows, extended };
  }
}

// ── Checking what concurrent bidders left in the database (tests/integration/bidding-concurrency.test.ts, bench) ──

/** An accepted request as the bidder saw it. Each bidder sends its requests one after another. */
export interface AcceptedBid {
  auctionId: number;
  bidderId: string;
  amountCents: number;
  maxCents: number | null;
  result: "leading" | "outbid" | "maximum_raised";
  /** The bidder's own row amount, or the new maximum for a raise. */
  bidCents: number;
  /** The auction's bid count after the bid; for a raised maximum, the count it was raised at. */
  bidCount: number;
}

export interface LedgerAuction {
  id: number;
  sellerId: string;
  status: string;
  startsAt: string;
  /** The end before any bid (soft close moves the stored one). */
  originalEndsAt: string;
  endsAt: string;
  currency: string;
  startingPriceCents: number;
  reserveCents: number | null;
  incrementCents: number;
  autoExtend: boolean;
  currentPriceCents: number;
  bidCount: number;
  leadingBidId: number | null;
}

export interface LedgerRow {
  id: number;
  userId: string;
  amountCents: number;
  maxCents: number | null;
  isAuto: boolean;
  createdAt: string;
}

/**
 * Checks one auction's stored bids (`rows`, in id order = commit order) against the requests its bidders saw
 * accepted, and returns what is wrong (nothing: an empty list):
 * 1. the row count is the bid count; the leading bid is the newest row and holds the current price (one leader);
 * 2. no lost or duplicate bid: per bidder, their own (non-auto) rows in id order are exactly the bids of their
 *    accepted requests that made a row (leading or outbid), in the order they sent them; each request answered at
 *    once by a maximum is followed directly by one automatic row, and there are no other automatic rows;
 * 3. amounts rise: every row is higher than the one before, except an automatic answer equal to the row before it
 *    when that row is a challenger's whole maximum and its request was answered at once (equal maximums: the earlier
 *    bid wins);
 * 4. replaying the requests in commit order through the model (raised maximums, which leave no row, right after the
 *    bid count they were raised at, in their bidder's order; each at the time stored on its row) accepts each with
 *    the same result and amount and ends with the stored rows, price, leader, bid count and end date;
 * 5. with `outbidNotices` (user id → count of "outbid" notifications for this auction): every bidder who lost the
 *    lead was told once per loss.
 */
export function checkBidLedger(auction: LedgerAuction, rows: LedgerRow[], accepted: AcceptedBid[], outbidNotices?: Map<string, number>): string[] {
  const problems: string[] = [];
  const mine = accepted.filter((a) => a.auctionId === auction.id);
  const last = rows[rows.length - 1];
  if (rows.length !== auction.bidCount) problems.push(`${rows.length} rows but bid count ${auction.bidCount}`);
  if (last) {
    if (auction.leadingBidId !== last.id) problems.push(`leading bid ${auction.leadingBidId} is not the newest row ${last.id}`);
    if (auction.currentPriceCents !== last.amountCents) problems.push(`current price ${auction.currentPriceCents} ≠ newest row ${last.amountCents}`);
  } else if (auction.leadingBidId !== null || auction.currentPriceCents !== auction.startingPriceCents) {
    problems.push("no rows, yet a leader or a price above the start");
  }

  const queues = new Map<string, AcceptedBid[]>();
  for (const request of mine) {
    if (request.result !== "maximum_raised") queues.set(request.bidderId, [...(queues.get(request.bidderId) ?? []), request]);
  }
  const requestOfRow = new Map<number, AcceptedBid>();
  rows.forEach((row, index) => {
    if (row.isAuto) {
      if (requestOfRow.get(index - 1)?.result !== "outbid") problems.push(`automatic row ${row.id} answers no request`);
      return;
    }
    const request = queues.get(row.userId)?.shift();
    if (!request) return void problems.push(`row ${row.id} of ${row.userId} has no accepted request (duplicate?)`);
    if (row.amountCents !== request.bidCents) problems.push(`row ${row.id}: ${row.amountCents}, its request was told ${request.bidCents}`);
    requestOfRow.set(index, request);
    if (request.result === "outbid" && !rows[index + 1]?.isAuto) problems.push(`row ${row.id} was answered, but no automatic row follows`);
  });
  const lost = [...queues.values()].flat();
  if (lost.length > 0) problems.push(`${lost.length} accepted requests without a row (lost): ${JSON.stringify(lost.slice(0, 3))}`);

  for (let i = 1; i < rows.length; i += 1) {
    const [before, row] = [rows[i - 1]!, rows[i]!];
    if (row.amountCents > before.amountCents) continue;
    const tie =
      row.isAuto &&
      row.amountCents === before.amountCents &&
      before.amountCents === (before.maxCents ?? before.amountCents) &&
      requestOfRow.get(i - 1)?.result === "outbid";
    if (!tie) problems.push(`row ${row.id} (${row.amountCents}) does not rise above row ${before.id} (${before.amountCents})`);
  }
  if (problems.length > 0) return problems;

  const model = new AuctionModel({
    status: "active",
    startsAt: Date.parse(auction.startsAt),
    endsAt: Date.parse(auction.originalEndsAt),
    sellerId: auction.sellerId,
    currency: auction.currency,
    startingPriceCents: auction.startingPriceCents,
    reserveCents: auction.reserveCents,
    incrementCents: auction.incrementCents,
    autoExtend: auction.autoExtend,
  });
  const raisesAt = (count: number) => mine.filter((a) => a.result === "maximum_raised" && a.bidCount === count);
  const replay = (request: AcceptedBid, now: number) => {
    const outcome = model.bid({ bidderId: request.bidderId, amountCents: request.amountCents, maxCents: request.maxCents, now });
    if (!outcome.accepted || outcome.result !== request.result || outcome.bidCents !== request.bidCents) {
      problems.push(`replaying ${JSON.stringify(request)} gives ${JSON.stringify(outcome)}`);
    }
  };
  const raisedAtZero = raisesAt(0);
  if (raisedAtZero.length > 0) problems.push(`${raisedAtZero.length} maximums raised with no bid`);
  rows.forEach((row, index) => {
    const request = requestOfRow.get(index);
    if (request) replay(request, Date.parse(row.createdAt));
    for (const raise of raisesAt(index + 1)) replay(raise, Date.parse(row.createdAt));
  });
  const replayedRows = model.rows.map((row) => JSON.stringify(row));
  const storedRows = rows.map((row) => JSON.stringify({ userId: row.userId, amountCents: row.amountCents, maxCents: row.maxCents, isAuto: row.isAuto }));
  const firstDifference = storedRows.findIndex((row, index) => row !== replayedRows[index]);
  if (firstDifference >= 0 || storedRows.length !== replayedRows.length) {
    problems.push(`replayed rows differ from the stored ones at row ${firstDifference}: ${storedRows[firstDifference]} vs ${replayedRows[firstDifference]}`);
  }
  const stored = { price: auction.currentPriceCents, leader: last?.userId ?? null, bidCount: auction.bidCount, endsAt: auction.endsAt };
  const replayed = { price: model.priceCents, leader: model.leaderId, bidCount: model.bidCount, endsAt: new Date(model.endsAt).toISOString() };
  if (JSON.stringify(stored) !== JSON.stringify(replayed)) problems.push(`stored ${JSON.stringify(stored)} but the rules give ${JSON.stringify(replayed)}`);
  if (outbidNotices) {
    const expected = JSON.stringify([...model.outbidNotices].sort());
    const actual = JSON.stringify([...outbidNotices].sort());
    if (expected !== actual) problems.push(`outbid notifications ${actual}, the rules give ${expected}`);
  }
  return problems;
}

/** Reads one auction's ledger for `checkBidLedger`; `originalEndsAt` defaults to the stored end (right when it never moved). */
export async function loadBidLedger(
  db: Kysely<Database>,
  auctionId: number,
  originalEndsAt?: string,
): Promise<{ auction: LedgerAuction; rows: LedgerRow[]; outbidNotices: Map<string, number> }> {
  const a = await db
    .selectFrom("auctions as a")
    .innerJoin("equipment_listings as l", "l.id", "a.listing_id")
    .selectAll("a")
    .select("l.user_id as seller_id")
    .where("a.id", "=", auctionId)
    .executeTakeFirstOrThrow();
  const rows = await db.selectFrom("bids").selectAll().where("auction_id", "=", auctionId).orderBy("id").execute();
  const notices = await db
    .selectFrom("notifications")
    .select(["user_id"])
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("action_url", "=", `/auctions/${auctionId}`)
    .where("title", "=", "You have been outbid")
    .groupBy("user_id")
    .execute();
  return {
    auction: {
      id: a.id,
      sellerId: a.seller_id,
      status: a.status,
      startsAt: a.start_date,
      originalEndsAt: originalEndsAt ?? a.end_date,
      endsAt: a.end_date,
      currency: a.currency,
      startingPriceCents: a.starting_price_cents,
      reserveCents: a.reserve_price_cents,
      incrementCents: a.bid_increment_cents,
      autoExtend: a.auto_extend === 1,
      currentPriceCents: a.current_price_cents,
      bidCount: a.bid_count,
      leadingBidId: a.leading_bid_id,
    },
    rows: rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      amountCents: row.amount_cents,
      maxCents: row.max_amount_cents,
      isAuto: row.is_auto === 1,
      createdAt: row.created_at,
    })),
    outbidNotices: new Map(notices.map((row) => [row.user_id, Number(row.count)])),
  };
}
