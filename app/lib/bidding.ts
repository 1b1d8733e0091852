// Bidding rules that both the bid panel and the server need: reading a typed amount, the lowest acceptable next
// bid, the suggested bids, and the messages of spec 01 §5. The engine itself is app/services/auctions/bidding.server.ts.
import { formatExactPrice, formatPrice } from "./money.ts";

/** Soft close: a bid accepted in the last 5 minutes moves the end to 5 minutes after it. */
export const SOFT_CLOSE_MS = 5 * 60 * 1000;
/** Spec 01 §9: default increment 10 (whole currency units). */
export const DEFAULT_BID_INCREMENT_CENTS = 1000;
/** Spec 01 §9: the bid panel falls back to 5 when an auction has no increment. */
export const FALLBACK_BID_INCREMENT_CENTS = 500;
/** Spec 01 §9: suggested bids are current price + 1, 2 and 5 increments. */
export const SUGGESTED_BID_STEPS = [1, 2, 5] as const;
/** Spec 01 §9: bid history shows the 10 newest. */
export const BID_HISTORY_SIZE = 10;

/** "$1,010" or "$1,010.50": money in bid messages, with cents only when there are some. */
export function formatBidMoney(cents: number, currency: string = "USD"): string {
  return cents % 100 === 0 ? formatPrice(cents, currency) : formatExactPrice(cents, currency);
}

export const BID_MESSAGES = {
  invalidAmount: "Please enter a valid bid amount",
  mustBeAtLeastClient: (cents: number, currency: string) => `Your bid must be at least ${formatBidMoney(cents, currency)}`,
  mustBeHigherThan: (cents: number, currency: string) => `Bid must be higher than current price of ${formatBidMoney(cents, currency)}`,
  mustBeAtLeast: (cents: number, currency: string) => `Bid must be at least ${formatBidMoney(cents, currency)}`,
  notActive: "This auction is not active",
  ownAuction: "You cannot bid on your own auction",
  alreadyLeading: "You are currently the highest bidder!",
  maximumBelowBid: "Your maximum bid must be at least your bid",
  auctionNotFound: "Auction not found",
  failed: "Failed to place bid. Please try again.",
  placed: (cents: number, currency: string) => `Your bid of ${formatBidMoney(cents, currency)} has been placed!`,
  outbidAtOnce: "Another bidder's maximum is higher, so you have already been outbid. You can bid again.",
  maximumRaised: (cents: number, currency: string) => `Your maximum bid is now ${formatBidMoney(cents, currency)}.`,
} as const;

/** Spec 01 §5: digits with up to 2 decimals. Returns cents, or null for anything else (including 0). */
export function parseBidAmount(text: string): number | null {
  const trimmed = text.trim().replace(/,/g, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole = "0", fraction = ""] = trimmed.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return cents > 0 ? cents : null;
}

export interface BidPriceState {
  startingPriceCents: number;
  currentPriceCents: number;
  bidIncrementCents: number | null;
  bidCount: number;
}

export function effectiveIncrement(incrementCents: number | null): number {
  return incrementCents && incrementCents > 0 ? incrementCents : FALLBACK_BID_INCREMENT_CENTS;
}

/** The lowest bid the engine accepts now: the starting price before the first bid, then current + increment. */
export function minimumNextBid(state: BidPriceState): number {
  if (state.bidCount === 0) return state.startingPriceCents;
  return state.currentPriceCents + effectiveIncrement(state.bidIncrementCents);
}

/**
 * Spec 01 §9: current price plus 1, 2 and 5 increments (before the first bid, the starting price and then
 * 1 and 4 increments above it, so the first suggestion is always acceptable).
 */
export function suggestedBids(state: BidPriceState): number[] {
  const increment = effectiveIncrement(state.bidIncrementCents);
  const base = minimumNextBid(state) - increment;
  return SUGGESTED_BID_STEPS.map((steps) => base + steps * increment);
}
