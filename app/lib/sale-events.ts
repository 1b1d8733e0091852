// The rules of sale events (docs/product/sale-events.md), defined once: the staggered close schedule, its bounds,
// the event's status, the deposit, the buyer's premium and the messages bidders and houses read. Client-safe.
import { formatBidMoney } from "./bidding.ts";

/** Δ: the gap between two lots' scheduled closes, in seconds. */
export const CLOSE_INTERVAL_SECONDS = { min: 30, max: 600, default: 60 } as const;
/** W: a bid this many seconds before a lot's end moves that lot's end to the bid + W. */
export const DEFAULT_EVENT_SOFT_CLOSE_SECONDS = 120;
export const EVENT_SOFT_CLOSE_SECONDS = { min: 30, max: 900 } as const;
/** Soft close stops moving a lot this many minutes after its scheduled end. */
export const DEFAULT_EVENT_EXTENSION_CAP_MINUTES = 60;
export const EVENT_EXTENSION_CAP_MINUTES = { min: 0, max: 24 * 60 } as const;
/** The most lots one event holds. */
export const MAX_EVENT_LOTS = 2000;

export const SALE_EVENT_STORED_STATUSES = ["draft", "scheduled", "cancelled"] as const;
export type SaleEventStoredStatus = (typeof SALE_EVENT_STORED_STATUSES)[number];
export const SALE_EVENT_STATUSES = ["draft", "scheduled", "live", "closing", "closed", "cancelled"] as const;
export type SaleEventStatus = (typeof SALE_EVENT_STATUSES)[number];
export const SALE_EVENT_PHASES = ["upcoming", "live", "closed"] as const;
export type SaleEventPhase = (typeof SALE_EVENT_PHASES)[number];

export const BIDDER_STATUSES = ["pending", "approved", "declined", "in_review"] as const;
export type BidderStatus = (typeof BIDDER_STATUSES)[number];
export const DEPOSIT_KINDS = ["none", "fixed", "percent"] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];

export function isSaleEventStoredStatus(value: unknown): value is SaleEventStoredStatus {
  return typeof value === "string" && (SALE_EVENT_STORED_STATUSES as readonly string[]).includes(value);
}
export function isBidderStatus(value: unknown): value is BidderStatus {
  return typeof value === "string" && (BIDDER_STATUSES as readonly string[]).includes(value);
}
export function isDepositKind(value: unknown): value is DepositKind {
  return typeof value === "string" && (DEPOSIT_KINDS as readonly string[]).includes(value);
}

/** When lot `lotNumber` (1..N) closes: T + (lotNumber − 1)·Δ. */
export function lotCloseAt(firstCloseAt: Date, intervalSeconds: number, lotNumber: number): Date {
  return new Date(firstCloseAt.getTime() + (lotNumber - 1) * intervalSeconds * 1000);
}

/** Every lot's scheduled close, lot 1 first. */
export function lotCloseTimes(firstCloseAt: Date, intervalSeconds: number, lotCount: number): Date[] {
  return Array.from({ length: lotCount }, (_, index) => lotCloseAt(firstCloseAt, intervalSeconds, index + 1));
}

/** Soft close stops moving a lot at its scheduled close plus the cap. */
export function lotExtensionsEndAt(scheduledClose: Date, capMinutes: number): Date {
  return new Date(scheduledClose.getTime() + capMinutes * 60_000);
}

export function isCloseIntervalAllowed(seconds: number): boolean {
  return Number.isSafeInteger(seconds) && seconds >= CLOSE_INTERVAL_SECONDS.min && seconds <= CLOSE_INTERVAL_SECONDS.max;
}

export function isSoftCloseAllowed(seconds: number): boolean {
  return Number.isSafeInteger(seconds) && seconds >= EVENT_SOFT_CLOSE_SECONDS.min && seconds <= EVENT_SOFT_CLOSE_SECONDS.max;
}

export function isExtensionCapAllowed(minutes: number): boolean {
  return Number.isSafeInteger(minutes) && minutes >= EVENT_EXTENSION_CAP_MINUTES.min && minutes <= EVENT_EXTENSION_CAP_MINUTES.max;
}

export function isLotCountAllowed(count: number): boolean {
  return Number.isSafeInteger(count) && count >= 0 && count <= MAX_EVENT_LOTS;
}

/** What the event's status follows from: its stored status and its lots' times. */
export interface EventStatusInput {
  stored: SaleEventStoredStatus;
  startsAt: Date;
  /** Lot 1's actual end (later than T when soft close moved it); null: no lots. */
  firstLotEndsAt: Date | null;
  /** The last end of any lot; null: no lots. */
  lastLotEndsAt: Date | null;
  now: Date;
}

/**
 * draft and cancelled are as stored; a scheduled event is live once its start has come, closing once its first lot
 * has closed, closed once every lot has ended.
 */
export function saleEventStatus(input: EventStatusInput): SaleEventStatus {
  if (input.stored !== "scheduled") return input.stored;
  const now = input.now.getTime();
  if (input.lastLotEndsAt !== null && now >= input.lastLotEndsAt.getTime()) return "closed";
  if (input.firstLotEndsAt !== null && now >= input.firstLotEndsAt.getTime()) return "closing";
  if (now >= input.startsAt.getTime()) return "live";
  return "scheduled";
}

/** Whether the event has opened: bidding started (live, closing or closed). */
export function hasOpened(status: SaleEventStatus): boolean {
  return status === "live" || status === "closing" || status === "closed";
}

/** The phase a listing of events groups it under; null: not listed (draft, cancelled). */
export function saleEventPhase(status: SaleEventStatus): SaleEventPhase | null {
  if (status === "scheduled") return "upcoming";
  if (status === "live" || status === "closing") return "live";
  if (status === "closed") return "closed";
  return null;
}

export interface DepositTerms {
  kind: DepositKind;
  fixedCents: number | null;
  /** Hundredths of a percent of the requested limit. */
  percentBps: number | null;
}

/** The deposit a bidder owes: none, the fixed amount, or the percentage of their requested limit (rounded up). */
export function depositCents(terms: DepositTerms, requestedLimitCents: number | null): number {
  if (terms.kind === "fixed") return Math.max(0, terms.fixedCents ?? 0);
  if (terms.kind === "percent") return Math.ceil((Math.max(0, requestedLimitCents ?? 0) * (terms.percentBps ?? 0)) / 10_000);
  return 0;
}

/** The payment reference a bidder quotes with the deposit. */
export function depositReferenceFor(eventId: number, registrationId: number): string {
  return `TB-SE${eventId}-B${registrationId}`;
}

export interface PremiumTerms {
  /** Hundredths of a percent: 1500 is 15 %. */
  percent: number;
  minCents?: number | null;
  maxCents?: number | null;
}

/** The buyer's premium on a winning bid: the percentage (rounded half up), at least the minimum, at most the maximum. */
export function buyersPremiumCents(bidCents: number, terms: PremiumTerms): number {
  if (!Number.isSafeInteger(bidCents) || bidCents <= 0 || terms.percent <= 0) return 0;
  let premium = Math.round((bidCents * terms.percent) / 10_000);
  if (terms.minCents !== null && terms.minCents !== undefined) premium = Math.max(premium, terms.minCents);
  if (terms.maxCents !== null && terms.maxCents !== undefined) premium = Math.min(premium, terms.maxCents);
  return premium;
}

/** "You will pay $1,000 + premium $150". */
export function premiumMessage(bidCents: number, premiumCents: number, currency: string): string {
  return `You will pay ${formatBidMoney(bidCents, currency)} + premium ${formatBidMoney(premiumCents, currency)}`;
}

export const SALE_EVENT_MESSAGES = {
  notFound: "Sale event not found",
  forbidden: "Only the house that runs this sale may do that",
  billingOnly: "Only billing staff may record and confirm deposits",
  titleRequired: "Give the sale a title",
  startBeforeFirstClose: "Bidding must open before the first lot closes",
  closeInterval: `The close interval must be between ${CLOSE_INTERVAL_SECONDS.min} seconds and ${CLOSE_INTERVAL_SECONDS.max / 60} minutes`,
  softClose: `The soft-close window must be between ${EVENT_SOFT_CLOSE_SECONDS.min} seconds and ${EVENT_SOFT_CLOSE_SECONDS.max / 60} minutes`,
  extensionCap: `The extension cap must be between ${EVENT_EXTENSION_CAP_MINUTES.min} and ${EVENT_EXTENSION_CAP_MINUTES.max} minutes`,
  depositTerms: "A fixed deposit needs an amount; a percentage deposit needs a percentage between 0 and 100",
  premiumTerms: "The buyer's premium needs a percentage between 0 and 100, and its minimum may not exceed its maximum",
  invalidAmount: "Amounts must be whole minor units of at least zero",
  onlyDescriptionAfterOpening: "The sale has opened: only its description can be changed now",
  notEditable: "A cancelled sale cannot be changed",
  lotsFrozen: "Lots can only be changed before the sale opens",
  tooManyLots: `A sale holds at most ${MAX_EVENT_LOTS.toLocaleString("en-US")} lots`,
  duplicateLot: "Each lot may appear only once in the catalogue",
  duplicatePosition: "Two lots cannot share a position in the catalogue",
  notYourListing: (auctionId: number) => `Lot ${auctionId} is not one of your auction listings`,
  notAnAuction: (auctionId: number) => `Lot ${auctionId} is not an auction listing`,
  lotNotOpen: (auctionId: number) => `Auction ${auctionId} has already had bids or has ended: it cannot join a sale`,
  inAnotherEvent: (auctionId: number) => `Auction ${auctionId} is already a lot of another sale`,
  wrongCurrency: (auctionId: number, currency: string) => `Auction ${auctionId} is not in ${currency}, the sale's currency`,
  currencyLocked: "The sale's currency is its lots' currency: remove the lots before changing it",
  noLots: "Add at least one lot before publishing the catalogue",
  alreadyPublished: "The catalogue is already published",
  startPassed: "Bidding would open in the past: move the schedule later first",
  cannotCancel: "A sale that has opened cannot be cancelled",
  alreadyCancelled: "The sale is already cancelled",
  registrationClosed: "Registration for this sale is closed",
  alreadyRegistered: "You have already asked to bid in this sale",
  ownSale: "You cannot bid in your own sale",
  phoneRequired: "Give a phone number the house can reach you on",
  limitRequired: "Give the bidding limit you ask for: the deposit is a percentage of it",
  bidderNotFound: "This member has not asked to bid in this sale",
  depositNotDue: "This sale asks no deposit of this bidder",
  depositNotRecorded: "Record the deposit's payment before confirming it",
  depositShort: (paid: number, due: number, currency: string) =>
    `The recorded deposit of ${formatBidMoney(paid, currency)} is less than the ${formatBidMoney(due, currency)} due`,
  referenceRequired: "Give the payment's reference",
  // The bid gate.
  cancelled: (title: string) => `"${title}" has been cancelled: its lots take no bids`,
  notPublished: (title: string) => `"${title}" has not published its catalogue yet: its lots take no bids`,
  notRegistered: (title: string) => `Register to bid in "${title}" first: the house approves each bidder`,
  pending: (title: string) => `Your registration to bid in "${title}" is awaiting the house's decision`,
  inReview: (title: string) => `The house is reviewing your registration to bid in "${title}"`,
  declined: (title: string, reason: string) => `The house declined your registration to bid in "${title}"${reason ? `: ${reason}` : ""}`,
  depositRequired: (title: string, cents: number, currency: string, reference: string) =>
    `"${title}" requires a deposit of ${formatBidMoney(cents, currency)} before you bid. Pay it with the payment reference ${reference}; the house's billing staff confirm it`,
  limitExceeded: (cents: number, currency: string) =>
    `This bid would take your leading bids in this sale over your bidding limit of ${formatBidMoney(cents, currency)}`,
} as const;
