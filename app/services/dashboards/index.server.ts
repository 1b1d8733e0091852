// What the dashboards domain offers to routes: the seller and buyer dashboards' figures, each for one member only.
// Every other part of app/ imports the domain through this index, by these names (ESLint's tradebench/domain-face).
export {
  type ActiveBid,
  BUYER_DASHBOARD_CAPS,
  type DashboardWatchItem,
  getActiveBids,
  getBuyerOffers,
  getBuyerPurchases,
  getBuyerWatchlist,
  getOrdersAwaitingBuyer,
} from "./buyer-dashboard.server.ts";
export {
  getSellerListingRows,
  getSellerPerformance,
  getSellerStats,
  getSellerTasks,
  SELLER_DASHBOARD_CAPS,
  type SellerListingRow,
} from "./seller-dashboard.server.ts";
