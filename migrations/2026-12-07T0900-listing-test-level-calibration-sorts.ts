// A test level with a category, and "calibrated within the last year", from indexes alone (issue 17 §2), both engines.
// - `testLevel=for_parts&category=test_measurement` read every for-parts listing's row (50,000 at a million) to test
//   its category, once to count and once for the page: 15 ms each. (status, test_level, category_id, price_cents,
//   created_at) finds the category's items among one test level and holds both sort keys.
// - `calibrated=1&sort=created_at:asc` read each calibrated listing's row for its date: 3–5 ms warm, 110 ms with the
//   rows out of the cache. (status, calibration_date, created_at, price_cents) holds both sort keys and replaces
//   (status, calibration_date), its prefix.
// SQLite: statistics for the new indexes where the database plans by statistics, then no skip-scans again
// (2026-12-06T0900, docs/decisions/0057).
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createIndex("listings_status_test_level_category")
    .on("equipment_listings")
    .columns(["status", "test_level", "category_id", "price_cents", "created_at"])
    .execute();
  await db.schema
    .createIndex("listings_status_calibration_sorts")
    .on("equipment_listings")
    .columns(["status", "calibration_date", "created_at", "price_cents"])
    .execute();
  await db.schema.dropIndex("listings_status_calibration").execute();
  if (dialect.name === "postgres") {
    await sql`analyze equipment_listings`.execute(db);
    return;
  }
  const analysed = await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  if (analysed.rows.length === 0) return;
  await sql`analyze equipment_listings`.execute(db);
  await sql`update sqlite_stat1 set stat = stat || ' noskipscan' where stat not like '%noskipscan%'`.execute(db);
  await sql`analyze sqlite_schema`.execute(db);
}
