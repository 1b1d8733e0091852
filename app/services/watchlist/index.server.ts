// What the watchlist domain offers to routes and the web layer. The watchlist and who watches a listing.
// Every other part of app/ imports the domain through this index, by these names (ESLint's tradebench/domain-face).
export { countWatchers, watcherCountFor, watcherIds } from "./watchers.server.ts";
export { listWatchlist, unwatchListing, updateWatchNotes, WATCH_MESSAGES, watchedAmong, type WatchedItem, watchListing } from "./watchlist.server.ts";
