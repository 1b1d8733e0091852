// Telling the owners of saved searches about their matches: one notification per search per batch window, for the
// matches of listings still active, written by the scheduler's flush.
import type { Kysely } from "kysely";
import { inWriteTransaction, toDbTime } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import { listingsUrl, readSavedSearchParams, savedSearchFilters } from "~/lib/listing-filters.ts";
import { announceNotifications, insertNotifications, type NotificationDraft } from "../notifications/index.server.ts";

export const SAVED_SEARCH_ALERT_TITLE = "New listings for your saved search";

/** "3 new listings match 'Keysight scopes'" (spec contract between helpers, BRIEF). */
function savedSearchAlertMessage(count: number, name: string): string {
  return count === 1 ? `1 new listing matches '${name}'` : `${count} new listings match '${name}'`;
}

/**
 * Notifies the owner of every search whose oldest untold match is at least `windowMs` old: one notification per
 * search for all its untold matches of listings still active (plus the e-mail copy its owner chose). Matches of
 * listings no longer active, and of searches whose alerts were turned off, are dropped untold. Each batch is claimed
 * in a write transaction, so concurrent flushes (other passes, other processes) tell each match once.
 * Returns how many notifications were written.
 */
export async function flushSavedSearchAlerts(
  db: Kysely<Database>,
  now: Date = new Date(),
  windowMs: number = getEnv().SAVED_SEARCH_ALERT_WINDOW_MS,
): Promise<number> {
  const cutoff = toDbTime(new Date(now.getTime() - windowMs));
  const due = (
    await db
      .selectFrom("saved_search_matches")
      .select("saved_search_id")
      .distinct()
      .where("notified_at", "is", null)
      .where("matched_at", "<=", cutoff)
      .execute()
  ).map((row) => row.saved_search_id);
  let written = 0;
  for (let start = 0; start < due.length; start += 200) {
    const searchIds = due.slice(start, start + 200);
    const drafts = await inWriteTransaction(db, async (trx) => {
      const stamp = toDbTime(now);
      await trx
        .deleteFrom("saved_search_matches")
        .where("notified_at", "is", null)
        .where("saved_search_id", "in", searchIds)
        .where((eb) =>
          eb.or([
            eb("listing_id", "not in", eb.selectFrom("equipment_listings").select("id").where("status", "=", "active").where("id", "=", eb.ref("listing_id"))),
            eb("saved_search_id", "in", eb.selectFrom("saved_searches").select("id").where("id", "in", searchIds).where("notify_on_new", "!=", 1)),
          ]),
        )
        .execute();
      const claimed = await trx
        .updateTable("saved_search_matches")
        .set({ notified_at: stamp })
        .where("notified_at", "is", null)
        .where("saved_search_id", "in", searchIds)
        .returning("saved_search_id")
        .execute();
      if (claimed.length === 0) return [];
      const counts = new Map<number, number>();
      for (const row of claimed) counts.set(row.saved_search_id, (counts.get(row.saved_search_id) ?? 0) + 1);
      const searches = await trx
        .selectFrom("saved_searches")
        .select(["id", "user_id", "name", "search_params"])
        .where("id", "in", [...counts.keys()])
        .orderBy("id")
        .execute();
      const batch: NotificationDraft[] = searches.map((search) => ({
        userId: search.user_id,
        type: "saved_search",
        title: SAVED_SEARCH_ALERT_TITLE,
        message: savedSearchAlertMessage(counts.get(search.id) ?? 0, search.name),
        actionUrl: listingsUrl(savedSearchFilters(readSavedSearchParams(search.search_params))),
      }));
      await insertNotifications(trx, batch, now);
      return batch;
    });
    announceNotifications(drafts);
    written += drafts.length;
  }
  return written;
}
