// The dashboards' demo figures: counted views of the demo seller's listings over the last 30 days, so the
// seller dashboard's Views This Month, its views-per-day chart and per-listing analytics show real rows. Each view is a
// listing_views row (as recordListingView writes them), and the per-day totals are filled from those rows the way the
// dashboards migration fills them.
import { sql, type Kysely } from "kysely";
import type { Database } from "../schema.ts";
import type { Random } from "./random.ts";

const DAYS = 30;
const LISTINGS = 24;

export async function seedDemoListingViews(db: Kysely<Database>, random: Random, { sellerId, now }: { sellerId: string; now: Date }): Promise<void> {
  const listings = await db
    .selectFrom("equipment_listings")
    .select("id")
    .where("user_id", "=", sellerId)
    .where("status", "in", ["active", "sold"])
    .orderBy("id")
    .limit(LISTINGS)
    .execute();
  const rows: Array<{ listing_id: number; user_id: null; viewer_hash: string; ip_hash: string; viewed_at: string; created_at: string }> = [];
  for (const [index, listing] of listings.entries()) {
    // Some listings draw far more interest than others.
    const interest = index % 5 === 0 ? 6 : index % 3 === 0 ? 3 : 1;
    for (let day = 0; day < DAYS; day++) {
      const views = random.int(0, interest);
      for (let n = 0; n < views; n++) {
        const at = new Date(now.getTime() - day * 86_400_000 - random.int(0, 86_399) * 1000).toISOString();
        const viewer = `demo-${listing.id}-${day}-${n}`;
        rows.push({ listing_id: listing.id, user_id: null, viewer_hash: viewer, ip_hash: viewer, viewed_at: at, created_at: at });
      }
    }
  }
  for (let start = 0; start < rows.length; start += 200)
    await db
      .insertInto("listing_views")
      .values(rows.slice(start, start + 200))
      .execute();
  const ids = listings.map((listing) => listing.id);
  if (ids.length === 0) return;
  await db.deleteFrom("listing_view_days").where("listing_id", "in", ids).execute();
  await sql`
    INSERT INTO listing_view_days (listing_id, day, views)
    SELECT listing_id, substr(viewed_at, 1, 10), count(*) FROM listing_views WHERE listing_id IN (${sql.join(ids)}) GROUP BY listing_id, substr(viewed_at, 1, 10)
  `.execute(db);
  await db.deleteFrom("seller_view_days").where("seller_id", "=", sellerId).execute();
  await sql`
    INSERT INTO seller_view_days (seller_id, day, views)
    SELECT ${sellerId}, d.day, sum(d.views) FROM listing_view_days d JOIN equipment_listings l ON l.id = d.listing_id WHERE l.user_id = ${sellerId} GROUP BY d.day
  `.execute(db);
  // The lifetime counter includes these recent views.
  for (const id of ids) {
    const counted = rows.filter((row) => row.listing_id === id).length;
    if (counted > 0)
      await db
        .updateTable("equipment_listings")
        .set((eb) => ({ views: eb("views", "+", counted) }))
        .where("id", "=", id)
        .execute();
  }
}
