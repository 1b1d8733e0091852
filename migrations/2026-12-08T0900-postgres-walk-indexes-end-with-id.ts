// PostgreSQL: the indexes /listings walks in a sort's order end with the listing id (issue 17 §2; docs/decisions/0058).
// A page is ordered by its sort key and then by id, so two listings at the same price or moment keep their places
// from page to page. SQLite ends every index with the rowid (the listing id), so there each of these indexes already
// holds that order. PostgreSQL's ended with the key: a walk of (category_id, status, price_cents) had to sort the
// category's listings before its first page, and the planner instead walked the one index holding (price_cents, id)
// in order, (status, price_cents, id, category_id), past every cheaper listing of other categories
// (`category=heavy_equipment&sort=price:asc`: 1.9 s at a million listings).
// Each index is rebuilt with id as its last column under its own name. Nothing on SQLite.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

/** The walked indexes, each with its columns before id. */
const WALKED: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["listings_status_created", ["status", "created_at"]],
  ["listings_status_category_created", ["status", "category_id", "created_at"]],
  ["listings_category_status_price", ["category_id", "status", "price_cents"]],
  ["listings_category_condition_price", ["category_id", "status", "condition", "price_cents"]],
  ["listings_brand_status_created", ["brand_key", "status", "created_at"]],
  ["listings_brand_status_price", ["brand_key", "status", "price_cents"]],
  ["listings_status_condition_price", ["status", "condition", "price_cents"]],
  ["listings_test_level_status_price", ["test_level", "status", "price_cents"]],
  ["listings_status_test_level_created", ["status", "test_level", "created_at"]],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect.name !== "postgres") return;
  for (const [name, columns] of WALKED) {
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on("equipment_listings")
      .columns([...columns, "id"])
      .execute();
  }
  await sql`analyze equipment_listings`.execute(db);
}
