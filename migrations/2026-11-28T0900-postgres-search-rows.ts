// PostgreSQL searches that read few pages at a million listings (issue 17 §2; docs/decisions/0037). Nothing on
// SQLite (its FTS5 index and equipment_listings already serve every search there).
// - listing_search_rows: one narrow row per listing with just what a search filters, sorts and matches on (id,
//   status, category, brand key, condition, test level, calibration date, price, creation time, the search vector),
//   written in id order. A search that tests a word on thousands of listings reads these (~0.5 kB) instead of the
//   listing's full row (~1.3 kB with description, specifications and the vector), so the pages it touches are fewer
//   and stay in shared buffers from one step of the search to the next.
// - Kept in step by triggers on equipment_listings: after insert, after an update of any column it copies (views, bids
//   and other columns leave it alone), and a cascading foreign key for deletes.
// - The vector's statistics target is raised so the planner knows how common each word is (most_common_elems): it
//   then walks the newest rows for a word found in many listings and reads the GIN index for a rarer one.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

/** The columns of listing_search_rows besides id, each copied from equipment_listings under the same name. */
const COPIED = ["status", "category_id", "brand_key", "condition", "test_level", "calibration_date", "price_cents", "created_at", "search_vector"];
/** The listing columns those are computed from (brand_key from brand; the vector from the four texts). */
const SOURCES = ["status", "category_id", "brand", "condition", "test_level", "calibration_date", "price_cents", "created_at", "title", "description", "model"];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect.name !== "postgres") return;
  await sql`create table listing_search_rows (
      id bigint primary key references equipment_listings(id) on delete cascade,
      status text not null,
      category_id text not null,
      brand_key text,
      condition text not null,
      test_level text,
      calibration_date text,
      price_cents bigint not null,
      created_at text not null,
      search_vector tsvector not null
    )`.execute(db);
  const columns = COPIED.join(", ");
  await sql.raw(`insert into listing_search_rows (id, ${columns}) select id, ${columns} from equipment_listings order by id`).execute(db);
  await sql`create index listing_search_rows_vector on listing_search_rows using gin (search_vector)`.execute(db);
  await sql`alter table listing_search_rows alter column search_vector set statistics 1000`.execute(db);

  const assignments = COPIED.map((column) => `${column} = excluded.${column}`).join(", ");
  const values = COPIED.map((column) => `new.${column}`).join(", ");
  await sql
    .raw(
      `create function copy_listing_search_row() returns trigger language plpgsql as $$
        begin
          insert into listing_search_rows (id, ${columns}) values (new.id, ${values})
            on conflict (id) do update set ${assignments};
          return null;
        end
        $$`,
    )
    .execute(db);
  // Per row, after the write: the generated brand_key and search_vector are then computed.
  await sql`create trigger listing_search_rows_insert after insert on equipment_listings
    for each row execute function copy_listing_search_row()`.execute(db);
  await sql
    .raw(
      `create trigger listing_search_rows_update after update of ${SOURCES.join(", ")} on equipment_listings
        for each row execute function copy_listing_search_row()`,
    )
    .execute(db);
  // Statistics now (the planner's choice between walking the newest rows and reading the GIN index depends on them);
  // VACUUM is not allowed in a migration's transaction, autovacuum sets the visibility map later.
  await sql`analyze listing_search_rows`.execute(db);
}
