// The marketplace's deadlines, run after each pass of the auction scheduler (every server process; each step claims
// its rows, so two processes never do the same work twice).
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { deliverPendingEmails } from "../messaging/mailer.server.ts";
import { completeInspectedOrders } from "../orders/order-flow.server.ts";
import { flushSavedSearchAlerts } from "../alerts/saved-search-alerts.server.ts";
import { alertAuctionsEndingSoon } from "../alerts/watcher-alerts.server.ts";
import { pruneExpiredAttemptCounters } from "../accounts/attempt-counters.server.ts";
import { pruneExpiredKnownSignIns } from "../accounts/sign-in-limits.server.ts";
import { prunePastSearchVisitors } from "../listings/search-query.server.ts";

/**
 * Work after the auctions have been started and ended: order deadlines, watchers of auctions ending soon, then the
 * mail those steps queued; last, forgetting expired sign-in counters and known sign-ins, and past days' search visitors.
 */
export async function runScheduledWork(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  await completeInspectedOrders(db, now);
  await alertAuctionsEndingSoon(db, now);
  await flushSavedSearchAlerts(db, now);
  await deliverPendingEmails(db);
  await pruneExpiredAttemptCounters(db, now);
  await pruneExpiredKnownSignIns(db, now);
  await prunePastSearchVisitors(db, now);
}
