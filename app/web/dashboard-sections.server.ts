// The dashboards' loaders (docs/product/dashboards.md#entry, docs/product/dashboards.md#buyer): each section is read on its own, so one that fails shows its own message
// (docs/product/dashboards.md#messages) while the others still show. Used by /dashboard, /seller-dashboard and /buyer-dashboard.
import { getDb } from "~/db.server.ts";
import type { CurrentUser } from "~/lib/user.ts";
import { toSavedSearchView } from "~/lib/watchlist-views.ts";
import { listSavedSearches } from "~/services/alerts/index.server.ts";
import {
  BUYER_DASHBOARD_CAPS,
  getActiveBids,
  getBuyerOffers,
  getBuyerPurchases,
  getBuyerWatchlist,
  getOrdersAwaitingBuyer,
  getSellerListingRows,
  getSellerPerformance,
  getSellerStats,
  getSellerTasks,
  SELLER_DASHBOARD_CAPS,
} from "~/services/dashboards/index.server.ts";
import { recentlyViewed } from "~/services/listings/index.server.ts";
import { latestNotifications } from "~/services/notifications/index.server.ts";
import { reviewsDueFor } from "~/services/reviews/index.server.ts";

export type Section<T> = { state: "ok"; data: T } | { state: "error"; message: string };

/** Runs one section's read; a failure is logged and becomes the section's message. */
async function loadSection<T>(message: string, read: () => Promise<T>): Promise<Section<T>> {
  try {
    return { state: "ok", data: await read() };
  } catch (error) {
    console.error(`dashboard section failed (${message})`, error);
    return { state: "error", message };
  }
}

const SELLER_SECTION_ERRORS = {
  listings: "Failed to load your listings",
  stats: "Failed to load your statistics",
  performance: "Failed to load your performance figures",
  top: "Failed to load your top listings",
  tasks: "Failed to load your offers, orders and fees",
} as const;

/** Everything the seller dashboard shows, for the signed-in seller only (their id is the only one any query sees). */
export async function loadSellerDashboard(user: CurrentUser, now: Date = new Date()) {
  const db = getDb();
  const [stats, listings, performance, top, tasks] = await Promise.all([
    loadSection(SELLER_SECTION_ERRORS.stats, () => getSellerStats(db, user.id, now)),
    loadSection(SELLER_SECTION_ERRORS.listings, () => getSellerListingRows(db, user.id, "created", SELLER_DASHBOARD_CAPS.listings)),
    loadSection(SELLER_SECTION_ERRORS.performance, () => getSellerPerformance(db, user.id, now)),
    loadSection(SELLER_SECTION_ERRORS.top, () => getSellerListingRows(db, user.id, "views", SELLER_DASHBOARD_CAPS.topPerforming)),
    loadSection(SELLER_SECTION_ERRORS.tasks, () => getSellerTasks(db, user.id, now)),
  ]);
  return { kind: "seller" as const, firstName: user.firstName, stats, listings, performance, top, tasks };
}

export type SellerDashboardData = Awaited<ReturnType<typeof loadSellerDashboard>>;

/** The buyer dashboard's errors (docs/product/dashboards.md#messages; the sections beyond the spec in the same form). */
const BUYER_SECTION_ERRORS = {
  watchlist: "Failed to load watchlist",
  recentlyViewed: "Failed to load recently viewed items",
  savedSearches: "Failed to load saved searches",
  notifications: "Failed to load notifications",
  bids: "Failed to load your bids",
  orders: "Failed to load your orders",
  offers: "Failed to load your offers",
  purchases: "Failed to load your purchases",
} as const;

/** Everything the buyer dashboard shows, for the signed-in member only. */
export async function loadBuyerDashboard(user: CurrentUser, now: Date = new Date()) {
  const db = getDb();
  const [watchlist, recent, savedSearches, notifications, bids, orders, offers, purchases] = await Promise.all([
    loadSection(BUYER_SECTION_ERRORS.watchlist, () => getBuyerWatchlist(db, user.id)),
    loadSection(BUYER_SECTION_ERRORS.recentlyViewed, () => recentlyViewed(db, user.id, BUYER_DASHBOARD_CAPS.recentlyViewed)),
    loadSection(BUYER_SECTION_ERRORS.savedSearches, async () => {
      const searches = await listSavedSearches(db, user.id);
      return { total: searches.length, items: searches.slice(0, BUYER_DASHBOARD_CAPS.savedSearches).map((search) => toSavedSearchView(search, now)) };
    }),
    loadSection(BUYER_SECTION_ERRORS.notifications, async () => {
      const latest = await latestNotifications(db, user.id, BUYER_DASHBOARD_CAPS.notificationsFetched);
      return { unreadCount: latest.unreadCount, items: latest.items.slice(0, BUYER_DASHBOARD_CAPS.notifications) };
    }),
    loadSection(BUYER_SECTION_ERRORS.bids, () => getActiveBids(db, user.id)),
    loadSection(BUYER_SECTION_ERRORS.orders, async () => getOrdersAwaitingBuyer(db, user.id, await reviewsDueFor(db, user.id, now))),
    loadSection(BUYER_SECTION_ERRORS.offers, () => getBuyerOffers(db, user.id, now)),
    loadSection(BUYER_SECTION_ERRORS.purchases, () => getBuyerPurchases(db, user.id, now)),
  ]);
  return {
    kind: "buyer" as const,
    profile: { firstName: user.firstName, lastName: user.lastName, email: user.email, avatarUrl: user.avatarUrl },
    serverNow: now.toISOString(),
    watchlist,
    recent,
    savedSearches,
    notifications,
    bids,
    orders,
    offers,
    purchases,
  };
}

export type BuyerDashboardData = Awaited<ReturnType<typeof loadBuyerDashboard>>;
