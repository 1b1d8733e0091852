// The seller dashboard's figures without scanning (issue 20, docs/decisions: the dashboards' view counts), both engines:
// - listing_view_days and seller_view_days: how many counted views (rows of listing_views) each listing and each seller
//   had per UTC day. recordListingView adds to them in the same transaction as its listing_views row, so "Views This
//   Month" and the views-per-day chart read at most 31 rows instead of a seller's whole view history. Filled here from
//   the views already recorded.
// - (user_id, created_at) and (user_id, views) on equipment_listings: a seller's newest listings and their top listings by
//   views read a few index entries instead of sorting every listing of the seller.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("listing_view_days")
    .addColumn("listing_id", "integer", (c) => c.notNull().references("equipment_listings.id").onDelete("cascade"))
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("listing_view_days_pk", ["listing_id", "day"])
    .execute();
  await db.schema
    .createTable("seller_view_days")
    .addColumn("seller_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("seller_view_days_pk", ["seller_id", "day"])
    .execute();
  await sql`
    INSERT INTO listing_view_days (listing_id, day, views)
    SELECT listing_id, substr(viewed_at, 1, 10), count(*) FROM listing_views GROUP BY listing_id, substr(viewed_at, 1, 10)
  `.execute(db);
  await sql`
    INSERT INTO seller_view_days (seller_id, day, views)
    SELECT l.user_id, d.day, sum(d.views) FROM listing_view_days d JOIN equipment_listings l ON l.id = d.listing_id GROUP BY l.user_id, d.day
  `.execute(db);
  await db.schema.createIndex("listings_user_created").on("equipment_listings").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("listings_user_views").on("equipment_listings").columns(["user_id", "views"]).execute();
}
