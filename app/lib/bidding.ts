// Bidding rules that both the bid panel and the server need: reading a typed amount, the lowest acceptable next
// bid, the suggested bids, and the messages of docs/product/auctions.md#bidding. The engine itself is app/services/auctions/bidding.server.ts.
import { formatExactPrice, formatPrice, hundredthsToMinorUnits, minorUnitsPerUnit } from "./money.ts";

/** Soft close: a bid accepted in the last 5 minutes moves the end to 5 minutes after it (never past the cap); a sale event's lot uses its own window (auctions.soft_close_seconds). */
export const SOFT_CLOSE_MS = 5 * 60 * 1000;
/**
 * The soft-close cap's default: extensions stop 60 minutes after the auction's original end (configuration:
 * AUCTION_EXTENSION_CAP_MINUTES). After the cap a bid is still accepted until the final end, but no longer moves it.
 */
const DEFAULT_EXTENSION_CAP_MINUTES = 60;
/** When soft close stops extending an auction that ends at `end`: its original end plus the cap. */
export function extensionsEndFor(end: Date, capMinutes: number = DEFAULT_EXTENSION_CAP_MINUTES): Date {
  return new Date(end.getTime() + capMinutes * 60_000);
}
/** The old per-auction default (docs/product/auctions.md#increments: 10 whole units), still what a seller's fixed increment starts from. */
export const DEFAULT_BID_INCREMENT_CENTS = 1000;
/** docs/product/auctions.md#bidding: suggested bids are current price + 1, 2 and 5 increments. */
export const SUGGESTED_BID_STEPS = [1, 2, 5] as const;
/** docs/product/auctions.md#bidding: bid history shows the 10 newest. */
export const BID_HISTORY_SIZE = 10;

/**
 * The tiered increment table (the auction-house norm): from a current price of `fromUnits` whole currency units, the
 * next bid must be `incrementUnits` higher. One table for every currency, scaled by INCREMENT_SCALE for currencies whose
 * unit is worth far less (¥: 100 times the units, so ¥100 under ¥2,500 … ¥50,000 from ¥2,500,000).
 */
export const BID_INCREMENT_BANDS: ReadonlyArray<{ fromUnits: number; incrementUnits: number }> = [
  { fromUnits: 0, incrementUnits: 1 },
  { fromUnits: 25, incrementUnits: 2 },
  { fromUnits: 100, incrementUnits: 5 },
  { fromUnits: 250, incrementUnits: 10 },
  { fromUnits: 1_000, incrementUnits: 25 },
  { fromUnits: 2_500, incrementUnits: 50 },
  { fromUnits: 5_000, incrementUnits: 100 },
  { fromUnits: 10_000, incrementUnits: 250 },
  { fromUnits: 25_000, incrementUnits: 500 },
];

/** Currencies whose unit is worth so little that the table's amounts are multiplied (the others use it as it is). */
const INCREMENT_SCALE: Readonly<Record<string, number>> = { JPY: 100 };

/** The table's bands for one currency, in stored amounts (minor units of the currency), lowest first. */
export function incrementBands(currency: string): Array<{ fromCents: number; incrementCents: number }> {
  const scale = (INCREMENT_SCALE[currency] ?? 1) * minorUnitsPerUnit(currency);
  return BID_INCREMENT_BANDS.map((band) => ({ fromCents: band.fromUnits * scale, incrementCents: band.incrementUnits * scale }));
}

/**
 * The increment above `priceCents`: the seller's fixed increment when the auction has one, else the table's band of
 * that price. The one definition the bid rules, the bid panel, the proxy engine and the lot page use.
 */
export function bidIncrementAt(priceCents: number, currency: string, fixedIncrementCents: number | null): number {
  if (fixedIncrementCents !== null && fixedIncrementCents > 0) return fixedIncrementCents;
  let increment = 0;
  for (const band of incrementBands(currency)) if (priceCents >= band.fromCents) increment = band.incrementCents;
  return increment;
}

/** "$1,010" or "$1,010.50": money in bid messages, with cents only when there are some. */
export function formatBidMoney(cents: number, currency: string = "USD"): string {
  return cents % minorUnitsPerUnit(currency) === 0 ? formatPrice(cents, currency) : formatExactPrice(cents, currency);
}

export const BID_MESSAGES = {
  invalidAmount: "Please enter a valid bid amount",
  tooManyDecimals: "Use at most two decimals",
  /** A bid in a currency without a minor unit (¥) with decimals. */
  wholeUnitsOnly: (currency: string) => `Use a whole amount: ${currency} has no decimals`,
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

/** A typed amount read: its hundredths of a unit (readBidAmount) or minor units (readBidAmountIn), or the message. */
export type BidAmountReading = { ok: true; cents: number } | { ok: false; message: string };

/**
 * docs/product/auctions.md#bidding: digits with up to 2 decimals (thousands separators allowed). More decimals are refused as such, not
 * read as a lower amount.
 */
export function readBidAmount(text: string): BidAmountReading {
  const trimmed = text.trim().replace(/,/g, "");
  if (/^\d{1,9}\.\d{3,}$/.test(trimmed)) return { ok: false, message: BID_MESSAGES.tooManyDecimals };
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(trimmed)) return { ok: false, message: BID_MESSAGES.invalidAmount };
  const [whole = "0", fraction = ""] = trimmed.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return cents > 0 ? { ok: true, cents } : { ok: false, message: BID_MESSAGES.invalidAmount };
}

/** docs/product/auctions.md#bidding: digits with up to 2 decimals. Returns hundredths of a unit, or null for anything else (including 0). */
export function parseBidAmount(text: string): number | null {
  const reading = readBidAmount(text);
  return reading.ok ? reading.cents : null;
}

/**
 * A typed bid read in the lot's currency: its minor units (¥: whole yen), or the message. "1500.50" on a yen lot is
 * refused with wholeUnitsOnly; the other rules are readBidAmount's.
 */
export function readBidAmountIn(text: string, currency: string): BidAmountReading {
  const reading = readBidAmount(text);
  if (!reading.ok) return reading;
  const minor = hundredthsToMinorUnits(reading.cents, currency);
  return minor === null ? { ok: false, message: BID_MESSAGES.wholeUnitsOnly(currency) } : { ok: true, cents: minor };
}

/** A typed bid in the lot's currency as minor units, or null for anything else. */
export function parseBidAmountIn(text: string, currency: string): number | null {
  const reading = readBidAmountIn(text, currency);
  return reading.ok ? reading.cents : null;
}

export interface BidPriceState {
  currency: string;
  startingPriceCents: number;
  currentPriceCents: number;
  /** The seller's fixed increment; null: the tiered table. */
  fixedIncrementCents: number | null;
  bidCount: number;
}

/** The increment above the current price on this lot. */
export function currentIncrement(state: BidPriceState): number {
  return bidIncrementAt(state.currentPriceCents, state.currency, state.fixedIncrementCents);
}

/** The lowest bid the engine accepts now: the starting price before the first bid, then current + its increment. */
export function minimumNextBid(state: BidPriceState): number {
  if (state.bidCount === 0) return state.startingPriceCents;
  return state.currentPriceCents + currentIncrement(state);
}

/**
 * docs/product/auctions.md#increments: current price plus 1, 2 and 5 increments, each step the increment of the price it starts from (before
 * the first bid, the starting price and then 1 and 4 steps above it, so the first suggestion is always acceptable).
 */
export function suggestedBids(state: BidPriceState): number[] {
  const step = (price: number) => price + bidIncrementAt(price, state.currency, state.fixedIncrementCents);
  const first = minimumNextBid(state);
  const ladder = [first];
  for (let i = 1; i < Math.max(...SUGGESTED_BID_STEPS); i += 1) ladder.push(step(ladder[i - 1]!));
  return SUGGESTED_BID_STEPS.map((steps) => ladder[steps - 1]!);
}
