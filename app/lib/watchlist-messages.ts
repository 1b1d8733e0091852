// The /watchlist page's words, tabs and limits, apart from its zod schema (app/schemas/watchlist.ts re-exports them):
// the page's components and the offline page show them, and importing them from the schema would bundle zod there.

/** Page size of the Watched Items tab (the listing screens page at 12; the service's own default is 50). */
export const WATCHLIST_PAGE_SIZE = 12;
export const WATCH_NOTES_MAX = 1000;

export const WATCHLIST_TABS = { watched: "watched", savedSearches: "saved-searches", following: "following" } as const;
export type WatchlistTab = (typeof WATCHLIST_TABS)[keyof typeof WATCHLIST_TABS];

export function parseWatchlistTab(value: string | null): WatchlistTab {
  if (value === WATCHLIST_TABS.following) return WATCHLIST_TABS.following;
  return value === WATCHLIST_TABS.savedSearches ? WATCHLIST_TABS.savedSearches : WATCHLIST_TABS.watched;
}

/** The page's words (docs/product/alerts.md#messages). */
export const WATCHLIST_MESSAGES = {
  loadWatchlistFailed: "Failed to load watchlist. Please try again.",
  removeFailed: "Failed to remove item from watchlist. Please try again.",
  notesFailed: "Failed to save notes. Please try again.",
  notesTooLong: `Notes can be at most ${WATCH_NOTES_MAX.toLocaleString("en-US")} characters.`,
  notesSaved: "Notes saved.",
  notWatched: "This item is no longer on your watchlist.",
  removed: (title: string) => `Removed “${title}” from your watchlist.`,
  noWatchedItems: "No watched items",
  loadSavedSearchesFailed: "Failed to load saved searches. Please try again.",
  executeFailed: "Failed to execute search. Please try again.",
  deleteFailed: "Failed to delete search. Please try again.",
  notifyFailed: "Failed to update notification setting. Please try again.",
  renameFailed: "Failed to rename search. Please try again.",
  confirmDelete: "Are you sure you want to delete this saved search?",
  deleted: (name: string) => `Deleted the saved search “${name}”.`,
  renamed: (name: string) => `Renamed the saved search to “${name}”.`,
  notifyOn: (name: string) => `You will be notified of new listings matching “${name}”.`,
  notifyOff: (name: string) => `You will no longer be notified of new listings matching “${name}”.`,
  noSavedSearches: "No saved searches",
  noMatches: "No matching listings found.",
  unknownAction: "Please choose what to do.",
} as const;
