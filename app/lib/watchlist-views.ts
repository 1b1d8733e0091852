// What the /watchlist page shows of watched items, saved searches and a search's results: the service's rows turned
// into display values (links, prices, time left, labels) on the server, so the page renders the same text the
// server computed. Pure and client-safe (types only from the services).
import type { ExecutedListing, SavedSearchSummary } from "~/services/alerts/index.server.ts";
import type { WatchedItem } from "~/services/watchlist/index.server.ts";
import { formatTimeLeft, LIVE_AUCTION_STATUSES } from "./auctions.ts";
import { conditionLabel } from "./conditions.ts";
import { formatShortDate } from "./dates.ts";
import { listingsUrl, savedSearchFilters } from "./listing-filters.ts";
import { approxPriceText } from "./approx-price.ts";
import { formatPrice, type ApproxPrices } from "./money.ts";
import { formatRelativeTime } from "./relative-time.ts";
import { savedSearchCriteria, savedSearchTitle } from "./saved-search-summary.ts";
import type { WatchlistIntent } from "~/schemas/watchlist.ts";

export interface WatchedItemView {
  listingId: number;
  title: string;
  /** The lot page for a live (or upcoming) auction, else the listing page. */
  href: string;
  notes: string;
  imageUrl: string | null;
  priceLabel: string;
  priceText: string;
  /** "≈ €920" in the viewer's currency when the price is in another; null otherwise. */
  approxText: string | null;
  /** Auctions only: "2d 5h left", "Starts in 3h 10m"; null otherwise. */
  timeLeft: string | null;
  condition: string;
  /** Shown when the listing is not simply on sale: "Sold", "Auction ended"…; null when active. */
  status: string | null;
}

const LIVE: readonly string[] = LIVE_AUCTION_STATUSES;

export function toWatchedItemView(item: WatchedItem, now: Date, approx?: ApproxPrices): WatchedItemView {
  const auction = item.auction;
  const live = item.status === "active" && auction !== null && LIVE.includes(auction.status);
  let status: string | null = null;
  if (item.status === "sold") status = "Sold";
  else if (item.status !== "active") status = "No longer available";
  else if (auction && !live && item.listingType === "auction") status = auction.status === "cancelled" ? "Auction cancelled" : "Auction ended";
  let timeLeft: string | null = null;
  if (live && auction) {
    const toStart = new Date(auction.startsAt).getTime() - now.getTime();
    const toEnd = new Date(auction.endsAt).getTime() - now.getTime();
    if (auction.status === "upcoming" && toStart > 0) timeLeft = `Starts in ${formatTimeLeft(toStart)}`;
    else timeLeft = toEnd > 0 ? `${formatTimeLeft(toEnd)} left` : "Ending now";
  }
  return {
    listingId: item.listingId,
    title: item.title,
    href: live && auction ? `/auctions/${auction.id}` : `/listings/${item.listingId}`,
    notes: item.notes,
    imageUrl: item.imageUrl,
    priceLabel: live && auction ? auctionPriceLabel(auction.bidCount) : item.status === "sold" ? "Sold for" : "Price",
    priceText: formatPrice(live && auction ? auction.currentPriceCents : item.priceCents, item.currency),
    // A sold item's price is history: no conversion beside it.
    approxText: item.status === "active" ? approxPriceText(approx, live && auction ? auction.currentPriceCents : item.priceCents, item.currency) : null,
    timeLeft,
    condition: conditionLabel(item.condition),
    status,
  };
}

export interface SavedSearchView {
  id: number;
  /** The name the buyer gave, else the words searched for. */
  title: string;
  name: string;
  criteria: Array<{ label: string; value: string }>;
  notifyOnNew: boolean;
  lastExecutedAt: string | null;
  /** "Never", "Just now", "5 minutes ago"… then a date. */
  lastExecuted: string;
  createdAt: string;
  created: string;
  /** The same search on /listings. */
  listingsHref: string;
}

export function toSavedSearchView(search: SavedSearchSummary, now: Date): SavedSearchView {
  return {
    id: search.id,
    title: savedSearchTitle(search.name, search.params),
    name: search.name,
    criteria: savedSearchCriteria(search.params),
    notifyOnNew: search.notifyOnNew,
    lastExecutedAt: search.lastExecuted,
    lastExecuted: search.lastExecuted ? formatRelativeTime(search.lastExecuted, now) : "Never",
    createdAt: search.createdAt,
    created: formatShortDate(search.createdAt),
    listingsHref: listingsUrl(savedSearchFilters(search.params)),
  };
}

/** What a live auction's price is called: "Current bid" once bid on, "Starting bid" before. */
export function auctionPriceLabel(bidCount: number): "Current bid" | "Starting bid" {
  return bidCount > 0 ? "Current bid" : "Starting bid";
}

export interface ExecutedListingView {
  id: number;
  title: string;
  href: string;
  imageUrl: string | null;
  priceText: string;
  /** "Current bid" for an auction with bids, "Starting bid" before them, else "Price". */
  priceLabel: string;
  condition: string;
  createdAt: string;
  created: string;
}

export function toExecutedListingView(listing: ExecutedListing): ExecutedListingView {
  return {
    id: listing.id,
    title: listing.title,
    href: `/listings/${listing.id}`,
    imageUrl: listing.imageUrl,
    priceText: formatPrice(listing.auction ? listing.auction.currentPriceCents : listing.priceCents, listing.currency),
    priceLabel: listing.auction ? auctionPriceLabel(listing.auction.bidCount) : "Price",
    condition: conditionLabel(listing.condition),
    createdAt: listing.createdAt,
    created: formatShortDate(listing.createdAt),
  };
}

/** What every /watchlist action answers (with JavaScript to a fetcher or the page; without, in the page). */
export interface WatchlistActionResult {
  intent: WatchlistIntent | null;
  ok: boolean;
  /** Success text to announce. */
  message: string | null;
  /** Failure text for the form or the page. */
  error: string | null;
  /** The notes or name field's message. */
  fieldError: string | null;
  listingId: number | null;
  searchId: number | null;
  /** Execute: the listings found. */
  results: ExecutedListingView[] | null;
  /** Notify: the new setting. */
  notifyOnNew: boolean | null;
  /** Notes refused: what was typed, so a page without JavaScript can offer it again. */
  notes: string | null;
}
