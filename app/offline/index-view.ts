// The offline page for every other address: "You're offline" and what this device keeps for offline use, with
// counts and links (watched items, saved searches, recently browsed listings). Pure.
import type { SavedSearchCopy, WatchedCopy } from "~/lib/offline/contracts.ts";
import type { BrowsedCopy } from "~/lib/offline/offline-db.ts";
import { savedSearchTitle } from "~/lib/saved-search-summary.ts";
import { WATCHLIST_TABS } from "~/lib/watchlist-messages.ts";
import { countOf, headlinePrice } from "./offline-format.ts";

/** How many links each section lists before "See all". */
const INDEX_LINKS_SHOWN = 8;

export interface IndexLink {
  title: string;
  href: string;
  /** "$1,250 · Used - Good", or a saved search's filters. */
  detail: string | null;
}

export interface IndexSection {
  id: "watched" | "searches" | "browsed";
  title: string;
  count: number;
  countText: string;
  links: IndexLink[];
  /** Where the full list is (the watchlist tabs); null when every entry is listed here. */
  more: { href: string; label: string } | null;
}

export interface OfflineIndexView {
  heading: string;
  /** Set when the address was a listing with no stored copy. */
  missingListing: string | null;
  intro: string;
  sections: IndexSection[];
  /** Said when nothing at all is kept. */
  nothingSaved: string | null;
}

const INDEX_WORDS = {
  heading: "You're offline",
  missingListing: "This listing wasn't saved for offline use.",
  intro: "This page needs a connection. These are saved on this device and work offline:",
  nothingSaved:
    "Nothing is saved on this device yet. Sign in while online: your watchlist, saved searches and the listings you browse are kept here for offline use.",
} as const;

function listingDetail(listing: Pick<WatchedCopy["listing"], "currency" | "priceCents" | "currentBidCents" | "condition" | "status">): string {
  const price = headlinePrice(listing, listing.status);
  return [price ? `${price.label}: ${price.text}` : null, listing.condition].filter(Boolean).join(" · ");
}

export function offlineIndexView(
  stored: { watchlist: WatchedCopy[]; savedSearches: SavedSearchCopy[]; browsed: BrowsedCopy[] },
  options: { missingListing?: boolean } = {},
): OfflineIndexView {
  const watched: IndexSection = {
    id: "watched",
    title: "Watched items",
    count: stored.watchlist.length,
    countText: countOf(stored.watchlist.length, "watched item", "watched items"),
    links: stored.watchlist.slice(0, INDEX_LINKS_SHOWN).map(({ listing }) => ({
      title: listing.title,
      href: `/listings/${listing.id}`,
      detail: listingDetail(listing),
    })),
    more: { href: "/watchlist", label: "Open your watchlist" },
  };
  const searches: IndexSection = {
    id: "searches",
    title: "Saved searches",
    count: stored.savedSearches.length,
    countText: countOf(stored.savedSearches.length, "saved search", "saved searches"),
    links: stored.savedSearches.slice(0, INDEX_LINKS_SHOWN).map((search) => ({
      title: savedSearchTitle(search.name, search.params),
      href: `/watchlist?tab=${WATCHLIST_TABS.savedSearches}`,
      detail: search.summary || null,
    })),
    more: { href: `/watchlist?tab=${WATCHLIST_TABS.savedSearches}`, label: "Open your saved searches" },
  };
  const browsed: IndexSection = {
    id: "browsed",
    title: "Recently browsed",
    count: stored.browsed.length,
    countText: countOf(stored.browsed.length, "listing", "listings"),
    // Every browsed copy is listed (at most BROWSED_LISTINGS_KEPT): there is no other page for them offline.
    links: stored.browsed.map(({ listing }) => ({ title: listing.title, href: `/listings/${listing.id}`, detail: listingDetail(listing) })),
    more: null,
  };
  const total = watched.count + searches.count + browsed.count;
  return {
    heading: INDEX_WORDS.heading,
    missingListing: options.missingListing ? INDEX_WORDS.missingListing : null,
    intro: INDEX_WORDS.intro,
    sections: [watched, searches, browsed],
    nothingSaved: total === 0 ? INDEX_WORDS.nothingSaved : null,
  };
}
