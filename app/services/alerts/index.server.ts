// What the alerts domain offers to routes and the web layer. Saved searches and the alerts they send, and the watcher alerts (price drops, ending soon, sold).
// Every other part of app/ imports the domain through this index, by these names (ESLint's tradebench/domain-face).
export { flushFollowedSellerAlerts } from "./followed-seller-alerts.server.ts";
export { rekeySavedSearches } from "./alert-keys.server.ts";
export { alertSavedSearchesOfListing } from "./saved-search-alerts.server.ts";
export { flushSavedSearchAlerts } from "./saved-search-alert-notices.server.ts";
export {
  createSavedSearch,
  deleteSavedSearch,
  type ExecutedListing,
  executeSavedSearch,
  getSavedSearch,
  listSavedSearches,
  listSavedSearchPage,
  SAVED_SEARCH_EXECUTE_LIMIT,
  type SavedSearchSummary,
  updateSavedSearch,
} from "./saved-search.server.ts";
export { alertAuctionsEndingSoon, itemSoldAlerts, priceDropAlerts } from "./watcher-alerts.server.ts";
