// Filters combined with a category or a brand without scanning the category (issue 17 §2), both engines.
// `condition=open_box&category=automation_control` walked (category_id, status, price_cents) over every active listing
// of the category and read each row to test the condition: 100–175 ms at a million listings, the slowest addresses of
// the mix. These indexes hold the filtered columns after (category_id, status) and after (brand_key, status), so the
// match is found in the index itself, and they carry the sort columns so counting and ordering read the index only.
// And (test_level, status, price_cents): `testLevel=for_parts&sort=price:desc` walked every active listing by price
// testing each row's test level (for-parts listings are the cheap ones): 537 ms. And (category_id, status,
// calibration_date) for "calibrated within the last year" in a category: ~200 ms per statement.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

const INDEXES: Array<[string, string[]]> = [
  ["listings_category_filters", ["category_id", "status", "condition", "brand_key", "test_level", "price_cents", "created_at"]],
  ["listings_brand_status_category", ["brand_key", "status", "category_id", "price_cents", "created_at"]],
  ["listings_test_level_status_price", ["test_level", "status", "price_cents"]],
  ["listings_category_status_calibration", ["category_id", "status", "calibration_date"]],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  for (const [name, columns] of INDEXES) {
    await db.schema.createIndex(name).on("equipment_listings").columns(columns).execute();
  }
  // As in 2026-11-27T0900: statistics for the new indexes at once where the database plans by statistics.
  if (dialect.name === "postgres") await sql`analyze equipment_listings`.execute(db);
  else {
    const analysed = await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(db);
    if (analysed.rows.length > 0) await sql`analyze equipment_listings`.execute(db);
  }
}
