// The wording the offline page shares across its views: prices of a stored copy, how old a copy is, the time an
// auction has left. Pure: every time is computed against the `now` passed in.
import { formatDateTime } from "~/lib/dates.ts";
import { formatTimeLeft } from "~/lib/auctions.ts";
import type { OfflineListing, OfflineListingCard } from "~/lib/offline/contracts.ts";
import { formatPrice } from "~/lib/money.ts";
import { formatRelativeTime } from "~/lib/relative-time.ts";

export interface PriceLine {
  /** "Current bid", "Buy Now", "Price", "Sold for". */
  label: string;
  text: string;
}

/** "Saved 2 hours ago", "Saved just now", "Saved Nov 3, 2026": when the copy was taken. */
export function savedAgo(savedAt: string, now: Date): string {
  const relative = formatRelativeTime(savedAt, now);
  if (!relative) return "Saved on this device";
  return relative === "Just now" ? "Saved just now" : `Saved ${relative}`;
}

/** The headline price of a listing or card: the current bid of a live auction, else its price; null when neither is known. */
export function headlinePrice(
  item: Pick<OfflineListing | OfflineListingCard, "currency" | "priceCents" | "currentBidCents">,
  status = "active",
): PriceLine | null {
  if (item.currentBidCents !== null) return { label: "Current bid", text: formatPrice(item.currentBidCents, item.currency) };
  if (item.priceCents !== null) return { label: status === "sold" ? "Sold for" : "Price", text: formatPrice(item.priceCents, item.currency) };
  return null;
}

/** Every price of a copy: a hybrid live auction shows its current bid and its Buy Now price. */
export function priceLines(listing: OfflineListing): PriceLine[] {
  const headline = headlinePrice(listing, listing.status);
  if (!headline) return [];
  if (listing.currentBidCents !== null && listing.priceCents !== null) {
    return [headline, { label: "Buy Now", text: formatPrice(listing.priceCents, listing.currency) }];
  }
  return [headline];
}

/** Whether the copy was taken while its auction still took bids (or was about to). */
export function isLiveAuctionCopy(listing: OfflineListing): boolean {
  return listing.status === "active" && listing.auctionId !== null && listing.currentBidCents !== null;
}

/** "2d 5h left" while a copied live auction has time to run; null otherwise. */
export function timeLeftText(listing: OfflineListing, now: Date): string | null {
  if (!isLiveAuctionCopy(listing) || !listing.auctionEndsAt) return null;
  const left = new Date(listing.auctionEndsAt).getTime() - now.getTime();
  if (!Number.isFinite(left) || left <= 0) return null;
  return `${formatTimeLeft(left)} left`;
}

/**
 * What the copy says about availability, as the online watchlist words it: "Sold", "No longer available",
 * "Auction ended" (also once a copied live auction's end has passed); null while it is simply on sale.
 */
export function statusText(listing: OfflineListing, now: Date): string | null {
  if (listing.status === "sold") return "Sold";
  if (listing.status !== "active") return "No longer available";
  if (listing.listingType === "auction") {
    if (!isLiveAuctionCopy(listing)) return "Auction ended";
    const end = listing.auctionEndsAt ? new Date(listing.auctionEndsAt).getTime() : Number.NaN;
    if (Number.isFinite(end) && end <= now.getTime()) return "Auction ended";
  }
  return null;
}

/** "Nov 23, 2026, 3:00 PM" in the browser's time zone (or `timeZone`). */
export function formatLocalDateTime(at: string, timeZone?: string): string {
  return formatDateTime(at, { timeZone: timeZone ?? "local" });
}

/** "1 watched item", "3 watched items". */
export function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
