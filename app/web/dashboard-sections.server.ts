// The dashboards' loaders (spec 02 §2.3-§2.6): each section is read on its own, so one that fails shows its own message
// (spec 02 §8) while the others still show. Used by /dashboard, /seller-dashboard and /buyer-dashboard.
import { getDb } from "~/db.server.ts";
import type { CurrentUser } from "~/lib/user.ts";
import { getSellerListingRows, getSellerPerformance, getSellerStats, getSellerTasks, SELLER_DASHBOARD_CAPS } from "~/services/dashboards/index.server.ts";

export type Section<T> = { state: "ok"; data: T } | { state: "error"; message: string };

/** Runs one section's read; a failure is logged and becomes the section's message. */
export async function loadSection<T>(message: string, read: () => Promise<T>): Promise<Section<T>> {
  try {
    return { state: "ok", data: await read() };
  } catch (error) {
    console.error(`dashboard section failed (${message})`, error);
    return { state: "error", message };
  }
}

export const SELLER_SECTION_ERRORS = {
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
