// The offline /listings/{id} and /auctions/{id}: the stored copy of one listing, as its detail page reads, with
// when the copy was taken, a Watch toggle that queues, and a note that bids and purchases need a connection. Pure.
import type { ListingCopy } from "~/lib/offline/copies.ts";
import { OFFLINE_MESSAGES } from "~/lib/offline/messages.ts";
import { formatLocalDateTime, isLiveAuctionCopy, priceLines, savedAgo, statusText, timeLeftText, type PriceLine } from "./offline-format.ts";

export interface OfflinePhoto {
  src: string;
  alt: string;
}

export interface ListingOfflineView {
  listingId: number;
  title: string;
  /** The page online, for when the connection is back. */
  onlineUrl: string;
  savedAt: string;
  savedAgo: string;
  photos: OfflinePhoto[];
  prices: PriceLine[];
  /** Auctions: when it ends (or ended) and the time left at the copy's reading. */
  auction: { endsAt: string; endsText: string; label: string; timeLeft: string | null } | null;
  status: string | null;
  facts: Array<{ label: string; value: string }>;
  description: string;
  specifications: Array<{ key: string; value: string }>;
  features: string[];
  sellerName: string;
  watch: { watching: boolean; text: string; label: string };
  /** "You're offline. Bids and purchases need a connection." */
  connectionNote: string;
}

export const LISTING_OFFLINE_WORDS = {
  noDescription: "No description provided.",
  openOnline: "Open the online page",
  watch: "Watch",
  watching: "Watching",
} as const;

function photosOf(title: string, urls: string[]): OfflinePhoto[] {
  return urls.map((src, index) => ({ src, alt: urls.length === 1 ? title : `${title} — photo ${index + 1} of ${urls.length}` }));
}

export function listingOfflineView(copy: ListingCopy, now: Date, options: { timeZone?: string } = {}): ListingOfflineView {
  const { listing } = copy;
  const facts: Array<{ label: string; value: string }> = [{ label: "Condition", value: listing.condition }];
  if (listing.brand) facts.push({ label: "Brand", value: listing.brand });
  if (listing.model) facts.push({ label: "Model", value: listing.model });
  if (listing.categoryName) facts.push({ label: "Category", value: listing.categoryName });
  if (listing.location) facts.push({ label: "Location", value: listing.location });
  const ends = listing.auctionEndsAt;
  const endsMs = ends ? new Date(ends).getTime() : Number.NaN;
  const auction =
    listing.listingType !== "buy_now" && ends && Number.isFinite(endsMs)
      ? {
          endsAt: ends,
          endsText: formatLocalDateTime(ends, options.timeZone),
          label: isLiveAuctionCopy(listing) && endsMs > now.getTime() ? "Auction ends" : "Auction ended",
          timeLeft: timeLeftText(listing, now),
        }
      : null;
  const watching = copy.watched !== null;
  return {
    listingId: listing.id,
    title: listing.title,
    onlineUrl: listing.url,
    savedAt: copy.savedAt,
    savedAgo: savedAgo(copy.savedAt, now),
    photos: photosOf(listing.title, listing.imageUrls),
    prices: priceLines(listing),
    auction,
    status: statusText(listing, now),
    facts,
    description: listing.description.trim(),
    specifications: listing.specifications.filter((row) => row.key.trim() || row.value.trim()),
    features: listing.features.filter((feature) => feature.trim()),
    sellerName: listing.sellerName,
    watch: {
      watching,
      text: watching ? LISTING_OFFLINE_WORDS.watching : LISTING_OFFLINE_WORDS.watch,
      label: watching ? `Remove ${listing.title} from watchlist` : `Add ${listing.title} to watchlist`,
    },
    connectionNote: OFFLINE_MESSAGES.needsConnection,
  };
}
