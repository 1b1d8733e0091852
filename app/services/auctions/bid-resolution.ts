// The bidding rules as one pure function: given an auction's state and a bid, what happens. The engine
// (bidding.server.ts) reads the state and applies the result inside one write transaction.
import { BID_MESSAGES, bidIncrementAt, SOFT_CLOSE_MS } from "~/lib/bidding.ts";

export interface LeadingBid {
  bidId: number;
  userId: string;
  /** The leader's maximum: their proxy maximum, or their bid when they gave none. */
  maxCents: number;
}

export interface AuctionBidState {
  status: string;
  startsAt: Date;
  endsAt: Date;
  sellerId: string;
  currency: string;
  startingPriceCents: number;
  reserveCents: number | null;
  /** The seller's fixed increment; null: the tiered table (bidIncrementAt). */
  fixedIncrementCents: number | null;
  currentPriceCents: number;
  bidCount: number;
  autoExtend: boolean;
  /** Soft close moves the end no later than this; null: late bids never extend the auction. */
  extensionsEndAt: Date | null;
  leader: LeadingBid | null;
  /** A lot of a sale event whose catalogue is published: proxy maximums are taken before it opens. */
  preBidsOpen?: boolean;
  /** The lot's own soft-close window (a sale event's W); SOFT_CLOSE_MS unless given. */
  softCloseMs?: number;
}

export interface BidAttempt {
  bidderId: string;
  amountCents: number;
  /** Optional proxy maximum, at least the amount. */
  maxCents: number | null;
  now: Date;
}

export interface NewBidRow {
  userId: string;
  amountCents: number;
  maxCents: number | null;
  isAuto: boolean;
}

/** Why the rules refused a bid: the code callers branch on (never the message text). */
export type BidRefusalCode = "not_active" | "own_auction" | "invalid_amount" | "maximum_below_bid" | "already_leading" | "too_low";

export type BidResolution =
  | { kind: "rejected"; code: BidRefusalCode; message: string }
  /** The leader raised their maximum without moving the price. */
  | { kind: "maximum_raised"; maxCents: number }
  | {
      kind: "accepted";
      /** Rows to insert in order; the last one is the new leading bid. */
      rows: NewBidRow[];
      leaderId: string;
      priceCents: number;
      endsAt: Date;
      extended: boolean;
      /** Whether the bidder leads after this bid (false: an earlier maximum answered it at once). */
      bidderLeads: boolean;
    };

export function resolveBid(state: AuctionBidState, attempt: BidAttempt): BidResolution {
  const { currency } = state;
  const now = attempt.now.getTime();
  const running = state.status === "active" && now >= state.startsAt.getTime();
  // A published sale's lots take bids (pre-bids) before they open, until they close.
  const preBid = state.preBidsOpen === true && (state.status === "upcoming" || state.status === "active");
  if (!(running || preBid) || now >= state.endsAt.getTime()) {
    return { kind: "rejected", code: "not_active", message: BID_MESSAGES.notActive };
  }
  if (attempt.bidderId === state.sellerId) return { kind: "rejected", code: "own_auction", message: BID_MESSAGES.ownAuction };
  const amount = attempt.amountCents;
  if (!Number.isSafeInteger(amount) || amount <= 0) return { kind: "rejected", code: "invalid_amount", message: BID_MESSAGES.invalidAmount };
  if (attempt.maxCents !== null && (!Number.isSafeInteger(attempt.maxCents) || attempt.maxCents < amount)) {
    return { kind: "rejected", code: "maximum_below_bid", message: BID_MESSAGES.maximumBelowBid };
  }
  const bidderMax = attempt.maxCents ?? amount;
  const { leader, reserveCents } = state;
  /** The increment above a price on this lot: the seller's fixed one, or the band of that price. */
  const incrementAbove = (price: number) => bidIncrementAt(price, currency, state.fixedIncrementCents);
  /** With the leader's maximum at or above the reserve, the price is at least the reserve. */
  const withReserve = (price: number, leaderMax: number) => (reserveCents !== null && leaderMax >= reserveCents && price < reserveCents ? reserveCents : price);

  if (leader && leader.userId === attempt.bidderId) {
    if (attempt.maxCents === null || attempt.maxCents <= leader.maxCents) {
      return { kind: "rejected", code: "already_leading", message: BID_MESSAGES.alreadyLeading };
    }
    const price = withReserve(state.currentPriceCents, attempt.maxCents);
    if (price === state.currentPriceCents) return { kind: "maximum_raised", maxCents: attempt.maxCents };
    // Raising the maximum to the reserve moves the price to the reserve: that is a bid.
    return accepted(state, attempt, [{ userId: attempt.bidderId, amountCents: price, maxCents: attempt.maxCents, isAuto: false }], true);
  }

  if (state.bidCount === 0 || !leader) {
    if (amount < state.startingPriceCents) {
      return { kind: "rejected", code: "too_low", message: BID_MESSAGES.mustBeAtLeast(state.startingPriceCents, currency) };
    }
    const price = withReserve(amount, bidderMax);
    return accepted(state, attempt, [{ userId: attempt.bidderId, amountCents: price, maxCents: attempt.maxCents, isAuto: false }], true);
  }

  if (amount <= state.currentPriceCents) {
    return { kind: "rejected", code: "too_low", message: BID_MESSAGES.mustBeHigherThan(state.currentPriceCents, currency) };
  }
  const minimum = state.currentPriceCents + incrementAbove(state.currentPriceCents);
  if (amount < minimum) {
    return { kind: "rejected", code: "too_low", message: BID_MESSAGES.mustBeAtLeast(minimum, currency) };
  }

  if (bidderMax > leader.maxCents) {
    // The challenger takes the lead at the lower of their maximum and one increment (of that price's band) over the
    // old leader's maximum.
    const price = withReserve(Math.max(amount, Math.min(bidderMax, leader.maxCents + incrementAbove(leader.maxCents))), bidderMax);
    return accepted(state, attempt, [{ userId: attempt.bidderId, amountCents: price, maxCents: attempt.maxCents, isAuto: false }], true);
  }
  // The leader's maximum answers: equal maximums go to the earlier bid.
  const price = withReserve(Math.min(leader.maxCents, bidderMax + incrementAbove(bidderMax)), leader.maxCents);
  return accepted(
    state,
    attempt,
    [
      { userId: attempt.bidderId, amountCents: bidderMax, maxCents: attempt.maxCents, isAuto: false },
      { userId: leader.userId, amountCents: price, maxCents: leader.maxCents, isAuto: true },
    ],
    false,
  );
}

function accepted(state: AuctionBidState, attempt: BidAttempt, rows: NewBidRow[], bidderLeads: boolean): BidResolution {
  const last = rows[rows.length - 1]!;
  const now = attempt.now.getTime();
  // Soft close: a bid in the last minutes moves the end to the window (the lot's own, else SOFT_CLOSE_MS) after it,
  // but never past the cap; once the cap is reached, bids are still taken until the end but no longer move it.
  const window = state.softCloseMs ?? SOFT_CLOSE_MS;
  const cap = state.extensionsEndAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  const movedEnd = Math.min(now + window, cap);
  const extended = state.autoExtend && state.endsAt.getTime() - now < window && movedEnd > state.endsAt.getTime();
  return {
    kind: "accepted",
    rows,
    leaderId: last.userId,
    priceCents: last.amountCents,
    endsAt: extended ? new Date(movedEnd) : state.endsAt,
    extended,
    bidderLeads,
  };
}
