// GET /resources/offline-snapshot: everything of the signed-in user that works offline — each watched
// listing as a full copy (specs, description, seller, photos, auction end and current bid) with the buyer's notes,
// and each saved search with the results it has now (the engine of Execute on the Saved Searches tab, at most 50,
// without stamping "last executed": taking a copy is not running the search).
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { OfflineListing, OfflineSnapshot, SavedSearchCopy, WatchedCopy } from "~/lib/offline/contracts.ts";
import { savedSearchListingFilters } from "~/lib/listing-filters.ts";
import { toOfflineListing, toOfflineListingCard, type OfflineAuctionSource } from "~/lib/offline/listing-copy.ts";
import { savedSearchListingsUrl, savedSearchSummary } from "~/lib/offline/saved-search-copy.ts";
import { getListingDetail, type ListingViewer, searchListings } from "../listings/index.server.ts";
import { listSavedSearches, SAVED_SEARCH_EXECUTE_LIMIT } from "../alerts/index.server.ts";
import { listWatchlist, type WatchedItem } from "../watchlist/index.server.ts";

/** The newest watched listings copied (a watchlist longer than this keeps its newest on the device). */
const OFFLINE_WATCHLIST_LIMIT = 500;
/** Results kept per saved search: what Execute shows. */
export const OFFLINE_SEARCH_RESULTS = SAVED_SEARCH_EXECUTE_LIMIT;

function auctionOf(item: WatchedItem): OfflineAuctionSource | null {
  const auction = item.auction;
  return auction ? { auctionId: auction.id, status: auction.status, currentPriceCents: auction.currentPriceCents, endsAt: auction.endsAt } : null;
}

/**
 * A watched listing the user may no longer open (withdrawn to a draft, archived): only what the Watched Items tab
 * shows of it, as the watchlist page does.
 */
function limitedCopy(item: WatchedItem): OfflineListing {
  return toOfflineListing(
    {
      id: item.listingId,
      title: item.title,
      listingType: item.listingType,
      status: item.status,
      currency: item.currency,
      priceCents: item.priceCents,
      buyNowPriceCents: null,
      condition: item.condition,
      brand: "",
      model: "",
      categoryPath: [],
      location: "",
      description: "",
      specifications: [],
      features: [],
      seller: { firstName: "", lastName: "", companyName: "", avatarUrl: null, isVerified: false },
      images: item.imageUrl ? [{ url: item.imageUrl }] : [],
    },
    auctionOf(item),
  );
}

/** The user's watchlist as copies, newest watched first. */
async function watchlistCopies(db: Kysely<Database>, viewer: ListingViewer, now: Date = new Date()): Promise<WatchedCopy[]> {
  const { items } = await listWatchlist(db, viewer.id, 1, OFFLINE_WATCHLIST_LIMIT);
  const savedAt = now.toISOString();
  const copies: WatchedCopy[] = [];
  for (const item of items) {
    const detail = await getListingDetail(db, item.listingId, viewer);
    const listing = detail ? toOfflineListing(detail, auctionOf(item)) : limitedCopy(item);
    copies.push({ listing, notes: item.notes, watchedAt: item.watchedAt, savedAt });
  }
  return copies;
}

/** The user's saved searches with their current results, newest first. */
async function savedSearchCopies(db: Kysely<Database>, userId: string, now: Date = new Date()): Promise<SavedSearchCopy[]> {
  const searches = await listSavedSearches(db, userId);
  const savedAt = now.toISOString();
  const copies: SavedSearchCopy[] = [];
  for (const search of searches) {
    const found = await searchListings(db, savedSearchListingFilters(search.params), { pageSize: OFFLINE_SEARCH_RESULTS, now });
    copies.push({
      serverId: search.id,
      key: `s${search.id}`,
      name: search.name,
      summary: savedSearchSummary(search.params),
      params: search.params,
      listingsUrl: savedSearchListingsUrl(search.params),
      notifyOnNew: search.notifyOnNew,
      lastExecuted: search.lastExecuted,
      results: found.listings.slice(0, OFFLINE_SEARCH_RESULTS).map(toOfflineListingCard),
      savedAt,
    });
  }
  return copies;
}

/** Everything of `viewer` that works offline. */
export async function buildOfflineSnapshot(db: Kysely<Database>, viewer: ListingViewer, now: Date = new Date()): Promise<OfflineSnapshot> {
  const [watchlist, savedSearches] = [await watchlistCopies(db, viewer, now), await savedSearchCopies(db, viewer.id, now)];
  return { userId: viewer.id, takenAt: now.toISOString(), watchlist, savedSearches };
}
