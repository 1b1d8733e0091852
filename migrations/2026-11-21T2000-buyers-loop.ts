// The buyer's loop: saved-search alerts (match keys and the matches waiting to be announced), buyer–seller
// conversations and messages, recently viewed listings, and the "ending soon" notice to watchers of an auction.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const now = dialect.nowDefault;

  // Match keys of a saved search, so a new listing finds the searches it may match without running them all.
  // Filled by the alerts matcher whenever a search is saved or changed (and at start for rows of an older
  // key version).
  await db.schema.alterTable("saved_searches").addColumn("alert_term", "text").execute();
  await db.schema
    .alterTable("saved_searches")
    .addColumn("alert_term_prefix", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("saved_searches").addColumn("alert_category", "text").execute();
  await db.schema.alterTable("saved_searches").addColumn("alert_min_cents", "integer").execute();
  await db.schema.alterTable("saved_searches").addColumn("alert_max_cents", "integer").execute();
  await db.schema
    .alterTable("saved_searches")
    .addColumn("alert_key_version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("saved_searches_alert_term")
    .on("saved_searches")
    .columns(["alert_term", "alert_term_prefix"])
    .where(sql.ref("notify_on_new"), "=", 1)
    .execute();
  await db.schema
    .createIndex("saved_searches_alert_unkeyed")
    .on("saved_searches")
    .column("alert_category")
    .where(sql<boolean>`notify_on_new = 1 and alert_term is null`)
    .execute();

  await db.schema.createIndex("saved_searches_alert_key_version").on("saved_searches").column("alert_key_version").execute();

  // A listing found to match a saved search; notified_at is set when the owner has been told (in a batch).
  await db.schema
    .createTable("saved_search_matches")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("saved_search_id", "integer", (c) => c.notNull().references("saved_searches.id").onDelete("cascade"))
    .addColumn("listing_id", "integer", (c) => c.notNull().references("equipment_listings.id").onDelete("cascade"))
    .addColumn("matched_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("notified_at", "text")
    .addUniqueConstraint("saved_search_matches_search_listing", ["saved_search_id", "listing_id"])
    .execute();
  await db.schema
    .createIndex("saved_search_matches_pending")
    .on("saved_search_matches")
    .columns(["matched_at", "saved_search_id"])
    .where(sql.ref("notified_at"), "is", null)
    .execute();
  await db.schema.createIndex("saved_search_matches_listing").on("saved_search_matches").column("listing_id").execute();

  // One conversation per buyer, seller and listing; the listing's title is kept should the listing be deleted.
  await db.schema
    .createTable("conversations")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("listing_id", "integer", (c) => c.references("equipment_listings.id").onDelete("set null"))
    .addColumn("listing_title", "text", (c) => c.notNull())
    .addColumn("buyer_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("seller_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("last_message_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("conversations_listing_buyer", ["listing_id", "buyer_id"])
    .execute();
  await db.schema.createIndex("conversations_buyer").on("conversations").columns(["buyer_id", "last_message_at"]).execute();
  await db.schema.createIndex("conversations_seller").on("conversations").columns(["seller_id", "last_message_at"]).execute();

  await db.schema
    .createTable("messages")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("conversation_id", "integer", (c) => c.notNull().references("conversations.id").onDelete("cascade"))
    .addColumn("sender_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("recipient_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("read_at", "text")
    .execute();
  await db.schema.createIndex("messages_conversation").on("messages").columns(["conversation_id", "id"]).execute();
  await db.schema.createIndex("messages_unread").on("messages").columns(["recipient_id", "conversation_id"]).where(sql.ref("read_at"), "is", null).execute();

  // The latest view of each listing by each member (the "Recently viewed" strip); one row per pair.
  await db.schema
    .createTable("recent_views")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("listing_id", "integer", (c) => c.notNull().references("equipment_listings.id").onDelete("cascade"))
    .addColumn("viewed_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("recent_views_pk", ["user_id", "listing_id"])
    .execute();
  await db.schema.createIndex("recent_views_user").on("recent_views").columns(["user_id", "viewed_at"]).execute();

  // Mail waiting for the dispatcher (notification e-mails are queued inside the transaction of their event).
  await db.schema.createIndex("email_outbox_pending").on("email_outbox").column("id").where(sql.ref("status"), "=", "pending").execute();

  // Watchers are told once when a watched auction has under an hour left.
  await db.schema.alterTable("auctions").addColumn("ending_soon_notified_at", "text").execute();
}
