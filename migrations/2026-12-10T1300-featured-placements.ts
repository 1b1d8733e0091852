// Paid featuring (issue 32 §4): a seller features a listing for a number of days; the charge is a platform fee the
// seller owes (one row per purchase, the ledger the seller's dashboard and the admin's sales report read), and the
// listing's featuring ends by itself at `featured_until` (the home page reads the end date; the scheduler clears the
// flag). Staff featuring keeps `featured_until` null: no end, no charge.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any>
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema.alterTable("equipment_listings").addColumn("featured_until", "text").execute();
  await db.schema
    .createTable("platform_fees")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("seller_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("listing_id", "integer", (c) => c.references("equipment_listings.id").onDelete("set null"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('featured_listing')`))
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("days", "integer", (c) => c.notNull().check(sql`days > 0`))
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("owed")
        .check(sql`status in ('owed', 'paid', 'waived')`),
    )
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .execute();
  await db.schema.createIndex("platform_fees_seller_created").on("platform_fees").columns(["seller_id", "created_at"]).execute();
  await db.schema.createIndex("platform_fees_created").on("platform_fees").columns(["created_at"]).execute();
  await db.schema
    .createIndex("listings_featured_until")
    .on("equipment_listings")
    .columns(["featured_until"])
    .where(sql<boolean>`featured_until is not null`)
    .execute();
}
