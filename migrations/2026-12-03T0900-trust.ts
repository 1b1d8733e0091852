// Trust between strangers, the rest of issue 22: members follow sellers (follows), the listings a seller put up that
// their followers have not yet been told of (followed_listing_alerts: one row per listing, fanned out to the
// followers when the batch is flushed), moderators dismissing unfounded review reports, and conversations that are
// not about a listing (a general conversation opened from a profile's Message button: at most one per pair of
// members in each direction).
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("follows")
    .addColumn("follower_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("seller_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addPrimaryKeyConstraint("follows_pk", ["follower_id", "seller_id"])
    .addCheckConstraint("follows_not_self", sql`follower_id <> seller_id`)
    .execute();
  // A seller's followers (the count on the profile, the fan-out of new-listing notices).
  await db.schema.createIndex("follows_seller").on("follows").columns(["seller_id", "follower_id"]).execute();

  await db.schema
    .createTable("followed_listing_alerts")
    .addColumn("listing_id", "integer", (c) => c.primaryKey().references("equipment_listings.id").onDelete("cascade"))
    .addColumn("seller_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("listed_at", "text", (c) => c.notNull())
    .addColumn("notified_at", "text")
    .execute();
  // The flush reads the untold rows older than the batch window.
  await db.schema.createIndex("followed_listing_alerts_untold").on("followed_listing_alerts").columns(["notified_at", "listed_at"]).execute();

  await db.schema.alterTable("review_reports").addColumn("dismissed_at", "text").execute();
  await db.schema
    .alterTable("review_reports")
    .addColumn("dismissed_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .execute();

  await db.schema
    .alterTable("conversations")
    .addColumn("general", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("conversations_general_pair")
    .on("conversations")
    .columns(["buyer_id", "seller_id"])
    .unique()
    .where(sql.ref("general"), "=", 1)
    .execute();
}
