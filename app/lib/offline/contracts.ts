// What the browser keeps for offline use on the shop floor, and what the server sends to fill it.
// Shared by the app, the offline page and the service worker; nothing here touches the network or IndexedDB.
import type { SavedSearchParams } from "~/lib/listing-filters.ts";
import type { ListingType } from "~/lib/listing-types.ts";

/** Name of the IndexedDB database; one per origin, wiped on sign-out. */
export const OFFLINE_DB_NAME = "tradebench-offline";
/** The AI listing wizard's draft on the device (photos included); also wiped on sign-out. */
export const AI_WIZARD_DB_NAME = "tradebench-ai-wizard";
/** Cache Storage bucket for listing photos (cache first, with expiry and a size cap in the service worker). */
export const LISTING_IMAGE_CACHE = "tradebench-listing-images";
/** How many browsed listings are kept (least recently viewed dropped first). */
export const BROWSED_LISTINGS_KEPT = 100;

/** A copy of one listing as a buyer needs it with no connection. Money in cents, times as ISO strings. */
export interface OfflineListing {
  id: number;
  title: string;
  /** Where the listing lives online: /listings/{id}, or /auctions/{auctionId} for an auction lot. */
  url: string;
  listingType: ListingType;
  /** The listing's status when copied: active, sold, ended... */
  status: string;
  currency: string;
  /** The fixed or Buy Now price; null for an auction without Buy Now. */
  priceCents: number | null;
  /** The current bid (or starting price) of a live auction; null otherwise. */
  currentBidCents: number | null;
  auctionId: number | null;
  auctionEndsAt: string | null;
  /** The condition's label as shown online ("Used - Excellent"). */
  condition: string;
  brand: string | null;
  model: string | null;
  categoryName: string | null;
  location: string | null;
  description: string;
  specifications: Array<{ key: string; value: string }>;
  features: string[];
  sellerName: string;
  /** Absolute paths of the photos, primary first (/uploads/listings/...). */
  imageUrls: string[];
}

/** A watched listing as stored: the copy, the buyer's notes, when it was watched and when the copy was taken. */
export interface WatchedCopy {
  listing: OfflineListing;
  notes: string;
  watchedAt: string;
  savedAt: string;
}

/** One result of a saved search, as a card. */
export interface OfflineListingCard {
  id: number;
  title: string;
  url: string;
  currency: string;
  priceCents: number | null;
  currentBidCents: number | null;
  condition: string;
  imageUrl: string | null;
}

/** A saved search with the results it had when the copy was taken. */
export interface SavedSearchCopy {
  /** The server's id; null while the search exists only in the outbox (made offline). */
  serverId: number | null;
  /** Stable key in IndexedDB: "s{serverId}", or the client id of a search made offline. */
  key: string;
  name: string;
  /** A one-line summary of the filters ("Oscilloscopes · under $5,000"). */
  summary: string;
  params: SavedSearchParams;
  /** The same search on /listings. */
  listingsUrl: string;
  notifyOnNew: boolean;
  lastExecuted: string | null;
  results: OfflineListingCard[];
  savedAt: string;
}

/** GET /resources/offline-snapshot: everything of the signed-in user that works offline. */
export interface OfflineSnapshot {
  userId: string;
  takenAt: string;
  watchlist: WatchedCopy[];
  savedSearches: SavedSearchCopy[];
}

/** An action taken offline, waiting in the outbox. The id is generated on the device (crypto.randomUUID). */
export type OutboxAction =
  | { id: string; kind: "watch"; listingId: number; notes?: string }
  | { id: string; kind: "unwatch"; listingId: number }
  | { id: string; kind: "notes"; listingId: number; notes: string }
  | { id: string; kind: "saved_search"; name: string; params: SavedSearchParams; notifyOnNew: boolean };

/** POST /resources/offline-actions body: { actions: OutboxAction[] } (at most 50). */
export interface OutboxReplayRequest {
  actions: OutboxAction[];
}

/**
 * What the server did with each action. applied: done now; duplicate: this id was applied before (nothing done);
 * gone: the listing no longer exists or cannot be watched; refused: the input broke a rule (message says which).
 */
export interface OutboxReplayResult {
  id: string;
  outcome: "applied" | "duplicate" | "gone" | "refused";
  message?: string;
}
