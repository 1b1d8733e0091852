// The marketplace's deadlines, run after each pass of the auction scheduler (every server process; each step claims
// its rows, so two processes never do the same work twice).
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { deliverPendingEmails } from "../messaging/mailer.server.ts";
import { completeInspectedOrders } from "../orders/order-flow.server.ts";
import { flushSavedSearchAlerts } from "../alerts/saved-search-alerts.server.ts";
import { alertAuctionsEndingSoon } from "../alerts/watcher-alerts.server.ts";

/** Work after the auctions have been started and ended: order deadlines, watchers of auctions ending soon, then the mail those steps queued. */
export async function runScheduledWork(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  await completeInspectedOrders(db, now);
  await alertAuctionsEndingSoon(db, now);
  await flushSavedSearchAlerts(db, now);
  await deliverPendingEmails(db);
}
