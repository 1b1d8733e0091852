// The marketplace's deadlines, run after each pass of the auction scheduler (every server process; each step claims
// its rows, so two processes never do the same work twice). With several app servers on PostgreSQL each job also runs
// on one server at a time: a server that finds a job running elsewhere skips it this pass (docs/decisions/0034).
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { unlessRunningElsewhere } from "#db/server-coordination.ts";
import { deliverPendingEmails, pruneExpiredAttemptCounters } from "../services/platform/index.server.ts";
import { completeInspectedOrders, cancelUnpaidOfferOrders, expireDueOffers } from "../services/orders/index.server.ts";
import { publishDueReviews } from "../services/reviews/index.server.ts";
import { flushSavedSearchAlerts, flushFollowedSellerAlerts, alertAuctionsEndingSoon } from "../services/alerts/index.server.ts";
import { pruneExpiredKnownSignIns } from "../services/accounts/index.server.ts";
import { prunePastSearchVisitors, endExpiredFeaturings } from "../services/listings/index.server.ts";
import { resumeBulkImportJobs } from "./bulk-import-jobs.server.ts";
import { getUploadStore } from "../services/storage/index.server.ts";

/**
 * Work after the auctions have been started and ended: order deadlines, watchers of auctions ending soon, then the
 * mail those steps queued; last, forgetting expired sign-in counters and known sign-ins, and past days' search visitors.
 * Returns the jobs skipped because another server was running them (always none on SQLite).
 */
export async function runScheduledWork(db: Kysely<Database>, now: Date = new Date()): Promise<ScheduledJobName[]> {
  const jobs: Array<[ScheduledJobName, () => Promise<unknown>]> = [
    ["complete-inspected-orders", () => completeInspectedOrders(db, now)],
    ["publish-due-reviews", () => publishDueReviews(db, now)],
    ["expire-offers", () => expireDueOffers(db, now)],
    ["cancel-unpaid-offer-orders", () => cancelUnpaidOfferOrders(db, now)],
    ["alert-auctions-ending-soon", () => alertAuctionsEndingSoon(db, now)],
    ["end-expired-featurings", () => endExpiredFeaturings(db, now)],
    ["flush-saved-search-alerts", () => flushSavedSearchAlerts(db, now)],
    ["flush-followed-seller-alerts", () => flushFollowedSellerAlerts(db, now)],
    ["deliver-pending-emails", () => deliverPendingEmails(db)],
    ["prune-attempt-counters", () => pruneExpiredAttemptCounters(db, now)],
    ["prune-known-sign-ins", () => pruneExpiredKnownSignIns(db, now)],
    ["prune-search-visitors", () => prunePastSearchVisitors(db, now)],
    // Starts (in the background) the bulk-import jobs a stopped server left with an expired lease.
    ["resume-bulk-imports", () => resumeBulkImportJobs(db, getUploadStore(), now)],
  ];
  const skipped: ScheduledJobName[] = [];
  for (const [name, job] of jobs) {
    const ran = await unlessRunningElsewhere(db, `scheduled-work:${name}`, async () => {
      await job();
    });
    if (!ran) skipped.push(name);
  }
  return skipped;
}

/** The jobs of a scheduled pass, by the name of the lock that keeps each on one server at a time. */
export type ScheduledJobName =
  | "complete-inspected-orders"
  | "publish-due-reviews"
  | "expire-offers"
  | "cancel-unpaid-offer-orders"
  | "alert-auctions-ending-soon"
  | "end-expired-featurings"
  | "flush-saved-search-alerts"
  | "flush-followed-seller-alerts"
  | "deliver-pending-emails"
  | "prune-attempt-counters"
  | "prune-known-sign-ins"
  | "prune-search-visitors"
  | "resume-bulk-imports";
