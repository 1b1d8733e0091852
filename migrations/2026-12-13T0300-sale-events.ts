// Sale events: a house's timed sale of auction lots with staggered closes (docs/product/sale-events.md,
// docs/decisions/0088-sale-events.md).
// - sale_events: the event, its schedule (first close, close interval, soft-close window, extension cap), its terms
//   for bidders (approval, deposit, buyer's premium, deposit refund days) and its currency. The stored status is
//   draft, scheduled or cancelled; live, closing and closed follow from the lots' times.
// - sale_event_lots: the seller's auction lots in catalogue order; an auction belongs to at most one event.
// - sale_event_bidders: a member's registration to bid, the house's decision, the deposit and the bidding limit.
// - auctions.soft_close_seconds: a lot's own soft-close window (null: the platform's default).
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any>
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("sale_events")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("seller_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("location", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("inspection", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("pickup", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("terms", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("cover_image_key", "text")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("draft")
        .check(sql`status in ('draft', 'scheduled', 'cancelled')`),
    )
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("USD"))
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("first_close_at", "text", (c) => c.notNull())
    .addColumn("close_interval_seconds", "integer", (c) =>
      c
        .notNull()
        .defaultTo(60)
        .check(sql`close_interval_seconds between 30 and 600`),
    )
    .addColumn("soft_close_seconds", "integer", (c) =>
      c
        .notNull()
        .defaultTo(120)
        .check(sql`soft_close_seconds > 0`),
    )
    .addColumn("extension_cap_minutes", "integer", (c) =>
      c
        .notNull()
        .defaultTo(60)
        .check(sql`extension_cap_minutes >= 0`),
    )
    .addColumn("approval_required", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("deposit_kind", "text", (c) =>
      c
        .notNull()
        .defaultTo("none")
        .check(sql`deposit_kind in ('none', 'fixed', 'percent')`),
    )
    .addColumn("deposit_fixed_cents", "integer")
    .addColumn("deposit_percent_bps", "integer")
    .addColumn("deposit_refund_days", "integer")
    .addColumn("premium_percent_bps", "integer")
    .addColumn("premium_min_cents", "integer")
    .addColumn("premium_max_cents", "integer")
    .addColumn("lot_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("published_at", "text")
    .addColumn("cancelled_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .execute();
  await db.schema.createIndex("sale_events_seller").on("sale_events").columns(["seller_id", "id"]).execute();
  await db.schema.createIndex("sale_events_status_start").on("sale_events").columns(["status", "starts_at", "id"]).execute();

  await db.schema
    .createTable("sale_event_lots")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("event_id", "integer", (c) => c.notNull().references("sale_events.id").onDelete("cascade"))
    .addColumn("auction_id", "integer", (c) => c.notNull().unique().references("auctions.id").onDelete("cascade"))
    .addColumn("lot_number", "integer", (c) => c.notNull().check(sql`lot_number >= 1`))
    .addColumn("position", "integer", (c) => c.notNull().check(sql`position >= 1`))
    .execute();
  await db.schema.createIndex("sale_event_lots_position").unique().on("sale_event_lots").columns(["event_id", "position"]).execute();
  await db.schema.createIndex("sale_event_lots_number").unique().on("sale_event_lots").columns(["event_id", "lot_number"]).execute();

  await db.schema
    .createTable("sale_event_bidders")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("event_id", "integer", (c) => c.notNull().references("sale_events.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'approved', 'declined', 'in_review')`),
    )
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("company", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("intended_purchases", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("requested_limit_cents", "integer")
    .addColumn("bidding_limit_cents", "integer")
    .addColumn("deposit_cents", "integer")
    .addColumn("deposit_reference", "text")
    .addColumn("deposit_confirmed_at", "text")
    .addColumn("deposit_confirmed_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("decided_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("decided_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .execute();
  await db.schema.createIndex("sale_event_bidders_one").unique().on("sale_event_bidders").columns(["event_id", "user_id"]).execute();
  await db.schema.createIndex("sale_event_bidders_user").on("sale_event_bidders").columns(["user_id", "event_id"]).execute();

  await db.schema.alterTable("auctions").addColumn("soft_close_seconds", "integer").execute();
}
