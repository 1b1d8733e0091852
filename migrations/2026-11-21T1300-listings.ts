// Listings: equipment_listings with a full-text index, images, views, watchlist, saved searches,
// search queries and the home page's testimonials.
// Frozen: never edit after it has shipped; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const now = dialect.nowDefault;

  await db.schema
    .createTable("equipment_listings")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("brand", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("model", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("category_id", "text", (c) => c.notNull().references("categories.id"))
    .addColumn("condition", "text", (c) => c.notNull())
    .addColumn("listing_type", "text", (c) => c.notNull().defaultTo("buy_now"))
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("buy_now_price_cents", "integer")
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("USD"))
    .addColumn("location", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("year", "integer")
    .addColumn("serial_number", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("specifications", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("features", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
    .addColumn("ai_generated", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("comparable_listings", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_featured", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("test_level", "text")
    .addColumn("calibration_date", "text")
    .addColumn("calibration_due", "text")
    .addColumn("calibration_accredited", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("installed_options", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  const listingIndexes: Array<[string, string[]]> = [
    ["listings_status_created", ["status", "created_at"]],
    ["listings_status_price", ["status", "price_cents"]],
    ["listings_status_category_created", ["status", "category_id", "created_at"]],
    ["listings_status_condition_price", ["status", "condition", "price_cents"]],
    ["listings_status_featured_created", ["status", "is_featured", "created_at"]],
    ["listings_user_status", ["user_id", "status", "created_at"]],
    // The /listings test-level and "calibrated within 12 months" filters.
    ["listings_status_test_level_created", ["status", "test_level", "created_at"]],
    ["listings_status_calibration", ["status", "calibration_date"]],
  ];
  for (const [name, columns] of listingIndexes) {
    await db.schema.createIndex(name).on("equipment_listings").columns(columns).execute();
  }
  // Small partial indexes for the home page's statistics (AI listings created, USD sales), so they need no table scan.
  await db.schema.createIndex("listings_ai_generated").on("equipment_listings").column("ai_generated").where("ai_generated", "=", 1).execute();
  await db.schema
    .createIndex("listings_sold_currency_price")
    .on("equipment_listings")
    .columns(["currency", "price_cents"])
    .where(sql.ref("status"), "=", "sold")
    .execute();

  if (dialect.name === "sqlite") {
    // External-content FTS5 index over the searchable text, kept in step by triggers.
    await sql`create virtual table listing_search using fts5(
      title, description, brand, model,
      content='equipment_listings', content_rowid='id',
      tokenize='porter unicode61 remove_diacritics 2'
    )`.execute(db);
    await sql`create trigger listing_search_ai after insert on equipment_listings begin
      insert into listing_search(rowid, title, description, brand, model)
      values (new.id, new.title, new.description, new.brand, new.model);
    end`.execute(db);
    await sql`create trigger listing_search_ad after delete on equipment_listings begin
      insert into listing_search(listing_search, rowid, title, description, brand, model)
      values ('delete', old.id, old.title, old.description, old.brand, old.model);
    end`.execute(db);
    await sql`create trigger listing_search_au after update of title, description, brand, model on equipment_listings begin
      insert into listing_search(listing_search, rowid, title, description, brand, model)
      values ('delete', old.id, old.title, old.description, old.brand, old.model);
      insert into listing_search(rowid, title, description, brand, model)
      values (new.id, new.title, new.description, new.brand, new.model);
    end`.execute(db);
  }

  await db.schema
    .createTable("equipment_images")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("listing_id", "integer", (c) => c.notNull().references("equipment_listings.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("thumbnail_url", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("is_primary", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("original_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("original_size", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("images_listing_position").on("equipment_images").columns(["listing_id", "position"]).execute();

  await db.schema
    .createTable("listing_views")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("listing_id", "integer", (c) => c.notNull().references("equipment_listings.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("viewer_hash", "text", (c) => c.notNull())
    .addColumn("ip_hash", "text")
    .addColumn("viewed_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("views_listing_viewer").on("listing_views").columns(["listing_id", "viewer_hash", "viewed_at"]).execute();
  await db.schema.createIndex("views_user_viewed").on("listing_views").columns(["user_id", "viewed_at"]).execute();

  await db.schema
    .createTable("watchlist")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("listing_id", "integer", (c) => c.notNull().references("equipment_listings.id").onDelete("cascade"))
    .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("watchlist_user_listing", ["user_id", "listing_id"])
    .execute();
  await db.schema.createIndex("watchlist_listing").on("watchlist").column("listing_id").execute();

  await db.schema
    .createTable("saved_searches")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("search_params", "text", (c) => c.notNull())
    .addColumn("notify_on_new", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("last_executed", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("saved_searches_user").on("saved_searches").columns(["user_id", "created_at"]).execute();

  // One row per normalised query; `count` says how often it was searched.
  await db.schema
    .createTable("search_queries")
    .addColumn("query", "text", (c) => c.primaryKey())
    .addColumn("result_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("search_queries_count").on("search_queries").column("count").execute();

  await db.schema
    .createTable("testimonials")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("author_title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("company", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("quote", "text", (c) => c.notNull())
    .addColumn("rating", "integer", (c) => c.notNull().defaultTo(5))
    .addColumn("is_published", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
}
