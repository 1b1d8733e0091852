// Make Offer (issue 23): a seller lets buyers offer below the price of a buy_now or hybrid listing, with optional
// auto-accept and auto-decline prices that only the seller ever sees; an offers table holds every offer and counter.
// A counter is a row of its own whose parent_offer_id is the offer it answers, so a negotiation is a chain of rows;
// the last row of a chain is the one that may still be open. An accepted offer names the order it created.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .alterTable("equipment_listings")
    .addColumn("accepts_offers", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("equipment_listings").addColumn("auto_accept_cents", "integer").execute();
  await db.schema.alterTable("equipment_listings").addColumn("auto_decline_cents", "integer").execute();

  await db.schema
    .createTable("offers")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("listing_id", "integer", (c) => c.notNull().references("equipment_listings.id").onDelete("cascade"))
    .addColumn("buyer_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("seller_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("USD"))
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    // open, accepted, declined, countered (answered by a counter: its child row), expired, withdrawn
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("open")
        .check(sql`status in ('open', 'accepted', 'declined', 'countered', 'expired', 'withdrawn')`),
    )
    // Who made this row: the buyer (an offer or a counter back) or the seller (a counter).
    .addColumn("made_by", "text", (c) => c.notNull().check(sql`made_by in ('buyer', 'seller')`))
    // Who acted on it last (answered, withdrew, or the system for expiry and auto-answers); null while open.
    .addColumn("acted_by", "text", (c) => c.check(sql`acted_by in ('buyer', 'seller', 'system')`))
    .addColumn("decline_reason", "text")
    .addColumn("parent_offer_id", "integer", (c) => c.references("offers.id").onDelete("cascade"))
    // The first offer of the chain (itself for a buyer's first offer): the unit the caps count.
    .addColumn("root_offer_id", "integer", (c) => c.references("offers.id").onDelete("cascade"))
    .addColumn("order_id", "integer", (c) => c.references("orders.id").onDelete("set null"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .execute();
  await db.schema.createIndex("offers_listing_buyer").on("offers").columns(["listing_id", "buyer_id", "status"]).execute();
  await db.schema.createIndex("offers_buyer_created").on("offers").columns(["buyer_id", "created_at"]).execute();
  await db.schema.createIndex("offers_seller_created").on("offers").columns(["seller_id", "created_at"]).execute();
  await db.schema.createIndex("offers_status_expires").on("offers").columns(["status", "expires_at"]).execute();
  await db.schema.createIndex("offers_order").on("offers").column("order_id").execute();
}
