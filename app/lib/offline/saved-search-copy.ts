// How a saved search reads in its offline copy: a one-line summary of its filters and its /listings link, the same
// for copies from the server and searches saved offline. Pure and client-safe.
import { listingsUrl, savedSearchFilters, type SavedSearchParams } from "../listing-filters.ts";
import { savedSearchCriteria } from "../saved-search-summary.ts";

/** "“keysight” · Oscilloscopes · up to $5,000": the values of the Saved Searches tab's filter lines. */
export function savedSearchSummary(params: SavedSearchParams): string {
  return savedSearchCriteria(params)
    .map((criterion) => criterion.value)
    .join(" · ");
}

/** The same search on /listings. */
export function savedSearchListingsUrl(params: SavedSearchParams): string {
  return listingsUrl(savedSearchFilters(params));
}
