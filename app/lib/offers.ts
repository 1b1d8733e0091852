// Make Offer, client-safe: the limits, the states of an offer and their labels, the words buyers and
// sellers see, and the small rules both the pages and the offers service read (how many offers remain, how long one
// stays open).
import { formatExactPrice } from "./money.ts";

/** At most this many offers (counters back included) per buyer per listing, whatever became of them. */
export const MAX_OFFERS_PER_LISTING = 3;
/** An offer or counter not answered within this many hours expires. */
const OFFER_EXPIRY_HOURS = 48;
export const OFFER_EXPIRY_MS = OFFER_EXPIRY_HOURS * 60 * 60 * 1000;
/** An order made by accepting an offer and not paid within this many hours is cancelled; the listing returns. */
export const OFFER_ORDER_PAYMENT_HOURS = 48;
export const OFFER_ORDER_PAYMENT_MS = OFFER_ORDER_PAYMENT_HOURS * 60 * 60 * 1000;
export const OFFER_MESSAGE_MAX_LENGTH = 2000;
export const OFFER_REASON_MAX_LENGTH = 500;

const OFFER_STATUSES = ["open", "accepted", "declined", "countered", "expired", "withdrawn"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export type OfferParty = "buyer" | "seller";

export function isOfferStatus(value: unknown): value is OfferStatus {
  return typeof value === "string" && (OFFER_STATUSES as readonly string[]).includes(value);
}

export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  open: "Awaiting answer",
  accepted: "Accepted",
  declined: "Declined",
  countered: "Countered",
  expired: "Expired",
  withdrawn: "Withdrawn",
};

export const OFFER_STATUS_PALETTES: Record<OfferStatus, string> = {
  open: "yellow",
  accepted: "green",
  declined: "red",
  countered: "blue",
  expired: "gray",
  withdrawn: "gray",
};

export type OfferAction = "accept" | "decline" | "counter" | "withdraw";

export const OFFER_MESSAGES = {
  listingNotFound: "Listing not found",
  offerNotFound: "Offer not found",
  notTakingOffers: "The seller does not take offers on this listing",
  ownListing: "You cannot make an offer on your own listing",
  notForSale: "This item is not for sale right now",
  amountRequired: "Enter the amount you offer",
  amountTooHigh: "An offer must be below the price; at the price, use Buy Now",
  amountTooLow: "Enter an amount above zero",
  capReached: `You have made ${MAX_OFFERS_PER_LISTING} offers on this listing, the most allowed`,
  alreadyOpen: "You already have an offer awaiting an answer on this listing",
  messageTooLong: `A message can be at most ${OFFER_MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters long`,
  reasonTooLong: `A reason can be at most ${OFFER_REASON_MAX_LENGTH} characters long`,
  notOpen: "This offer has already been answered",
  expired: "This offer has expired",
  notYours: "Only the other party can answer this offer",
  onlyMakerWithdraws: "Only the person who made an offer can withdraw it",
  counterOutOfRange: "A counter must lie between the two last amounts",
  noCounterLeft: `You have made ${MAX_OFFERS_PER_LISTING} offers on this listing: accept or decline this one`,
  alreadySold: "This item has already been sold",
  soldToAnother: "The item was sold to another buyer",
  settingsWrongType: "Only Buy Now and hybrid listings take offers",
  autoAcceptTooHigh: "The auto-accept price must be below the price",
  autoDeclineTooHigh: "The auto-decline price must be below the auto-accept price and the price",
  confirmLowPrices: "Tick “Yes, keep these prices” to save them as they are, or correct them.",
  offerOrderNotFound: "Order not found",
} as const;

/**
 * Below this share of the price an automatic price is most likely a slip (a digit or a decimal point missing: an
 * auto-accept of $31.80 on a $3,350 hoist turned a $40 offer into an order). The seller must confirm it.
 */
const LOW_AUTO_PRICE_SHARE = 0.5;

export type AutoPriceField = "autoAcceptPrice" | "autoDeclinePrice";

/** "Your auto-accept price is 1 % of your price — is that right?" for each automatic price below the share. */
export function lowAutoPriceWarnings(
  settings: { autoAcceptCents: number | null; autoDeclineCents: number | null },
  priceCents: number,
): Partial<Record<AutoPriceField, string>> {
  const warnings: Partial<Record<AutoPriceField, string>> = {};
  if (priceCents <= 0) return warnings;
  const check = (field: AutoPriceField, cents: number | null, name: string) => {
    if (cents === null || cents <= 0 || cents >= priceCents * LOW_AUTO_PRICE_SHARE) return;
    const percent = Math.floor((cents * 100) / priceCents);
    warnings[field] = `Your ${name} price is ${percent < 1 ? "under 1" : percent} % of your price — is that right?`;
  };
  check("autoAcceptPrice", settings.autoAcceptCents, "auto-accept");
  check("autoDeclinePrice", settings.autoDeclineCents, "auto-decline");
  return warnings;
}

/** How many more offers a buyer who has made `made` offers on a listing may make. */
export function offersRemaining(made: number): number {
  return Math.max(0, MAX_OFFERS_PER_LISTING - made);
}

/** "3 offers left", "1 offer left", "No offers left". */
export function offersRemainingText(remaining: number): string {
  if (remaining <= 0) return "No offers left on this listing";
  return `${remaining} ${remaining === 1 ? "offer" : "offers"} left on this listing`;
}

/** When an offer made at `madeAt` expires. */
export function offerExpiresAt(madeAt: Date): Date {
  return new Date(madeAt.getTime() + OFFER_EXPIRY_MS);
}

/** "Expires in 47 h 12 min", "Expires in 9 min", "Expired". */
export function offerTimeLeftText(expiresAt: string, now: Date): string {
  const left = new Date(expiresAt).getTime() - now.getTime();
  if (left <= 0) return "Expired";
  const minutes = Math.ceil(left / 60_000);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `Expires in ${hours} h ${minutes % 60} min` : `Expires in ${minutes} min`;
}

/** One line of a negotiation, as both parties read it. */
export function offerLine(madeBy: OfferParty, amountCents: number, currency: string, counter: boolean): string {
  const amount = formatExactPrice(amountCents, currency);
  if (madeBy === "seller") return `The seller countered with ${amount}`;
  return counter ? `The buyer countered with ${amount}` : `The buyer offered ${amount}`;
}

/** One step of a negotiation as /offers shows it. */
export interface OfferStep {
  id: number;
  madeBy: OfferParty;
  amountCents: number;
  message: string;
  status: OfferStatus;
  actedBy: OfferParty | "system" | null;
  declineReason: string | null;
  createdAt: string;
  expiresAt: string;
}

/** A negotiation (one buyer's offer and its counters) as /offers shows it to one of its parties. */
export interface OfferNegotiation {
  /** The id of its latest step: the one actions go to. */
  offerId: number;
  listingId: number;
  listingTitle: string;
  currency: string;
  priceCents: number;
  viewerIs: OfferParty;
  otherPartyName: string;
  steps: OfferStep[];
  status: OfferStatus;
  expiresAt: string;
  orderId: number | null;
  /** What the viewer may do now. */
  actions: OfferAction[];
  /** The counter's bounds (exclusive) when the viewer may counter. */
  counterRange: { aboveCents: number; belowCents: number } | null;
}
