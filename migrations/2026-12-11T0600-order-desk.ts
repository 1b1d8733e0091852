// The order desk and audited money decisions (issue 33): what billing recorded when it confirmed a payment (the
// amount received and the bank's value date), the amount a referee decided to refund (a partial refund), a hold
// staff put on an order (with who, when and why), and the staff's internal notes on an order (never shown to the
// parties). Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any>
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema.alterTable("orders").addColumn("payment_received_cents", "integer").execute();
  await db.schema.alterTable("orders").addColumn("payment_value_date", "text").execute();
  await db.schema.alterTable("orders").addColumn("payment_confirmed_by", "text").execute();
  await db.schema.alterTable("orders").addColumn("refunded_cents", "integer").execute();
  await db.schema.alterTable("orders").addColumn("held_at", "text").execute();
  await db.schema.alterTable("orders").addColumn("held_by", "text").execute();
  await db.schema.alterTable("orders").addColumn("hold_reason", "text").execute();
  await db.schema
    .createTable("order_staff_notes")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("author_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("body", "text", (c) => c.notNull().check(sql`length(body) between 1 and 2000`))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .execute();
  await db.schema.createIndex("order_staff_notes_order").on("order_staff_notes").columns(["order_id", "created_at"]).execute();
  await db.schema.createIndex("orders_status_created").on("orders").columns(["status", "created_at"]).execute();
}
