// What every auction screen shares: statuses and their badges, the live snapshot sent to pages, and the
// time-remaining formats of the spec (cards: docs/product/auctions.md#auction-list; countdown: docs/product/auctions.md#auction-list).

const AUCTION_STATUSES = ["upcoming", "active", "ended", "cancelled"] as const;
export type AuctionStatus = (typeof AUCTION_STATUSES)[number];

export const AUCTION_STATUS_LABELS: Record<AuctionStatus, string> = {
  upcoming: "Upcoming",
  active: "Live",
  ended: "Ended",
  cancelled: "Cancelled",
};

/** docs/product/auctions.md#states: active green, upcoming blue, ended grey, cancelled red. */
export const AUCTION_STATUS_PALETTES: Record<AuctionStatus, "green" | "blue" | "gray" | "red"> = {
  upcoming: "blue",
  active: "green",
  ended: "gray",
  cancelled: "red",
};

/** An auction still to come or running: a listing has at most one (a unique index says so). */
export const LIVE_AUCTION_STATUSES = ["upcoming", "active"] as const;

export function isAuctionStatus(value: unknown): value is AuctionStatus {
  return typeof value === "string" && (AUCTION_STATUSES as readonly string[]).includes(value);
}

/** Manual form durations (docs/product/auctions.md#bidding, docs/product/auctions.md#limits). */
export const AUCTION_DURATION_DAYS = [1, 3, 7, 14, 30] as const;
export const DEFAULT_AUCTION_DURATION_DAYS = 7;

export type ReserveState = "none" | "met" | "not_met";

export const RESERVE_LABELS: Record<ReserveState, string> = {
  none: "No Reserve",
  met: "Reserve met",
  not_met: "Reserve not met",
};

export interface BidHistoryEntry {
  id: number;
  /** First name and last initial (docs/product/auctions.md#bidding), never the full name or id. */
  bidderLabel: string;
  amountCents: number;
  /** Placed by the system for a bidder's maximum. */
  isAuto: boolean;
  createdAt: string;
}

/** The public state of an auction, as pages show it and as live events carry it. Never holds the reserve amount. */
export interface AuctionSnapshot {
  auctionId: number;
  listingId: number;
  status: AuctionStatus;
  currency: string;
  startingPriceCents: number;
  currentPriceCents: number;
  /** The seller's fixed increment; null: the tiered table (app/lib/bidding.ts bidIncrementAt). */
  fixedIncrementCents: number | null;
  bidCount: number;
  startsAt: string;
  endsAt: string;
  extensionCount: number;
  autoExtend: boolean;
  /** Soft close moves the end no later than this (the original end plus the cap); null: late bids never extend. */
  extensionsEndAt: string | null;
  reserve: ReserveState;
  /** Hybrid: the buy-now price while Buy Now is still open, else null. */
  buyNowPriceCents: number | null;
  /** Whether the page's viewer leads (filled per viewer; false for visitors). */
  viewerLeads: boolean;
  /** Whether the auction ended with a winner (the lot reads "Sold for …"). */
  sold: boolean;
  /** Whether the viewer won (ended auctions). */
  viewerWon: boolean;
  version: number;
}

export function reserveState(reserveCents: number | null, currentPriceCents: number, bidCount: number): ReserveState {
  if (reserveCents === null) return "none";
  return bidCount > 0 && currentPriceCents >= reserveCents ? "met" : "not_met";
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Cards (docs/product/auctions.md#auction-list): "2d 5h", "5h 12m" or "12m"; "Ended" once past. */
export function formatTimeLeft(ms: number): string {
  if (ms <= 0) return "Ended";
  if (ms >= DAY) return `${Math.floor(ms / DAY)}d ${Math.floor((ms % DAY) / HOUR)}h`;
  if (ms >= HOUR) return `${Math.floor(ms / HOUR)}h ${Math.floor((ms % HOUR) / MINUTE)}m`;
  return `${Math.max(1, Math.ceil(ms / MINUTE))}m`;
}

/** The lot page's countdown (docs/product/auctions.md#ending): "2d 5h 12m", "5h 12m 30s" or "12m 30s"; "Auction ended" once past. */
export function formatCountdown(ms: number): string {
  if (ms <= 0) return "Auction ended";
  const seconds = Math.floor(ms / 1000);
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (d > 0) return `${d}d ${h}h ${m}m`;
  if (h > 0) return `${h}h ${m}m ${s}s`;
  return `${m}m ${s}s`;
}

/** "John S." from a profile's names (docs/product/auctions.md#bidding: bidders as first name plus last initial). */
export function bidderLabel(firstName: string, lastName: string): string {
  const first = firstName.trim() || "Bidder";
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${first} ${initial}.` : first;
}
