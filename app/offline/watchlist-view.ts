// The offline /watchlist: both tabs (Watched Items, Saved Searches) built from the stored copies, with the online
// page's words. Pure: the renderer only turns these values into elements.
import type { OfflineListingCard, SavedSearchCopy, WatchedCopy } from "~/lib/offline/contracts.ts";
import { formatRelativeTime } from "~/lib/relative-time.ts";
import { savedSearchCriteria, savedSearchTitle } from "~/lib/saved-search-summary.ts";
import { WATCHLIST_MESSAGES, WATCHLIST_TABS, type WatchlistTab } from "~/lib/watchlist-messages.ts";
import { countOf, headlinePrice, savedAgo, statusText, timeLeftText, type PriceLine } from "./offline-format.ts";

const WATCHLIST_HEADING = "Watchlist & Saved Searches";

export interface TabLink {
  label: string;
  href: string;
  current: boolean;
}

export interface OfflineCardView {
  id: number;
  title: string;
  /** The offline copy's address (the offline page shows it when a copy is kept). */
  href: string;
  imageUrl: string | null;
  price: PriceLine | null;
  condition: string;
}

export interface WatchedItemOfflineView {
  listingId: number;
  title: string;
  href: string;
  imageUrl: string | null;
  price: PriceLine | null;
  /** Live auctions: "2d 5h left". */
  timeLeft: string | null;
  condition: string;
  /** "Sold", "Auction ended"…; null while on sale. */
  status: string | null;
  notes: string;
  savedAt: string;
  savedAgo: string;
  removeLabel: string;
}

export interface SavedSearchOfflineView {
  key: string;
  title: string;
  criteria: Array<{ label: string; value: string }>;
  /** Made offline and not on the server yet. */
  waitingToSync: boolean;
  lastExecuted: string;
  savedAgo: string;
  listingsUrl: string;
  results: OfflineCardView[];
  /** Said instead of (or above) the results: none found, or none yet for a search saved offline. */
  resultsNote: string | null;
}

export interface WatchlistOfflineView {
  heading: string;
  tab: WatchlistTab;
  tabs: TabLink[];
  watched: { countText: string; items: WatchedItemOfflineView[]; empty: { title: string; text: string } | null } | null;
  searches: { countText: string; items: SavedSearchOfflineView[]; empty: { title: string; text: string } | null } | null;
}

export const OFFLINE_SEARCH_WORDS = {
  noResultsYet: "Results will appear once this search has synced.",
  waitingToSync: "Waiting to sync",
  emptyWatched: "Nothing from your watchlist is saved on this device yet. Watch items while online to keep them here.",
  emptySearches: "No saved searches are stored on this device yet. Save one below, or save searches while online.",
} as const;

function watchlistTabs(current: WatchlistTab): TabLink[] {
  return [
    { label: "Watched Items", href: "/watchlist", current: current === WATCHLIST_TABS.watched },
    { label: "Saved Searches", href: `/watchlist?tab=${WATCHLIST_TABS.savedSearches}`, current: current === WATCHLIST_TABS.savedSearches },
  ];
}

function toCardView(card: OfflineListingCard): OfflineCardView {
  return {
    id: card.id,
    title: card.title,
    href: `/listings/${card.id}`,
    imageUrl: card.imageUrl,
    price: headlinePrice(card),
    condition: card.condition,
  };
}

export function toWatchedItemView(copy: WatchedCopy, now: Date): WatchedItemOfflineView {
  const { listing } = copy;
  return {
    listingId: listing.id,
    title: listing.title,
    href: `/listings/${listing.id}`,
    imageUrl: listing.imageUrls[0] ?? null,
    price: headlinePrice(listing, listing.status),
    timeLeft: timeLeftText(listing, now),
    condition: listing.condition,
    status: statusText(listing, now),
    notes: copy.notes,
    savedAt: copy.savedAt,
    savedAgo: savedAgo(copy.savedAt, now),
    removeLabel: `Remove ${listing.title} from watchlist`,
  };
}

export function toSavedSearchView(copy: SavedSearchCopy, now: Date): SavedSearchOfflineView {
  const waitingToSync = copy.serverId === null;
  let resultsNote: string | null = null;
  if (copy.results.length === 0) resultsNote = waitingToSync ? OFFLINE_SEARCH_WORDS.noResultsYet : WATCHLIST_MESSAGES.noMatches;
  return {
    key: copy.key,
    title: savedSearchTitle(copy.name, copy.params),
    criteria: savedSearchCriteria(copy.params),
    waitingToSync,
    lastExecuted: copy.lastExecuted ? formatRelativeTime(copy.lastExecuted, now) : "Never",
    savedAgo: savedAgo(copy.savedAt, now),
    listingsUrl: copy.listingsUrl,
    results: copy.results.map(toCardView),
    resultsNote,
  };
}

/** The page for a tab: only the chosen tab's list is built. */
export function watchlistOfflineView(
  tab: WatchlistTab,
  stored: { watchlist: WatchedCopy[]; savedSearches: SavedSearchCopy[] },
  now: Date,
): WatchlistOfflineView {
  const view: WatchlistOfflineView = { heading: WATCHLIST_HEADING, tab, tabs: watchlistTabs(tab), watched: null, searches: null };
  if (tab === WATCHLIST_TABS.watched) {
    const items = stored.watchlist.map((copy) => toWatchedItemView(copy, now));
    view.watched = {
      countText: countOf(items.length, "watched item", "watched items"),
      items,
      empty: items.length === 0 ? { title: WATCHLIST_MESSAGES.noWatchedItems, text: OFFLINE_SEARCH_WORDS.emptyWatched } : null,
    };
  } else {
    const items = stored.savedSearches.map((copy) => toSavedSearchView(copy, now));
    view.searches = {
      countText: countOf(items.length, "saved search", "saved searches"),
      items,
      empty: items.length === 0 ? { title: WATCHLIST_MESSAGES.noSavedSearches, text: OFFLINE_SEARCH_WORDS.emptySearches } : null,
    };
  }
  return view;
}
