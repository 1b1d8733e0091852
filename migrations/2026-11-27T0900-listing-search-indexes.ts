// Searches that do not scan at a million listings (issue 17 §2; docs/decisions/0036), both engines:
// - equipment_listings.brand_key: the brand with its ASCII letters lower-cased (what the brand filter compares), a
//   generated column so every write keeps it in step (SQLite: virtual, `lower`, which folds A–Z only; PostgreSQL:
//   stored, `translate` A–Z), indexed with status and each sort, so `brand=keysight` is an index lookup.
// - (status, category_id, price_cents): a category sorted by price walks an index instead of sorting its listings.
// - listing_search_state: one row whose version changes with every write that can change which listings a search
//   finds or their order (insert, delete, an update of a searched, filtered or sorted column), by triggers. The search
//   caches key on it, so a listing view (which bumps `views` only) or a bid no longer empties them.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

/** The columns a search reads to choose and order listings: an update of any of them changes search results. */
const SEARCHED_COLUMNS = [
  "status",
  "category_id",
  "condition",
  "price_cents",
  "test_level",
  "calibration_date",
  "brand",
  "title",
  "description",
  "model",
  "created_at",
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect.name === "sqlite") {
    await sql`alter table equipment_listings add column brand_key text generated always as (lower(brand)) virtual`.execute(db);
  } else {
    await sql`alter table equipment_listings add column brand_key text generated always as (
      translate(brand, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')) stored`.execute(db);
  }
  // The filtered column leads (then status, then the sort): an index that starts with status would also cover a plain
  // `status = 'active' order by created_at` and tempt SQLite into sorting every active listing instead of walking
  // (status, created_at) in order.
  const indexes: Array<[string, string[]]> = [
    ["listings_brand_status_created", ["brand_key", "status", "created_at"]],
    ["listings_brand_status_price", ["brand_key", "status", "price_cents"]],
    ["listings_category_status_price", ["category_id", "status", "price_cents"]],
  ];
  for (const [name, columns] of indexes) {
    await db.schema.createIndex(name).on("equipment_listings").columns(columns).execute();
  }

  await db.schema
    .createTable("listing_search_state")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull())
    .execute();
  await db.insertInto("listing_search_state").values({ id: 1, version: 0 }).execute();
  const columns = SEARCHED_COLUMNS.join(", ");
  if (dialect.name === "sqlite") {
    const bump = "update listing_search_state set version = version + 1 where id = 1;";
    await sql.raw(`create trigger listing_search_state_ai after insert on equipment_listings begin ${bump} end`).execute(db);
    await sql.raw(`create trigger listing_search_state_ad after delete on equipment_listings begin ${bump} end`).execute(db);
    await sql.raw(`create trigger listing_search_state_au after update of ${columns} on equipment_listings begin ${bump} end`).execute(db);
  } else {
    await sql`create function bump_listing_search_state() returns trigger language plpgsql as $$
      begin
        update listing_search_state set version = version + 1 where id = 1;
        return null;
      end
      $$`.execute(db);
    // Once per statement: a bulk insert bumps the row once, not once per listing.
    await sql`create trigger listing_search_state_insert_delete after insert or delete on equipment_listings
      for each statement execute function bump_listing_search_state()`.execute(db);
    await sql
      .raw(
        `create trigger listing_search_state_update after update of ${columns} on equipment_listings
          for each statement execute function bump_listing_search_state()`,
      )
      .execute(db);
  }
  // Both engines plan by statistics where they have them: the new indexes get theirs at once (a SQLite database that
  // was never analysed keeps planning without any, as before).
  if (dialect.name === "postgres") await sql`analyze equipment_listings`.execute(db);
  else {
    const analysed = await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(db);
    if (analysed.rows.length > 0) await sql`analyze equipment_listings`.execute(db);
  }
}
