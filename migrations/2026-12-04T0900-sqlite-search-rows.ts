// SQLite searches with words that look each match up in a narrow row (issue 17 §2; docs/decisions/0053). Nothing on
// PostgreSQL, which has had its own listing_search_rows since 2026-11-28T0900 (docs/decisions/0037).
// - listing_search_rows: one row per listing with just what a search with words filters and sorts on (id, status,
//   category, brand key, condition, test level, calibration date, price, creation time): ~60 bytes against the
//   listing's ~1 kB (description, specifications, features). A search reads the full-text index's matches and looks
//   each one up by id; in equipment_listings each lookup lands on its own page (1.8 µs a match at 100k), in this table
//   the rows are packed ~60 to a page that stays cached (0.4 µs).
// - Kept in step by triggers on equipment_listings: after insert, after an update of any column it copies from (views,
//   bids and other columns leave it alone), after delete.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

/** The columns besides id, each copied from equipment_listings under the same name (the same as PostgreSQL's, less the vector). */
const COPIED = ["status", "category_id", "brand_key", "condition", "test_level", "calibration_date", "price_cents", "created_at"];
/** The listing columns those come from (brand_key is generated from brand). */
const SOURCES = ["status", "category_id", "brand", "condition", "test_level", "calibration_date", "price_cents", "created_at"];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect.name !== "sqlite") return;
  await sql`create table listing_search_rows (
      id integer primary key,
      status text not null,
      category_id text not null,
      brand_key text,
      condition text not null,
      test_level text,
      calibration_date text,
      price_cents integer not null,
      created_at text not null
    )`.execute(db);
  const columns = COPIED.join(", ");
  await sql.raw(`insert into listing_search_rows (id, ${columns}) select id, ${columns} from equipment_listings order by id`).execute(db);
  const values = COPIED.map((column) => `new.${column}`).join(", ");
  const copy = `insert or replace into listing_search_rows (id, ${columns}) values (new.id, ${values});`;
  await sql.raw(`create trigger listing_search_rows_insert after insert on equipment_listings begin ${copy} end`).execute(db);
  await sql.raw(`create trigger listing_search_rows_update after update of ${SOURCES.join(", ")} on equipment_listings begin ${copy} end`).execute(db);
  await sql
    .raw(`create trigger listing_search_rows_delete after delete on equipment_listings begin delete from listing_search_rows where id = old.id; end`)
    .execute(db);
}
