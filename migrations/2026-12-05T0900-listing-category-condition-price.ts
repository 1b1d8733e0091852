// Pages of a big category in price order from indexes alone (issue 17 §2; docs/decisions/0054), both engines.
// - `condition=poor&category=heavy_equipment&sort=price:desc` reads each of the category's 84 stocked items in price
//   order and merges their heads; with (category_id, status, price_cents) every item's walk read each listing's row to
//   test its condition, 73–89 ms at a million listings. (category_id, status, condition, price_cents) holds the page's
//   entries in order, so each item's walk reads just the page's worth of index entries.
// - A category of more items than are read one by one (industrial electronics: 202) walks the price index and checks
//   each listing's category: with (status, price_cents) that read every listing's row, 164 ms for page 50 at a million.
//   (status, price_cents, id, category_id) answers the check from the index (9–12 ms) and keeps the (price, id) order
//   a page needs, so it replaces (status, price_cents): with category_id before id, a price range in price order had
//   to sort its matches (65 ms).
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createIndex("listings_category_condition_price")
    .on("equipment_listings")
    .columns(["category_id", "status", "condition", "price_cents"])
    .execute();
  await db.schema.createIndex("listings_status_price_id_category").on("equipment_listings").columns(["status", "price_cents", "id", "category_id"]).execute();
  await db.schema.dropIndex("listings_status_price").execute();
  // As in 2026-11-27T0900: statistics for the new indexes at once where the database plans by statistics.
  if (dialect.name === "postgres") await sql`analyze equipment_listings`.execute(db);
  else {
    const analysed = await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(db);
    if (analysed.rows.length > 0) await sql`analyze equipment_listings`.execute(db);
  }
}
