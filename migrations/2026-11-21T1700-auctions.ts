// Auctions and orders: auctions, bids (with proxy maximums), orders with their timeline, and notifications.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const now = dialect.nowDefault;

  await db.schema
    .createTable("auctions")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("listing_id", "integer", (c) => c.notNull().references("equipment_listings.id").onDelete("cascade"))
    .addColumn("start_date", "text", (c) => c.notNull())
    .addColumn("end_date", "text", (c) => c.notNull())
    .addColumn("starting_price_cents", "integer", (c) => c.notNull())
    .addColumn("reserve_price_cents", "integer")
    .addColumn("current_price_cents", "integer", (c) => c.notNull())
    .addColumn("bid_increment_cents", "integer", (c) => c.notNull().defaultTo(1000))
    .addColumn("buy_now_price_cents", "integer")
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("USD"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("upcoming"))
    .addColumn("auto_extend", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("extension_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("bid_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("leading_bid_id", "integer")
    .addColumn("winner_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("ended_at", "text")
    .addColumn("cancelled_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  const auctionIndexes: Array<[string, string[]]> = [
    ["auctions_status_end", ["status", "end_date"]],
    ["auctions_status_start", ["status", "start_date"]],
    ["auctions_status_price", ["status", "current_price_cents"]],
    ["auctions_status_created", ["status", "created_at"]],
    ["auctions_listing", ["listing_id", "status"]],
  ];
  for (const [name, columns] of auctionIndexes) {
    await db.schema.createIndex(name).on("auctions").columns(columns).execute();
  }
  // At most one live (upcoming or active) auction per listing.
  await db.schema
    .createIndex("auctions_one_live_per_listing")
    .on("auctions")
    .column("listing_id")
    .unique()
    .where(sql.ref("status"), "in", ["upcoming", "active"])
    .execute();

  await db.schema
    .createTable("bids")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("auction_id", "integer", (c) => c.notNull().references("auctions.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("max_amount_cents", "integer")
    .addColumn("is_auto", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("bids_auction_id").on("bids").columns(["auction_id", "id"]).execute();
  await db.schema.createIndex("bids_user_created").on("bids").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("orders")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("listing_id", "integer", (c) => c.notNull().references("equipment_listings.id").onDelete("restrict"))
    .addColumn("auction_id", "integer", (c) => c.references("auctions.id").onDelete("restrict"))
    .addColumn("buyer_id", "text", (c) => c.notNull().references("users.id").onDelete("restrict"))
    .addColumn("seller_id", "text", (c) => c.notNull().references("users.id").onDelete("restrict"))
    .addColumn("sale_type", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("fee_cents", "integer", (c) => c.notNull())
    .addColumn("fee_rate_bp", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("USD"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("shipping_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("shipping_company", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("shipping_address", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("shipping_city", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("shipping_state", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("shipping_zip", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("shipping_country", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("shipping_phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("carrier", "text")
    .addColumn("tracking_number", "text")
    .addColumn("dispute_reason", "text")
    .addColumn("resolution_note", "text")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("checked_out_at", "text")
    .addColumn("paid_at", "text")
    .addColumn("shipped_at", "text")
    .addColumn("delivered_at", "text")
    .addColumn("completed_at", "text")
    .addColumn("disputed_at", "text")
    .addColumn("resolved_at", "text")
    .addColumn("cancelled_at", "text")
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("orders_buyer_created").on("orders").columns(["buyer_id", "created_at"]).execute();
  await db.schema.createIndex("orders_seller_created").on("orders").columns(["seller_id", "created_at"]).execute();
  await db.schema.createIndex("orders_status_delivered").on("orders").columns(["status", "delivered_at"]).execute();
  // One order per auction, and at most one order per listing that is still going ahead: the database itself
  // refuses a second sale of the same item.
  await db.schema.createIndex("orders_one_per_auction").on("orders").column("auction_id").unique().where(sql.ref("auction_id"), "is not", null).execute();
  await db.schema
    .createIndex("orders_one_live_per_listing")
    .on("orders")
    .column("listing_id")
    .unique()
    .where(sql.ref("status"), "not in", ["cancelled", "refunded"])
    .execute();

  await db.schema
    .createTable("order_events")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("actor_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("order_events_order").on("order_events").columns(["order_id", "id"]).execute();

  await db.schema
    .createTable("notifications")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull().defaultTo("other"))
    .addColumn("action_url", "text")
    .addColumn("is_read", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("notifications_user_id").on("notifications").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("notifications_user_unread").on("notifications").columns(["user_id", "is_read", "id"]).execute();
}
